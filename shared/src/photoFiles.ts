// Photo file names and types, without the contract's schemas (zod): the UI kit's <Photo> needs them
// on public pages, whose start-up does not load the schemas (./browser.ts). schemas/user.ts
// re-exports them.

/**
 * The formats a photo is also stored in beside its JPEGs (made at upload, api/src/images/pipeline.ts):
 * the same file name with this extension (`photoVariant`). Browsers that take it get it through
 * `<picture>`/`<source type>`; the others keep the JPEG.
 */
export const PHOTO_FORMATS = ['webp'] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];

/** The MIME type of each format, for `<source type>` and the images route's content type. */
export const PHOTO_FORMAT_TYPES: Record<PhotoFormat | 'jpeg', string> = { webp: 'image/webp', jpeg: 'image/jpeg' };

/** The name of a photo file (`<base>.jpg` or `<base>_t.jpg`) in another stored format. */
export function photoVariant(filename: string, format: PhotoFormat): string {
  return filename.replace(/\.jpg$/, `.${format}`);
}
