import { z } from 'zod';
// Before any schema of this file can parse: zod's browser setting (no eval under the site's CSP).
import './zod-config';
import { LocaleSchema, RemoteRegistrySchema, SiteSettingsResponseSchema } from './site';
import { PHOTO_FORMATS } from '../photoFiles';

/** A format a photo is also stored in beside its JPEGs (../photoFiles.ts). */
export const PhotoFormatSchema = z.enum(PHOTO_FORMATS);
export { PHOTO_FORMAT_TYPES, photoVariant, type PhotoFormat } from '../photoFiles';

/**
 * A profile photo. `premium_only`: shared with Premium members only; a viewer who is not Premium
 * gets it with an empty `thumb_filename` (shown blurred, opening it offers Premium).
 */
export const ImageSchema = z.object({
  id: z.number().int(),
  thumb_filename: z.string(),
  premium_only: z.boolean().optional(),
  /** The member's own photo waiting for approval (pre-moderation): nobody else sees it yet. */
  in_review: z.boolean().optional(),
  /**
   * The large version (at most 1280 px on its long side, never enlarged) and its size in pixels:
   * for srcset, and so that no photo is shown larger than it is. Absent for photos stored before
   * sizes were recorded, and on a Premium-only photo a viewer without Premium may not see.
   */
  large: z.object({ filename: z.string(), width: z.number().int().positive(), height: z.number().int().positive() }).optional(),
  /** The formats both files are also stored in (none for photos stored before variants were made). */
  formats: z.array(PhotoFormatSchema).optional(),
});
export type ProfileImage = z.infer<typeof ImageSchema>;

/** A member's main photo: its thumbnail and, where known, its large version and other formats. */
export const MainImageSchema = ImageSchema.pick({ thumb_filename: true, large: true, formats: true });
export type MainImage = z.infer<typeof MainImageSchema>;

/** Date of birth: year-month-day; '0000-00-00' is the empty placeholder (spec §3). */
export const DateOfBirthSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const GenderSchema = z.enum(['male', 'female']);
export type Gender = z.infer<typeof GenderSchema>;

export const ProfileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  age: z.number().int().nullable(),
  gender: GenderSchema.nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  countryregion: z.string().nullable(),
  language: LocaleSchema.nullable(),
  date_of_birth: DateOfBirthSchema,
  main_image: MainImageSchema.nullable(),
  images: z.array(ImageSchema),
  personal: z.string(),
  lastSignupStep: z.number().int().min(0).max(7).optional(),
  /**
   * The member's values of the site's configurable profile fields (profile_fields.php). Another
   * member's profile has only the fields the site shows (settings.visible_profile_fields).
   */
  fields: z.record(z.string(), z.string()).optional(),
});
export type Profile = z.infer<typeof ProfileSchema>;

/**
 * Another member as this member sees them: no date of birth, no email, never coordinates
 * (location stops at the city).
 */
export const PublicProfileSchema = ProfileSchema.omit({ date_of_birth: true, lastSignupStep: true }).extend({
  /** A profile the site runs: always marked (the site's `fictional_icon` chooses how the mark looks). */
  fictional: z.boolean(),
  /** Whether the viewing member likes this profile (false for visitors). */
  liked: z.boolean(),
});
export type PublicProfile = z.infer<typeof PublicProfileSchema>;

export const UserSchema = z.object({
  email: z.string(),
  profile: ProfileSchema,
  /** 2 means Gmail. */
  mailprovider: z.number().int(),
  paid_user: z.boolean(),
  signup_date: z.string(),
  fictional_icon: z.boolean(),
  /** May be negative after a refund or chargeback: sending is then blocked. */
  credits: z.number().int(),
});
export type User = z.infer<typeof UserSchema>;

/** GET /api/user.php: the member, or null when nobody is logged in. */
export const UserResponseSchema = z.object({ user: UserSchema.nullable() });
export type UserResponse = z.infer<typeof UserResponseSchema>;

/**
 * GET /api/start.php: the three answers the shell starts with (settings.php, remotes.php and
 * user.php for this visitor) in one call, which the front server asks once per page it writes.
 */
export const StartStateResponseSchema = z.object({
  settings: SiteSettingsResponseSchema,
  registry: RemoteRegistrySchema,
  user: UserResponseSchema,
});
export type StartStateResponse = z.infer<typeof StartStateResponseSchema>;
