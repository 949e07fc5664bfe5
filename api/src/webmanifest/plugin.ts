import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { z } from 'zod';
import { ORIGINAL_HOST_HEADER, type Theme } from '@dating/shared';
import { HttpError } from '../http/errors';
import type { Site } from '../site/site';

/** A Web App Manifest as this API writes it (the fields browsers use to install the site). */
export const WebManifestSchema = z.object({
  id: z.string(),
  name: z.string().min(1),
  short_name: z.string().min(1),
  description: z.string(),
  lang: z.string(),
  dir: z.literal('ltr'),
  start_url: z.string(),
  scope: z.string(),
  display: z.literal('standalone'),
  background_color: z.string().regex(/^#[0-9a-f]{6}$/i),
  theme_color: z.string().regex(/^#[0-9a-f]{6}$/i),
  categories: z.array(z.string()),
  icons: z.array(
    z.object({ src: z.string(), sizes: z.string(), type: z.literal('image/png'), purpose: z.enum(['any', 'maskable']) }),
  ),
});
export type WebManifest = z.infer<typeof WebManifestSchema>;

/**
 * Icon files: the plain icon at two sizes, a full-bleed one for masks (safe zone inside 80%), and
 * the browser tab's icon (the static server answers /favicon.ico with it; browsers read PNG there).
 */
export const ICONS = {
  'favicon.png': { size: 48, maskable: false },
  '192.png': { size: 192, maskable: false },
  '512.png': { size: 512, maskable: false },
  'maskable-512.png': { size: 512, maskable: true },
} as const;
type IconFile = keyof typeof ICONS;

const VARY = `${ORIGINAL_HOST_HEADER}, x-forwarded-host, host`;

/** GET /api/manifest.webmanifest: name, colours and icons of the request's site (template). */
export function webManifest(site: Site): WebManifest {
  const { theme } = site;
  return WebManifestSchema.parse({
    id: '/',
    name: theme.brandName,
    short_name: site.name,
    description: theme.tagline,
    lang: site.domainLanguage,
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: theme.backgroundColor,
    theme_color: theme.primaryColor,
    categories: ['social', 'lifestyle'],
    icons: [
      { src: '/api/icons/192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/api/icons/512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/api/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  });
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrast = (a: string, b: string) => {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
};

/** The site's icon: a heart in the accent colour (or white, whichever stands out) on the primary colour. */
export function iconSvg(theme: Theme, maskable: boolean): string {
  const heart = contrast(theme.accentColor, theme.primaryColor) >= 2.5 ? theme.accentColor : '#ffffff';
  // Maskable icons fill the square and keep the heart inside the central 80% safe zone.
  const background = maskable
    ? `<rect width="100" height="100" fill="${theme.primaryColor}"/>`
    : `<rect x="4" y="4" width="92" height="92" rx="22" fill="${theme.primaryColor}"/>`;
  const scale = maskable ? 0.62 : 0.8;
  const shift = (100 - 100 * scale) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">${background}<g transform="translate(${shift} ${shift + 2}) scale(${scale})"><path fill="${heart}" d="M50 84C22 64 12 48 16 33c4-14 24-19 34-3 10-16 30-11 34 3 4 15-6 31-34 51z"/></g></svg>`;
}

const rendered = new Map<string, Promise<Buffer>>();

/** PNG of a site's icon; rendered once per colours and size, then kept in memory. */
export function iconPng(theme: Theme, file: IconFile): Promise<Buffer> {
  const { size, maskable } = ICONS[file];
  const key = `${theme.primaryColor}${theme.accentColor}${size}${maskable}`;
  let png = rendered.get(key);
  if (!png) {
    png = sharp(Buffer.from(iconSvg(theme, maskable)), { density: Math.ceil((72 * size) / 100) })
      .resize(size, size)
      .png({ compressionLevel: 9 })
      .toBuffer();
    png.catch(() => rendered.delete(key));
    rendered.set(key, png);
  }
  return png;
}

/**
 * The installable-app side of a site (spec §2: a web manifest at /manifest.webmanifest, which the
 * static server forwards here): the manifest of the request's template and its PNG icons.
 */
export async function webManifestPlugin(app: FastifyInstance) {
  app.get('/api/manifest.webmanifest', async (request, reply) => {
    reply.header('content-type', 'application/manifest+json; charset=utf-8');
    reply.header('cache-control', 'no-cache');
    reply.header('vary', VARY);
    return JSON.stringify(webManifest(request.site));
  });

  app.get<{ Params: { file: string } }>('/api/icons/:file', async (request, reply) => {
    const file = request.params.file;
    if (!Object.hasOwn(ICONS, file)) throw new HttpError(404, 'not_found', 'No such icon');
    const png = await iconPng(request.site.theme, file as IconFile);
    reply.header('content-type', 'image/png');
    reply.header('cache-control', 'public, max-age=86400');
    reply.header('vary', VARY);
    return reply.send(png);
  });
}
