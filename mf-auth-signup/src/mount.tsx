import { createRemoteMount, type RemoteDefinition } from '@dating/shared';
import { lazyView } from '@dating/shared/ui';
import { loadMessages } from './messages';

/**
 * Every view the shell's route table names for mf_auth_signup. Each loads with its own route (the
 * front server preloads it there): /login does not download the signup steps and their forms.
 */
export const definition: RemoteDefinition<'mf_auth_signup'> = {
  name: 'mf_auth_signup',
  views: {
    login: lazyView(() => import(/* webpackChunkName: "view-login" */ './login/LoginView').then((m) => m.LoginView)),
    signup: lazyView(() => import(/* webpackChunkName: "view-signup" */ './signup/SignupView').then((m) => m.SignupView)),
    'complete-signup': lazyView(() => import(/* webpackChunkName: "view-complete-signup" */ './complete-signup/CompleteSignupView').then((m) => m.CompleteSignupView)),
    'reset-password': lazyView(() => import(/* webpackChunkName: "view-reset-password" */ './reset-password/ResetPasswordView').then((m) => m.ResetPasswordView)),
    'reset-password-do': lazyView(() => import(/* webpackChunkName: "view-reset-password-do" */ './reset-password/ResetPasswordDoView').then((m) => m.ResetPasswordDoView)),
    'activate-done': lazyView(() => import(/* webpackChunkName: "view-activate-done" */ './activate/ActivateDoneView').then((m) => m.ActivateDoneView)),
    'activate-error': lazyView(() => import(/* webpackChunkName: "view-activate-error" */ './activate/ActivateErrorView').then((m) => m.ActivateErrorView)),
    'mail-change-do': lazyView(() => import(/* webpackChunkName: "view-mail-change-do" */ './mail-change/MailChangeDoView').then((m) => m.MailChangeDoView)),
    'mail-change-undo': lazyView(() => import(/* webpackChunkName: "view-mail-change-undo" */ './mail-change/MailChangeUndoView').then((m) => m.MailChangeUndoView)),
    'account-deleted': lazyView(() => import(/* webpackChunkName: "view-account-deleted" */ './account-deleted/AccountDeletedView').then((m) => m.AccountDeletedView)),
    profile: lazyView(() => import(/* webpackChunkName: "view-profile" */ './profile/ProfileView').then((m) => m.ProfileView)),
  },
  loadMessages,
  build: process.env.BUILD_LABEL,
};

export const lifecycles = createRemoteMount(definition);

export const { bootstrap, mount, update, unmount } = lifecycles;
