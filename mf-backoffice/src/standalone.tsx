import { runHarness } from '@dating/shared/harness';

// Every view of the route table that mf_backoffice owns (shared/src/harness.tsx).
runHarness({ packageName: 'mf-backoffice', container: 'mf_backoffice' });
