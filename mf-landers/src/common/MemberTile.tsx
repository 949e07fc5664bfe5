import { useIntl } from 'react-intl';
import { useRemote, type LanderMember } from '@dating/shared';
import { SiteRunMark, SquarePhoto } from '@dating/shared/ui';
import { common } from './messages';
import styles from './MemberTile.module.css';

/** Tiles a phone shows before scrolling: their photos load at once, the first with high priority (LCP). */
export const ABOVE_THE_FOLD = 4;

/**
 * The square that covers each variant's frame as the templates lay it out, for srcset (SquarePhoto):
 * a card is 3:4, so its square is as wide as the card is tall; rounds are small avatars.
 */
const TILE_SIZES: Record<'card' | 'round' | 'polaroid', string> = {
  card: '(min-width: 64rem) 16rem, (min-width: 40rem) 30vw, 64vw',
  round: '(min-width: 44rem) 8rem, 30vw',
  polaroid: '(min-width: 48rem) 14rem, 33vw',
};

/**
 * A member's photo with first name, age and city (city level only), for the lander templates.
 * `priority`: the tile is on screen when the page opens (no lazy loading; it is the largest paint).
 */
export function MemberTile({
  member,
  variant = 'card',
  showOnline = false,
  priority = false,
  sizes = TILE_SIZES[variant],
}: {
  member: LanderMember;
  variant?: 'card' | 'round' | 'polaroid';
  showOnline?: boolean;
  priority?: boolean;
  /** The frame's size where a template lays a tile out larger than its variant's usual (srcset). */
  sizes?: string;
}) {
  const { settings } = useRemote();
  const intl = useIntl();
  const facts = [member.age, member.city].filter(Boolean).join(', ');
  return (
    <figure className={`${styles.tile} ${styles[variant]}`}>
      {member.main_image ? (
        <SquarePhoto
          cdnPrefix={settings.settings.cdn_prefix}
          image={member.main_image}
          sizes={sizes}
          alt={intl.formatMessage(common.photoOf, { name: member.name })}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
        />
      ) : (
        <span className={styles.initial} aria-hidden="true">{member.name.slice(0, 1)}</span>
      )}
      <figcaption>
        <strong>{member.name}</strong>
        {facts && <span>{facts}</span>}
        {showOnline && member.online && (
          <span className={styles.online}>
            <span className={styles.dot} aria-hidden="true" /> {intl.formatMessage(common.online)}
          </span>
        )}
        <SiteRunMark profile={member} />
      </figcaption>
    </figure>
  );
}
