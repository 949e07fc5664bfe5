import type { LegalTexts } from './types';

/** Customer service (/pages/service): how to reach us; the company facts follow as a list. */
export const SERVICE: LegalTexts = {
  en: {
    title: 'Customer service',
    intro: '{company} is happy to help with your account, payments, safety or anything else about {brand}.',
    sections: [
      { heading: 'How to reach us', list: ['By email: {email}. We answer within 2 working days, usually sooner.', 'By phone: {phone}, on working days from 9:00 to 17:00.', 'A complaint about a member, a message, a photo or a payment: use the complaints form, so that it reaches the right colleague at once.'] },
      { heading: 'Help us help you', paragraphs: ['Write from the email address of your account and tell us what happened, when, and, if it is about another member, their member number or profile link. Never send us your password: we will never ask for it.'] },
    ],
  },
  nl: {
    title: 'Klantenservice',
    intro: '{company} helpt je graag met je account, betalingen, veiligheid of wat dan ook over {brand}.',
    sections: [
      { heading: 'Zo bereik je ons', list: ['Per e-mail: {email}. We antwoorden binnen 2 werkdagen, meestal sneller.', 'Telefonisch: {phone}, op werkdagen van 9.00 tot 17.00 uur.', 'Een klacht over een lid, een bericht, een foto of een betaling: gebruik het klachtenformulier, dan komt hij meteen bij de juiste collega.'] },
      { heading: 'Help ons je te helpen', paragraphs: ['Schrijf vanaf het e-mailadres van je account en vertel wat er gebeurde, wanneer, en als het over een ander lid gaat, diens lidnummer of profiellink. Stuur ons nooit je wachtwoord: daar vragen wij nooit om.'] },
    ],
  },
  de: {
    title: 'Kundenservice',
    intro: 'Die {company} hilft dir gern bei Fragen zu deinem Konto, zu Zahlungen, zur Sicherheit oder zu allem anderen rund um {brand}.',
    sections: [
      { heading: 'So erreichst du uns', list: ['Per E-Mail: {email}. Wir antworten innerhalb von 2 Werktagen, meist schneller.', 'Telefonisch: {phone}, werktags von 9:00 bis 17:00 Uhr.', 'Eine Beschwerde über ein Mitglied, eine Nachricht, ein Foto oder eine Zahlung: Nutze das Beschwerdeformular, dann landet sie sofort bei der richtigen Kollegin oder dem richtigen Kollegen.'] },
      { heading: 'Hilf uns, dir zu helfen', paragraphs: ['Schreib von der E-Mail-Adresse deines Kontos und sag uns, was passiert ist, wann und – wenn es um ein anderes Mitglied geht – dessen Mitgliedsnummer oder Profillink. Schick uns nie dein Passwort: Danach fragen wir nie.'] },
    ],
  },
  it: {
    title: 'Servizio clienti',
    intro: '{company} ti aiuta volentieri con il tuo account, i pagamenti, la sicurezza o qualsiasi altra cosa riguardi {brand}.',
    sections: [
      { heading: 'Come contattarci', list: ['Via email: {email}. Rispondiamo entro 2 giorni lavorativi, di solito prima.', 'Al telefono: {phone}, nei giorni lavorativi dalle 9:00 alle 17:00.', 'Un reclamo su un membro, un messaggio, una foto o un pagamento: usa il modulo dei reclami, così arriva subito al collega giusto.'] },
      { heading: 'Aiutaci ad aiutarti', paragraphs: ["Scrivici dall'indirizzo email del tuo account e raccontaci che cosa è successo, quando e, se riguarda un altro membro, il suo numero o il link del profilo. Non mandarci mai la password: non te la chiederemo mai."] },
    ],
  },
  fr: {
    title: 'Service client',
    intro: '{company} vous aide volontiers pour votre compte, vos paiements, votre sécurité ou toute autre question sur {brand}.',
    sections: [
      { heading: 'Nous joindre', list: ['Par e-mail : {email}. Nous répondons sous 2 jours ouvrés, souvent plus vite.', 'Par téléphone : {phone}, les jours ouvrés de 9 h à 17 h.', 'Une réclamation concernant un membre, un message, une photo ou un paiement : utilisez le formulaire de réclamation, elle arrivera directement au bon interlocuteur.'] },
      { heading: 'Aidez-nous à vous aider', paragraphs: ['Écrivez-nous depuis l’adresse e-mail de votre compte et dites-nous ce qui s’est passé, quand et, s’il s’agit d’un autre membre, son numéro de membre ou le lien de son profil. Ne nous envoyez jamais votre mot de passe : nous ne vous le demanderons jamais.'] },
    ],
  },
  es: {
    title: 'Atención al cliente',
    intro: '{company} te ayuda encantada con tu cuenta, los pagos, la seguridad o cualquier otra cosa sobre {brand}.',
    sections: [
      { heading: 'Cómo contactar con nosotros', list: ['Por correo: {email}. Respondemos en 2 días laborables, normalmente antes.', 'Por teléfono: {phone}, los días laborables de 9:00 a 17:00.', 'Una reclamación sobre un miembro, un mensaje, una foto o un pago: usa el formulario de reclamaciones y llegará directamente a la persona adecuada.'] },
      { heading: 'Ayúdanos a ayudarte', paragraphs: ['Escríbenos desde el correo de tu cuenta y cuéntanos qué pasó, cuándo y, si se trata de otro miembro, su número de miembro o el enlace a su perfil. No nos envíes nunca tu contraseña: nunca te la pediremos.'] },
    ],
  },
  pl: {
    title: 'Biuro obsługi klienta',
    intro: '{company} chętnie pomoże w sprawach konta, płatności, bezpieczeństwa i wszystkiego, co dotyczy {brand}.',
    sections: [
      { heading: 'Jak się z nami skontaktować', list: ['E-mailem: {email}. Odpowiadamy w ciągu 2 dni roboczych, zwykle szybciej.', 'Telefonicznie: {phone}, w dni robocze od 9:00 do 17:00.', 'Reklamacja dotycząca użytkownika, wiadomości, zdjęcia lub płatności: skorzystaj z formularza reklamacji, a trafi od razu do właściwej osoby.'] },
      { heading: 'Pomóż nam Ci pomóc', paragraphs: ['Napisz z adresu e-mail przypisanego do konta i opisz, co się stało, kiedy oraz – jeśli sprawa dotyczy innego użytkownika – podaj jego numer lub link do profilu. Nigdy nie wysyłaj nam hasła: nigdy o nie nie prosimy.'] },
    ],
  },
};

/** /pages/ban: where a blocked member is sent. */
export const BAN: LegalTexts = {
  en: {
    title: 'Access blocked',
    intro: 'Your access to {brand} has been blocked. You cannot log in or use your account while the block lasts.',
    sections: [
      { heading: 'Why accounts are blocked', paragraphs: ['We block an account when it breaks our terms and conditions: for example harassment, asking other members for money, fake or someone else’s photos, spam, or signs that the account was used by someone else. Sometimes we block an account as a precaution while we look into a report.'] },
      { heading: 'What you can do', paragraphs: ['If you think this is a mistake, write to {email} from the address of your account within 30 days, or call {phone}. Tell us your name and, if you know it, what the block is about. A colleague who was not involved looks at your case again and answers within 5 working days.'] },
      { heading: 'Your credits and premium', paragraphs: ['If the block turns out to be a mistake, we lift it and your credits and premium are as they were. If your account is closed without your fault, our return policy applies: you get your money back for unused credits and the unused part of premium.'] },
    ],
  },
  nl: {
    title: 'Toegang geblokkeerd',
    intro: 'Je toegang tot {brand} is geblokkeerd. Zolang de blokkade duurt, kun je niet inloggen en je account niet gebruiken.',
    sections: [
      { heading: 'Waarom accounts worden geblokkeerd', paragraphs: ['We blokkeren een account dat onze algemene voorwaarden schendt: bijvoorbeeld bij lastigvallen, andere leden om geld vragen, nep-foto’s of foto’s van iemand anders, spam, of aanwijzingen dat iemand anders het account gebruikte. Soms blokkeren we een account uit voorzorg terwijl we een melding onderzoeken.'] },
      { heading: 'Wat je kunt doen', paragraphs: ['Denk je dat dit een vergissing is? Schrijf dan binnen 30 dagen vanaf het adres van je account naar {email}, of bel {phone}. Vermeld je naam en, als je het weet, waar de blokkade over gaat. Een collega die er niet bij betrokken was, bekijkt je zaak opnieuw en antwoordt binnen 5 werkdagen.'] },
      { heading: 'Je credits en premium', paragraphs: ['Blijkt de blokkade een vergissing, dan heffen we hem op en zijn je credits en premium zoals ze waren. Wordt je account zonder jouw schuld gesloten, dan geldt ons retourbeleid: je krijgt je geld terug voor ongebruikte credits en het ongebruikte deel van premium.'] },
    ],
  },
  de: {
    title: 'Zugang gesperrt',
    intro: 'Dein Zugang zu {brand} wurde gesperrt. Solange die Sperre besteht, kannst du dich nicht anmelden und dein Konto nicht nutzen.',
    sections: [
      { heading: 'Warum Konten gesperrt werden', paragraphs: ['Wir sperren ein Konto, wenn es gegen unsere AGB verstößt: etwa bei Belästigung, Geldforderungen an andere Mitglieder, gefälschten oder fremden Fotos, Spam oder Hinweisen, dass jemand anderes das Konto benutzt hat. Manchmal sperren wir ein Konto vorsorglich, während wir einer Meldung nachgehen.'] },
      { heading: 'Was du tun kannst', paragraphs: ['Wenn du glaubst, dass es sich um einen Irrtum handelt, schreib innerhalb von 30 Tagen von der Adresse deines Kontos an {email} oder ruf {phone} an. Nenne deinen Namen und, falls du es weißt, worum es bei der Sperre geht. Eine Kollegin oder ein Kollege, die oder der nicht beteiligt war, prüft deinen Fall erneut und antwortet innerhalb von 5 Werktagen.'] },
      { heading: 'Deine Credits und Premium', paragraphs: ['Stellt sich die Sperre als Irrtum heraus, heben wir sie auf, und deine Credits und Premium sind wie zuvor. Wird dein Konto ohne dein Verschulden geschlossen, gelten unsere Rückgabebedingungen: Du bekommst dein Geld für ungenutzte Credits und den nicht genutzten Teil von Premium zurück.'] },
    ],
  },
  it: {
    title: 'Accesso bloccato',
    intro: 'Il tuo accesso a {brand} è stato bloccato. Finché il blocco resta attivo non puoi accedere né usare il tuo account.',
    sections: [
      { heading: 'Perché blocchiamo gli account', paragraphs: ['Blocchiamo un account quando viola i nostri termini e condizioni: per esempio molestie, richieste di denaro ad altri membri, foto false o di altre persone, spam o indizi che l’account sia stato usato da qualcun altro. A volte blocchiamo un account per precauzione mentre esaminiamo una segnalazione.'] },
      { heading: 'Che cosa puoi fare', paragraphs: ["Se pensi che si tratti di un errore, scrivi a {email} dall'indirizzo del tuo account entro 30 giorni oppure chiama il {phone}. Indica il tuo nome e, se lo sai, il motivo del blocco. Un collega non coinvolto riesamina il tuo caso e ti risponde entro 5 giorni lavorativi."] },
      { heading: 'I tuoi crediti e premium', paragraphs: ['Se il blocco si rivela un errore, lo togliamo e crediti e premium restano come prima. Se il tuo account viene chiuso senza tua colpa, si applica la nostra politica di reso: ti rimborsiamo i crediti non utilizzati e la parte non goduta di premium.'] },
    ],
  },
  fr: {
    title: 'Accès bloqué',
    intro: 'Votre accès à {brand} a été bloqué. Tant que le blocage dure, vous ne pouvez ni vous connecter ni utiliser votre compte.',
    sections: [
      { heading: 'Pourquoi un compte est bloqué', paragraphs: ['Nous bloquons un compte qui enfreint nos conditions générales : par exemple en cas de harcèlement, de demandes d’argent à d’autres membres, de fausses photos ou de photos d’une autre personne, de spam, ou d’indices qu’une autre personne a utilisé le compte. Il arrive que nous bloquions un compte par précaution pendant que nous examinons un signalement.'] },
      { heading: 'Ce que vous pouvez faire', paragraphs: ['Si vous pensez qu’il s’agit d’une erreur, écrivez à {email} depuis l’adresse de votre compte dans les 30 jours, ou appelez le {phone}. Indiquez votre nom et, si vous le savez, le motif du blocage. Un collègue qui n’a pas pris part à la décision réexamine votre dossier et vous répond sous 5 jours ouvrés.'] },
      { heading: 'Vos crédits et premium', paragraphs: ['Si le blocage s’avère être une erreur, nous le levons et vos crédits et premium sont rétablis tels quels. Si votre compte est fermé sans faute de votre part, notre politique de remboursement s’applique : vous êtes remboursé des crédits non utilisés et de la partie non utilisée de premium.'] },
    ],
  },
  es: {
    title: 'Acceso bloqueado',
    intro: 'Tu acceso a {brand} se ha bloqueado. Mientras dure el bloqueo no puedes iniciar sesión ni usar tu cuenta.',
    sections: [
      { heading: 'Por qué se bloquean las cuentas', paragraphs: ['Bloqueamos una cuenta cuando incumple nuestros términos y condiciones: por ejemplo, por acoso, pedir dinero a otros miembros, fotos falsas o de otra persona, spam o indicios de que otra persona usó la cuenta. A veces bloqueamos una cuenta por precaución mientras revisamos una denuncia.'] },
      { heading: 'Qué puedes hacer', paragraphs: ['Si crees que es un error, escribe a {email} desde la dirección de tu cuenta en un plazo de 30 días o llama al {phone}. Indica tu nombre y, si lo sabes, el motivo del bloqueo. Un compañero que no participó en la decisión revisa de nuevo tu caso y te responde en 5 días laborables.'] },
      { heading: 'Tus créditos y premium', paragraphs: ['Si el bloqueo resulta ser un error, lo levantamos y tus créditos y premium quedan como estaban. Si tu cuenta se cierra sin culpa tuya, se aplica nuestra política de devoluciones: te devolvemos el dinero de los créditos sin usar y de la parte no disfrutada de premium.'] },
    ],
  },
  pl: {
    title: 'Dostęp zablokowany',
    intro: 'Twój dostęp do {brand} został zablokowany. Dopóki blokada obowiązuje, nie możesz się zalogować ani korzystać z konta.',
    sections: [
      { heading: 'Dlaczego blokujemy konta', paragraphs: ['Blokujemy konto, które narusza regulamin: na przykład w przypadku nękania, proszenia innych członków o pieniądze, fałszywych lub cudzych zdjęć, spamu albo sygnałów, że z konta korzystał ktoś inny. Czasem blokujemy konto zapobiegawczo na czas sprawdzania zgłoszenia.'] },
      { heading: 'Co możesz zrobić', paragraphs: ['Jeśli uważasz, że to pomyłka, napisz w ciągu 30 dni z adresu przypisanego do konta na {email} lub zadzwoń pod {phone}. Podaj swoje imię i, jeśli wiesz, czego dotyczy blokada. Osoba, która nie brała udziału w decyzji, ponownie rozpatrzy sprawę i odpowie w ciągu 5 dni roboczych.'] },
      { heading: 'Twoje kredyty i premium', paragraphs: ['Jeśli blokada okaże się pomyłką, zdejmiemy ją, a kredyty i premium pozostaną bez zmian. Jeśli konto zostanie zamknięte bez Twojej winy, obowiązują zasady zwrotów: zwrócimy pieniądze za niewykorzystane kredyty i niewykorzystaną część premium.'] },
    ],
  },
};
