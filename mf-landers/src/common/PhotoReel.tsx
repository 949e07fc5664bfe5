import * as React from 'react';
import { useIntl } from 'react-intl';
import { useRemote, type LanderMember } from '@dating/shared';
import { m } from '../lander/messages';
import { FramedPhoto } from './FramedPhoto';
import { usePrefersReducedMotion } from './motion';
import { withPhotos } from './photos';
import styles from './PhotoReel.module.css';

const SECONDS_PER_PHOTO = 4;

/**
 * Members' photos as a moving picture: each fades in, drifts slowly (Ken Burns) and gives way to
 * the next, in pure CSS. This is the "video" of the video landers when the campaign has no video
 * file. Still when the visitor prefers reduced motion, and pausable (WCAG 2.2.2). A photo is never
 * enlarged (FramedPhoto): it drifts from a little smaller up to its own size, on a blurred copy of
 * itself that fills the reel. `sizes`: the reel's width as the template lays it out (srcset).
 */
export function PhotoReel({ members, captions = false, className, sizes = '100vw' }: { members: LanderMember[]; captions?: boolean; className?: string; sizes?: string }) {
  const { settings } = useRemote();
  const intl = useIntl();
  const reduced = usePrefersReducedMotion();
  const [paused, setPaused] = React.useState(false);
  const all = withPhotos(members);
  // Four or eight frames (the keyframes' timing); fewer photos are repeated to fill four.
  const count = all.length >= 8 ? 8 : 4;
  const photos = all.length ? Array.from({ length: Math.min(count, Math.max(all.length, count)) }, (_, i) => all[i % all.length]!) : [];
  if (!photos.length) return <div className={`${styles.reel} ${styles.empty} ${className ?? ''}`} aria-hidden="true" />;
  const still = reduced || all.length === 1;
  const duration = photos.length * SECONDS_PER_PHOTO;
  return (
    <div
      className={`${styles.reel} ${count === 8 ? styles.eight : ''} ${still ? styles.still : ''} ${paused ? styles.paused : ''} ${className ?? ''}`}
      // A group, not an img: an image's content is presentational, and its pause button would be
      // an interactive control nested in it (axe nested-interactive), out of reach of screen readers.
      role="group"
      aria-label={intl.formatMessage(m.slideshow, { site: settings.theme.brandName })}
      style={{ '--reel-duration': `${duration}s` } as React.CSSProperties}
    >
      {photos.map((p, i) => (
        <figure key={`${p.id}-${i}`} className={styles.frame} style={{ animationDelay: `${i * SECONDS_PER_PHOTO}s` }}>
          {/* The first frame is the page's largest paint: fetched first. */}
          <FramedPhoto image={p.main_image} sizes={sizes} alt="" className={styles.photo} loading={i < 2 ? 'eager' : 'lazy'} fetchPriority={i === 0 ? 'high' : 'auto'} />
          {captions && (
            <figcaption>
              <strong>{p.name}</strong> {[p.age, p.city].filter(Boolean).join(', ')}
            </figcaption>
          )}
        </figure>
      ))}
      {!still && (
        <button type="button" className={styles.toggle} onClick={() => setPaused((v) => !v)} aria-pressed={paused}>
          {intl.formatMessage(paused ? m.reelPlay : m.reelPaused)}
        </button>
      )}
    </div>
  );
}
