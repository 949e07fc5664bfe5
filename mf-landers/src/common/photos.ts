import type { SiteSettings } from '@dating/shared';

/** The URL of a member's photo (thumb file name under the site's cdn_prefix). */
export function photoUrl(settings: SiteSettings, thumb: string): string {
  return `${settings.settings.cdn_prefix}${thumb}`;
}

/** The members that have a photo, for the picture-led templates. */
export function withPhotos<T extends { main_image: { thumb_filename: string } | null }>(members: T[]): (T & { main_image: { thumb_filename: string } })[] {
  return members.filter((m): m is T & { main_image: { thumb_filename: string } } => m.main_image !== null);
}
