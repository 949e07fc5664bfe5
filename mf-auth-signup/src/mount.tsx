import { createRemoteMount, type RemoteDefinition } from '@dating/shared';
import { LoginView } from './login/LoginView';
import { SignupView } from './signup/SignupView';
import { CompleteSignupView } from './complete-signup/CompleteSignupView';
import { ResetPasswordView } from './reset-password/ResetPasswordView';
import { ResetPasswordDoView } from './reset-password/ResetPasswordDoView';
import { ActivateDoneView } from './activate/ActivateDoneView';
import { ActivateErrorView } from './activate/ActivateErrorView';
import { MailChangeDoView } from './mail-change/MailChangeDoView';
import { AccountDeletedView } from './account-deleted/AccountDeletedView';
import { ProfileView } from './profile/ProfileView';
import { loadMessages } from './messages';

/** Every view the shell's route table names for mf_auth_signup. */
export const definition: RemoteDefinition<'mf_auth_signup'> = {
  name: 'mf_auth_signup',
  views: {
    login: LoginView,
    signup: SignupView,
    'complete-signup': CompleteSignupView,
    'reset-password': ResetPasswordView,
    'reset-password-do': ResetPasswordDoView,
    'activate-done': ActivateDoneView,
    'activate-error': ActivateErrorView,
    'mail-change-do': MailChangeDoView,
    'account-deleted': AccountDeletedView,
    profile: ProfileView,
  },
  loadMessages,
  build: process.env.BUILD_LABEL,
};

export const lifecycles = createRemoteMount(definition);

export const { bootstrap, mount, update, unmount } = lifecycles;
