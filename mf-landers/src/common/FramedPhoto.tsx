import { PHOTO_FORMAT_TYPES, photoVariant, useRemote } from '@dating/shared';
import { photoUrl, SquarePhoto, type PhotoFiles, type SquarePhotoProps } from '@dating/shared/ui';
import styles from './FramedPhoto.module.css';

/**
 * The backdrop of a framed photo: its thumbnail (WebP where it has one and the browser takes it),
 * drawn by CSS (not an <img>): it is blurred on purpose, so its enlargement is no loss.
 */
export function backdropImage(cdnPrefix: string, image: PhotoFiles): string {
  const jpeg = `url("${photoUrl(cdnPrefix, image.thumb_filename)}") type("image/jpeg")`;
  const modern = (image.formats ?? []).map((f) => `url("${photoUrl(cdnPrefix, photoVariant(image.thumb_filename, f))}") type("${PHOTO_FORMAT_TYPES[f]}")`);
  return `image-set(${[...modern, jpeg].join(', ')})`;
}

/**
 * A member's photo in a frame of any shape and size (a full-screen background, a 3:4 card) without
 * ever being enlarged: the photo itself (SquarePhoto: WebP, srcset/sizes, reserved size) at its own
 * size or smaller, centred, on a blurred copy of it that covers the whole frame.
 */
export function FramedPhoto({
  image,
  sizes,
  alt,
  className,
  loading,
  fetchPriority,
}: Pick<SquarePhotoProps, 'image' | 'sizes' | 'alt' | 'className' | 'loading' | 'fetchPriority'>) {
  const { settings } = useRemote();
  const cdn = settings.settings.cdn_prefix;
  return (
    <div className={`${styles.framed} ${className ?? ''}`}>
      {/* Its own element, not a custom property: a url() in a custom property would be resolved
          against this remote's style sheet, not the page. */}
      <span className={styles.backdrop} style={{ backgroundImage: backdropImage(cdn, image) }} aria-hidden="true" />
      <SquarePhoto cdnPrefix={cdn} image={image} sizes={sizes} alt={alt} className={styles.photo} loading={loading} fetchPriority={fetchPriority} />
    </div>
  );
}
