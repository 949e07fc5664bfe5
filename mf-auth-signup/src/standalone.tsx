import { runHarness } from '@dating/shared/harness';

runHarness({
  packageName: 'mf-auth-signup',
  container: 'mf_auth_signup',
  views: [
    { view: 'login', routeName: 'login' },
    { view: 'signup', routeName: 'signup' },
    { view: 'signup', routeName: 'members-memberId-signup', params: { memberId: '1' } },
    { view: 'complete-signup', routeName: 'complete-signup' },
    { view: 'reset-password', routeName: 'reset-password' },
    { view: 'reset-password-do', routeName: 'reset-password-do' },
    { view: 'activate-done', routeName: 'activate-done' },
    { view: 'activate-error', routeName: 'activate-error' },
    { view: 'mail-change-do', routeName: 'mail-change-do' },
    { view: 'account-deleted', routeName: 'account-deleted' },
    { view: 'profile', routeName: 'profile' },
  ],
});
