import sharp from 'sharp';

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** The first letters of the first two words of a name, upper case. */
export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => [...w][0]!.toUpperCase())
    .join('');
}

/**
 * A generated portrait placeholder for a demo member: a two-colour gradient chosen by `seed`, a
 * head-and-shoulders silhouette and the member's initials; a JPEG of 400×400 pixels.
 */
export async function avatarJpeg(name: string, seed: number): Promise<Buffer> {
  const hue = (seed * 137.508) % 360; // golden angle: neighbours get far-apart colours
  const hue2 = (hue + 40 + (seed % 5) * 12) % 360;
  const text = initials(name).replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="hsl(${hue.toFixed(0)},62%,58%)"/><stop offset="1" stop-color="hsl(${hue2.toFixed(0)},58%,38%)"/>
</linearGradient></defs>
<rect width="400" height="400" fill="url(#g)"/>
<circle cx="200" cy="165" r="78" fill="#ffffff" fill-opacity="0.22"/>
<path d="M60 400 C60 300 120 255 200 255 C280 255 340 300 340 400 Z" fill="#ffffff" fill-opacity="0.22"/>
<text x="200" y="192" font-family="DejaVu Sans, Arial, sans-serif" font-size="80" font-weight="700" fill="#ffffff" text-anchor="middle">${text}</text>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}
