import { createRemoteMount, type RemoteDefinition } from '@dating/shared';
import { LikesView } from './likes/LikesView';
import { NotificationsView } from './notifications/NotificationsView';
import { loadMessages } from './messages';

/** Every view the shell's route table names for mf_likes_notifications. */
export const definition: RemoteDefinition<'mf_likes_notifications'> = {
  name: 'mf_likes_notifications',
  views: { likes: LikesView, notifications: NotificationsView },
  loadMessages,
  build: process.env.BUILD_LABEL,
};

export const lifecycles = createRemoteMount(definition);

export const { bootstrap, mount, update, unmount } = lifecycles;
