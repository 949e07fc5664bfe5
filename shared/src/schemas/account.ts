// Signup, account and profile calls (spec §3, §5, §7) and the ones the spec leaves out:
// activation, password reset, mail change, account deletion. Field names follow the spec.
import { z } from 'zod';
// Before any schema of this file can parse: zod's browser setting (no eval under the site's CSP).
import './zod-config';
import { LocaleSchema, RegionSchema } from './site';
import { DateOfBirthSchema, GenderSchema, ImageSchema, MainImageSchema, UserSchema } from './user';
import { RULE_MESSAGES, tooLong } from './messages';
import { RowIdSchema } from './ids';
import { CITY_MAX, EMPTY_DATE_OF_BIRTH, NAME_MAX, NOTES_MAX, TRACKING_KEYS, TRACKING_VALUE_MAX, isAllowedDateOfBirth, type TrackingKey } from '../rules';

// Field rules of spec §5, once for the client's forms and the API. Their messages are catalog keys
// (./messages.ts): the forms show them in the member's language, the API answers with them.

/** A well-formed address (trimmed), required. */
export const EmailSchema = z
  .string()
  .trim()
  .min(1, RULE_MESSAGES.required)
  .max(254, tooLong(254))
  .email(RULE_MESSAGES.emailInvalid);
/** Spec §5: required, 1 to NAME_MAX characters, not starting with @ (trimmed). */
export const NameSchema = z
  .string()
  .trim()
  .min(1, RULE_MESSAGES.required)
  .max(NAME_MAX, tooLong(NAME_MAX))
  .refine((n) => !n.startsWith('@'), RULE_MESSAGES.nameStartsWithAt);
/** Spec §5: a password is not empty (spaces count). */
export const PasswordSchema = z.string().min(1, RULE_MESSAGES.required).max(1024, tooLong(1024));
/** Spec §5: the name is not the email address, in any case; an issue on `name`. */
export function nameIsNotEmail(value: { name: string; email: string }, ctx: z.RefinementCtx): void {
  const email = value.email.trim().toLowerCase();
  if (email && value.name.trim().toLowerCase() === email) {
    ctx.addIssue({ code: 'custom', path: ['name'], message: RULE_MESSAGES.nameEqualToEmail });
  }
}
// Two rules of the signup form that need no schema live in ../formRules (the signup view ships
// without zod); named here too, where the form's other rules are.
export { nameFromEmail, worthCheckingEmail } from '../formRules';

/**
 * Spec §5: a date of birth a member gives: all three parts chosen, a real calendar date, MIN_AGE to
 * MAX_AGE years old on today's UTC date (rules.ts, as the API counts). Message profile.date_of_birth_error.
 */
export const BirthDateSchema = z.string().refine((v) => isAllowedDateOfBirth(v), RULE_MESSAGES.dateOfBirth);

const email = EmailSchema;
const countryCode = z.string().min(1, RULE_MESSAGES.countryRequired).regex(/^[A-Z]{2}$/, 'Value is not a valid country');
/** Spec §5: a city of at most CITY_MAX characters (trimmed). */
export const CitySchema = z.string().trim().max(CITY_MAX, tooLong(CITY_MAX));

/** Tracking parameters captured on entry and sent with signup (spec §3). */
export const TrackingInfoSchema = z.object(
  Object.fromEntries(TRACKING_KEYS.map((key) => [key, z.string().max(TRACKING_VALUE_MAX).optional()])) as Record<
    TrackingKey,
    z.ZodOptional<z.ZodString>
  >,
);
export type TrackingInfo = z.infer<typeof TrackingInfoSchema>;

/**
 * Account creation: the visitor confirms they are MIN_AGE (18) or older: `true`, else message
 * signup.adult_required. An unticked box (false) is a refinement, not a type error, so the form's
 * other rules (nameIsNotEmail) still speak while it is unticked.
 */
export const AdultConfirmationSchema = z.boolean({ error: RULE_MESSAGES.adultRequired }).refine((v) => v, { error: RULE_MESSAGES.adultRequired });

/** Signup step 0 as the member fills it in (spec §5): the fields of SignupRequestSchema a form holds. */
export const SignupFormSchema = z.object({ email, name: NameSchema, password: PasswordSchema, adult: AdultConfirmationSchema }).superRefine(nameIsNotEmail);
export type SignupForm = z.input<typeof SignupFormSchema>;
export type SignupFormValues = z.output<typeof SignupFormSchema>;

/** POST /api/user.php?new=1 (spec §7). */
export const SignupRequestSchema = z.object({
  email,
  name: NameSchema,
  password: PasswordSchema,
  /** The visitor confirms they are MIN_AGE or older (recorded with the account); no account without it. */
  adult: AdultConfirmationSchema,
  trafficsource: TrackingInfoSchema.default({}),
  timezone: z.string().max(64).default('UTC'),
  country: countryCode.nullable().default(null),
  language: LocaleSchema,
  /** The member whose page the signup started from, if any (`/members/{id}/signup`). */
  profile: z.number().int().positive().nullable().default(null),
  form_path: z.string().max(500).default(''),
  referrer: z.string().max(2000).default(''),
  /** Browser hash (spec calls it csrf); not the CSRF token, which travels in the header. */
  csrf: z.string().max(200).default(''),
  /** Token from validate_email.php. */
  token: z.string().max(200).default(''),
  /** User agent. */
  n: z.string().max(1000).default(''),
}).superRefine(nameIsNotEmail);
export type SignupRequest = z.input<typeof SignupRequestSchema>;
export const SignupResponseSchema = z.object({ user: UserSchema });

/** GET /api/validate_email.php?email= */
export const EmailStatusSchema = z.enum(['new', 'active', 'not_confirmed', 'deleted', 'invalid']);
export type EmailStatus = z.infer<typeof EmailStatusSchema>;
export const ValidateEmailQuerySchema = z.object({ email: z.string().max(254) });
export const ValidateEmailResponseSchema = z.object({
  token: z.string(),
  status: EmailStatusSchema,
  email: z.string(),
  request_email: z.string(),
});

/** PUT /api/user.php: the location, or the whole profile with the signup step reached. */
export const LocationUpdateSchema = z.object({
  country: countryCode,
  countryregion: z.string().max(100).nullable().default(null),
  city: CitySchema.nullable().default(null),
});
export const ProfileUpdateSchema = z.object({
  name: NameSchema.optional(),
  gender: GenderSchema.nullable().optional(),
  /** A date of birth as BirthDateSchema allows, or 0000-00-00 to clear it. */
  date_of_birth: DateOfBirthSchema.refine((v) => v === EMPTY_DATE_OF_BIRTH || isAllowedDateOfBirth(v), RULE_MESSAGES.dateOfBirth).optional(),
  personal: z.string().max(NOTES_MAX, tooLong(NOTES_MAX)).optional(),
  language: LocaleSchema.optional(),
  /** Values of the site's `visible_profile_fields`, checked against profile_fields.php. */
  fields: z.record(z.string(), z.string().max(100)).optional(),
  lastSignupStep: z.number().int().min(0).max(7).optional(),
});
/**
 * Personal information as a form edits it (signup step 4, profile): gender is required there,
 * the date of birth must be complete. `name` only where the form edits it (the profile).
 */
export const PersonalFormSchema = z.object({
  name: NameSchema.optional(),
  gender: z.string().pipe(z.enum(GenderSchema.options, RULE_MESSAGES.required)),
  date_of_birth: BirthDateSchema,
  fields: ProfileUpdateSchema.shape.fields.unwrap(),
});
export type PersonalForm = z.input<typeof PersonalFormSchema>;
/** The profile notes as a form edits them (signup step 5, profile). */
export const NotesFormSchema = ProfileUpdateSchema.pick({ personal: true }).required();
export const UserUpdateSchema = z.union([LocationUpdateSchema, z.object({ profile: ProfileUpdateSchema })]);
export type UserUpdate = z.input<typeof UserUpdateSchema>;
export const UserUpdateResponseSchema = z.object({ user: UserSchema });

/** POST /api/user.php?push=1: a Web Push subscription. */
export const PushSubscriptionSchema = z.object({
  endpoint: z.url().max(2000),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
});
export type PushSubscriptionJson = z.infer<typeof PushSubscriptionSchema>;
export const PushSubscribeResponseSchema = z.object({ subscribed: z.literal(true) });

/** GET /api/activate.php, polled every 900 ms after signup: is the activation mail out? */
export const ActivateStatusSchema = z.object({ delivered: z.boolean() });
/** The activation link in the mail: GET /api/activate.php?token= redirects to /activate/done or /activate/error. */
export const ActivateLinkQuerySchema = z.object({ token: z.string().min(10).max(200) });

/** POST /api/password_reset.php: always answers sent (no account enumeration). */
export const PasswordResetRequestSchema = z.object({ email });
export const PasswordResetRequestResponseSchema = z.object({ sent: z.literal(true) });
/** POST /api/password_reset.php?do=1 with the token from the mail. */
export const PasswordResetDoSchema = z.object({ token: z.string().min(10).max(200), password: PasswordSchema });
export const PasswordResetDoResponseSchema = z.object({ done: z.literal(true) });
/** A new password as a form asks for it: twice, the same (the call takes it once). */
export const NewPasswordFormSchema = z
  .object({ password: PasswordSchema, repeat: z.string() })
  .refine((v) => v.repeat === v.password, { path: ['repeat'], message: RULE_MESSAGES.passwordsDiffer });

/** PUT /api/mail_change.php asks for a new address (confirmation mail goes to it). */
export const MailChangeRequestSchema = z.object({ email, password: PasswordSchema });
export const MailChangeRequestResponseSchema = z.object({ sent: z.literal(true) });
/** POST /api/mail_change.php with the token from the mail confirms it. */
export const MailChangeDoSchema = z.object({ token: z.string().min(10).max(200) });
export const MailChangeDoResponseSchema = z.object({ email: z.string() });

/**
 * POST /api/mail_change.php?undo=1 with the token of the notice mailed to the old address: the old
 * address is the account's again and every session ends (then the member chooses a new password).
 */
export const MailChangeUndoSchema = z.object({ token: z.string().min(10).max(200) });
export const MailChangeUndoResponseSchema = z.object({ email: z.string() });

/**
 * PUT /api/password.php: a new password while logged in, the current one confirms. Every other
 * session ends and a notice is mailed.
 */
export const PasswordChangeSchema = z.object({ current_password: PasswordSchema, password: PasswordSchema });
export const PasswordChangeResponseSchema = z.object({ done: z.literal(true), ended: z.number().int().min(0) });
/** The password change form on /profile: the current password and the new one twice. */
export const PasswordChangeFormSchema = z
  .object({ current_password: PasswordSchema, password: PasswordSchema, repeat: z.string() })
  .refine((v) => v.repeat === v.password, { path: ['repeat'], message: RULE_MESSAGES.passwordsDiffer });

/** DELETE /api/user.php: delete the account (password confirms). Answers 'done'. */
export const AccountDeleteSchema = z.object({ password: PasswordSchema });

/** GET /api/profile_fields.php: allowed values per configurable profile field. */
export const ProfileFieldsResponseSchema = z.object({ allowed_values: z.record(z.string(), z.array(z.string())) });

/** GET /api/regions.php (per country, as settings.region_data). */
export const RegionsResponseSchema = z.object({ region_data: z.record(z.string(), z.array(RegionSchema)) });

/** GET /api/interests.php */
export const InterestSchema = z.object({ id: z.number().int(), name: z.string() });
export const InterestsResponseSchema = z.object({ interests: z.array(InterestSchema) });

/** GET /api/geocode.php?lat&lon: offline reverse geocoding, to the nearest city. */
export const GeocodeQuerySchema = z.object({
  lat: z.coerce.number().min(-90).max(90),
  lon: z.coerce.number().min(-180).max(180),
});
export const GeocodeResponseSchema = z.object({
  country: z.string().nullable(),
  countryregion: z.string().nullable(),
  city: z.string().nullable(),
});

/** POST /api/profileimage.php (multipart field `file`): png or jpeg, re-encoded, metadata stripped. */
export const ProfileImageResponseSchema = z.object({ image: ImageSchema, main_image: MainImageSchema });

/** A member has at most this many photos (api/src/images/store.ts). */
export const MAX_PHOTOS_PER_MEMBER = 20;

/**
 * PUT /api/photo_order.php: the member's photos in the order they want them shown, each of their
 * photos once (those an operator rejected left out); the first becomes the main photo.
 */
export const PhotoOrderRequestSchema = z.object({
  order: z
    .array(RowIdSchema)
    .min(1)
    .max(MAX_PHOTOS_PER_MEMBER)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'Each photo may appear once' }),
});
export type PhotoOrderRequest = z.infer<typeof PhotoOrderRequestSchema>;

/** PUT /api/main_photo.php: one of the member's photos becomes the main photo (and moves to the front). */
export const MainPhotoRequestSchema = z.object({ id: RowIdSchema });

/** The member's photos in their order now (the main photo first), as the profile lists them. */
export const PhotosResponseSchema = z.object({ main_image: MainImageSchema.nullable(), images: z.array(ImageSchema) });
export type PhotosResponse = z.infer<typeof PhotosResponseSchema>;

/** GET /api/discountcode.php (welcome=true for the welcome code). */
export const DiscountCodeSchema = z.object({
  code: z.string(),
  /** Percentage off the price, or null when the code gives extra credits instead. */
  percentage: z.number().min(0).max(100).nullable(),
  /** Extra credits on top of the package, or null. */
  extra_credits: z.number().int().positive().nullable(),
  expires_at: z.string().nullable(),
  welcome: z.boolean(),
});
export type DiscountCode = z.infer<typeof DiscountCodeSchema>;
export const DiscountCodeResponseSchema = z.object({ discount: DiscountCodeSchema.nullable() });

/**
 * PUT /api/dev/signup_date.php (development only, 404 in production): the logged-in member's own
 * signup date set `days_ago` days back, to try what depends on a member's age on the site (webcam
 * tiles after 4 days, the time bonus) with a member of one's own instead of a shared demo login.
 */
export const DevSignupDateRequestSchema = z.object({ days_ago: z.number().int().min(0).max(3650) });
export type DevSignupDateRequest = z.input<typeof DevSignupDateRequestSchema>;
