import { taglineOf, type Locale, type Theme } from '@dating/shared';

type Rgb = [number, number, number];

function parse(hex: string): Rgb {
  const h = hex.replace('#', '');
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as Rgb;
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((v) => Math.round(Math.min(255, Math.max(0, v))).toString(16).padStart(2, '0')).join('')}`;
}

/** WCAG 2.1 relative luminance. */
export function luminance(hex: string): number {
  const [r, g, b] = parse(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2.1 contrast ratio of two colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
}

/**
 * `color`, moved towards black or white (whichever gains contrast) just enough to reach `min`
 * against `against`: the brand's hue, readable (WCAG 2.1 AA is 4.5 for text).
 */
export function ensureContrast(color: string, against: string, min = 4.5): string {
  if (contrast(color, against) >= min) return color;
  const target: Rgb = luminance(against) > 0.18 ? [0, 0, 0] : [255, 255, 255];
  const from = parse(color);
  for (let t = 0.05; t <= 1.0001; t += 0.05) {
    const mixed = toHex(from.map((v, i) => v + (target[i]! - v) * t) as Rgb);
    if (contrast(mixed, against) >= min) return mixed;
  }
  return toHex(target);
}

/** Black or white, whichever reads better on `background`. */
export function textOn(background: string): string {
  return contrast('#ffffff', background) >= contrast('#111111', background) ? '#ffffff' : '#111111';
}

/** `color` mixed with white by `amount` (0 to 1). */
function lighten(color: string, amount: number): string {
  return toHex(parse(color).map((v) => v + (255 - v) * amount) as Rgb);
}

/**
 * Bars and panels that lie on the page (the phone's tab bar, the profile's action bar): white on a
 * light template; on a dark one a shade lighter than its background, so that they belong to the
 * page instead of glaring white. With the text, the muted text and the brand colour of actions on
 * that surface, each made readable.
 */
function surfaceVariables(theme: Theme, primaryStrong: string): Record<string, string> {
  const light = luminance(theme.backgroundColor) >= 0.18;
  const surface = light ? '#ffffff' : lighten(theme.backgroundColor, 0.08);
  const action = light
    ? primaryStrong
    : contrast(theme.accentColor, surface) >= 4.5
      ? theme.accentColor
      : ensureContrast(theme.primaryColor, surface);
  return {
    '--brand-surface': surface,
    '--brand-on-surface': light ? '#1b1b1f' : ensureContrast(theme.textColor, surface, 7),
    '--brand-surface-muted': ensureContrast('#4a4a55', surface),
    '--brand-action': action,
    '--brand-on-action': textOn(action),
  };
}

/** The CSS custom properties of a template, with readable variants of its colours. */
export function themeVariables(theme: Theme): Record<string, string> {
  const primaryStrong = ensureContrast(theme.primaryColor, '#ffffff');
  const accentOnPrimary = ensureContrast(theme.accentColor, primaryStrong, 3);
  return {
    ...surfaceVariables(theme, primaryStrong),
    '--brand-primary': theme.primaryColor,
    '--brand-accent': theme.accentColor,
    '--brand-bg': theme.backgroundColor,
    '--brand-text': ensureContrast(theme.textColor, theme.backgroundColor, 7),
    // Header and buttons: white text on the primary colour, darkened where needed.
    '--brand-primary-strong': primaryStrong,
    '--brand-on-primary': '#ffffff',
    '--brand-on-accent': textOn(theme.accentColor),
    '--brand-accent-on-primary': accentOnPrimary,
    // Links on the page background: the primary colour, else the accent, made readable.
    '--brand-link':
      contrast(theme.primaryColor, theme.backgroundColor) >= 4.5
        ? theme.primaryColor
        : contrast(theme.accentColor, theme.backgroundColor) >= 4.5
          ? theme.accentColor
          : ensureContrast(theme.primaryColor, theme.backgroundColor),
    '--brand-focus': ensureContrast(theme.accentColor, theme.backgroundColor, 3),
    // Secondary text on the page background (hints, meta lines): grey, made readable on light and dark templates.
    '--brand-text-muted': ensureContrast('#555555', theme.backgroundColor),
    // Errors on the page background (form rules, failed sends): red, made readable on light and dark templates.
    '--brand-danger': ensureContrast('#b3261e', theme.backgroundColor),
  };
}

/** The color scheme a template's background asks for. */
function colorScheme(theme: Theme): 'dark' | 'light' {
  return luminance(theme.backgroundColor) < 0.2 ? 'dark' : 'light';
}

/**
 * The template's look as a style sheet's text (`:root{…}`): what applyTheme sets, for a page
 * rendered on the server (its first paint is in the site's colours before any script runs).
 */
export function themeCss(theme: Theme): string {
  const declarations = Object.entries(themeVariables(theme)).map(([name, value]) => `${name}:${value}`);
  return `:root{${declarations.join(';')};color-scheme:${colorScheme(theme)}}`;
}

/** The template's look as CSS custom properties: one build, many branded sites. */
export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  for (const [name, value] of Object.entries(themeVariables(theme))) root.style.setProperty(name, value);
  root.style.colorScheme = colorScheme(theme);
  document.title = theme.brandName;
  const meta = document.querySelector('meta[name="theme-color"]');
  if (meta) meta.setAttribute('content', theme.primaryColor);
}

/**
 * The page's description for search engines and link previews: the site's tagline in the page's
 * language (one `<meta name="description">`, kept in step with the language).
 */
export function applyDescription(theme: Theme, locale: Locale, doc: Document = document): void {
  let meta = doc.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = doc.createElement('meta');
    meta.name = 'description';
    doc.head.appendChild(meta);
  }
  meta.content = taglineOf(theme, locale);
}
