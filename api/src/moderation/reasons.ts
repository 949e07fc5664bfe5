import type { Locale } from '@dating/shared';
import type { Db } from '../db';

/** The rejection reasons every site starts with; operators add, change and retire their own. */
export const DEFAULT_REASONS: Record<Locale, string>[] = [
  {
    en: 'The photo does not clearly show you.',
    nl: 'De foto laat jou niet duidelijk zien.',
    de: 'Das Foto zeigt dich nicht deutlich.',
    it: 'La foto non ti mostra chiaramente.',
    fr: 'La photo ne te montre pas clairement.',
    es: 'La foto no te muestra con claridad.',
    pl: 'Zdjęcie nie pokazuje wyraźnie Ciebie.',
  },
  {
    en: 'Nudity or sexual content is not allowed.',
    nl: 'Naakt of seksuele inhoud is niet toegestaan.',
    de: 'Nacktheit oder sexuelle Inhalte sind nicht erlaubt.',
    it: 'Nudità o contenuti sessuali non sono consentiti.',
    fr: 'La nudité et les contenus sexuels ne sont pas autorisés.',
    es: 'No se permiten desnudos ni contenido sexual.',
    pl: 'Nagość i treści seksualne są niedozwolone.',
  },
  {
    en: 'Contact details, links or advertising are not allowed.',
    nl: 'Contactgegevens, links of reclame zijn niet toegestaan.',
    de: 'Kontaktdaten, Links oder Werbung sind nicht erlaubt.',
    it: 'Recapiti, link o pubblicità non sono consentiti.',
    fr: 'Les coordonnées, liens ou publicités ne sont pas autorisés.',
    es: 'No se permiten datos de contacto, enlaces ni publicidad.',
    pl: 'Dane kontaktowe, linki i reklamy są niedozwolone.',
  },
  {
    en: 'Offensive or hateful content is not allowed.',
    nl: 'Beledigende of haatdragende inhoud is niet toegestaan.',
    de: 'Beleidigende oder hasserfüllte Inhalte sind nicht erlaubt.',
    it: 'Contenuti offensivi o che incitano all’odio non sono consentiti.',
    fr: 'Les contenus offensants ou haineux ne sont pas autorisés.',
    es: 'No se permite contenido ofensivo o de odio.',
    pl: 'Obraźliwe lub nienawistne treści są niedozwolone.',
  },
];

/** Gives every site without reasons the default ones (idempotent). */
export async function seedModerationReasons(db: Db): Promise<void> {
  const { rows } = await db.query<{ id: number }>(
    'SELECT id FROM sites s WHERE NOT EXISTS (SELECT 1 FROM moderation_reasons r WHERE r.site_id = s.id)',
  );
  for (const site of rows) {
    for (const texts of DEFAULT_REASONS) {
      await db.query('INSERT INTO moderation_reasons (site_id, texts) VALUES ($1, $2::jsonb)', [site.id, JSON.stringify(texts)]);
    }
  }
}
