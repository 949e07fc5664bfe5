import { AMORA, VELVET } from '../../../api/src/seed/sites';
import { applyDescription, contrast, ensureContrast, themeVariables } from './theme';

describe('template colours', () => {
  it('contrast follows WCAG 2.1', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  it('a colour too light for white text is darkened just enough, keeping its hue', () => {
    const strong = ensureContrast('#ff8a65', '#ffffff');
    expect(contrast(strong, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(ensureContrast('#1c2a4a', '#ffffff')).toBe('#1c2a4a');
  });

  it.each([
    ['amora', AMORA.theme],
    ['velvet', VELVET.theme],
  ])('%s: header text, links, body text, secondary text (hints) and errors are readable (AA)', (_name, theme) => {
    const v = themeVariables(theme);
    expect(contrast(v['--brand-on-primary']!, v['--brand-primary-strong']!)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(v['--brand-link']!, theme.backgroundColor)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(v['--brand-text']!, theme.backgroundColor)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(v['--brand-on-accent']!, theme.accentColor)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(v['--brand-text-muted']!, theme.backgroundColor)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(v['--brand-danger']!, theme.backgroundColor)).toBeGreaterThanOrEqual(4.5);
  });

  it.each([
    ['amora', AMORA.theme],
    ['velvet', VELVET.theme],
  ])('%s: bars on the page (tab bar, action bar) and their words, muted words and brand-coloured actions are readable (AA)', (_name, theme) => {
    const v = themeVariables(theme);
    const surface = v['--brand-surface']!;
    expect(contrast(v['--brand-on-surface']!, surface)).toBeGreaterThanOrEqual(7);
    expect(contrast(v['--brand-surface-muted']!, surface)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(v['--brand-action']!, surface)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(v['--brand-on-action']!, v['--brand-action']!)).toBeGreaterThanOrEqual(4.5);
  });

  it('a dark template\'s bars are a shade of its background, not white; a light template\'s are white', () => {
    expect(themeVariables(AMORA.theme)['--brand-surface']).toBe('#ffffff');
    const velvet = themeVariables(VELVET.theme)['--brand-surface']!;
    expect(contrast(velvet, VELVET.theme.backgroundColor)).toBeLessThan(1.5);
    expect(contrast(velvet, '#ffffff')).toBeGreaterThan(10);
  });

  it('the two templates look different', () => {
    expect(themeVariables(AMORA.theme)['--brand-primary-strong']).not.toBe(themeVariables(VELVET.theme)['--brand-primary-strong']);
  });
});

describe('page description', () => {
  it('is the site tagline in the page language, one element, updated when the language changes', () => {
    const theme = { ...AMORA.theme, tagline: 'Meet someone new', taglines: { de: 'Lerne jemanden kennen' } };
    applyDescription(theme, 'de');
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute('content', 'Lerne jemanden kennen');
    applyDescription(theme, 'pl');
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute('content', 'Meet someone new');
  });
});
