import type { Theme } from '@dating/shared';

/** The template's look as CSS custom properties: one build, many branded sites. */
export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  root.style.setProperty('--brand-primary', theme.primaryColor);
  root.style.setProperty('--brand-accent', theme.accentColor);
  root.style.setProperty('--brand-bg', theme.backgroundColor);
  root.style.setProperty('--brand-text', theme.textColor);
  document.title = theme.brandName;
  const meta = document.querySelector('meta[name="theme-color"]');
  if (meta) meta.setAttribute('content', theme.primaryColor);
}
