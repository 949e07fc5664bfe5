import * as React from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { PHOTO_FORMAT_TYPES, photoVariant, useRemote, type PublicProfile } from '@dating/shared';
import { photoUrl, THUMB_PX, ui } from '@dating/shared/ui';
import styles from './gallery.module.css';

type Image = PublicProfile['images'][number];

/** A horizontal move of at least this many px (and more sideways than up or down) is a swipe. */
export const SWIPE_PX = 40;

/** Swipe handlers: a sideways move of SWIPE_PX or more calls `go(+1)` (to the left) or `go(-1)`. */
export function useSwipe(go: (step: 1 | -1) => void) {
  const touch = React.useRef<{ x: number; y: number } | null>(null);
  return {
    onTouchStart: (e: React.TouchEvent) => {
      const t = e.touches[0];
      touch.current = t ? { x: t.clientX, y: t.clientY } : null;
    },
    onTouchEnd: (e: React.TouchEvent) => {
      const start = touch.current;
      const t = e.changedTouches[0];
      touch.current = null;
      if (!start || !t) return;
      const dx = t.clientX - start.x;
      const dy = t.clientY - start.y;
      if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < Math.abs(dy)) return;
      go(dx < 0 ? 1 : -1);
    },
  };
}

/**
 * The member's photos full screen, one at a time, in a modal <dialog> (the page behind is inert,
 * Escape closes it, focus returns to what opened it): the large version at its own size or smaller,
 * never enlarged; arrow keys, Home/End, a swipe, and Previous/Next buttons page through them.
 */
export function PhotoViewer({
  name,
  images,
  index,
  onIndex,
  onClose,
  locked,
}: {
  name: string;
  images: Image[];
  index: number;
  onIndex(index: number): void;
  onClose(): void;
  locked: (n: number) => React.ReactNode;
}) {
  const { settings } = useRemote();
  const intl = useIntl();
  const ref = React.useRef<HTMLDialogElement>(null);
  const count = images.length;
  const go = (to: number) => onIndex(Math.max(0, Math.min(count - 1, to)));
  const swipe = useSwipe((step) => go(index + step));

  React.useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // jsdom has no showModal; browsers do.
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    return () => {
      if (dialog.open && typeof dialog.close === 'function') dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const onKeyDown = (e: React.KeyboardEvent) => {
    const to = { ArrowLeft: index - 1, ArrowRight: index + 1, Home: 0, End: count - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    go(to);
  };

  const image = images[index];
  const label = intl.formatMessage({ id: 'gallery.label', defaultMessage: 'Photos of {name}' }, { name });
  const alt = intl.formatMessage({ id: 'member.photoN', defaultMessage: 'Photo {n} of {name}' }, { n: index + 1, name });
  const large = image?.large;
  const file = large ?? (image ? { filename: image.thumb_filename, width: THUMB_PX, height: THUMB_PX } : null);
  return (
    // Escape is the dialog's own (the cancel event); the arrow keys page through the photos.
    <dialog
      ref={ref}
      className={styles.viewer}
      aria-label={label}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onKeyDown={onKeyDown}
      {...swipe}
    >
      <div className={styles.viewerStage}>
        {image && image.premium_only && !image.thumb_filename
          ? locked(index + 1)
          : file && (
              // The same picture in WebP where the photo has it and the browser takes it.
              <picture className={ui.picture}>
                {(image?.formats ?? []).map((format) => (
                  <source key={format} type={PHOTO_FORMAT_TYPES[format]} srcSet={photoUrl(settings.settings.cdn_prefix, photoVariant(file.filename, format))} />
                ))}
                <img
                  src={photoUrl(settings.settings.cdn_prefix, file.filename)}
                  alt={alt}
                  width={file.width}
                  height={file.height}
                  // Never larger than the file: its own size is one bound, the screen (less the bar) the other.
                  style={{ maxWidth: `min(100vw - 1rem, ${file.width}px)`, maxHeight: `min(100dvh - 5.5rem, ${file.height}px)` }}
                  draggable={false}
                />
              </picture>
            )}
      </div>
      <div className={styles.viewerBar}>
        <button
          type="button"
          className={styles.control}
          aria-disabled={index === 0}
          onClick={() => go(index - 1)}
          aria-label={intl.formatMessage({ id: 'gallery.previous', defaultMessage: 'Previous photo' })}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <p className={styles.position} aria-live="polite">
          <FormattedMessage id="gallery.position" defaultMessage="{n} of {count}" values={{ n: index + 1, count }} />
        </p>
        <button
          type="button"
          className={styles.control}
          aria-disabled={index === count - 1}
          onClick={() => go(index + 1)}
          aria-label={intl.formatMessage({ id: 'gallery.next', defaultMessage: 'Next photo' })}
        >
          <span aria-hidden="true">›</span>
        </button>
        <button type="button" className={styles.close} onClick={onClose}>
          <FormattedMessage id="viewer.close" defaultMessage="Close" />
        </button>
      </div>
    </dialog>
  );
}
