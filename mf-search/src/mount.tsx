import { createRemoteMount, type RemoteDefinition } from '@dating/shared';
import { lazyView } from '@dating/shared/ui';
import { loadMessages } from './messages';

/**
 * Every view the shell's route table names for mf_search, each a chunk of its own (`view-<view>`):
 * a route loads its own view's code, not the others' (the start-up budget).
 */
export const definition: RemoteDefinition<'mf_search'> = {
  name: 'mf_search',
  views: {
    home: lazyView(() => import(/* webpackChunkName: "view-home" */ './home/HomeView').then((m) => m.HomeView)),
    members: lazyView(() => import(/* webpackChunkName: "view-members" */ './members/MembersView').then((m) => m.MembersView)),
    member: lazyView(() => import(/* webpackChunkName: "view-member" */ './member-detail/MemberView').then((m) => m.MemberView)),
  },
  loadMessages,
  build: process.env.BUILD_LABEL,
};

export const lifecycles = createRemoteMount(definition);

export const { bootstrap, mount, update, unmount } = lifecycles;
