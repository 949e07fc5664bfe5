import { isLocale, type Locale } from '@dating/shared';

export type MailKind = 'activation' | 'password_reset' | 'mail_change';

interface Texts {
  greeting: string;
  signoff: string;
  activation: { subject: string; intro: string; outro: string };
  password_reset: { subject: string; intro: string; outro: string };
  mail_change: { subject: string; intro: string; outro: string };
}

/**
 * The account mails in the seven languages. Placeholders: {brand}, {name}, {days}. The link goes
 * on a line of its own between intro and outro.
 */
export const MAIL_TEXTS: Record<Locale, Texts> = {
  en: {
    greeting: 'Hi {name},',
    signoff: 'Kind regards,\nThe {brand} team',
    activation: {
      subject: 'Confirm your email address for {brand}',
      intro: 'Welcome to {brand}! Please confirm your email address by opening this link:',
      outro: 'The link is valid for {days} days. If you did not create an account, you can ignore this email.',
    },
    password_reset: {
      subject: 'Reset your {brand} password',
      intro: 'Someone (hopefully you) asked to reset the password of your {brand} account. Choose a new password here:',
      outro: 'The link is valid for 1 hour and works once. If you did not ask for this, ignore this email: your password stays the same.',
    },
    mail_change: {
      subject: 'Confirm your new email address for {brand}',
      intro: 'You asked to use this address for your {brand} account. Confirm it by opening this link:',
      outro: 'The link is valid for 24 hours. If you did not ask for this, ignore this email: nothing changes.',
    },
  },
  nl: {
    greeting: 'Hoi {name},',
    signoff: 'Met vriendelijke groet,\nHet {brand}-team',
    activation: {
      subject: 'Bevestig je e-mailadres voor {brand}',
      intro: 'Welkom bij {brand}! Bevestig je e-mailadres door deze link te openen:',
      outro: 'De link is {days} dagen geldig. Heb je geen account aangemaakt? Dan kun je deze e-mail negeren.',
    },
    password_reset: {
      subject: 'Stel een nieuw wachtwoord in voor {brand}',
      intro: 'Iemand (hopelijk jij) heeft gevraagd om het wachtwoord van je {brand}-account opnieuw in te stellen. Kies hier een nieuw wachtwoord:',
      outro: 'De link is 1 uur geldig en werkt één keer. Heb je dit niet gevraagd? Negeer dan deze e-mail: je wachtwoord blijft hetzelfde.',
    },
    mail_change: {
      subject: 'Bevestig je nieuwe e-mailadres voor {brand}',
      intro: 'Je hebt gevraagd om dit adres te gebruiken voor je {brand}-account. Bevestig het door deze link te openen:',
      outro: 'De link is 24 uur geldig. Heb je dit niet gevraagd? Negeer dan deze e-mail: er verandert niets.',
    },
  },
  de: {
    greeting: 'Hallo {name},',
    signoff: 'Viele Grüße\nDein {brand}-Team',
    activation: {
      subject: 'Bestätige deine E-Mail-Adresse für {brand}',
      intro: 'willkommen bei {brand}! Bitte bestätige deine E-Mail-Adresse, indem du diesen Link öffnest:',
      outro: 'Der Link ist {days} Tage gültig. Wenn du kein Konto angelegt hast, kannst du diese E-Mail ignorieren.',
    },
    password_reset: {
      subject: 'Setze dein Passwort für {brand} zurück',
      intro: 'jemand (hoffentlich du) möchte das Passwort deines {brand}-Kontos zurücksetzen. Wähle hier ein neues Passwort:',
      outro: 'Der Link ist 1 Stunde gültig und funktioniert nur einmal. Wenn du das nicht angefordert hast, ignoriere diese E-Mail: Dein Passwort bleibt unverändert.',
    },
    mail_change: {
      subject: 'Bestätige deine neue E-Mail-Adresse für {brand}',
      intro: 'du möchtest diese Adresse für dein {brand}-Konto verwenden. Bestätige sie, indem du diesen Link öffnest:',
      outro: 'Der Link ist 24 Stunden gültig. Wenn du das nicht angefordert hast, ignoriere diese E-Mail: Es ändert sich nichts.',
    },
  },
  it: {
    greeting: 'Ciao {name},',
    signoff: 'Cordiali saluti,\nIl team di {brand}',
    activation: {
      subject: 'Conferma il tuo indirizzo email per {brand}',
      intro: 'ti diamo il benvenuto su {brand}! Conferma il tuo indirizzo email aprendo questo link:',
      outro: "Il link è valido per {days} giorni. Se non hai creato tu l'account, puoi ignorare questa email.",
    },
    password_reset: {
      subject: 'Reimposta la password di {brand}',
      intro: 'qualcuno (speriamo tu) ha chiesto di reimpostare la password del tuo account {brand}. Scegli una nuova password qui:',
      outro: "Il link è valido per 1 ora e funziona una sola volta. Se non l'hai chiesto tu, ignora questa email: la tua password resta invariata.",
    },
    mail_change: {
      subject: 'Conferma il tuo nuovo indirizzo email per {brand}',
      intro: 'hai chiesto di usare questo indirizzo per il tuo account {brand}. Confermalo aprendo questo link:',
      outro: "Il link è valido per 24 ore. Se non l'hai chiesto tu, ignora questa email: non cambierà nulla.",
    },
  },
  fr: {
    greeting: 'Bonjour {name},',
    signoff: "Cordialement,\nL'équipe {brand}",
    activation: {
      subject: 'Confirmez votre adresse e-mail pour {brand}',
      intro: 'Bienvenue sur {brand} ! Confirmez votre adresse e-mail en ouvrant ce lien :',
      outro: "Ce lien est valable {days} jours. Si vous n'avez pas créé de compte, vous pouvez ignorer cet e-mail.",
    },
    password_reset: {
      subject: 'Réinitialisez votre mot de passe {brand}',
      intro: "Quelqu'un (vous, nous l'espérons) a demandé à réinitialiser le mot de passe de votre compte {brand}. Choisissez un nouveau mot de passe ici :",
      outro: "Ce lien est valable 1 heure et ne fonctionne qu'une fois. Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail : votre mot de passe reste inchangé.",
    },
    mail_change: {
      subject: 'Confirmez votre nouvelle adresse e-mail pour {brand}',
      intro: 'Vous avez demandé à utiliser cette adresse pour votre compte {brand}. Confirmez-la en ouvrant ce lien :',
      outro: "Ce lien est valable 24 heures. Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail : rien ne change.",
    },
  },
  es: {
    greeting: 'Hola, {name}:',
    signoff: 'Un saludo,\nEl equipo de {brand}',
    activation: {
      subject: 'Confirma tu dirección de correo electrónico para {brand}',
      intro: '¡Te damos la bienvenida a {brand}! Confirma tu dirección de correo electrónico abriendo este enlace:',
      outro: 'El enlace es válido durante {days} días. Si no has creado ninguna cuenta, puedes ignorar este correo.',
    },
    password_reset: {
      subject: 'Restablece tu contraseña de {brand}',
      intro: 'Alguien (esperamos que tú) ha pedido restablecer la contraseña de tu cuenta de {brand}. Elige una contraseña nueva aquí:',
      outro: 'El enlace es válido durante 1 hora y solo funciona una vez. Si no lo has pedido tú, ignora este correo: tu contraseña no cambia.',
    },
    mail_change: {
      subject: 'Confirma tu nueva dirección de correo electrónico para {brand}',
      intro: 'Has pedido usar esta dirección para tu cuenta de {brand}. Confírmala abriendo este enlace:',
      outro: 'El enlace es válido durante 24 horas. Si no lo has pedido tú, ignora este correo: no cambiará nada.',
    },
  },
  pl: {
    greeting: 'Cześć {name},',
    signoff: 'Pozdrawiamy,\nZespół {brand}',
    activation: {
      subject: 'Potwierdź swój adres e-mail w {brand}',
      intro: 'witamy w {brand}! Potwierdź swój adres e-mail, otwierając ten link:',
      outro: 'Link jest ważny przez {days} dni. Jeśli konto nie zostało założone przez Ciebie, możesz zignorować tę wiadomość.',
    },
    password_reset: {
      subject: 'Zresetuj hasło w {brand}',
      intro: 'ktoś (mamy nadzieję, że Ty) poprosił o zresetowanie hasła do Twojego konta {brand}. Wybierz nowe hasło tutaj:',
      outro: 'Link jest ważny przez 1 godzinę i działa tylko raz. Jeśli to nie Twoja prośba, zignoruj tę wiadomość: Twoje hasło pozostanie bez zmian.',
    },
    mail_change: {
      subject: 'Potwierdź nowy adres e-mail w {brand}',
      intro: 'otrzymaliśmy prośbę o używanie tego adresu dla Twojego konta {brand}. Potwierdź go, otwierając ten link:',
      outro: 'Link jest ważny przez 24 godziny. Jeśli to nie Twoja prośba, zignoruj tę wiadomość: nic się nie zmieni.',
    },
  },
};

export interface MailVars {
  brand: string;
  name: string;
  link: string;
  days?: number;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  language: Locale;
}

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function fill(template: string, vars: MailVars): string {
  return template.replace(/\{(brand|name|days)\}/g, (_, key: 'brand' | 'name' | 'days') => String(vars[key] ?? ''));
}

/** A mail in the member's language (English when the language is unknown). */
export function renderMail(kind: MailKind, language: string | null | undefined, vars: MailVars): RenderedMail {
  const lang: Locale = isLocale(language) ? language : 'en';
  const t = MAIL_TEXTS[lang];
  const k = t[kind];
  const paragraphs = [fill(t.greeting, vars), fill(k.intro, vars), vars.link, fill(k.outro, vars), fill(t.signoff, vars)];
  const text = paragraphs.join('\n\n') + '\n';
  const html = [
    '<!doctype html>',
    `<html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(fill(k.subject, vars))}</title></head>`,
    '<body style="font-family: sans-serif; line-height: 1.5">',
    ...paragraphs.map((p) =>
      p === vars.link
        ? `<p><a href="${escapeHtml(p)}">${escapeHtml(p)}</a></p>`
        : `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`,
    ),
    '</body></html>',
  ].join('\n');
  return { subject: fill(k.subject, vars), text, html, language: lang };
}
