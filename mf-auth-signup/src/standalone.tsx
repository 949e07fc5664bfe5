import { runHarness } from '@dating/shared/harness';

// Every view of the route table that mf_auth_signup owns, with example params (shared/src/harness.tsx).
runHarness({ packageName: 'mf-auth-signup', container: 'mf_auth_signup' });
