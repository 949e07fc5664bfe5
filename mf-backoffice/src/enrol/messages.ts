import { defineMessages } from 'react-intl';
import { asText } from '../desk/text';

export const e = asText(
  defineMessages({
  title: { id: 'enrol.title', defaultMessage: 'Set up your operator account' },
  invited: { id: 'enrol.invited', defaultMessage: '{name} ({email}), invited as {role}.' },
  noToken: { id: 'enrol.noToken', defaultMessage: 'This page needs the enrolment link you were given. Ask an admin for a new one.' },
  invalid: { id: 'enrol.invalid', defaultMessage: 'This enrolment link is not valid any more (used or expired). Ask an admin for a new one.' },
  password: { id: 'enrol.password', defaultMessage: 'Choose a password' },
  passwordHint: { id: 'enrol.passwordHint', defaultMessage: 'At least 10 characters.' },
  passwordShort: { id: 'enrol.passwordShort', defaultMessage: 'Use at least 10 characters.' },
  totpTitle: { id: 'enrol.totpTitle', defaultMessage: 'Second factor' },
  totpIntro: { id: 'enrol.totpIntro', defaultMessage: 'Scan this code with an authenticator app, or type the key into it by hand.' },
  totpOptional: { id: 'enrol.totpOptional', defaultMessage: 'Optional here (a development installation); in production it is required.' },
  qr: { id: 'enrol.qr', defaultMessage: 'QR code for your authenticator app' },
  secret: { id: 'enrol.secret', defaultMessage: 'Key to type in by hand' },
  code: { id: 'enrol.code', defaultMessage: 'Six-digit code from the app' },
  codeFormat: { id: 'enrol.codeFormat', defaultMessage: 'Enter the six digits the app shows now.' },
  codeWrong: { id: 'enrol.codeWrong', defaultMessage: 'This code does not match. Check the time on your phone and try the next code.' },
  submit: { id: 'enrol.submit', defaultMessage: 'Finish setup' },
  busy: { id: 'enrol.busy', defaultMessage: 'Setting up…' },
  codesTitle: { id: 'enrol.codesTitle', defaultMessage: 'Your recovery codes' },
  codesIntro: {
    id: 'enrol.codesIntro',
    defaultMessage: 'Each code signs you in once when your phone is not at hand. Keep them somewhere safe: they are shown only now.',
  },
  doneNoCodes: { id: 'enrol.doneNoCodes', defaultMessage: 'Your account is ready.' },
  continue: { id: 'enrol.continue', defaultMessage: 'Continue to the back office' },
}),
);
