import sharp, { type Metadata, type OutputInfo, type WebpOptions } from 'sharp';
import type { PhotoFormat } from '@dating/shared';

/** An upload that is not a photo we take; the message is for the member. */
export class ImageRejected extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImageRejected';
  }
}

/** Decompression bombs stop here: 40 megapixels is more than any phone camera makes. */
export const MAX_INPUT_PIXELS = 40_000_000;
/** A profile photo smaller than this on its short side is not worth showing. */
export const MIN_SIDE = 64;
/** The large version fits in this square; the thumbnail is this square. */
export const LARGE_SIDE = 1280;
export const THUMB_SIDE = 320;

const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** What the bytes are, by their signature: names and declared types are not trusted. */
export function sniffImageType(data: Buffer): 'jpeg' | 'png' | null {
  if (data.subarray(0, JPEG_MAGIC.length).equals(JPEG_MAGIC)) return 'jpeg';
  if (data.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC)) return 'png';
  return null;
}

export interface ProcessedImage {
  /** JPEG, at most LARGE_SIDE on its long side, upright, no metadata at all. */
  large: Buffer;
  /** The large version's size in pixels. */
  width: number;
  height: number;
  /** JPEG, THUMB_SIDE square (cropped to the most interesting part), no metadata. */
  thumb: Buffer;
  /** The same two pictures in each modern format (PHOTO_FORMATS), no metadata either. */
  variants: Record<PhotoFormat, { large: Buffer; thumb: Buffer }>;
}

/**
 * The modern formats every photo is also stored in. WebP: every current browser shows it, and sharp
 * writes a 1280 px one in well under a second. AVIF compresses a little better but took about 15 s
 * per large version here (sharp's default effort), too slow for an upload.
 */
export const PHOTO_FORMATS: readonly PhotoFormat[] = ['webp'];

/** JPEG quality of the large version and of the thumbnail; their WebP is written WEBP_QUALITY_OFFSET lower. */
export const JPEG_QUALITY = { large: 82, thumb: 80 } as const;
const WEBP_QUALITY_OFFSET = 4;

/** The WebP options for a picture written at this JPEG quality (uploads and the backfill alike). */
export function webpOptions(jpegQuality: number): WebpOptions {
  return { quality: jpegQuality - WEBP_QUALITY_OFFSET };
}

/** The pixels of one picture (decoded, no metadata), written as JPEG and in each modern format. */
async function encode(raw: Buffer, info: OutputInfo, jpegQuality: number): Promise<{ jpeg: Buffer; webp: Buffer }> {
  const input = () => sharp(raw, { raw: { width: info.width, height: info.height, channels: info.channels } });
  const [jpeg, webp] = await Promise.all([
    input().jpeg({ quality: jpegQuality, mozjpeg: true }).toBuffer(),
    input().webp(webpOptions(jpegQuality)).toBuffer(),
  ]);
  return { jpeg, webp };
}

/**
 * The WebP of a stored JPEG (the backfill of photos stored before WebP was made): decoded within
 * the upload's pixel limit and written anew, so no metadata survives (as at upload). Answers its
 * pixel size too. Throws when the bytes are not a decodable JPEG.
 */
export async function webpOfStoredJpeg(jpeg: Buffer, kind: keyof typeof JPEG_QUALITY): Promise<{ webp: Buffer; width: number; height: number }> {
  if (sniffImageType(jpeg) !== 'jpeg') throw new Error('not a JPEG');
  const { data, info } = await sharp(jpeg, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .toColourspace('srgb')
    .webp(webpOptions(JPEG_QUALITY[kind]))
    .toBuffer({ resolveWithObject: true });
  return { webp: data, width: info.width, height: info.height };
}

/**
 * Checks an upload by content (PNG or JPEG, decodable, sane size) and re-encodes it: turned upright
 * by its EXIF orientation, transparency flattened on white, then written as new JPEGs and WebPs, all
 * from the same decoded pixels. sharp writes no metadata unless told to, so EXIF (GPS, camera,
 * time), XMP, IPTC and ICC profiles are all gone from every file.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  const kind = sniffImageType(input);
  if (!kind) throw new ImageRejected('file: only PNG and JPEG photos are accepted');
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' as const };
  let meta: Metadata;
  try {
    meta = await sharp(input, options).metadata();
  } catch {
    throw new ImageRejected('file: the photo cannot be read (damaged or not an image)');
  }
  if (meta.format !== kind || !meta.width || !meta.height) {
    throw new ImageRejected('file: the photo cannot be read (damaged or not an image)');
  }
  if (meta.width * meta.height > MAX_INPUT_PIXELS) {
    throw new ImageRejected('file: the photo has too many pixels (at most 40 megapixels)');
  }
  if (Math.min(meta.width, meta.height) < MIN_SIDE) {
    throw new ImageRejected(`file: the photo is too small (at least ${MIN_SIDE}×${MIN_SIDE} pixels)`);
  }
  try {
    const { data: largeRaw, info } = await sharp(input, options)
      .rotate()
      .flatten({ background: '#ffffff' })
      .resize({ width: LARGE_SIDE, height: LARGE_SIDE, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { data: thumbRaw, info: thumbInfo } = await sharp(largeRaw, { raw: { width: info.width, height: info.height, channels: info.channels } })
      .resize({ width: THUMB_SIDE, height: THUMB_SIDE, fit: 'cover', position: sharp.strategy.attention })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const [large, thumb] = await Promise.all([encode(largeRaw, info, JPEG_QUALITY.large), encode(thumbRaw, thumbInfo, JPEG_QUALITY.thumb)]);
    return { large: large.jpeg, width: info.width, height: info.height, thumb: thumb.jpeg, variants: { webp: { large: large.webp, thumb: thumb.webp } } };
  } catch {
    throw new ImageRejected('file: the photo cannot be read (damaged or not an image)');
  }
}
