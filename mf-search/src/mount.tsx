import { createRemoteMount, type RemoteDefinition } from '@dating/shared';
import { HomeView } from './home/HomeView';
import { MembersView } from './members/MembersView';
import { MemberView } from './member-detail/MemberView';
import { loadMessages } from './messages';

/** Every view the shell's route table names for mf_search. */
export const definition: RemoteDefinition<'mf_search'> = {
  name: 'mf_search',
  views: { home: HomeView, members: MembersView, member: MemberView },
  loadMessages,
  build: process.env.BUILD_LABEL,
};

export const lifecycles = createRemoteMount(definition);

export const { bootstrap, mount, update, unmount } = lifecycles;
