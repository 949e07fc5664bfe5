/** Names, cities and other one-line texts are shown to others and go into mails: no control characters. */
// Matching control characters is the point of these two expressions.
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** Free text (profile notes) may hold line breaks and tabs, nothing else below space. */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARACTERS_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** An IANA time zone name the runtime knows (Europe/Amsterdam, UTC …). */
export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}
