import { defineMessages } from 'react-intl';

/**
 * Messages of this remote's own checks and of API failures (spec §5, §8). The field rules of the
 * contract's schemas are worded by the UI kit (`useRuleText` in @dating/shared/ui).
 */
export const problems = defineMessages({
  invalidEmail: { id: 'signup.invalid_email', defaultMessage: 'We cannot send email to this address. Please check it.' },
  photoType: { id: 'validation.photo_type', defaultMessage: 'Choose a PNG or JPEG photo' },
  photoSize: { id: 'validation.photo_size', defaultMessage: 'This photo is too large; choose one of at most {max} MB' },
  // Answers of the API by error code, in the member's language (the API speaks English).
  wrongPassword: { id: 'error.wrong_password', defaultMessage: 'The password is not correct.' },
  invalidToken: { id: 'error.invalid_token', defaultMessage: 'This link has expired or was used already. Ask for a new one.' },
  emailUnavailable: { id: 'error.email_unavailable', defaultMessage: 'This email address cannot be used.' },
  signupFailed: {
    id: 'error.signup_failed',
    defaultMessage: 'This email address cannot be used to sign up. Log in, or reset your password if you forgot it.',
  },
  signupsClosed: { id: 'error.signups_closed', defaultMessage: 'Signing up for this site is by invitation only.' },
  rateLimited: { id: 'error.rate_limited', defaultMessage: 'Too many attempts. Please wait a few minutes and try again.' },
  invalidCredentials: { id: 'error.invalid_credentials', defaultMessage: 'Email address or password is incorrect.' },
  loginRequired: { id: 'error.login_required', defaultMessage: 'Your session has ended. Please log in again.' },
  accountSuspended: {
    id: 'error.account_suspended',
    defaultMessage: 'Your account is suspended, so you cannot log in for now. We sent you an email saying until when.',
  },
  accountBanned: {
    id: 'error.account_banned',
    defaultMessage: 'Your account has been closed, so you can no longer log in. We sent you an email about it.',
  },
  photoRejected: { id: 'error.invalid_image', defaultMessage: 'This file could not be used as a photo. Choose another PNG or JPEG photo.' },
  tooManyImages: { id: 'error.too_many_images', defaultMessage: 'You have the most photos a member can have. Delete one first.' },
  paymentsUnavailable: {
    id: 'error.payments_unavailable',
    defaultMessage: 'Your Premium subscription could not be stopped because the payment service did not answer. Your account has not been deleted; please try again in a moment.',
  },
  network: { id: 'error.network', defaultMessage: 'We could not reach the server. Check your connection and try again.' },
  unknown: { id: 'error.unknown', defaultMessage: 'Something went wrong on our side. Please try again in a moment.' },
});
