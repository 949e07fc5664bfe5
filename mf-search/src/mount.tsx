import { createRemoteMount } from '@dating/shared';
import { HomeView } from './home/HomeView';
import { MembersView } from './members/MembersView';
import { MemberView } from './member-detail/MemberView';
import { loadMessages } from './messages';

export const lifecycles = createRemoteMount({
  name: 'mf_search',
  views: { home: HomeView, members: MembersView, member: MemberView },
  loadMessages,
  build: process.env.BUILD_LABEL,
});

export const { bootstrap, mount, update, unmount } = lifecycles;
