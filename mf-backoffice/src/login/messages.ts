import { defineMessages } from 'react-intl';
import { asText } from '../desk/text';

export const l = asText(
  defineMessages({
  title: { id: 'login.title', defaultMessage: 'Operator login' },
  intro: { id: 'login.intro', defaultMessage: 'For the staff of the site. Members log in on the site itself.' },
  email: { id: 'login.email', defaultMessage: 'Email' },
  password: { id: 'login.password', defaultMessage: 'Password' },
  submit: { id: 'login.submit', defaultMessage: 'Sign in' },
  busy: { id: 'login.busy', defaultMessage: 'Signing in…' },
  code: { id: 'login.code', defaultMessage: 'Code from your authenticator app' },
  codeHint: { id: 'login.codeHint', defaultMessage: 'Six digits, or one of your recovery codes.' },
  verify: { id: 'login.verify', defaultMessage: 'Verify' },
  back: { id: 'login.back', defaultMessage: 'Start again' },
  required: { id: 'login.required', defaultMessage: 'Fill this in.' },
  codeFormat: { id: 'login.codeFormat', defaultMessage: 'Enter the six digits of the app, or a recovery code such as abcde-12345.' },
  wrong: { id: 'login.wrong', defaultMessage: 'This email and password do not match an operator account.' },
  wrongCode: { id: 'login.wrongCode', defaultMessage: 'This code is not right. Check the time on your phone and try the next code.' },
  expired: { id: 'login.expired', defaultMessage: 'This sign-in took too long. Start again.' },
}),
);
