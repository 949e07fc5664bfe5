import * as React from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useRemote, type PublicProfile } from '@dating/shared';
import { squareSide, SquarePhoto, THUMB_PX } from '@dating/shared/ui';
import styles from './gallery.module.css';
import { PhotoViewer, useSwipe } from './PhotoViewer';

type Image = PublicProfile['images'][number];

/**
 * The largest side, in CSS px, at which every photo of the gallery still shows at its own size or
 * smaller in the square frame (object-fit: cover scales by the short side): the gallery is never
 * wider than this, so no photo is ever enlarged.
 */
export function galleryMaxSide(images: readonly Image[]): number {
  const sides = images.filter((i) => i.thumb_filename).map(squareSide);
  return sides.length ? Math.min(...sides) : THUMB_PX;
}

/** The member's photos in gallery order: the main photo first, then the others as the API lists them. */
export function galleryImages(profile: Pick<PublicProfile, 'main_image' | 'images'>): Image[] {
  const main = profile.main_image?.thumb_filename;
  const first = main ? profile.images.find((i) => i.thumb_filename === main) : undefined;
  const rest = profile.images.filter((i) => i !== first);
  if (first) return [first, ...rest];
  // A main photo the images list does not hold still comes first (older profiles).
  return main ? [{ id: 0, thumb_filename: main }, ...rest] : rest;
}

/**
 * All photos of a member, one at a time: swipe on touch screens, arrow keys (and Home/End) when the
 * gallery has focus, Previous/Next buttons, and the position ("2 of 5") in words. A tap on the photo,
 * Enter, or "Full screen" opens the viewer. A photo the member
 * shares with Premium members only, seen without Premium, is the blurred `locked` stand-in.
 */
export function Gallery({ profile, locked }: { profile: Pick<PublicProfile, 'name' | 'main_image' | 'images'>; locked: (n: number) => React.ReactNode }) {
  const { settings } = useRemote();
  const intl = useIntl();
  const images = galleryImages(profile);
  const [index, setIndex] = React.useState(0);
  const [viewing, setViewing] = React.useState(false);
  const count = images.length;
  const current = Math.min(index, Math.max(count - 1, 0));
  const go = (to: number) => setIndex(Math.max(0, Math.min(count - 1, to)));
  const swipe = useSwipe((step) => go(current + step));

  if (count === 0) {
    return (
      <div className={styles.empty} role="img" aria-label={intl.formatMessage({ id: 'card.noPhoto', defaultMessage: 'No photo of {name}' }, { name: profile.name })}>
        <span aria-hidden="true">{profile.name.slice(0, 1).toUpperCase()}</span>
      </div>
    );
  }

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Enter' && images[current]?.thumb_filename) {
      e.preventDefault();
      setViewing(true);
      return;
    }
    const to = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: count - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    go(to);
  };
  const label = intl.formatMessage({ id: 'gallery.label', defaultMessage: 'Photos of {name}' }, { name: profile.name });
  const maxSide = galleryMaxSide(images);
  // The slot each photo fills: the gallery's width (28rem at most, the phone's width less its margins).
  const sizes = `min(28rem, ${maxSide}px, 100vw - 2rem)`;
  return (
    <section className={styles.gallery} style={{ maxWidth: `min(28rem, ${maxSide}px)` }} aria-roledescription={intl.formatMessage({ id: 'gallery.role', defaultMessage: 'gallery' })} aria-label={label}>
      {/* The viewport takes focus so that the arrow keys page through the photos (carousel pattern). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <div
        className={styles.viewport}
        id="member-gallery"
        role="group"
        aria-label={label}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- arrow keys need a focus stop
        tabIndex={0}
        onKeyDown={onKeyDown}
        // A tap or click on the photo opens it full screen (a swipe is no click); the Enter key and
        // the "Full screen" button do the same for the keyboard and screen readers.
        onClick={() => {
          if (images[current]?.thumb_filename) setViewing(true);
        }}
        {...swipe}
      >
        <ul className={styles.track} style={{ transform: `translateX(${-100 * current}%)` }}>
          {images.map((image, i) => (
            <li
              key={`${image.id}-${i}`}
              className={styles.slide}
              aria-hidden={i !== current}
              inert={i !== current || undefined}
            >
              {image.premium_only && !image.thumb_filename ? (
                locked(i + 1)
              ) : (
                // The square thumbnail, or the large version where the frame is wider than 320 px
                // or the screen denser (WebP where the browser takes it); cropped by cover.
                <SquarePhoto
                  cdnPrefix={settings.settings.cdn_prefix}
                  image={image}
                  sizes={sizes}
                  alt={intl.formatMessage({ id: 'member.photoN', defaultMessage: 'Photo {n} of {name}' }, { n: i + 1, name: profile.name })}
                  loading={i === 0 ? 'eager' : 'lazy'}
                  draggable={false}
                />
              )}
            </li>
          ))}
        </ul>
        {images[current]?.thumb_filename && (
          <button type="button" className={styles.enlarge} onClick={() => setViewing(true)}>
            <FormattedMessage id="viewer.open" defaultMessage="Full screen" />
          </button>
        )}
      </div>
      {viewing && (
        <PhotoViewer name={profile.name} images={images} index={current} onIndex={go} onClose={() => setViewing(false)} locked={locked} />
      )}
      {count > 1 && (
        <div className={styles.controls}>
          <button
            type="button"
            className={styles.control}
            aria-controls="member-gallery"
            // aria-disabled, not disabled: the button keeps focus at the first and last photo.
            aria-disabled={current === 0}
            onClick={() => go(current - 1)}
            aria-label={intl.formatMessage({ id: 'gallery.previous', defaultMessage: 'Previous photo' })}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <p className={styles.position} aria-live="polite">
            <FormattedMessage id="gallery.position" defaultMessage="{n} of {count}" values={{ n: current + 1, count }} />
          </p>
          <button
            type="button"
            className={styles.control}
            aria-controls="member-gallery"
            // aria-disabled, not disabled: the button keeps focus at the first and last photo.
            aria-disabled={current === count - 1}
            onClick={() => go(current + 1)}
            aria-label={intl.formatMessage({ id: 'gallery.next', defaultMessage: 'Next photo' })}
          >
            <span aria-hidden="true">›</span>
          </button>
        </div>
      )}
    </section>
  );
}
