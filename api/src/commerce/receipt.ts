import { isLocale, type Locale } from '@dating/shared';
import type { Db } from '../db';
import type { Site } from '../site/site';

interface ReceiptTexts {
  subject: string;
  greeting: string;
  intro: string;
  item_credits: string;
  item_premium: string;
  bonus: string;
  total: string;
  vat: string;
  transaction: string;
  seller: string;
  withdrawal: string;
  signoff: string;
}

/** Placeholders: {brand} {name} {credits} {months} {rate}. */
const TEXTS: Record<Locale, ReceiptTexts> = {
  en: {
    subject: 'Your receipt from {brand}',
    greeting: 'Hi {name},',
    intro: 'Thank you for your purchase. This is your receipt.',
    item_credits: '{credits} credits',
    item_premium: 'Premium, {months} months',
    bonus: 'Bonus credits',
    total: 'Total paid',
    vat: 'Including VAT ({rate} %)',
    transaction: 'Transaction',
    seller: 'Seller',
    withdrawal: 'You agreed that delivery starts immediately and that your right of withdrawal ends once the credits or premium are delivered.',
    signoff: 'Kind regards,\nThe {brand} team',
  },
  nl: {
    subject: 'Je betaalbewijs van {brand}',
    greeting: 'Hoi {name},',
    intro: 'Bedankt voor je aankoop. Dit is je betaalbewijs.',
    item_credits: '{credits} credits',
    item_premium: 'Premium, {months} maanden',
    bonus: 'Bonuscredits',
    total: 'Totaal betaald',
    vat: 'Inclusief btw ({rate} %)',
    transaction: 'Transactie',
    seller: 'Verkoper',
    withdrawal: 'Je hebt ermee ingestemd dat de levering direct begint en dat je herroepingsrecht vervalt zodra de credits of premium zijn geleverd.',
    signoff: 'Met vriendelijke groet,\nHet {brand}-team',
  },
  de: {
    subject: 'Deine Quittung von {brand}',
    greeting: 'Hallo {name},',
    intro: 'vielen Dank für deinen Kauf. Hier ist deine Quittung.',
    item_credits: '{credits} Credits',
    item_premium: 'Premium, {months} Monate',
    bonus: 'Bonus-Credits',
    total: 'Bezahlt insgesamt',
    vat: 'Inklusive MwSt. ({rate} %)',
    transaction: 'Transaktion',
    seller: 'Verkäufer',
    withdrawal: 'Du hast zugestimmt, dass die Lieferung sofort beginnt und dein Widerrufsrecht mit der Lieferung der Credits oder von Premium erlischt.',
    signoff: 'Viele Grüße\nDein {brand}-Team',
  },
  it: {
    subject: 'La tua ricevuta da {brand}',
    greeting: 'Ciao {name},',
    intro: 'grazie per il tuo acquisto. Ecco la tua ricevuta.',
    item_credits: '{credits} crediti',
    item_premium: 'Premium, {months} mesi',
    bonus: 'Crediti bonus',
    total: 'Totale pagato',
    vat: 'IVA inclusa ({rate} %)',
    transaction: 'Transazione',
    seller: 'Venditore',
    withdrawal: 'Hai accettato che la fornitura inizi subito e che il diritto di recesso termini una volta forniti i crediti o il Premium.',
    signoff: 'Cordiali saluti,\nIl team di {brand}',
  },
  fr: {
    subject: 'Votre reçu de {brand}',
    greeting: 'Bonjour {name},',
    intro: 'Merci pour votre achat. Voici votre reçu.',
    item_credits: '{credits} crédits',
    item_premium: 'Premium, {months} mois',
    bonus: 'Crédits bonus',
    total: 'Total payé',
    vat: 'TVA incluse ({rate} %)',
    transaction: 'Transaction',
    seller: 'Vendeur',
    withdrawal: 'Vous avez accepté que la fourniture commence immédiatement et que votre droit de rétractation prenne fin dès la livraison des crédits ou du Premium.',
    signoff: 'Cordialement,\nL’équipe {brand}',
  },
  es: {
    subject: 'Tu recibo de {brand}',
    greeting: 'Hola, {name}:',
    intro: 'Gracias por tu compra. Este es tu recibo.',
    item_credits: '{credits} créditos',
    item_premium: 'Premium, {months} meses',
    bonus: 'Créditos de bonificación',
    total: 'Total pagado',
    vat: 'IVA incluido ({rate} %)',
    transaction: 'Transacción',
    seller: 'Vendedor',
    withdrawal: 'Aceptaste que la entrega empiece de inmediato y que tu derecho de desistimiento termine una vez entregados los créditos o el Premium.',
    signoff: 'Saludos cordiales,\nEl equipo de {brand}',
  },
  pl: {
    subject: 'Twój paragon od {brand}',
    greeting: 'Cześć {name},',
    intro: 'dziękujemy za zakup. Oto Twój paragon.',
    item_credits: '{credits} kredytów',
    item_premium: 'Premium, {months} mies.',
    bonus: 'Kredyty bonusowe',
    total: 'Zapłacono łącznie',
    vat: 'W tym VAT ({rate} %)',
    transaction: 'Transakcja',
    seller: 'Sprzedawca',
    withdrawal: 'Zgodziłeś się na natychmiastowe rozpoczęcie dostawy i na wygaśnięcie prawa odstąpienia od umowy po dostarczeniu kredytów lub Premium.',
    signoff: 'Pozdrawiamy,\nZespół {brand}',
  },
};

export interface ReceiptInput {
  site: Site;
  memberId: number;
  to: string;
  name: string;
  language: string | null;
  transactionId: string;
  amountCents: number;
  currency: string;
  vatRate: number;
  credits: number;
  bonusCredits: number;
  months: number | null;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The receipt in the member's language, with the seller's details and the VAT in the price. */
export function renderReceipt(r: ReceiptInput): { subject: string; text: string; html: string; language: Locale } {
  const lang: Locale = isLocale(r.language) ? r.language : 'en';
  const t = TEXTS[lang];
  const money = (cents: number) => new Intl.NumberFormat(lang, { style: 'currency', currency: r.currency }).format(cents / 100);
  const number = (n: number) => new Intl.NumberFormat(lang).format(n);
  const fill = (s: string) =>
    s
      .replace('{brand}', r.site.name)
      .replace('{name}', r.name)
      .replace('{credits}', number(r.credits))
      .replace('{months}', String(r.months ?? ''))
      .replace('{rate}', number(r.vatRate));
  const vatCents = Math.round(r.amountCents - r.amountCents / (1 + r.vatRate / 100));
  const c = r.site.company;
  const lines: [string, string][] = [
    [r.months ? fill(t.item_premium) : fill(t.item_credits), money(r.amountCents)],
    ...(r.bonusCredits ? ([[t.bonus, `+${number(r.bonusCredits)}`]] as [string, string][]) : []),
    [t.total, money(r.amountCents)],
    [fill(t.vat), money(vatCents)],
    [t.transaction, r.transactionId],
  ];
  const seller = [c.name, c.address, c.city, c.country, `KvK/Reg. ${c.kvk}`, ...c.vat_numbers.map((v) => `VAT ${v}`), c.support_phone];
  const text = [
    fill(t.greeting),
    t.intro,
    lines.map(([k, v]) => `${k}: ${v}`).join('\n'),
    `${t.seller}:\n${seller.join('\n')}`,
    t.withdrawal,
    fill(t.signoff),
  ].join('\n\n') + '\n';
  const html = [
    '<!doctype html>',
    `<html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(fill(t.subject))}</title></head>`,
    '<body style="font-family: sans-serif; line-height: 1.5">',
    `<p>${escapeHtml(fill(t.greeting))}</p><p>${escapeHtml(t.intro)}</p>`,
    '<table>',
    ...lines.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`),
    '</table>',
    `<p><strong>${escapeHtml(t.seller)}</strong><br>${seller.map(escapeHtml).join('<br>')}</p>`,
    `<p>${escapeHtml(t.withdrawal)}</p>`,
    `<p>${escapeHtml(fill(t.signoff)).replace(/\n/g, '<br>')}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject: fill(t.subject), text, html, language: lang };
}

/** Puts the receipt in the outbox in the caller's transaction (src/mail delivers it). */
export async function queueReceipt(db: Db, r: ReceiptInput): Promise<void> {
  const m = renderReceipt(r);
  await db.query(
    `INSERT INTO outbox (site_id, member_id, kind, to_email, language, subject, text_body, html_body)
     VALUES ($1, $2, 'receipt', $3, $4, $5, $6, $7)`,
    [r.site.id, r.memberId, r.to, m.language, m.subject, m.text, m.html],
  );
}
