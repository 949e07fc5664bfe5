import { runHarness } from '@dating/shared/harness';

// Every view of the route table that mf_search owns, with example params (shared/src/harness.tsx).
runHarness({ packageName: 'mf-search', container: 'mf_search' });
