import { defineMessages } from 'react-intl';
import { asText } from './defineText';

export const common = asText(
  defineMessages({
    signupRegion: { id: 'signup.region', defaultMessage: 'Sign up for free' },
    haveAccount: { id: 'cta.haveAccount', defaultMessage: 'Already a member?' },
    login: { id: 'cta.login', defaultMessage: 'Log in' },
    inviteOnly: {
      id: 'signup.inviteOnly',
      defaultMessage: '{site} is open to members by invitation only. If you received an invitation, open the link in it; members log in here.',
    },
    online: { id: 'member.online', defaultMessage: 'Online now' },
    photoOf: { id: 'member.photoOf', defaultMessage: 'Photo of {name}' },
  }),
);
