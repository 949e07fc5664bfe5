import { defineMessages } from 'react-intl';
import { asText } from '../common/defineText';

export const ml = asText(
  defineMessages({
    photos: { id: 'memberLanding.photos', defaultMessage: 'Photos of {name}' },
    about: { id: 'memberLanding.about', defaultMessage: 'About {name}' },
    meet: { id: 'memberLanding.meet', defaultMessage: 'Sign up for free to write to {name}' },
    invite: { id: 'memberLanding2.invite', defaultMessage: 'Hi! I’m {name}. Fancy a chat?' },
    inviteFrom: { id: 'memberLanding2.from', defaultMessage: '{name} from {city} would like to get to know you.' },
    reply: { id: 'memberLanding2.reply', defaultMessage: 'Create your free profile to reply.' },
    more: { id: 'memberLanding3.more', defaultMessage: '{count, plural, one {# more photo} other {# more photos}} after signing up' },
    reveal: { id: 'memberLanding3.reveal', defaultMessage: 'See all photos of {name}' },
  }),
);
