import { defineMessages } from 'react-intl';
import { asText } from '../desk/text';

export const s = asText(
  defineMessages({
  title: { id: 'sessions.title', defaultMessage: 'Your sessions' },
  intro: { id: 'sessions.intro', defaultMessage: 'Where your operator account is signed in. End a session you do not recognise.' },
  device: { id: 'sessions.device', defaultMessage: 'Device' },
  started: { id: 'sessions.started', defaultMessage: 'Signed in' },
  lastSeen: { id: 'sessions.lastSeen', defaultMessage: 'Last active' },
  browserOn: { id: 'sessions.browserOn', defaultMessage: '{browser} on {os}' },
  current: { id: 'sessions.current', defaultMessage: 'This session' },
  end: { id: 'sessions.end', defaultMessage: 'End session' },
  everywhere: { id: 'sessions.everywhere', defaultMessage: 'Sign out everywhere' },
  everywhereConfirm: { id: 'sessions.everywhereConfirm', defaultMessage: 'Sign out on every device, this one included?' },
  ended: { id: 'sessions.ended', defaultMessage: 'The session was ended.' },
}),
);
