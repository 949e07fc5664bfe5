import IntlMessageFormat from 'intl-messageformat';
import { isLocale, type Locale } from '@dating/shared';
import { TOKEN_TTL_S } from '../account/tokens';

export type MailKind = 'activation' | 'password_reset' | 'mail_change';

interface Texts {
  greeting: string;
  signoff: string;
  activation: { subject: string; intro: string; outro: string };
  password_reset: { subject: string; intro: string; outro: string };
  mail_change: { subject: string; intro: string; outro: string };
}

/**
 * The account mails in the seven languages, as ICU messages (intl-messageformat): {brand}, {name},
 * and how long the link is valid, {days} or {hours}, with the language's plural forms. The link goes
 * on a line of its own between intro and outro.
 */
export const MAIL_TEXTS: Record<Locale, Texts> = {
  en: {
    greeting: 'Hi {name},',
    signoff: 'Kind regards,\nThe {brand} team',
    activation: {
      subject: 'Confirm your email address for {brand}',
      intro: 'Welcome to {brand}! Please confirm your email address by opening this link:',
      outro: 'The link is valid for {days, plural, one {# day} other {# days}}. If you did not create an account, you can ignore this email.',
    },
    password_reset: {
      subject: 'Reset your {brand} password',
      intro: 'Someone (hopefully you) asked to reset the password of your {brand} account. Choose a new password here:',
      outro: 'The link is valid for {hours, plural, one {# hour} other {# hours}} and works once. If you did not ask for this, ignore this email: your password stays the same.',
    },
    mail_change: {
      subject: 'Confirm your new email address for {brand}',
      intro: 'You asked to use this address for your {brand} account. Confirm it by opening this link:',
      outro: 'The link is valid for {hours, plural, one {# hour} other {# hours}}. If you did not ask for this, ignore this email: nothing changes.',
    },
  },
  nl: {
    greeting: 'Hoi {name},',
    signoff: 'Met vriendelijke groet,\nHet {brand}-team',
    activation: {
      subject: 'Bevestig je e-mailadres voor {brand}',
      intro: 'Welkom bij {brand}! Bevestig je e-mailadres door deze link te openen:',
      outro: 'De link is {days, plural, one {# dag} other {# dagen}} geldig. Heb je geen account aangemaakt? Dan kun je deze e-mail negeren.',
    },
    password_reset: {
      subject: 'Stel een nieuw wachtwoord in voor {brand}',
      intro: 'Iemand (hopelijk jij) heeft gevraagd om het wachtwoord van je {brand}-account opnieuw in te stellen. Kies hier een nieuw wachtwoord:',
      outro: 'De link is {hours} uur geldig en werkt één keer. Heb je dit niet gevraagd? Negeer dan deze e-mail: je wachtwoord blijft hetzelfde.',
    },
    mail_change: {
      subject: 'Bevestig je nieuwe e-mailadres voor {brand}',
      intro: 'Je hebt gevraagd om dit adres te gebruiken voor je {brand}-account. Bevestig het door deze link te openen:',
      outro: 'De link is {hours} uur geldig. Heb je dit niet gevraagd? Negeer dan deze e-mail: er verandert niets.',
    },
  },
  de: {
    greeting: 'Hallo {name},',
    signoff: 'Viele Grüße\nDein {brand}-Team',
    activation: {
      subject: 'Bestätige deine E-Mail-Adresse für {brand}',
      intro: 'willkommen bei {brand}! Bitte bestätige deine E-Mail-Adresse, indem du diesen Link öffnest:',
      outro: 'Der Link ist {days, plural, one {# Tag} other {# Tage}} gültig. Wenn du kein Konto angelegt hast, kannst du diese E-Mail ignorieren.',
    },
    password_reset: {
      subject: 'Setze dein Passwort für {brand} zurück',
      intro: 'jemand (hoffentlich du) möchte das Passwort deines {brand}-Kontos zurücksetzen. Wähle hier ein neues Passwort:',
      outro: 'Der Link ist {hours, plural, one {# Stunde} other {# Stunden}} gültig und funktioniert nur einmal. Wenn du das nicht angefordert hast, ignoriere diese E-Mail: Dein Passwort bleibt unverändert.',
    },
    mail_change: {
      subject: 'Bestätige deine neue E-Mail-Adresse für {brand}',
      intro: 'du möchtest diese Adresse für dein {brand}-Konto verwenden. Bestätige sie, indem du diesen Link öffnest:',
      outro: 'Der Link ist {hours, plural, one {# Stunde} other {# Stunden}} gültig. Wenn du das nicht angefordert hast, ignoriere diese E-Mail: Es ändert sich nichts.',
    },
  },
  it: {
    greeting: 'Ciao {name},',
    signoff: 'Cordiali saluti,\nIl team di {brand}',
    activation: {
      subject: 'Conferma il tuo indirizzo email per {brand}',
      intro: 'ti diamo il benvenuto su {brand}! Conferma il tuo indirizzo email aprendo questo link:',
      outro: "Il link è valido per {days, plural, one {# giorno} other {# giorni}}. Se non hai creato tu l'account, puoi ignorare questa email.",
    },
    password_reset: {
      subject: 'Reimposta la password di {brand}',
      intro: 'qualcuno (speriamo tu) ha chiesto di reimpostare la password del tuo account {brand}. Scegli una nuova password qui:',
      outro: "Il link è valido per {hours, plural, one {# ora} other {# ore}} e funziona una sola volta. Se non l'hai chiesto tu, ignora questa email: la tua password resta invariata.",
    },
    mail_change: {
      subject: 'Conferma il tuo nuovo indirizzo email per {brand}',
      intro: 'hai chiesto di usare questo indirizzo per il tuo account {brand}. Confermalo aprendo questo link:',
      outro: "Il link è valido per {hours, plural, one {# ora} other {# ore}}. Se non l'hai chiesto tu, ignora questa email: non cambierà nulla.",
    },
  },
  fr: {
    greeting: 'Bonjour {name},',
    signoff: "Cordialement,\nL'équipe {brand}",
    activation: {
      subject: 'Confirmez votre adresse e-mail pour {brand}',
      intro: 'Bienvenue sur {brand} ! Confirmez votre adresse e-mail en ouvrant ce lien :',
      outro: "Ce lien est valable {days, plural, one {# jour} other {# jours}}. Si vous n'avez pas créé de compte, vous pouvez ignorer cet e-mail.",
    },
    password_reset: {
      subject: 'Réinitialisez votre mot de passe {brand}',
      intro: "Quelqu'un (vous, nous l'espérons) a demandé à réinitialiser le mot de passe de votre compte {brand}. Choisissez un nouveau mot de passe ici :",
      outro: "Ce lien est valable {hours, plural, one {# heure} other {# heures}} et ne fonctionne qu'une fois. Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail : votre mot de passe reste inchangé.",
    },
    mail_change: {
      subject: 'Confirmez votre nouvelle adresse e-mail pour {brand}',
      intro: 'Vous avez demandé à utiliser cette adresse pour votre compte {brand}. Confirmez-la en ouvrant ce lien :',
      outro: "Ce lien est valable {hours, plural, one {# heure} other {# heures}}. Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail : rien ne change.",
    },
  },
  es: {
    greeting: 'Hola, {name}:',
    signoff: 'Un saludo,\nEl equipo de {brand}',
    activation: {
      subject: 'Confirma tu dirección de correo electrónico para {brand}',
      intro: '¡Te damos la bienvenida a {brand}! Confirma tu dirección de correo electrónico abriendo este enlace:',
      outro: 'El enlace es válido durante {days, plural, one {# día} other {# días}}. Si no has creado ninguna cuenta, puedes ignorar este correo.',
    },
    password_reset: {
      subject: 'Restablece tu contraseña de {brand}',
      intro: 'Alguien (esperamos que tú) ha pedido restablecer la contraseña de tu cuenta de {brand}. Elige una contraseña nueva aquí:',
      outro: 'El enlace es válido durante {hours, plural, one {# hora} other {# horas}} y solo funciona una vez. Si no lo has pedido tú, ignora este correo: tu contraseña no cambia.',
    },
    mail_change: {
      subject: 'Confirma tu nueva dirección de correo electrónico para {brand}',
      intro: 'Has pedido usar esta dirección para tu cuenta de {brand}. Confírmala abriendo este enlace:',
      outro: 'El enlace es válido durante {hours, plural, one {# hora} other {# horas}}. Si no lo has pedido tú, ignora este correo: no cambiará nada.',
    },
  },
  pl: {
    greeting: 'Cześć {name},',
    signoff: 'Pozdrawiamy,\nZespół {brand}',
    activation: {
      subject: 'Potwierdź swój adres e-mail w {brand}',
      intro: 'witamy w {brand}! Potwierdź swój adres e-mail, otwierając ten link:',
      outro: 'Link jest ważny przez {days, plural, one {# dzień} few {# dni} many {# dni} other {# dnia}}. Jeśli konto nie zostało założone przez Ciebie, możesz zignorować tę wiadomość.',
    },
    password_reset: {
      subject: 'Zresetuj hasło w {brand}',
      intro: 'ktoś (mamy nadzieję, że Ty) poprosił o zresetowanie hasła do Twojego konta {brand}. Wybierz nowe hasło tutaj:',
      outro: 'Link jest ważny przez {hours, plural, one {# godzinę} few {# godziny} many {# godzin} other {# godziny}} i działa tylko raz. Jeśli to nie Twoja prośba, zignoruj tę wiadomość: Twoje hasło pozostanie bez zmian.',
    },
    mail_change: {
      subject: 'Potwierdź nowy adres e-mail w {brand}',
      intro: 'otrzymaliśmy prośbę o używanie tego adresu dla Twojego konta {brand}. Potwierdź go, otwierając ten link:',
      outro: 'Link jest ważny przez {hours, plural, one {# godzinę} few {# godziny} many {# godzin} other {# godziny}}. Jeśli to nie Twoja prośba, zignoruj tę wiadomość: nic się nie zmieni.',
    },
  },
};

export interface MailVars {
  brand: string;
  name: string;
  link: string;
}

/** How long each mail's link is valid: the tokens' lifetimes (src/account/tokens.ts). */
const VALIDITY: Record<MailKind, { days: number; hours: number }> = {
  activation: { days: TOKEN_TTL_S.activate / 86_400, hours: TOKEN_TTL_S.activate / 3600 },
  password_reset: { days: TOKEN_TTL_S.password_reset / 86_400, hours: TOKEN_TTL_S.password_reset / 3600 },
  mail_change: { days: TOKEN_TTL_S.mail_change / 86_400, hours: TOKEN_TTL_S.mail_change / 3600 },
};

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  language: Locale;
}

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const formats = new Map<string, IntlMessageFormat>();

/** A message of MAIL_TEXTS with its values (each message parsed once per language). */
function format(lang: Locale, message: string, values: Record<string, string | number>): string {
  const key = `${lang}\u0000${message}`;
  let f = formats.get(key);
  if (!f) formats.set(key, (f = new IntlMessageFormat(message, lang)));
  return String(f.format(values));
}

/** A mail in the member's language (English when the language is unknown). */
export function renderMail(kind: MailKind, language: string | null | undefined, vars: MailVars): RenderedMail {
  const lang: Locale = isLocale(language) ? language : 'en';
  const t = MAIL_TEXTS[lang];
  const k = t[kind];
  const values = { brand: vars.brand, name: vars.name, ...VALIDITY[kind] };
  const fill = (message: string) => format(lang, message, values);
  const subject = fill(k.subject);
  const paragraphs = [fill(t.greeting), fill(k.intro), vars.link, fill(k.outro), fill(t.signoff)];
  const text = paragraphs.join('\n\n') + '\n';
  const html = [
    '<!doctype html>',
    `<html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family: sans-serif; line-height: 1.5">',
    ...paragraphs.map((p) =>
      p === vars.link
        ? `<p><a href="${escapeHtml(p)}">${escapeHtml(p)}</a></p>`
        : `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`,
    ),
    '</body></html>',
  ].join('\n');
  return { subject, text, html, language: lang };
}
