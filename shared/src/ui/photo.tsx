// Member photos as responsive images, one rule for every place that shows one (cards, likes,
// chats, the home, the member page's gallery): `<picture>` with a WebP source where the photo has
// one (the JPEG for other browsers and for photos stored before), srcset/sizes from the stored
// sizes, width/height so the space is reserved, and never shown larger than the file.
import type * as React from 'react';
import { PHOTO_FORMAT_TYPES, photoVariant } from '../photoFiles';
import type { MainImage } from '../schemas/user';
import { photoUrl } from './format';
import styles from './ui.module.css';

/** Thumbnails are this many px square (api/src/images/pipeline.ts, THUMB_SIDE). */
export const THUMB_PX = 320;

/** What a photo's files are: the thumbnail, and where known the large version and other formats. */
export type PhotoFiles = Pick<MainImage, 'thumb_filename'> & Partial<Pick<MainImage, 'large' | 'formats'>>;

/** The large version where it fills a bigger square than the thumbnail does (its short side). */
function sharper(image: PhotoFiles): { filename: string; side: number } | undefined {
  const large = image.large;
  const side = large ? Math.min(large.width, large.height) : 0;
  return large && side > THUMB_PX ? { filename: large.filename, side } : undefined;
}

/**
 * The largest side, in CSS px, at which the photo fills a square frame (object-fit: cover scales by
 * the short side) without being enlarged: the large version's short side, else the thumbnail's.
 */
export function squareSide(image: PhotoFiles): number {
  return sharper(image)?.side ?? THUMB_PX;
}

export interface SquareSources {
  /** The thumbnail (JPEG): every browser can show it. */
  src: string;
  /** Thumbnail and large version, each by the width it fills a square frame with; none without a larger one. */
  srcSet?: string;
  /** The same files in each modern format the photo has, for `<source type>`. */
  sources: { type: string; srcSet: string }[];
  /** squareSide: the frame never shows the photo wider than this. */
  side: number;
}

/**
 * The files of a photo for a square frame: the 320 px thumbnail, and the large version where its
 * short side is larger (`<short side>w`: the width it fills a square with), in JPEG and in every
 * format the photo is also stored in.
 */
export function squareSources(cdnPrefix: string, image: PhotoFiles): SquareSources {
  const url = (filename: string) => photoUrl(cdnPrefix, filename);
  const large = sharper(image);
  const set = (name: (filename: string) => string) =>
    large ? `${url(name(image.thumb_filename))} ${THUMB_PX}w, ${url(name(large.filename))} ${large.side}w` : url(name(image.thumb_filename));
  return {
    src: url(image.thumb_filename),
    srcSet: large ? set((f) => f) : undefined,
    sources: (image.formats ?? []).map((format) => ({ type: PHOTO_FORMAT_TYPES[format], srcSet: set((f) => photoVariant(f, format)) })),
    side: squareSide(image),
  };
}

export interface SquarePhotoProps {
  cdnPrefix: string;
  image: PhotoFiles;
  /** The frame's width in CSS px as the page lays it out (a media condition list), for srcset. */
  sizes: string;
  alt: string;
  className?: string;
  loading?: 'eager' | 'lazy';
  fetchPriority?: 'high' | 'low' | 'auto';
  draggable?: boolean;
  /** The frame's size for the width/height attributes (the space is reserved before the file arrives). */
  px?: number;
}

/**
 * A photo in a square frame (the frame's CSS sizes the `<img>`, object-fit: cover): the browser
 * picks WebP where it can and the smallest file that fills the frame on its screen; max-width and
 * max-height keep it at its own pixel size or smaller when the frame is larger than the photo.
 */
export function SquarePhoto({ cdnPrefix, image, sizes, alt, className, loading = 'lazy', fetchPriority, draggable, px = THUMB_PX }: SquarePhotoProps) {
  const { src, srcSet, sources, side } = squareSources(cdnPrefix, image);
  const cap: React.CSSProperties = { maxWidth: `${side}px`, maxHeight: `${side}px` };
  return (
    <picture className={styles.picture}>
      {sources.map((s) => (
        <source key={s.type} type={s.type} srcSet={s.srcSet} sizes={srcSet ? sizes : undefined} />
      ))}
      <img
        className={className}
        src={src}
        srcSet={srcSet}
        sizes={srcSet ? sizes : undefined}
        width={px}
        height={px}
        alt={alt}
        loading={loading}
        fetchPriority={fetchPriority}
        draggable={draggable}
        style={cap}
      />
    </picture>
  );
}
