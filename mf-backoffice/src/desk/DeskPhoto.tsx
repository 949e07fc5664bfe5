import type { DeskPhoto as Photo } from '@dating/shared';
import { SquarePhoto } from '@dating/shared/ui';
import styles from './desk.module.css';

/**
 * A member's photo on the desks as a fixed square of `px` CSS px: WebP where it is stored, the large
 * version on a dense screen where it is sharper, never enlarged (SquarePhoto). The files are under the
 * member's site's cdn_prefix, which the answer's thumb_url already carries.
 */
export function DeskPhoto({ photo, px, alt }: { photo: Photo; px: number; alt: string }) {
  const cdnPrefix = photo.thumb_url.slice(0, photo.thumb_url.length - photo.thumb_filename.length);
  return <SquarePhoto className={styles.photoSquare} cdnPrefix={cdnPrefix} image={photo} px={px} sizes={`${px}px`} alt={alt} />;
}
