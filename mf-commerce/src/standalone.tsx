import { runHarness } from '@dating/shared/harness';

// Every view of the route table that mf_commerce owns, with example params (shared/src/harness.tsx).
runHarness({ packageName: 'mf-commerce', container: 'mf_commerce' });
