import type { LanderKind, Locale } from '@dating/shared';

/** A row of `campaigns` as the lander page reads it (migration 0050); the operator API adds its state. */
export interface CampaignRow {
  slug: string;
  kinds: LanderKind[];
  texts: Partial<Record<Locale, { headline: string; text: string }>>;
  target_gender: 'male' | 'female' | null;
  min_age: number;
  max_age: number;
  video_url: string | null;
  featured_member_ids: number[];
}
