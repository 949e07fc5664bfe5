import { isLocale, UserSchema, type MainImage, type PhotoFormat, type Profile, type ProfileImage, type User } from '@dating/shared';
import type { Db } from '../db';
import type { Site } from '../site/site';

/**
 * Columns a profile answer is built from; coordinates are deliberately not among them. Photos:
 * others see the visible ones only; the member's own answer (`own`) also those held for
 * pre-moderation, marked in_review; rejected photos nobody (src/moderation).
 */
const profileColumns = (own: boolean) => `m.id, m.name, m.gender,
  coalesce(to_char(m.date_of_birth, 'YYYY-MM-DD'), '0000-00-00') AS date_of_birth,
  extract(year FROM age(current_date, m.date_of_birth))::int AS age,
  m.city, m.country, m.countryregion, m.language, m.personal, m.last_signup_step,
  coalesce((SELECT json_agg(json_build_object('id', i.id, 'thumb_filename', i.thumb_filename, 'is_main', i.is_main, 'premium_only', i.premium_only AND NOT i.is_main,
                                              'in_review', i.visibility = 'held', 'filename', i.filename, 'width', i.width, 'height', i.height,
                                              'formats', i.formats)
                            ORDER BY i.is_main DESC, i.position, i.id)
              FROM images i WHERE i.member_id = m.id AND ${own ? "i.visibility <> 'rejected'" : "i.visibility = 'visible'"}), '[]'::json) AS images`;
export const PROFILE_COLUMNS = profileColumns(false);
export const OWN_PROFILE_COLUMNS = profileColumns(true);

export interface ProfileRow {
  id: number;
  name: string;
  gender: 'male' | 'female' | null;
  date_of_birth: string;
  age: number | null;
  city: string | null;
  country: string | null;
  countryregion: string | null;
  language: string | null;
  personal: string;
  last_signup_step: number;
  images: ImageRow[];
}

/** A photo's row as profiles list it (`images`, the member's order: the main photo first). */
export interface ImageRow {
  id: number;
  thumb_filename: string;
  is_main: boolean;
  premium_only?: boolean;
  /** The large version, and its size when known (0150_image_sizes.sql). */
  filename: string;
  width: number | null;
  height: number | null;
  in_review?: boolean;
  /** Formats stored beside the JPEGs (0320_photo_formats_order.sql); empty for older photos. */
  formats?: PhotoFormat[] | null;
}

/** A photo as the contract has it: the large version with its size when known, its other formats. */
export function toImage({ id, thumb_filename, premium_only, in_review, filename, width, height, formats }: ImageRow): ProfileImage {
  return {
    id,
    thumb_filename,
    ...(premium_only ? { premium_only: true } : {}),
    ...(in_review ? { in_review: true } : {}),
    ...(width && height ? { large: { filename, width, height } } : {}),
    ...(formats?.length ? { formats } : {}),
  };
}

/** The main photo's files, as profiles and cards name them. */
export function mainImageOf({ thumb_filename, large, formats }: ProfileImage): MainImage {
  return { thumb_filename, ...(large ? { large } : {}), ...(formats ? { formats } : {}) };
}

export function toProfile(row: ProfileRow): Profile {
  const main = row.images.find((i) => i.is_main);
  const images = row.images.map(toImage);
  return {
    id: row.id,
    name: row.name,
    age: row.age,
    gender: row.gender,
    city: row.city,
    country: row.country,
    countryregion: row.countryregion,
    language: isLocale(row.language) ? row.language : null,
    date_of_birth: row.date_of_birth,
    main_image: main ? mainImageOf(images[row.images.indexOf(main)]!) : null,
    images,
    personal: row.personal,
    lastSignupStep: row.last_signup_step,
  };
}

interface UserRow extends ProfileRow {
  email: string;
  mailprovider: number;
  paid_user: boolean;
  credits: number;
  fictional: boolean;
  signup_date: Date;
  /** Configurable profile fields (0020_account.sql), shown on the member's own profile. */
  profile_fields: Record<string, string> | null;
}

/** The logged-in member as GET /api/user.php answers it, or null when gone. */
export async function loadUser(db: Db, memberId: number, site: Site): Promise<User | null> {
  const { rows } = await db.query<UserRow>(
    `SELECT ${OWN_PROFILE_COLUMNS}, m.email, m.mailprovider, m.paid_user, m.credits, m.fictional, m.signup_date,
            m.profile_fields
       FROM members m WHERE m.id = $1 AND m.site_id = $2 AND m.status <> 'deleted'`,
    [memberId, site.memberPoolId],
  );
  const row = rows[0];
  if (!row) return null;
  return UserSchema.parse({
    email: row.email,
    profile: { ...toProfile(row), fields: row.profile_fields ?? {} },
    mailprovider: row.mailprovider,
    paid_user: row.paid_user,
    signup_date: new Date(row.signup_date).toISOString(),
    fictional_icon: site.settings.fictional_icon && row.fictional,
    credits: row.credits,
  });
}

/** What login needs to know about an email address in a member pool. */
export async function findLogin(
  db: Db,
  memberPoolId: number,
  email: string,
): Promise<{ id: number; password_hash: string | null } | null> {
  const { rows } = await db.query<{ id: number; password_hash: string | null }>(
    `SELECT id, password_hash FROM members
      WHERE site_id = $1 AND lower(email) = lower($2) AND status <> 'deleted'`,
    [memberPoolId, email],
  );
  return rows[0] ?? null;
}

export interface NewMember {
  siteId: number;
  email: string;
  passwordHash: string | null;
  name: string;
  gender?: 'male' | 'female' | null;
  dateOfBirth?: string | null;
  city?: string | null;
  country?: string | null;
  countryregion?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  language?: string | null;
  personal?: string;
  paidUser?: boolean;
  credits?: number;
  mailprovider?: number;
  fictional?: boolean;
  signupDate?: Date;
}

export async function createMember(db: Db, m: NewMember): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO members (site_id, email, password_hash, name, gender, date_of_birth, city, country, countryregion,
                          latitude, longitude, language, personal, paid_user, credits, mailprovider, fictional, signup_date)
     VALUES ($1, $2, $3, $4, $5, $6::date, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, coalesce($18::timestamptz, now()))
     RETURNING id`,
    [
      m.siteId,
      m.email,
      m.passwordHash,
      m.name,
      m.gender ?? null,
      m.dateOfBirth ?? null,
      m.city ?? null,
      m.country ?? null,
      m.countryregion ?? null,
      m.latitude ?? null,
      m.longitude ?? null,
      m.language ?? null,
      m.personal ?? '',
      m.paidUser ?? false,
      m.credits ?? 0,
      m.mailprovider ?? (/@(gmail|googlemail)\.com$/i.test(m.email) ? 2 : 0),
      m.fictional ?? false,
      m.signupDate ? m.signupDate.toISOString() : null,
    ],
  );
  return rows[0]!.id;
}
