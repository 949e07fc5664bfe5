import { runHarness } from '@dating/shared/harness';

// Every view of the route table that mf_landers owns, with example params (shared/src/harness.tsx).
runHarness({ packageName: 'mf-landers', container: 'mf_landers' });
