// Every business constant of the product spec (../shared/spec/product-spec.md), once, typed, for
// the client and the server alike. Comments quote the spec's own words and section. A package
// that needs one of these imports it from '@dating/shared'; it never restates the value.

// --- Ages and field limits (spec §5 "Validation rules", §9 "Business constants and limits") ---

/** §5/§9 "Minimum age 18": a member is at least this old. */
export const MIN_AGE = 18;
/** §5/§9 "maximum 100" ("maximum age (default 100)"): the oldest year the selectors offer. */
export const MAX_AGE = 100;
/** §5 "An optional random date between the minimum age and 50 years (or maximum age)". */
export const RANDOM_DATE_OF_BIRTH_MAX_AGE = 50;
/** §3 "Date of birth value: string year-month-day, 0000-00-00 as empty placeholder". */
export const EMPTY_DATE_OF_BIRTH = '0000-00-00';
/** §5/§9 "Name … at least 1 and at most 150 characters", "Name max 150". */
export const NAME_MAX = 150;
/** §5/§9 "City max 255 characters". */
export const CITY_MAX = 255;
/** Free-text profile notes (signup step 5); not in the spec, kept by the API. */
export const NOTES_MAX = 5000;
/** A chat message; not in the spec, kept by the API. */
export const MESSAGE_MAX = 4000;
/** The composer sends at most one typing event per this many ms while the member types. */
export const TYPING_THROTTLE_MS = 2_500;
/** A typing indicator disappears this long after the last typing event. */
export const TYPING_EXPIRE_MS = 6_000;
/** What a member can report another member (or a message) for. */
export const REPORT_CATEGORIES = ['spam', 'scam', 'harassment', 'inappropriate', 'underage', 'other'] as const;
/** Characters of the optional text of a report. */
export const REPORT_TEXT_MAX = 2000;
/** §5 "Photo upload accepts png, jpeg, jpg". */
export const PHOTO_MIME_TYPES = ['image/png', 'image/jpeg'] as const;
export const PHOTO_EXTENSIONS = ['png', 'jpeg', 'jpg'] as const;
/** Largest profile photo the API accepts (not in the spec). */
export const PROFILE_IMAGE_MAX_BYTES = 10 * 1024 * 1024;

// --- E-mail check (spec §5, §3) ---

/** §5/§9 "The check runs after a 500 ms debounce", "Email check debounce 500 ms". */
export const EMAIL_CHECK_DEBOUNCE_MS = 500;
/** §5 "A typo suggestion against common mail providers … distance threshold 2". */
export const EMAIL_TYPO_MAX_DISTANCE = 2;
/** §3 "mailprovider (2 means Gmail)". */
export const MAILPROVIDER_GMAIL = 2;

// --- Polling and session (spec §4 "Auth", §9) ---

/** §9 "User polling every 60 s"; chats and likes at the same interval. */
export const USER_POLL_MS = 60_000;
/** §9 "(300 s when push subscribed)". */
export const USER_POLL_PUSH_MS = 300_000;
/** §4/§9 "Chat polling starts 1 s after login" (chats and likes). */
export const SOCIAL_POLL_DELAY_MS = 1_000;
/** §4/§9 "logout flag 1 s": the logging-out flag is kept this long. */
export const LOGOUT_FLAG_MS = 1_000;

// --- Cookies and storage (spec §1, §9) ---

const DAY_S = 24 * 60 * 60;
/** §1/§9 "The locale is kept in a cookie for 365 days". */
export const LOCALE_COOKIE_MAX_AGE_S = 365 * DAY_S;
/** §9 "Storage cookie 30 days (2592000 s), sameSite lax, mirrored in local storage". */
export const STORAGE_COOKIE_MAX_AGE_S = 30 * DAY_S;

// --- Shell (spec §2, §9) ---

/** §9 "Page reload guard 10 s": a service-worker update reloads the page at most once per 10 s. */
export const RELOAD_GUARD_MS = 10_000;
/** §9 "Route prefetch about 5 concurrent loads". */
export const PREFETCH_CONCURRENCY = 5;
/** Extra tries after a failed request for a remote's code: manifest, entry, chunk or lazy view. */
export const REMOTE_RETRIES = 1;
/** Pause before trying a remote's script again (the manifest retry waits the runtime's 1 s). */
export const REMOTE_RETRY_DELAY_MS = 500;

// --- Signup (spec §2 "Signup screen", §4, §9) ---

/** §4 "Signup step counter 0 to 7"; §9 "Signup 7 steps". */
export const SIGNUP_LAST_STEP = 7;
/** §2/§9 "The progress indicator shows 4 dots for the 7 steps". */
export const SIGNUP_DOT_COUNT = 4;
/**
 * §9 "Activation progress: 20 steps of 900 ms"; each step polls the activation status (§7 "GET
 * /api/activate.php … polled every 900 ms").
 */
export const ACTIVATION_PROGRESS_STEPS = 20;
export const ACTIVATION_PROGRESS_INTERVAL_MS = 900;
/** §9 "text changes at steps 4, 7, 10". */
export const ACTIVATION_TEXT_STEPS = [4, 7, 10] as const;

// --- Search (spec §2 "Search page", §6, §9) ---

/** §9 "Search page size 12". */
export const SEARCH_PAGE_SIZE = 12;
/** Deepest page a search (page, similarpage) may ask for; not in the spec, kept by the API. */
export const SEARCH_MAX_PAGE = 10_000;
/**
 * Deepest page of one search a visitor (not logged in) may read, at SEARCH_PAGE_SIZE a page: a
 * visitor gets a taste, a scraper not the member base. Beyond it the API answers 403
 * `signup_required` and the search view asks the visitor to sign up.
 */
export const VISITOR_SEARCH_MAX_PAGE = 3;
/** §9 "webcam tile every 12 results". */
export const TILE_BLOCK_SIZE = 12;
/** §9 "at positions 1 and 5 in each block" (0-based slots of the block). */
export const TILE_POSITIONS = [1, 5] as const;
/** §9 "Similar search widens age range by 5 years each side". */
export const SIMILAR_AGE_WIDENING = 5;
/** §9 "Age filters: up to 25, 26-35, 36-45, 46-55, 56-65, 65 and over". */
export const AGE_BUCKETS = [
  { id: '18-25', min: MIN_AGE, max: 25 },
  { id: '26-35', min: 26, max: 35 },
  { id: '36-45', min: 36, max: 45 },
  { id: '46-55', min: 46, max: 55 },
  { id: '56-65', min: 56, max: 65 },
  { id: '65-100', min: 65, max: MAX_AGE },
] as const;
export type AgeBucket = (typeof AGE_BUCKETS)[number];
export type AgeBucketId = AgeBucket['id'];
/** §9 "Neighbouring countries offered: AU/NZ, NL/BE, US/CA, GB/IE, DE/AT" (both ways). */
export const NEIGHBOURING_COUNTRIES: Readonly<Record<string, string>> = {
  AU: 'NZ',
  NZ: 'AU',
  NL: 'BE',
  BE: 'NL',
  US: 'CA',
  CA: 'US',
  GB: 'IE',
  IE: 'GB',
  DE: 'AT',
  AT: 'DE',
};
/** The orders of search (GET /api/search.php `sort`); the first is the default. */
export const SEARCH_SORTS = ['personal', 'newest', 'online'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
/** A new member counts as active for this many days after signup in the personal order (migration 0330). */
export const SEARCH_NEW_MEMBER_DAYS = 3;
/** §9 "Language badge for countries CA, BE, CH". */
export const LANGUAGE_BADGE_COUNTRIES = ['CA', 'BE', 'CH'] as const;
/** §1/§6/§9 "Free members who signed up more than 4 days ago (345600000 ms)" may see webcam and partner tiles. */
export const FREE_USER_ADS_AFTER_MS = 345_600_000;
/** §6 "when member_resell includes cams or camads". */
export const WEBCAM_RESELL_KINDS = ['cams', 'camads'] as const;

// --- Geolocation (spec §4, §9) ---

/** §9 "Geolocation cache 1 hour". */
export const GEOLOCATION_CACHE_MS = 60 * 60 * 1000;

// --- Tracking (spec §2, §3) ---

/** §3 "Tracking info: network, ref, sub1, sub2, sub3"; §2 signup may depend on `network`. */
export const TRACKING_KEYS = ['network', 'ref', 'sub1', 'sub2', 'sub3'] as const;
export type TrackingKey = (typeof TRACKING_KEYS)[number];
/** Longest tracking value kept. */
export const TRACKING_VALUE_MAX = 100;

/**
 * The tracking parameters present in a query (a record or URLSearchParams): values trimmed, empty
 * ones dropped, each cut to TRACKING_VALUE_MAX. The shell, signup, landers and search all use it.
 */
export function pickTracking(
  query: Readonly<Record<string, string | null | undefined>> | URLSearchParams,
): Partial<Record<TrackingKey, string>> {
  const out: Partial<Record<TrackingKey, string>> = {};
  for (const key of TRACKING_KEYS) {
    const value = (query instanceof URLSearchParams ? query.get(key) : query[key])?.trim();
    if (value) out[key] = value.slice(0, TRACKING_VALUE_MAX);
  }
  return out;
}

// --- Presentation (spec §9) ---

/** §9 "Textarea default 2 rows". */
export const TEXTAREA_DEFAULT_ROWS = 2;
/** §9 "profile notes 150px". */
export const PROFILE_NOTES_HEIGHT_PX = 150;
/** §9 "Toast default duration 5000 ms, position top-end; progress bar 4px; container max width 350px". */
export const TOAST_DEFAULT_MS = 5000;
export const TOAST_POSITION = 'top-end';
export const TOAST_PROGRESS_BAR_PX = 4;
export const TOAST_MAX_WIDTH_PX = 350;
/** §9 "Popover delays show 100 ms, hide 300 ms; offset 8 (tooltip 6); hide margin 2; throttle 500 ms". */
export const POPOVER_SHOW_DELAY_MS = 100;
export const POPOVER_HIDE_DELAY_MS = 300;
export const POPOVER_OFFSET = 8;
export const TOOLTIP_OFFSET = 6;
export const POPOVER_HIDE_MARGIN = 2;
export const POPOVER_THROTTLE_MS = 500;
/** §9 "Modal base z-index fallback 1055". */
export const MODAL_BASE_Z_INDEX = 1055;

// --- Ages from dates of birth (spec §3, §5) ---
//
// One rule for client and server: a person's age is counted on today's date in UTC (the server's
// clock and PostgreSQL's current_date in a UTC session), so a member's browser in any time zone
// answers exactly what the API will. A birthday counts from 00:00 UTC; someone born on 29 February
// turns a year older on 1 March in years without 29 February.

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** A real calendar date (no 31 April, 29 February only in leap years; years 1–9999). */
export function isRealDate(year: number, month: number, day: number): boolean {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return false;
  if (year < 1 || year > 9999 || month < 1 || month > 12 || day < 1) return false;
  const d = new Date(Date.UTC(2000, month - 1, day));
  d.setUTCFullYear(year);
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/**
 * A date of birth as year-month-day: its parts when it is a real calendar date, null when it is
 * empty (''/0000-00-00), malformed or not a real date.
 */
export function parseDateOfBirth(value: string | null | undefined): CalendarDate | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? '');
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return isRealDate(year, month, day) ? { year, month, day } : null;
}

/** Whole years someone born on `birth` has lived on the UTC date of `now`. */
export function ageOn(birth: CalendarDate, now: Date = new Date()): number {
  const ty = now.getUTCFullYear();
  const tm = now.getUTCMonth() + 1;
  const td = now.getUTCDate();
  return ty - birth.year - (tm < birth.month || (tm === birth.month && td < birth.day) ? 1 : 0);
}

/** The age for a year-month-day date of birth on the UTC date of `now`; null when it is not a real date. */
export function ageFromDateOfBirth(value: string | null | undefined, now: Date = new Date()): number | null {
  const birth = parseDateOfBirth(value);
  return birth ? ageOn(birth, now) : null;
}

/** §5: a real date of someone MIN_AGE to MAX_AGE years old on the UTC date of `now`. */
export function isAllowedDateOfBirth(value: string | null | undefined, now: Date = new Date(), minAge = MIN_AGE, maxAge = MAX_AGE): boolean {
  const age = ageFromDateOfBirth(value, now);
  return age !== null && age >= minAge && age <= maxAge;
}

// --- Who may search and read profiles without an account (spec §6) ---

/**
 * §6: a visitor may search, and read profiles (member pages and member landings), when the site
 * allows logged-out search, or allows it for visitors who come from a traffic source (the
 * landing URL's `network`, sent to the API as `trafficsource`). Client and API decide with this.
 */
export function visitorMaySearch(
  settings: { logged_out_search: boolean; logged_out_search_trafficsource: boolean },
  trafficSource: string | null | undefined,
): boolean {
  return settings.logged_out_search || (settings.logged_out_search_trafficsource && Boolean(trafficSource?.trim()));
}

// --- Who sees webcam and partner tiles (spec §1, §6, §9) ---

/**
 * §6 "Webcam and partner tiles show only to logged-in non-paid users who signed up more than 4
 * days ago (345600000 ms) and when member_resell includes cams or camads."
 */
export function seesWebcamTiles(
  user: { paid_user: boolean; signup_date: string } | null | undefined,
  memberResell: readonly string[],
  now: number = Date.now(),
): boolean {
  if (!user || user.paid_user) return false;
  if (!memberResell.some((kind) => (WEBCAM_RESELL_KINDS as readonly string[]).includes(kind))) return false;
  const signedUp = Date.parse(user.signup_date);
  return Number.isFinite(signedUp) && now - signedUp > FREE_USER_ADS_AFTER_MS;
}

/**
 * The earliest and latest allowed dates of birth (year-month-day) on the UTC date of `now`: a
 * date input offers exactly the dates isAllowedDateOfBirth accepts.
 */
export function dateOfBirthBounds(now: Date = new Date(), minAge = MIN_AGE, maxAge = MAX_AGE): { earliest: string; latest: string } {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth() + 1;
  const d = now.getUTCDate();
  const iso = (year: number, month: number, day: number) =>
    `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  // Latest: today's month and day, minAge years back (28 February when that year has no 29th).
  const latestDay = isRealDate(y - minAge, m, d) ? d : d - 1;
  // Earliest: the day after today's month and day, maxAge + 1 years back.
  const next = new Date(Date.UTC(2000, m - 1, d + 1));
  next.setUTCFullYear(y - maxAge - 1 + (next.getUTCFullYear() - 2000));
  return {
    earliest: iso(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate()),
    latest: iso(y - minAge, m, latestDay),
  };
}

// --- Operators' desks: the automatic measure on much-reported members (docs/operators.md, "The desks") ---

/** Distinct established members whose reports about one member put that member under the measure. */
export const AUTO_MEASURE_REPORTERS = 3;
/** Reports count toward the measure for this many days. */
export const AUTO_MEASURE_WINDOW_DAYS = 30;
/** A reporter counts when their account is activated and at least this many days old. */
export const ESTABLISHED_MEMBER_DAYS = 14;
/** New conversations (first messages) a member may start in 24 hours. */
export const FIRST_MESSAGES_PER_DAY = 50;
/** … and while under the automatic measure. */
export const FIRST_MESSAGES_PER_DAY_RESTRICTED = 5;

/**
 * What one message costs a Premium member, in credits: the site's `premium_message_percent` of the
 * normal price, rounded up (never free by rounding); the normal price when the site sets none.
 * The API charges with it and /premium shows it.
 */
export function premiumMessageCost(cost: number, percent: number | null | undefined): number {
  if (percent == null) return cost;
  return Math.ceil((cost * Math.min(100, Math.max(0, percent))) / 100);
}

/**
 * Whether a member may write to others and be found: signup steps may be skipped (spec §4), but
 * gender and date of birth (so, of age) are needed first. The API refuses a message with 409
 * profile_incomplete; the chat asks for them with a link to the profile.
 */
export function profileComplete(profile: { gender: string | null; date_of_birth: string | null }): boolean {
  return Boolean(profile.gender) && Boolean(profile.date_of_birth) && profile.date_of_birth !== EMPTY_DATE_OF_BIRTH;
}

/** How many faces a visitor's home shows (home_faces.php answers at most this many). */
export const HOME_FACES_LIMIT = 12;
