import type { ComplaintCategory, Locale } from '@dating/shared';
import { COMPLAINT_NOTICE_TEXTS, escapeHtml, formatMailMessage, type RenderedMail } from '../mail/templates';

interface ConfirmationTexts {
  subject: string;
  greeting: string;
  greetingAnonymous: string;
  intro: string;
  /** Why the visitor's own words are not in the mail (a fixed text: the form is no mail relay). */
  notRepeated: string;
  reference: string;
  outro: string;
  signoff: string;
  categories: Record<ComplaintCategory, string>;
}

/** The confirmation of a complaint in the seven languages, as ICU messages (intl-messageformat). Placeholders: {brand}, {name}, {reference}, {category}, {days}. */
export const COMPLAINT_MAIL_TEXTS: Record<Locale, ConfirmationTexts> = {
  en: {
    subject: 'We received your complaint ({reference})',
    greeting: 'Hi {name},',
    greetingAnonymous: 'Hello,',
    intro: 'Thank you for letting us know. We have received your complaint about {category} and customer service will look into it personally.',
    notRepeated: 'For your safety this email does not repeat what you wrote: we never send on text or links from a form. Customer service has your complaint as you submitted it.',
    reference: 'Reference: {reference}',
    outro: 'We answer within {days} working days, by email to this address. If you want to add something, simply reply to this email and mention the reference.',
    signoff: 'Kind regards,\nCustomer service of {brand}',
    categories: { member: 'a member', message: 'a message', payment: 'a payment', photo: 'a photo', other: 'another matter' },
  },
  nl: {
    subject: 'We hebben je klacht ontvangen ({reference})',
    greeting: 'Hoi {name},',
    greetingAnonymous: 'Hallo,',
    intro: 'Bedankt dat je het ons laat weten. We hebben je klacht over {category} ontvangen en de klantenservice gaat er persoonlijk mee aan de slag.',
    notRepeated: 'Voor je veiligheid herhaalt deze e-mail niet wat je schreef: we sturen nooit tekst of links uit een formulier door. De klantenservice heeft je klacht zoals je die hebt ingediend.',
    reference: 'Kenmerk: {reference}',
    outro: 'We antwoorden binnen {days} werkdagen per e-mail op dit adres. Wil je iets toevoegen? Beantwoord dan gewoon deze e-mail en vermeld het kenmerk.',
    signoff: 'Met vriendelijke groet,\nDe klantenservice van {brand}',
    categories: { member: 'een lid', message: 'een bericht', payment: 'een betaling', photo: 'een foto', other: 'een andere kwestie' },
  },
  de: {
    subject: 'Wir haben deine Beschwerde erhalten ({reference})',
    greeting: 'Hallo {name},',
    greetingAnonymous: 'Hallo,',
    intro: 'danke, dass du uns Bescheid gibst. Wir haben deine Beschwerde über {category} erhalten, und unser Kundenservice kümmert sich persönlich darum.',
    notRepeated: 'Zu deiner Sicherheit wiederholt diese E-Mail nicht, was du geschrieben hast: Wir leiten nie Text oder Links aus einem Formular weiter. Der Kundenservice hat deine Beschwerde so, wie du sie eingereicht hast.',
    reference: 'Aktenzeichen: {reference}',
    outro: 'Wir antworten innerhalb von {days} Werktagen per E-Mail an diese Adresse. Wenn du etwas ergänzen möchtest, antworte einfach auf diese E-Mail und nenne das Aktenzeichen.',
    signoff: 'Viele Grüße\nDer Kundenservice von {brand}',
    categories: { member: 'ein Mitglied', message: 'eine Nachricht', payment: 'eine Zahlung', photo: 'ein Foto', other: 'ein anderes Anliegen' },
  },
  it: {
    subject: 'Abbiamo ricevuto il tuo reclamo ({reference})',
    greeting: 'Ciao {name},',
    greetingAnonymous: 'Buongiorno,',
    intro: 'grazie per avercelo segnalato. Abbiamo ricevuto il tuo reclamo riguardante {category} e il servizio clienti se ne occuperà personalmente.',
    notRepeated: "Per la tua sicurezza questa email non ripete ciò che hai scritto: non inoltriamo mai testi o link provenienti da un modulo. Il servizio clienti ha il tuo reclamo così come l'hai inviato.",
    reference: 'Numero di pratica: {reference}',
    outro: 'Ti risponderemo entro {days} giorni lavorativi via email a questo indirizzo. Se vuoi aggiungere qualcosa, rispondi semplicemente a questa email indicando il numero di pratica.',
    signoff: 'Cordiali saluti,\nIl servizio clienti di {brand}',
    categories: { member: 'un membro', message: 'un messaggio', payment: 'un pagamento', photo: 'una foto', other: "un'altra questione" },
  },
  fr: {
    subject: 'Nous avons bien reçu votre réclamation ({reference})',
    greeting: 'Bonjour {name},',
    greetingAnonymous: 'Bonjour,',
    intro: 'Merci de nous avoir prévenus. Nous avons bien reçu votre réclamation concernant {category} et notre service client va l’examiner personnellement.',
    notRepeated: 'Pour votre sécurité, cet e-mail ne reprend pas ce que vous avez écrit : nous ne transmettons jamais de texte ni de liens issus d’un formulaire. Le service client dispose de votre réclamation telle que vous l’avez envoyée.',
    reference: 'Référence : {reference}',
    outro: 'Nous vous répondrons sous {days} jours ouvrés, par e-mail à cette adresse. Pour ajouter une information, répondez simplement à cet e-mail en indiquant la référence.',
    signoff: 'Cordialement,\nLe service client de {brand}',
    categories: { member: 'un membre', message: 'un message', payment: 'un paiement', photo: 'une photo', other: 'une autre question' },
  },
  es: {
    subject: 'Hemos recibido tu reclamación ({reference})',
    greeting: 'Hola, {name}:',
    greetingAnonymous: 'Hola:',
    intro: 'Gracias por avisarnos. Hemos recibido tu reclamación sobre {category} y el servicio de atención al cliente la revisará personalmente.',
    notRepeated: 'Por tu seguridad, este correo no repite lo que escribiste: nunca reenviamos textos ni enlaces de un formulario. El servicio de atención al cliente tiene tu reclamación tal como la enviaste.',
    reference: 'Referencia: {reference}',
    outro: 'Te responderemos en un plazo de {days} días laborables por correo electrónico a esta dirección. Si quieres añadir algo, responde a este correo indicando la referencia.',
    signoff: 'Un saludo,\nEl servicio de atención al cliente de {brand}',
    categories: { member: 'un miembro', message: 'un mensaje', payment: 'un pago', photo: 'una foto', other: 'otro asunto' },
  },
  pl: {
    subject: 'Otrzymaliśmy Twoją reklamację ({reference})',
    greeting: 'Cześć {name},',
    greetingAnonymous: 'Dzień dobry,',
    intro: 'dziękujemy za zgłoszenie. Otrzymaliśmy Twoją reklamację dotyczącą kategorii „{category}” i nasze biuro obsługi klienta zajmie się nią osobiście.',
    notRepeated: 'Dla Twojego bezpieczeństwa ta wiadomość nie powtarza tego, co napisałeś(-aś): nigdy nie przesyłamy dalej tekstu ani linków z formularza. Biuro obsługi klienta ma Twoją reklamację w takiej formie, w jakiej ją wysłałeś(-aś).',
    reference: 'Numer zgłoszenia: {reference}',
    outro: 'Odpowiemy w ciągu {days} dni roboczych e-mailem na ten adres. Jeśli chcesz coś dodać, po prostu odpowiedz na tę wiadomość, podając numer zgłoszenia.',
    signoff: 'Pozdrawiamy,\nBiuro obsługi klienta {brand}',
    categories: { member: 'użytkownik', message: 'wiadomość', payment: 'płatność', photo: 'zdjęcie', other: 'inna sprawa' },
  },
};

/** Working days within which customer service answers a complaint (stated in the mail and on screen). */
export const COMPLAINT_ANSWER_DAYS = 5;

function html(lang: string, subject: string, paragraphs: string[]): string {
  return [
    '<!doctype html>',
    `<html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family: sans-serif; line-height: 1.5">',
    ...paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`),
    '</body></html>',
  ].join('\n');
}

export interface ComplaintMailVars {
  brand: string;
  name: string | null;
  reference: string;
  category: ComplaintCategory;
  description: string;
}

/**
 * The confirmation to the one who complained, in their language: the reference and fixed texts
 * only. A visitor types any address into the form, so nothing they wrote (the description, a link)
 * goes into this mail: the form would otherwise relay a stranger's words to anybody.
 */
export function renderComplaintConfirmation(lang: Locale, v: ComplaintMailVars): RenderedMail {
  const t = COMPLAINT_MAIL_TEXTS[lang];
  const values = { brand: v.brand, name: v.name ?? '', reference: v.reference, category: t.categories[v.category], days: COMPLAINT_ANSWER_DAYS };
  const fill = (message: string) => formatMailMessage(lang, message, values);
  const subject = fill(t.subject);
  const paragraphs = [
    v.name ? fill(t.greeting) : t.greetingAnonymous,
    fill(t.intro),
    fill(t.reference),
    t.notRepeated,
    fill(t.outro),
    fill(t.signoff),
  ];
  return { subject, text: paragraphs.join('\n\n') + '\n', html: html(lang, subject, paragraphs), language: lang };
}

/**
 * The notice to the site's customer service at its support address, in the site's language
 * (`supportLanguage`: the domain language), with every field; the complainant's language is named
 * in that language so support knows in which one to answer.
 */
export function renderComplaintNotice(
  supportLanguage: Locale,
  v: ComplaintMailVars & { from: string; memberId: number | null; reported: { id: number; name: string } | null; language: Locale; site: string },
): RenderedMail {
  const lang = supportLanguage;
  const t = COMPLAINT_NOTICE_TEXTS[lang];
  const values = {
    site: v.site,
    reference: v.reference,
    category: COMPLAINT_MAIL_TEXTS[lang].categories[v.category],
    from: v.name ? `${v.name} <${v.from}>` : v.from,
    member: v.memberId === null ? '' : String(v.memberId),
    language: new Intl.DisplayNames([lang], { type: 'language' }).of(v.language) ?? v.language,
    days: COMPLAINT_ANSWER_DAYS,
  };
  const fill = (message: string, extra: Record<string, string | number> = {}) => formatMailMessage(lang, message, { ...values, ...extra });
  const subject = fill(t.subject);
  const paragraphs = [
    fill(t.intro),
    [
      fill(t.reference),
      fill(t.category),
      fill(v.memberId !== null ? t.fromMember : t.fromVisitor),
      v.reported !== null ? fill(t.aboutMember, { member: String(v.reported.id), name: v.reported.name }) : fill(t.aboutNobody),
      fill(t.language),
    ].join('\n'),
    `${t.description}\n${v.description}`,
    fill(t.answerWithin),
  ];
  return { subject, text: paragraphs.join('\n\n') + '\n', html: html(lang, subject, paragraphs), language: lang };
}
