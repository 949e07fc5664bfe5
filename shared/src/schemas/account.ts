// Signup, account and profile calls (spec §3, §5, §7) and the ones the spec leaves out:
// activation, password reset, mail change, account deletion. Field names follow the spec.
import { z } from 'zod';
import { LocaleSchema, RegionSchema } from './site';
import { DateOfBirthSchema, GenderSchema, ImageSchema, UserSchema } from './user';
import { CITY_MAX, NAME_MAX, NOTES_MAX, TRACKING_KEYS, TRACKING_VALUE_MAX, type TrackingKey } from '../rules';

const email = z.string().trim().max(254).email('Value is not a valid email address');
const countryCode = z.string().regex(/^[A-Z]{2}$/, 'Value is not a valid country');

/** Tracking parameters captured on entry and sent with signup (spec §3). */
export const TrackingInfoSchema = z.object(
  Object.fromEntries(TRACKING_KEYS.map((key) => [key, z.string().max(TRACKING_VALUE_MAX).optional()])) as Record<
    TrackingKey,
    z.ZodOptional<z.ZodString>
  >,
);
export type TrackingInfo = z.infer<typeof TrackingInfoSchema>;

/** POST /api/user.php?new=1 (spec §7). */
export const SignupRequestSchema = z.object({
  email,
  name: z
    .string()
    .trim()
    .min(1, 'Value is required')
    .max(NAME_MAX)
    .refine((n) => !n.startsWith('@'), 'signup.name_starts_with_at'),
  password: z.string().min(1, 'Value is required').max(1024),
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
});
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
  city: z.string().trim().max(CITY_MAX).nullable().default(null),
});
export const ProfileUpdateSchema = z.object({
  name: z.string().trim().min(1).max(NAME_MAX).optional(),
  gender: GenderSchema.nullable().optional(),
  date_of_birth: DateOfBirthSchema.optional(),
  personal: z.string().max(NOTES_MAX).optional(),
  language: LocaleSchema.optional(),
  /** Values of the site's `visible_profile_fields`, checked against profile_fields.php. */
  fields: z.record(z.string(), z.string().max(100)).optional(),
  lastSignupStep: z.number().int().min(0).max(7).optional(),
});
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
export const PasswordResetDoSchema = z.object({ token: z.string().min(10).max(200), password: z.string().min(1).max(1024) });
export const PasswordResetDoResponseSchema = z.object({ done: z.literal(true) });

/** PUT /api/mail_change.php asks for a new address (confirmation mail goes to it). */
export const MailChangeRequestSchema = z.object({ email, password: z.string().min(1).max(1024) });
export const MailChangeRequestResponseSchema = z.object({ sent: z.literal(true) });
/** POST /api/mail_change.php with the token from the mail confirms it. */
export const MailChangeDoSchema = z.object({ token: z.string().min(10).max(200) });
export const MailChangeDoResponseSchema = z.object({ email: z.string() });

/** DELETE /api/user.php: delete the account (password confirms). Answers 'done'. */
export const AccountDeleteSchema = z.object({ password: z.string().min(1).max(1024) });

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
export const ProfileImageResponseSchema = z.object({ image: ImageSchema, main_image: z.object({ thumb_filename: z.string() }) });

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
export const DiscountCodeResponseSchema = z.object({ discount: DiscountCodeSchema.nullable() });
