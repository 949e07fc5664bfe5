import IntlMessageFormat from 'intl-messageformat';
import { isLocale, type Locale, type ReportCategory } from '@dating/shared';
import { TOKEN_TTL_S } from '../account/tokens';

export type MailKind = 'activation' | 'password_reset' | 'mail_change' | 'login_notice' | 'mail_changed' | 'password_changed' | 'moderation_rejected';

interface Texts {
  greeting: string;
  signoff: string;
  activation: { subject: string; intro: string; outro: string };
  password_reset: { subject: string; intro: string; outro: string };
  mail_change: { subject: string; intro: string; outro: string };
  /** A login from a device the member never used ({device}, {time}); the link opens the sessions list. */
  login_notice: { subject: string; intro: string; outro: string };
  /** To the old address after an email change ({email}: the new one); the link undoes the change. */
  mail_changed: { subject: string; intro: string; outro: string };
  /** After a password change; the link leads to the password reset. */
  password_changed: { subject: string; intro: string; outro: string };
  /**
   * A moderator rejected a photo or a profile text ({what}: photo, name or personal, as an ICU
   * select) for {reason} (the site's reason, already in the member's language); the link opens the
   * profile, where they can upload again or write anew.
   */
  moderation_rejected: { subject: string; intro: string; outro: string };
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
    login_notice: {
      subject: 'New login to your {brand} account',
      intro: 'Your {brand} account was just opened on a device you had not used before: {device}, {time}. If this was you, there is nothing to do. If it was not, open this link, log out everywhere and change your password:',
      outro: 'We send this email each time your account is opened on a new device, so that nobody can use it without you knowing.',
    },
    mail_changed: {
      subject: 'The email address of your {brand} account was changed',
      intro: 'The email address of your {brand} account was just changed to {email}, and every other device was logged out. If this was you, there is nothing to do. If it was not, open this link: it puts this address back and logs out everywhere, then choose a new password.',
      outro: 'The link is valid for {days, plural, one {# day} other {# days}} and works once.',
    },
    password_changed: {
      subject: 'Your {brand} password was changed',
      intro: 'The password of your {brand} account was just changed, and every other device was logged out. If this was you, there is nothing to do. If it was not, choose a new password here at once:',
      outro: 'We send this email each time your password changes, so that nobody can change it without you knowing.',
    },
    moderation_rejected: {
      subject: 'Your {what, select, photo {photo} name {name} other {profile text}} on {brand} was not approved',
      intro: 'A moderator of {brand} did not approve your {what, select, photo {new photo} name {new name} other {new profile text}}. The reason: {reason} {what, select, photo {The photo is no longer shown.} other {Your profile shows the previous text again.}} You can change it on your profile:',
      outro: 'You are welcome to {what, select, photo {upload another photo} other {write it anew}}: it will be checked again.',
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
    login_notice: {
      subject: 'Nieuwe login op je {brand}-account',
      intro: 'Je {brand}-account is zojuist geopend op een apparaat dat je nog niet eerder gebruikte: {device}, {time}. Was jij dit? Dan hoef je niets te doen. Was jij het niet? Open dan deze link, log overal uit en wijzig je wachtwoord:',
      outro: 'We sturen deze e-mail telkens wanneer je account op een nieuw apparaat wordt geopend, zodat niemand het zonder jouw medeweten kan gebruiken.',
    },
    mail_changed: {
      subject: 'Het e-mailadres van je {brand}-account is gewijzigd',
      intro: 'Het e-mailadres van je {brand}-account is zojuist gewijzigd in {email}, en alle andere apparaten zijn uitgelogd. Was jij dit? Dan hoef je niets te doen. Was jij het niet? Open dan deze link: die zet dit adres terug en logt overal uit. Kies daarna een nieuw wachtwoord.',
      outro: 'De link is {days, plural, one {# dag} other {# dagen}} geldig en werkt één keer.',
    },
    password_changed: {
      subject: 'Je wachtwoord voor {brand} is gewijzigd',
      intro: 'Het wachtwoord van je {brand}-account is zojuist gewijzigd, en alle andere apparaten zijn uitgelogd. Was jij dit? Dan hoef je niets te doen. Was jij het niet? Kies dan hier meteen een nieuw wachtwoord:',
      outro: 'We sturen deze e-mail elke keer dat je wachtwoord verandert, zodat niemand het kan wijzigen zonder dat jij het weet.',
    },
    moderation_rejected: {
      subject: 'Je {what, select, photo {foto} name {naam} other {profieltekst}} op {brand} is niet goedgekeurd',
      intro: 'Een moderator van {brand} heeft je {what, select, photo {nieuwe foto} name {nieuwe naam} other {nieuwe profieltekst}} niet goedgekeurd. De reden: {reason} {what, select, photo {De foto wordt niet meer getoond.} other {Je profiel toont weer de vorige tekst.}} Je kunt dit aanpassen op je profiel:',
      outro: 'Je kunt gerust {what, select, photo {een andere foto uploaden} other {het opnieuw schrijven}}: het wordt dan opnieuw bekeken.',
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
    login_notice: {
      subject: 'Neue Anmeldung bei deinem {brand}-Konto',
      intro: 'Dein {brand}-Konto wurde gerade auf einem Gerät geöffnet, das du bisher nicht benutzt hast: {device}, {time}. Warst du das, musst du nichts tun. Wenn nicht, öffne diesen Link, melde dich überall ab und ändere dein Passwort:',
      outro: 'Wir senden diese E-Mail jedes Mal, wenn dein Konto auf einem neuen Gerät geöffnet wird, damit niemand es ohne dein Wissen nutzen kann.',
    },
    mail_changed: {
      subject: 'Die E-Mail-Adresse deines {brand}-Kontos wurde geändert',
      intro: 'Die E-Mail-Adresse deines {brand}-Kontos wurde gerade in {email} geändert, und alle anderen Geräte wurden abgemeldet. Warst du das, musst du nichts tun. Warst du es nicht, öffne diesen Link: Er stellt diese Adresse wieder her und meldet dich überall ab. Wähle danach ein neues Passwort.',
      outro: 'Der Link ist {days, plural, one {# Tag} other {# Tage}} gültig und funktioniert einmal.',
    },
    password_changed: {
      subject: 'Dein Passwort für {brand} wurde geändert',
      intro: 'Das Passwort deines {brand}-Kontos wurde gerade geändert, und alle anderen Geräte wurden abgemeldet. Warst du das, musst du nichts tun. Warst du es nicht, wähle hier sofort ein neues Passwort:',
      outro: 'Wir senden diese E-Mail bei jeder Änderung deines Passworts, damit niemand es ohne dein Wissen ändern kann.',
    },
    moderation_rejected: {
      subject: 'Dein{what, select, photo { Foto} name { Name} other {e Profiltext}} bei {brand} wurde nicht freigegeben',
      intro: 'Ein Moderator von {brand} hat {what, select, photo {dein neues Foto} name {deinen neuen Namen} other {deinen neuen Profiltext}} nicht freigegeben. Der Grund: {reason} {what, select, photo {Das Foto wird nicht mehr angezeigt.} other {Dein Profil zeigt wieder den vorherigen Text.}} Du kannst es in deinem Profil ändern:',
      outro: 'Du kannst gerne {what, select, photo {ein anderes Foto hochladen} other {es neu schreiben}}: Es wird dann erneut geprüft.',
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
    login_notice: {
      subject: 'Nuovo accesso al tuo account {brand}',
      intro: 'Il tuo account {brand} è appena stato aperto su un dispositivo che non avevi mai usato: {device}, {time}. Se sei stato tu, non devi fare nulla. Altrimenti apri questo link, esci da tutti i dispositivi e cambia la password:',
      outro: 'Ti inviamo questa email ogni volta che il tuo account viene aperto su un nuovo dispositivo, così nessuno può usarlo a tua insaputa.',
    },
    mail_changed: {
      subject: "L'indirizzo email del tuo account {brand} è stato cambiato",
      intro: "L'indirizzo email del tuo account {brand} è appena stato cambiato in {email} e tutti gli altri dispositivi sono stati disconnessi. Se sei stato tu, non devi fare nulla. Se non sei stato tu, apri questo link: ripristina questo indirizzo e ti disconnette ovunque; poi scegli una nuova password.",
      outro: 'Il link è valido per {days, plural, one {# giorno} other {# giorni}} e funziona una sola volta.',
    },
    password_changed: {
      subject: 'La tua password di {brand} è stata cambiata',
      intro: 'La password del tuo account {brand} è appena stata cambiata e tutti gli altri dispositivi sono stati disconnessi. Se sei stato tu, non devi fare nulla. Se non sei stato tu, scegli subito una nuova password qui:',
      outro: 'Ti inviamo questa email ogni volta che la tua password cambia, così nessuno può cambiarla a tua insaputa.',
    },
    moderation_rejected: {
      subject: '{what, select, photo {La tua foto} name {Il tuo nome} other {Il tuo testo del profilo}} su {brand} non è stato approvato',
      intro: 'Un moderatore di {brand} non ha approvato {what, select, photo {la tua nuova foto} name {il tuo nuovo nome} other {il tuo nuovo testo del profilo}}. Il motivo: {reason} {what, select, photo {La foto non viene più mostrata.} other {Il tuo profilo mostra di nuovo il testo precedente.}} Puoi modificarlo nel tuo profilo:',
      outro: 'Puoi {what, select, photo {caricare un’altra foto} other {riscriverlo}}: verrà controllato di nuovo.',
    },
  },
  fr: {
    greeting: 'Bonjour {name},',
    signoff: "Cordialement,\nL'équipe {brand}",
    activation: {
      subject: 'Confirme ton adresse e-mail pour {brand}',
      intro: 'Bienvenue sur {brand} ! Confirme ton adresse e-mail en ouvrant ce lien :',
      outro: "Ce lien est valable {days, plural, one {# jour} other {# jours}}. Si tu n'as pas créé de compte, tu peux ignorer cet e-mail.",
    },
    password_reset: {
      subject: 'Réinitialise ton mot de passe {brand}',
      intro: "Quelqu'un (toi, nous l'espérons) a demandé à réinitialiser le mot de passe de ton compte {brand}. Choisis un nouveau mot de passe ici :",
      outro: "Ce lien est valable {hours, plural, one {# heure} other {# heures}} et ne fonctionne qu'une fois. Si tu n'es pas à l'origine de cette demande, ignore cet e-mail : ton mot de passe reste inchangé.",
    },
    mail_change: {
      subject: 'Confirme ta nouvelle adresse e-mail pour {brand}',
      intro: 'Tu as demandé à utiliser cette adresse pour ton compte {brand}. Confirme-la en ouvrant ce lien :',
      outro: "Ce lien est valable {hours, plural, one {# heure} other {# heures}}. Si tu n'es pas à l'origine de cette demande, ignore cet e-mail : rien ne change.",
    },
    login_notice: {
      subject: 'Nouvelle connexion à ton compte {brand}',
      intro: "Ton compte {brand} vient d'être ouvert sur un appareil que tu n'avais jamais utilisé : {device}, {time}. Si c'était toi, tu n'as rien à faire. Sinon, ouvre ce lien, déconnecte-toi partout et change ton mot de passe :",
      outro: "Nous envoyons cet e-mail chaque fois que ton compte est ouvert sur un nouvel appareil, pour que personne ne puisse l'utiliser à ton insu.",
    },
    mail_changed: {
      subject: "L'adresse e-mail de ton compte {brand} a été modifiée",
      intro: "L'adresse e-mail de ton compte {brand} vient d'être remplacée par {email}, et tous les autres appareils ont été déconnectés. Si c'était toi, il n'y a rien à faire. Sinon, ouvre ce lien : il rétablit cette adresse et te déconnecte partout ; choisis ensuite un nouveau mot de passe.",
      outro: 'Le lien est valable {days, plural, one {# jour} other {# jours}} et ne fonctionne qu’une fois.',
    },
    password_changed: {
      subject: 'Ton mot de passe {brand} a été modifié',
      intro: "Le mot de passe de ton compte {brand} vient d'être modifié, et tous les autres appareils ont été déconnectés. Si c'était toi, il n'y a rien à faire. Sinon, choisis tout de suite un nouveau mot de passe ici :",
      outro: 'Nous envoyons cet e-mail à chaque changement de mot de passe, pour que personne ne puisse le modifier à ton insu.',
    },
    moderation_rejected: {
      subject: '{what, select, photo {Ta photo sur {brand} n’a pas été approuvée} name {Ton nom sur {brand} n’a pas été approuvé} other {Ton texte de profil sur {brand} n’a pas été approuvé}}',
      intro: 'Un modérateur de {brand} n’a pas approuvé {what, select, photo {ta nouvelle photo} name {ton nouveau nom} other {ton nouveau texte de profil}}. La raison : {reason} {what, select, photo {La photo n’est plus affichée.} other {Ton profil affiche de nouveau le texte précédent.}} Tu peux le modifier sur ton profil :',
      outro: 'Tu peux tout à fait {what, select, photo {envoyer une autre photo} other {le réécrire}} : il sera vérifié à nouveau.',
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
    login_notice: {
      subject: 'Nuevo inicio de sesión en tu cuenta de {brand}',
      intro: 'Tu cuenta de {brand} se acaba de abrir en un dispositivo que no habías usado antes: {device}, {time}. Si fuiste tú, no tienes que hacer nada. Si no, abre este enlace, cierra la sesión en todas partes y cambia tu contraseña:',
      outro: 'Te enviamos este correo cada vez que tu cuenta se abre en un dispositivo nuevo, para que nadie pueda usarla sin que lo sepas.',
    },
    mail_changed: {
      subject: 'Se ha cambiado la dirección de correo de tu cuenta de {brand}',
      intro: 'La dirección de correo de tu cuenta de {brand} se acaba de cambiar a {email} y se ha cerrado la sesión en todos los demás dispositivos. Si has sido tú, no tienes que hacer nada. Si no, abre este enlace: restablece esta dirección y cierra la sesión en todas partes; después elige una contraseña nueva.',
      outro: 'El enlace es válido durante {days, plural, one {# día} other {# días}} y funciona una sola vez.',
    },
    password_changed: {
      subject: 'Se ha cambiado tu contraseña de {brand}',
      intro: 'La contraseña de tu cuenta de {brand} se acaba de cambiar y se ha cerrado la sesión en todos los demás dispositivos. Si has sido tú, no tienes que hacer nada. Si no, elige ahora mismo una contraseña nueva aquí:',
      outro: 'Te enviamos este correo cada vez que cambia tu contraseña, para que nadie pueda cambiarla sin que lo sepas.',
    },
    moderation_rejected: {
      subject: '{what, select, photo {Tu foto} name {Tu nombre} other {Tu texto de perfil}} en {brand} no ha sido aprobado',
      intro: 'Un moderador de {brand} no ha aprobado {what, select, photo {tu nueva foto} name {tu nuevo nombre} other {tu nuevo texto de perfil}}. El motivo: {reason} {what, select, photo {La foto ya no se muestra.} other {Tu perfil vuelve a mostrar el texto anterior.}} Puedes cambiarlo en tu perfil:',
      outro: 'Puedes {what, select, photo {subir otra foto} other {volver a escribirlo}}: se revisará de nuevo.',
    },
  },
  pl: {
    greeting: 'Cześć {name},',
    signoff: 'Pozdrawiamy,\nZespół {brand}',
    activation: {
      subject: 'Potwierdź swój adres e-mail w serwisie {brand}',
      intro: 'witamy w serwisie {brand}! Potwierdź swój adres e-mail, otwierając ten link:',
      outro: 'Link jest ważny przez {days, plural, one {# dzień} few {# dni} many {# dni} other {# dnia}}. Jeśli konto nie zostało założone przez Ciebie, możesz zignorować tę wiadomość.',
    },
    password_reset: {
      subject: 'Zresetuj hasło w serwisie {brand}',
      intro: 'ktoś (mamy nadzieję, że Ty) poprosił o zresetowanie hasła do Twojego konta {brand}. Wybierz nowe hasło tutaj:',
      outro: 'Link jest ważny przez {hours, plural, one {# godzinę} few {# godziny} many {# godzin} other {# godziny}} i działa tylko raz. Jeśli to nie Twoja prośba, zignoruj tę wiadomość: Twoje hasło pozostanie bez zmian.',
    },
    mail_change: {
      subject: 'Potwierdź nowy adres e-mail w serwisie {brand}',
      intro: 'otrzymaliśmy prośbę o używanie tego adresu dla Twojego konta {brand}. Potwierdź go, otwierając ten link:',
      outro: 'Link jest ważny przez {hours, plural, one {# godzinę} few {# godziny} many {# godzin} other {# godziny}}. Jeśli to nie Twoja prośba, zignoruj tę wiadomość: nic się nie zmieni.',
    },
    login_notice: {
      subject: 'Nowe logowanie na Twoje konto {brand}',
      intro: 'Twoje konto {brand} zostało właśnie otwarte na urządzeniu, z którego wcześniej nie korzystano: {device}, {time}. Jeśli to Ty, nie musisz nic robić. Jeśli nie, otwórz ten link, wyloguj się wszędzie i zmień hasło:',
      outro: 'Wysyłamy tę wiadomość za każdym razem, gdy Twoje konto zostanie otwarte na nowym urządzeniu, aby nikt nie mógł z niego korzystać bez Twojej wiedzy.',
    },
    mail_changed: {
      subject: 'Adres e-mail Twojego konta {brand} został zmieniony',
      intro: 'Adres e-mail Twojego konta {brand} został właśnie zmieniony na {email}, a wszystkie inne urządzenia zostały wylogowane. Jeśli to Ty, nie musisz nic robić. Jeśli nie, otwórz ten link: przywróci ten adres i wyloguje Cię wszędzie; potem wybierz nowe hasło.',
      outro: 'Link jest ważny przez {days, plural, one {# dzień} few {# dni} many {# dni} other {# dnia}} i działa jeden raz.',
    },
    password_changed: {
      subject: 'Twoje hasło do serwisu {brand} zostało zmienione',
      intro: 'Hasło do Twojego konta {brand} zostało właśnie zmienione, a wszystkie inne urządzenia zostały wylogowane. Jeśli to Ty, nie musisz nic robić. Jeśli nie, od razu wybierz tutaj nowe hasło:',
      outro: 'Wysyłamy tę wiadomość przy każdej zmianie hasła, aby nikt nie mógł go zmienić bez Twojej wiedzy.',
    },
    moderation_rejected: {
      subject: '{what, select, photo {Twoje zdjęcie w serwisie {brand} nie zostało zatwierdzone} name {Twoje imię w serwisie {brand} nie zostało zatwierdzone} other {Twój opis profilu w serwisie {brand} nie został zatwierdzony}}',
      intro: 'Moderator {brand} nie zatwierdził {what, select, photo {Twojego nowego zdjęcia} name {Twojego nowego imienia} other {Twojego nowego opisu profilu}}. Powód: {reason} {what, select, photo {Zdjęcie nie jest już wyświetlane.} other {Twój profil znów pokazuje poprzedni tekst.}} Możesz to zmienić w swoim profilu:',
      outro: 'Możesz {what, select, photo {przesłać inne zdjęcie} other {napisać to od nowa}}: zostanie ponownie sprawdzone.',
    },
  },
};

export interface MailVars {
  brand: string;
  name: string;
  link: string;
  /** login_notice: the browser and system ("Firefox (Windows)") and when, in the member's language. */
  device?: string;
  time?: string;
  /** mail_changed: the new address. */
  email?: string;
  /** moderation_rejected: what was rejected (photo, name, personal) and the reason in the member's language. */
  what?: string;
  reason?: string;
}

/** How long each mail's link is valid: the tokens' lifetimes (src/account/tokens.ts). */
const VALIDITY: Record<MailKind, { days: number; hours: number }> = {
  activation: { days: TOKEN_TTL_S.activate / 86_400, hours: TOKEN_TTL_S.activate / 3600 },
  password_reset: { days: TOKEN_TTL_S.password_reset / 86_400, hours: TOKEN_TTL_S.password_reset / 3600 },
  mail_change: { days: TOKEN_TTL_S.mail_change / 86_400, hours: TOKEN_TTL_S.mail_change / 3600 },
  login_notice: { days: 0, hours: 0 },
  mail_changed: { days: TOKEN_TTL_S.mail_change_undo / 86_400, hours: TOKEN_TTL_S.mail_change_undo / 3600 },
  password_changed: { days: 0, hours: 0 },
  moderation_rejected: { days: 0, hours: 0 },
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
  const values = {
    brand: vars.brand,
    name: vars.name,
    ...VALIDITY[kind],
    device: vars.device ?? '',
    time: vars.time ?? '',
    email: vars.email ?? '',
    what: vars.what ?? '',
    reason: vars.reason ?? '',
  };
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

/** The words of the notice customer service gets for a complaint (form or chat report). */
export interface ComplaintNoticeTexts {
  subject: string;
  intro: string;
  reference: string;
  category: string;
  fromMember: string;
  fromVisitor: string;
  aboutMember: string;
  aboutNobody: string;
  language: string;
  description: string;
  answerWithin: string;
  /** A report from chat or a profile: the first line of the stored description ({reason} in words). */
  reported: string;
  /** Above the copy of a reported message (kept as evidence). */
  reportedMessage: string;
  /** Above what the reporter wrote. */
  reporterText: string;
  /** The report reasons (REPORT_CATEGORIES) in words. */
  reasons: Record<ReportCategory, string>;
}

/**
 * The complaint notice to the site's support address, in the site's language (ICU messages):
 * {site}, {reference}, {category} (already in words), {from}, {member} (a number), {name} (the
 * reported member's name, with aboutMember), {language}
 * (the complainant's language, in words) and {days} with plural forms.
 */
export const COMPLAINT_NOTICE_TEXTS: Record<Locale, ComplaintNoticeTexts> = {
  en: {
    subject: '[{site}] Complaint {reference}: {category}',
    intro: 'A complaint was submitted on {site}.',
    reference: 'Reference: {reference}',
    category: 'About: {category}',
    fromMember: 'From: {from} (member {member})',
    fromVisitor: 'From: {from} (visitor without an account)',
    aboutMember: 'Member complained about: {name} ({member})',
    aboutNobody: 'Member complained about: none given',
    language: 'Language of the complainant: {language}',
    description: 'Description:',
    answerWithin: 'Please answer the complainant within {days, plural, one {# working day} other {# working days}}, in their language.',
    reported: 'Reported by a member in chat or on a profile. Reason: {reason}',
    reportedMessage: 'The reported message (a copy, kept as evidence):',
    reporterText: 'What the reporter wrote:',
    reasons: { spam: 'spam or advertising', scam: 'scam or asking for money', harassment: 'harassment or threats', inappropriate: 'inappropriate photos or messages', underage: 'seems to be under 18', other: 'something else' },
  },
  nl: {
    subject: '[{site}] Klacht {reference}: {category}',
    intro: 'Er is een klacht ingediend op {site}.',
    reference: 'Kenmerk: {reference}',
    category: 'Over: {category}',
    fromMember: 'Van: {from} (lid {member})',
    fromVisitor: 'Van: {from} (bezoeker zonder account)',
    aboutMember: 'Lid over wie geklaagd wordt: {name} ({member})',
    aboutNobody: 'Lid over wie geklaagd wordt: niet opgegeven',
    language: 'Taal van de indiener: {language}',
    description: 'Omschrijving:',
    answerWithin: 'Beantwoord de klacht binnen {days, plural, one {# werkdag} other {# werkdagen}}, in de taal van de indiener.',
    reported: 'Gemeld door een lid in de chat of op een profiel. Reden: {reason}',
    reportedMessage: 'Het gemelde bericht (een kopie, bewaard als bewijs):',
    reporterText: 'Wat de melder schreef:',
    reasons: { spam: 'spam of reclame', scam: 'oplichting of vragen om geld', harassment: 'intimidatie of bedreiging', inappropriate: 'ongepaste foto’s of berichten', underage: 'lijkt jonger dan 18', other: 'iets anders' },
  },
  de: {
    subject: '[{site}] Beschwerde {reference}: {category}',
    intro: 'Auf {site} wurde eine Beschwerde eingereicht.',
    reference: 'Aktenzeichen: {reference}',
    category: 'Betrifft: {category}',
    fromMember: 'Von: {from} (Mitglied {member})',
    fromVisitor: 'Von: {from} (Besucher ohne Konto)',
    aboutMember: 'Beanstandetes Mitglied: {name} ({member})',
    aboutNobody: 'Beanstandetes Mitglied: nicht angegeben',
    language: 'Sprache der beschwerdeführenden Person: {language}',
    description: 'Beschreibung:',
    answerWithin: 'Bitte beantworte die Beschwerde innerhalb von {days, plural, one {# Werktag} other {# Werktagen}} in der Sprache der beschwerdeführenden Person.',
    reported: 'Von einem Mitglied im Chat oder auf einem Profil gemeldet. Grund: {reason}',
    reportedMessage: 'Die gemeldete Nachricht (eine Kopie, als Beweis aufbewahrt):',
    reporterText: 'Was die meldende Person geschrieben hat:',
    reasons: { spam: 'Spam oder Werbung', scam: 'Betrug oder Bitte um Geld', harassment: 'Belästigung oder Drohungen', inappropriate: 'unangemessene Fotos oder Nachrichten', underage: 'scheint jünger als 18 zu sein', other: 'etwas anderes' },
  },
  it: {
    subject: '[{site}] Reclamo {reference}: {category}',
    intro: 'È stato inviato un reclamo su {site}.',
    reference: 'Numero di pratica: {reference}',
    category: 'Riguarda: {category}',
    fromMember: 'Da: {from} (membro {member})',
    fromVisitor: 'Da: {from} (visitatore senza account)',
    aboutMember: 'Membro oggetto del reclamo: {name} ({member})',
    aboutNobody: 'Membro oggetto del reclamo: non indicato',
    language: 'Lingua di chi ha inviato il reclamo: {language}',
    description: 'Descrizione:',
    answerWithin: 'Rispondi al reclamo entro {days, plural, one {# giorno lavorativo} other {# giorni lavorativi}}, nella lingua di chi lo ha inviato.',
    reported: 'Segnalato da un membro in chat o su un profilo. Motivo: {reason}',
    reportedMessage: 'Il messaggio segnalato (una copia, conservata come prova):',
    reporterText: 'Cosa ha scritto chi ha segnalato:',
    reasons: { spam: 'spam o pubblicità', scam: 'truffa o richiesta di denaro', harassment: 'molestie o minacce', inappropriate: 'foto o messaggi inappropriati', underage: 'sembra avere meno di 18 anni', other: 'altro' },
  },
  fr: {
    subject: '[{site}] Réclamation {reference} : {category}',
    intro: 'Une réclamation a été déposée sur {site}.',
    reference: 'Référence : {reference}',
    category: 'Objet : {category}',
    fromMember: 'De : {from} (membre {member})',
    fromVisitor: 'De : {from} (visiteur sans compte)',
    aboutMember: 'Membre visé : {name} ({member})',
    aboutNobody: 'Membre visé : non indiqué',
    language: 'Langue de l’auteur de la réclamation : {language}',
    description: 'Description :',
    answerWithin: 'Merci de répondre à la réclamation sous {days, plural, one {# jour ouvré} other {# jours ouvrés}}, dans la langue de son auteur.',
    reported: 'Signalé par un membre dans le chat ou sur un profil. Motif : {reason}',
    reportedMessage: 'Le message signalé (une copie, conservée comme preuve) :',
    reporterText: 'Ce qu’a écrit l’auteur du signalement :',
    reasons: { spam: 'spam ou publicité', scam: 'arnaque ou demande d’argent', harassment: 'harcèlement ou menaces', inappropriate: 'photos ou messages inappropriés', underage: 'semble avoir moins de 18 ans', other: 'autre chose' },
  },
  es: {
    subject: '[{site}] Reclamación {reference}: {category}',
    intro: 'Se ha presentado una reclamación en {site}.',
    reference: 'Referencia: {reference}',
    category: 'Sobre: {category}',
    fromMember: 'De: {from} (miembro {member})',
    fromVisitor: 'De: {from} (visitante sin cuenta)',
    aboutMember: 'Miembro objeto de la reclamación: {name} ({member})',
    aboutNobody: 'Miembro objeto de la reclamación: no indicado',
    language: 'Idioma de quien reclama: {language}',
    description: 'Descripción:',
    answerWithin: 'Responde a la reclamación en un plazo de {days, plural, one {# día laborable} other {# días laborables}}, en el idioma de quien la presentó.',
    reported: 'Denunciado por un miembro en el chat o en un perfil. Motivo: {reason}',
    reportedMessage: 'El mensaje denunciado (una copia, guardada como prueba):',
    reporterText: 'Lo que escribió quien denuncia:',
    reasons: { spam: 'spam o publicidad', scam: 'estafa o petición de dinero', harassment: 'acoso o amenazas', inappropriate: 'fotos o mensajes inapropiados', underage: 'parece menor de 18 años', other: 'otra cosa' },
  },
  pl: {
    subject: '[{site}] Reklamacja {reference}: {category}',
    intro: 'W serwisie {site} złożono reklamację.',
    reference: 'Numer zgłoszenia: {reference}',
    category: 'Dotyczy: {category}',
    fromMember: 'Od: {from} (użytkownik {member})',
    fromVisitor: 'Od: {from} (odwiedzający bez konta)',
    aboutMember: 'Użytkownik, którego dotyczy reklamacja: {name} ({member})',
    aboutNobody: 'Użytkownik, którego dotyczy reklamacja: nie podano',
    language: 'Język zgłaszającego: {language}',
    description: 'Opis:',
    answerWithin: 'Odpowiedz na reklamację w ciągu {days, plural, one {# dnia roboczego} few {# dni roboczych} many {# dni roboczych} other {# dnia roboczego}}, w języku zgłaszającego.',
    reported: 'Zgłoszone przez użytkownika na czacie lub w profilu. Powód: {reason}',
    reportedMessage: 'Zgłoszona wiadomość (kopia zachowana jako dowód):',
    reporterText: 'Co napisał zgłaszający:',
    reasons: { spam: 'spam lub reklama', scam: 'oszustwo lub prośba o pieniądze', harassment: 'nękanie lub groźby', inappropriate: 'nieodpowiednie zdjęcia lub wiadomości', underage: 'wygląda na osobę poniżej 18 lat', other: 'coś innego' },
  },
};

/** One ICU message of these templates in a language, with its values (parsed once per language). */
export const formatMailMessage = (lang: Locale, message: string, values: Record<string, string | number>): string =>
  format(lang, message, values);

/** The desk's mails to members (src/desk): what an operator did, in the member's language. */
export type DeskMailKind = 'member_warning' | 'member_suspended' | 'member_banned' | 'report_handled' | 'complaint_answer';

interface DeskMailTexts {
  greeting: string;
  greetingAnonymous: string;
  signoff: string;
  /** {rule}: the rule broken, in words (COMPLAINT_NOTICE_TEXTS' reasons). */
  member_warning: { subject: string; intro: string; outro: string };
  /** {until}: the end of the suspension, a date in the member's language. */
  member_suspended: { subject: string; intro: string; outro: string };
  member_banned: { subject: string; intro: string; outro: string };
  /** {reference}: the report's or complaint's reference; never what was done to whom. */
  report_handled: { subject: string; intro: string; outro: string };
  /** {reference}; the operator's answer goes between intro and outro. */
  complaint_answer: { subject: string; intro: string; outro: string };
}

/** The desk's mails in the seven languages, as ICU messages: {brand}, {name}, {rule}, {until}, {reference}. */
export const DESK_MAIL_TEXTS: Record<Locale, DeskMailTexts> = {
  en: {
    greeting: 'Hi {name},',
    greetingAnonymous: 'Hello,',
    signoff: 'Kind regards,\nCustomer service of {brand}',
    member_warning: {
      subject: 'A warning about your {brand} account',
      intro: 'Your account was reported to us and we looked into it. What we found is not allowed on {brand}: {rule}.',
      outro: 'Please keep to the house rules. If it happens again, your account may be suspended or closed. If you think this is a mistake, reply to this email.',
    },
    member_suspended: {
      subject: 'Your {brand} account is suspended',
      intro: 'We have suspended your {brand} account until {until}, because it broke the house rules. Until then you cannot log in and other members do not see your profile.',
      outro: 'If you think this is a mistake, reply to this email.',
    },
    member_banned: {
      subject: 'Your {brand} account is closed',
      intro: 'We have closed your {brand} account, because it broke the house rules. You can no longer log in, and no new account can be opened in its place.',
      outro: 'If you think this is a mistake, reply to this email.',
    },
    report_handled: {
      subject: 'Your report was handled ({reference})',
      intro: 'Thank you for your report {reference}. We looked into it and took the steps we found necessary.',
      outro: 'Out of respect for the privacy of everyone involved, we do not share what was done. Thank you for helping to keep {brand} safe.',
    },
    complaint_answer: {
      subject: 'Our answer to your complaint {reference}',
      intro: 'Here is our answer to your complaint {reference}:',
      outro: 'If you want to add something, simply reply to this email and mention the reference.',
    },
  },
  nl: {
    greeting: 'Hoi {name},',
    greetingAnonymous: 'Hallo,',
    signoff: 'Met vriendelijke groet,\nDe klantenservice van {brand}',
    member_warning: {
      subject: 'Een waarschuwing over je {brand}-account',
      intro: 'Je account is bij ons gemeld en we hebben het bekeken. Wat we vonden is niet toegestaan op {brand}: {rule}.',
      outro: 'Houd je aan de huisregels. Gebeurt het opnieuw, dan kan je account worden geschorst of gesloten. Denk je dat dit een vergissing is? Beantwoord dan deze e-mail.',
    },
    member_suspended: {
      subject: 'Je {brand}-account is geschorst',
      intro: 'We hebben je {brand}-account geschorst tot {until}, omdat het de huisregels heeft overtreden. Tot die tijd kun je niet inloggen en zien andere leden je profiel niet.',
      outro: 'Denk je dat dit een vergissing is? Beantwoord dan deze e-mail.',
    },
    member_banned: {
      subject: 'Je {brand}-account is gesloten',
      intro: 'We hebben je {brand}-account gesloten, omdat het de huisregels heeft overtreden. Je kunt niet meer inloggen en er kan geen nieuw account voor in de plaats komen.',
      outro: 'Denk je dat dit een vergissing is? Beantwoord dan deze e-mail.',
    },
    report_handled: {
      subject: 'Je melding is afgehandeld ({reference})',
      intro: 'Bedankt voor je melding {reference}. We hebben die bekeken en de stappen gezet die we nodig vonden.',
      outro: 'Uit respect voor de privacy van iedereen die erbij betrokken is, vertellen we niet wat er is gedaan. Bedankt dat je helpt {brand} veilig te houden.',
    },
    complaint_answer: {
      subject: 'Ons antwoord op je klacht {reference}',
      intro: 'Dit is ons antwoord op je klacht {reference}:',
      outro: 'Wil je iets toevoegen? Beantwoord dan gewoon deze e-mail en vermeld het kenmerk.',
    },
  },
  de: {
    greeting: 'Hallo {name},',
    greetingAnonymous: 'Hallo,',
    signoff: 'Viele Grüße\nDer Kundenservice von {brand}',
    member_warning: {
      subject: 'Eine Verwarnung zu deinem {brand}-Konto',
      intro: 'dein Konto wurde uns gemeldet, und wir haben es geprüft. Was wir gefunden haben, ist auf {brand} nicht erlaubt: {rule}.',
      outro: 'Bitte halte dich an die Hausregeln. Wenn es wieder vorkommt, kann dein Konto gesperrt oder geschlossen werden. Wenn du meinst, dass es ein Irrtum ist, antworte auf diese E-Mail.',
    },
    member_suspended: {
      subject: 'Dein {brand}-Konto ist gesperrt',
      intro: 'wir haben dein {brand}-Konto bis {until} gesperrt, weil es gegen die Hausregeln verstoßen hat. Bis dahin kannst du dich nicht anmelden, und andere Mitglieder sehen dein Profil nicht.',
      outro: 'Wenn du meinst, dass es ein Irrtum ist, antworte auf diese E-Mail.',
    },
    member_banned: {
      subject: 'Dein {brand}-Konto ist geschlossen',
      intro: 'wir haben dein {brand}-Konto geschlossen, weil es gegen die Hausregeln verstoßen hat. Du kannst dich nicht mehr anmelden, und an seiner Stelle kann kein neues Konto eröffnet werden.',
      outro: 'Wenn du meinst, dass es ein Irrtum ist, antworte auf diese E-Mail.',
    },
    report_handled: {
      subject: 'Deine Meldung wurde bearbeitet ({reference})',
      intro: 'danke für deine Meldung {reference}. Wir haben sie geprüft und die Schritte unternommen, die wir für nötig hielten.',
      outro: 'Aus Rücksicht auf die Privatsphäre aller Beteiligten teilen wir nicht mit, was unternommen wurde. Danke, dass du hilfst, {brand} sicher zu halten.',
    },
    complaint_answer: {
      subject: 'Unsere Antwort auf deine Beschwerde {reference}',
      intro: 'hier ist unsere Antwort auf deine Beschwerde {reference}:',
      outro: 'Wenn du etwas ergänzen möchtest, antworte einfach auf diese E-Mail und nenne das Aktenzeichen.',
    },
  },
  it: {
    greeting: 'Ciao {name},',
    greetingAnonymous: 'Buongiorno,',
    signoff: 'Cordiali saluti,\nIl servizio clienti di {brand}',
    member_warning: {
      subject: 'Un avvertimento sul tuo account {brand}',
      intro: 'il tuo account ci è stato segnalato e lo abbiamo controllato. Quello che abbiamo trovato non è consentito su {brand}: {rule}.',
      outro: 'Ti chiediamo di rispettare le regole della casa. Se dovesse succedere di nuovo, il tuo account potrebbe essere sospeso o chiuso. Se pensi che si tratti di un errore, rispondi a questa email.',
    },
    member_suspended: {
      subject: 'Il tuo account {brand} è sospeso',
      intro: 'abbiamo sospeso il tuo account {brand} fino al {until}, perché ha violato le regole della casa. Fino ad allora non puoi accedere e gli altri membri non vedono il tuo profilo.',
      outro: 'Se pensi che si tratti di un errore, rispondi a questa email.',
    },
    member_banned: {
      subject: 'Il tuo account {brand} è stato chiuso',
      intro: 'abbiamo chiuso il tuo account {brand}, perché ha violato le regole della casa. Non puoi più accedere e non è possibile aprire un nuovo account al suo posto.',
      outro: 'Se pensi che si tratti di un errore, rispondi a questa email.',
    },
    report_handled: {
      subject: 'La tua segnalazione è stata gestita ({reference})',
      intro: 'grazie per la tua segnalazione {reference}. L’abbiamo esaminata e abbiamo preso i provvedimenti che abbiamo ritenuto necessari.',
      outro: 'Per rispetto della privacy di tutte le persone coinvolte, non comunichiamo quali provvedimenti sono stati presi. Grazie per aiutarci a mantenere {brand} sicuro.',
    },
    complaint_answer: {
      subject: 'La nostra risposta al tuo reclamo {reference}',
      intro: 'ecco la nostra risposta al tuo reclamo {reference}:',
      outro: 'Se vuoi aggiungere qualcosa, rispondi semplicemente a questa email indicando il numero di pratica.',
    },
  },
  fr: {
    greeting: 'Bonjour {name},',
    greetingAnonymous: 'Bonjour,',
    signoff: 'Cordialement,\nLe service client de {brand}',
    member_warning: {
      subject: 'Un avertissement concernant ton compte {brand}',
      intro: 'Ton compte nous a été signalé et nous l’avons examiné. Ce que nous avons trouvé n’est pas autorisé sur {brand} : {rule}.',
      outro: 'Merci de respecter le règlement. Si cela se reproduit, ton compte pourra être suspendu ou fermé. Si tu penses qu’il s’agit d’une erreur, réponds à cet e-mail.',
    },
    member_suspended: {
      subject: 'Ton compte {brand} est suspendu',
      intro: 'Nous avons suspendu ton compte {brand} jusqu’au {until}, car il a enfreint le règlement. D’ici là, tu ne peux pas te connecter et les autres membres ne voient pas ton profil.',
      outro: 'Si tu penses qu’il s’agit d’une erreur, réponds à cet e-mail.',
    },
    member_banned: {
      subject: 'Ton compte {brand} est fermé',
      intro: 'Nous avons fermé ton compte {brand}, car il a enfreint le règlement. Tu ne peux plus te connecter, et aucun nouveau compte ne peut être ouvert à sa place.',
      outro: 'Si tu penses qu’il s’agit d’une erreur, réponds à cet e-mail.',
    },
    report_handled: {
      subject: 'Ton signalement a été traité ({reference})',
      intro: 'Merci pour ton signalement {reference}. Nous l’avons examiné et avons pris les mesures que nous avons jugées nécessaires.',
      outro: 'Par respect pour la vie privée de toutes les personnes concernées, nous ne communiquons pas les mesures prises. Merci de contribuer à la sécurité de {brand}.',
    },
    complaint_answer: {
      subject: 'Notre réponse à ta réclamation {reference}',
      intro: 'Voici notre réponse à ta réclamation {reference} :',
      outro: 'Si tu souhaites ajouter quelque chose, réponds simplement à cet e-mail en indiquant la référence.',
    },
  },
  es: {
    greeting: 'Hola, {name}:',
    greetingAnonymous: 'Hola:',
    signoff: 'Un saludo,\nEl servicio de atención al cliente de {brand}',
    member_warning: {
      subject: 'Una advertencia sobre tu cuenta de {brand}',
      intro: 'Nos han denunciado tu cuenta y la hemos revisado. Lo que hemos encontrado no está permitido en {brand}: {rule}.',
      outro: 'Respeta las normas de la casa. Si vuelve a ocurrir, tu cuenta podrá ser suspendida o cerrada. Si crees que se trata de un error, responde a este correo.',
    },
    member_suspended: {
      subject: 'Tu cuenta de {brand} está suspendida',
      intro: 'Hemos suspendido tu cuenta de {brand} hasta el {until}, porque ha incumplido las normas de la casa. Hasta entonces no puedes iniciar sesión y los demás miembros no ven tu perfil.',
      outro: 'Si crees que se trata de un error, responde a este correo.',
    },
    member_banned: {
      subject: 'Tu cuenta de {brand} está cerrada',
      intro: 'Hemos cerrado tu cuenta de {brand}, porque ha incumplido las normas de la casa. Ya no puedes iniciar sesión y no se puede abrir una cuenta nueva en su lugar.',
      outro: 'Si crees que se trata de un error, responde a este correo.',
    },
    report_handled: {
      subject: 'Hemos tramitado tu denuncia ({reference})',
      intro: 'Gracias por tu denuncia {reference}. La hemos revisado y hemos tomado las medidas que consideramos necesarias.',
      outro: 'Por respeto a la privacidad de todas las personas implicadas, no comunicamos qué medidas se tomaron. Gracias por ayudar a que {brand} sea un lugar seguro.',
    },
    complaint_answer: {
      subject: 'Nuestra respuesta a tu reclamación {reference}',
      intro: 'Esta es nuestra respuesta a tu reclamación {reference}:',
      outro: 'Si quieres añadir algo, responde a este correo e indica la referencia.',
    },
  },
  pl: {
    greeting: 'Cześć {name},',
    greetingAnonymous: 'Dzień dobry,',
    signoff: 'Pozdrawiamy\nObsługa klienta {brand}',
    member_warning: {
      subject: 'Ostrzeżenie dotyczące Twojego konta w serwisie {brand}',
      intro: 'Twoje konto zostało nam zgłoszone i sprawdziliśmy je. To, co znaleźliśmy, jest niedozwolone w serwisie {brand}: {rule}.',
      outro: 'Prosimy o przestrzeganie regulaminu. Jeśli to się powtórzy, Twoje konto może zostać zawieszone lub zamknięte. Jeśli uważasz, że to pomyłka, odpowiedz na tę wiadomość.',
    },
    member_suspended: {
      subject: 'Twoje konto w serwisie {brand} zostało zawieszone',
      intro: 'Zawiesiliśmy Twoje konto w serwisie {brand} do {until}, ponieważ naruszyło regulamin. Do tego czasu nie możesz się zalogować, a inni użytkownicy nie widzą Twojego profilu.',
      outro: 'Jeśli uważasz, że to pomyłka, odpowiedz na tę wiadomość.',
    },
    member_banned: {
      subject: 'Twoje konto w serwisie {brand} zostało zamknięte',
      intro: 'Zamknęliśmy Twoje konto w serwisie {brand}, ponieważ naruszyło regulamin. Nie możesz się już zalogować i nie można założyć nowego konta w jego miejsce.',
      outro: 'Jeśli uważasz, że to pomyłka, odpowiedz na tę wiadomość.',
    },
    report_handled: {
      subject: 'Twoje zgłoszenie zostało rozpatrzone ({reference})',
      intro: 'Dziękujemy za zgłoszenie {reference}. Sprawdziliśmy je i podjęliśmy kroki, które uznaliśmy za konieczne.',
      outro: 'Z szacunku dla prywatności wszystkich zainteresowanych nie informujemy, jakie kroki podjęto. Dziękujemy, że pomagasz dbać o bezpieczeństwo w serwisie {brand}.',
    },
    complaint_answer: {
      subject: 'Nasza odpowiedź na Twoją reklamację {reference}',
      intro: 'Oto nasza odpowiedź na Twoją reklamację {reference}:',
      outro: 'Jeśli chcesz coś dodać, po prostu odpowiedz na tę wiadomość i podaj numer zgłoszenia.',
    },
  },
};

/**
 * A desk mail in the recipient's language (English when unknown): greeting, intro, the operator's
 * own text where there is one (a complaint's answer), outro, sign-off. {until} is formatted as a
 * date in that language; {rule} is a report reason in words.
 */
export function renderDeskMail(
  kind: DeskMailKind,
  language: string | null | undefined,
  vars: { brand: string; name: string | null; rule?: ReportCategory; until?: Date; reference?: string; text?: string },
): RenderedMail {
  const lang: Locale = isLocale(language) ? language : 'en';
  const t = DESK_MAIL_TEXTS[lang];
  const k = t[kind];
  const values = {
    brand: vars.brand,
    name: vars.name ?? '',
    rule: vars.rule ? COMPLAINT_NOTICE_TEXTS[lang].reasons[vars.rule] : '',
    until: vars.until ? new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(vars.until) : '',
    reference: vars.reference ?? '',
  };
  const fill = (message: string) => format(lang, message, values);
  const subject = fill(k.subject);
  const paragraphs = [
    vars.name ? fill(t.greeting) : fill(t.greetingAnonymous),
    fill(k.intro),
    ...(vars.text ? [vars.text] : []),
    fill(k.outro),
    fill(t.signoff),
  ];
  const html = [
    '<!doctype html>',
    `<html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family: sans-serif; line-height: 1.5">',
    ...paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`),
    '</body></html>',
  ].join('\n');
  return { subject, text: paragraphs.join('\n\n') + '\n', html, language: lang };
}
