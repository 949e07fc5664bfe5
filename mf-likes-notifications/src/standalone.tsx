import { runHarness } from '@dating/shared/harness';

// Every view of the route table that mf_likes_notifications owns, with example params (shared/src/harness.tsx).
runHarness({ packageName: 'mf-likes-notifications', container: 'mf_likes_notifications' });
