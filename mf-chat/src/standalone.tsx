import { runHarness } from '@dating/shared/harness';

// Every view of the route table that mf_chat owns, with example params (shared/src/harness.tsx).
runHarness({ packageName: 'mf-chat', container: 'mf_chat' });
