import { runHarness } from '@dating/shared/harness';

runHarness({
  packageName: 'mf-likes-notifications',
  container: 'mf_likes_notifications',
  views: [
    { view: 'likes', routeName: 'likes' },
    { view: 'likes', routeName: 'likes-type', params: { type: 'received' } },
    { view: 'notifications', routeName: 'notifications' },
  ],
});
