import type { LegalTexts } from './types';

/**
 * Profiles run by the site (/pages/site-run): what they are, how they are marked, honest answers,
 * and how a member stops receiving their messages. Linked from every signup form and lander, and
 * from the mark's explanation (docs/site-run-profiles.md).
 */
export const SITE_RUN: LegalTexts = {
  en: {
    title: 'Profiles run by the site',
    intro: 'Besides its members, {brand} shows some profiles that {company} runs itself. We tell you before you sign up, and we mark every one of them, so that you always know who you are writing to.',
    sections: [
      { heading: 'What they are', paragraphs: ['A profile run by the site is not a member. Its photos and texts are made for the site, and its messages are written by people of our team. You cannot meet the person of such a profile in real life, and no date will come of it. Messages to these profiles cost credits like all other messages.'] },
      { heading: 'How you recognise them', when: 'fictional-icon', paragraphs: ['Every such profile carries the mark “✦ Run by the site”: on the search results, on the profile page, above the conversation, on the landing pages and in your notifications. No setting of the site can remove it.'] },
      { heading: 'How you recognise them', when: 'no-fictional-icon', paragraphs: ['Every such profile carries the words “Run by the site”: on the search results, on the profile page, above the conversation, on the landing pages and in your notifications. No setting of the site can remove them.'] },
      { heading: 'Honest answers', paragraphs: ['If you ask such a profile whether it is real, you get an honest answer. Our team never pretends that you can meet, never asks for money outside the site and never asks for personal details such as your address or bank account.'] },
      { heading: 'Not for you? Switch them off', paragraphs: ['On your profile page you can choose to receive no messages from profiles run by the site; you can then no longer write to them either. Customer service can do the same for you, for example when chatting costs you more than you want to spend. Write to {email}.'], link: { text: 'Go to your profile settings', to: 'profile-site-run' } },
    ],
  },
  nl: {
    title: 'Profielen van de site',
    intro: 'Naast de leden toont {brand} ook profielen die {company} zelf beheert. Dat vertellen we je voordat je je aanmeldt, en we markeren elk van deze profielen, zodat je altijd weet met wie je schrijft.',
    sections: [
      { heading: 'Wat het zijn', paragraphs: ['Een profiel van de site is geen lid. De foto’s en teksten zijn voor de site gemaakt en de berichten worden geschreven door mensen van ons team. De persoon van zo’n profiel kun je niet in het echt ontmoeten, en er komt geen afspraak van. Berichten aan deze profielen kosten credits zoals alle andere berichten.'] },
      { heading: 'Zo herken je ze', when: 'fictional-icon', paragraphs: ['Elk van deze profielen draagt de markering “✦ Profiel van de site”: in de zoekresultaten, op de profielpagina, boven het gesprek, op de landingspagina’s en in je meldingen. Geen enkele instelling van de site kan die weghalen.'] },
      { heading: 'Zo herken je ze', when: 'no-fictional-icon', paragraphs: ['Elk van deze profielen draagt de woorden “Profiel van de site”: in de zoekresultaten, op de profielpagina, boven het gesprek, op de landingspagina’s en in je meldingen. Geen enkele instelling van de site kan die weghalen.'] },
      { heading: 'Eerlijke antwoorden', paragraphs: ['Vraag je zo’n profiel of het echt is, dan krijg je een eerlijk antwoord. Ons team doet nooit alsof jullie elkaar kunnen ontmoeten, vraagt nooit om geld buiten de site en vraagt nooit om persoonlijke gegevens zoals je adres of bankrekening.'] },
      { heading: 'Niets voor jou? Zet ze uit', paragraphs: ['Op je profielpagina kun je kiezen dat je geen berichten meer krijgt van profielen van de site; je kunt ze dan ook niet meer schrijven. De klantenservice kan dat ook voor je doen, bijvoorbeeld als chatten je meer kost dan je wilt uitgeven. Schrijf naar {email}.'], link: { text: 'Naar je profielinstellingen', to: 'profile-site-run' } },
    ],
  },
  de: {
    title: 'Profile der Website',
    intro: 'Neben seinen Mitgliedern zeigt {brand} auch einige Profile, die {company} selbst führt. Das sagen wir dir, bevor du dich anmeldest, und wir kennzeichnen jedes dieser Profile, damit du immer weißt, wem du schreibst.',
    sections: [
      { heading: 'Was sie sind', paragraphs: ['Ein Profil der Website ist kein Mitglied. Seine Fotos und Texte sind für die Website gemacht, und seine Nachrichten schreiben Menschen aus unserem Team. Die Person eines solchen Profils kannst du nicht im echten Leben treffen, und ein Treffen wird daraus nicht. Nachrichten an diese Profile kosten Credits wie alle anderen Nachrichten.'] },
      { heading: 'So erkennst du sie', when: 'fictional-icon', paragraphs: ['Jedes dieser Profile trägt die Kennzeichnung „✦ Profil der Website“: in den Suchergebnissen, auf der Profilseite, über dem Gespräch, auf den Landingpages und in deinen Benachrichtigungen. Keine Einstellung der Website kann sie entfernen.'] },
      { heading: 'So erkennst du sie', when: 'no-fictional-icon', paragraphs: ['Jedes dieser Profile trägt die Worte „Profil der Website“: in den Suchergebnissen, auf der Profilseite, über dem Gespräch, auf den Landingpages und in deinen Benachrichtigungen. Keine Einstellung der Website kann sie entfernen.'] },
      { heading: 'Ehrliche Antworten', paragraphs: ['Fragst du ein solches Profil, ob es echt ist, bekommst du eine ehrliche Antwort. Unser Team tut nie so, als könntet ihr euch treffen, bittet nie um Geld außerhalb der Website und fragt nie nach persönlichen Daten wie deiner Adresse oder deinem Bankkonto.'] },
      { heading: 'Nichts für dich? Schalte sie ab', paragraphs: ['Auf deiner Profilseite kannst du wählen, keine Nachrichten von Profilen der Website zu bekommen; du kannst ihnen dann auch nicht mehr schreiben. Der Kundenservice kann das auch für dich tun, zum Beispiel wenn dich das Chatten mehr kostet, als du ausgeben möchtest. Schreib an {email}.'], link: { text: 'Zu deinen Profileinstellungen', to: 'profile-site-run' } },
    ],
  },
  it: {
    title: 'Profili gestiti dal sito',
    intro: 'Oltre ai suoi membri, {brand} mostra alcuni profili gestiti direttamente da {company}. Te lo diciamo prima che ti iscrivi e contrassegniamo ognuno di questi profili, così sai sempre a chi stai scrivendo.',
    sections: [
      { heading: 'Che cosa sono', paragraphs: ['Un profilo gestito dal sito non è un membro. Le sue foto e i suoi testi sono creati per il sito e i suoi messaggi sono scritti da persone del nostro team. Non puoi incontrare nella vita reale la persona di un profilo così, e non ne nascerà un appuntamento. I messaggi a questi profili costano crediti come tutti gli altri.'] },
      { heading: 'Come riconoscerli', when: 'fictional-icon', paragraphs: ['Ognuno di questi profili porta il contrassegno «✦ Gestito dal sito»: nei risultati di ricerca, nella pagina del profilo, sopra la conversazione, nelle landing page e nelle tue notifiche. Nessuna impostazione del sito può toglierlo.'] },
      { heading: 'Come riconoscerli', when: 'no-fictional-icon', paragraphs: ['Ognuno di questi profili porta la scritta «Gestito dal sito»: nei risultati di ricerca, nella pagina del profilo, sopra la conversazione, nelle landing page e nelle tue notifiche. Nessuna impostazione del sito può toglierla.'] },
      { heading: 'Risposte sincere', paragraphs: ['Se chiedi a uno di questi profili se è reale, ricevi una risposta sincera. Il nostro team non finge mai che possiate incontrarvi, non chiede mai denaro fuori dal sito e non chiede mai dati personali come il tuo indirizzo o il tuo conto bancario.'] },
      { heading: 'Non fanno per te? Disattivali', paragraphs: ['Nella pagina del tuo profilo puoi scegliere di non ricevere messaggi dai profili gestiti dal sito; in quel caso non potrai più nemmeno scrivere loro. Anche il servizio clienti può farlo per te, per esempio se chattare ti costa più di quanto vuoi spendere. Scrivi a {email}.'], link: { text: 'Vai alle impostazioni del profilo', to: 'profile-site-run' } },
    ],
  },
  fr: {
    title: 'Profils animés par le site',
    intro: 'En plus de ses membres, {brand} affiche quelques profils animés par {company} elle-même. Nous vous le disons avant votre inscription et nous signalons chacun de ces profils, pour que vous sachiez toujours à qui vous écrivez.',
    sections: [
      { heading: 'De quoi s’agit-il', paragraphs: ['Un profil animé par le site n’est pas un membre. Ses photos et ses textes sont créés pour le site, et ses messages sont écrits par des personnes de notre équipe. Vous ne pouvez pas rencontrer en vrai la personne d’un tel profil, et aucun rendez-vous n’en sortira. Les messages à ces profils coûtent des crédits comme tous les autres.'] },
      { heading: 'Comment les reconnaître', when: 'fictional-icon', paragraphs: ['Chacun de ces profils porte la mention « ✦ Animé par le site » : dans les résultats de recherche, sur la page du profil, au-dessus de la conversation, sur les pages d’accueil et dans vos notifications. Aucun réglage du site ne peut la retirer.'] },
      { heading: 'Comment les reconnaître', when: 'no-fictional-icon', paragraphs: ['Chacun de ces profils porte les mots « Animé par le site » : dans les résultats de recherche, sur la page du profil, au-dessus de la conversation, sur les pages d’accueil et dans vos notifications. Aucun réglage du site ne peut les retirer.'] },
      { heading: 'Des réponses honnêtes', paragraphs: ['Si vous demandez à un tel profil s’il est réel, vous recevez une réponse honnête. Notre équipe ne prétend jamais que vous pouvez vous rencontrer, ne demande jamais d’argent en dehors du site et ne demande jamais de données personnelles comme votre adresse ou votre compte bancaire.'] },
      { heading: 'Pas pour vous ? Désactivez-les', paragraphs: ['Sur la page de votre profil, vous pouvez choisir de ne recevoir aucun message des profils animés par le site ; vous ne pourrez alors plus leur écrire non plus. Le service client peut aussi le faire pour vous, par exemple si discuter vous coûte plus que vous ne souhaitez dépenser. Écrivez à {email}.'], link: { text: 'Aller aux réglages de votre profil', to: 'profile-site-run' } },
    ],
  },
  es: {
    title: 'Perfiles gestionados por el sitio',
    intro: 'Además de sus miembros, {brand} muestra algunos perfiles que gestiona la propia {company}. Te lo decimos antes de que te registres y marcamos cada uno de ellos, para que siempre sepas a quién escribes.',
    sections: [
      { heading: 'Qué son', paragraphs: ['Un perfil gestionado por el sitio no es un miembro. Sus fotos y textos están hechos para el sitio y sus mensajes los escriben personas de nuestro equipo. No puedes conocer en la vida real a la persona de un perfil así, y no saldrá ninguna cita de ello. Los mensajes a estos perfiles cuestan créditos como todos los demás.'] },
      { heading: 'Cómo reconocerlos', when: 'fictional-icon', paragraphs: ['Cada uno de estos perfiles lleva la marca «✦ Gestionado por el sitio»: en los resultados de búsqueda, en la página del perfil, encima de la conversación, en las páginas de aterrizaje y en tus notificaciones. Ningún ajuste del sitio puede quitarla.'] },
      { heading: 'Cómo reconocerlos', when: 'no-fictional-icon', paragraphs: ['Cada uno de estos perfiles lleva las palabras «Gestionado por el sitio»: en los resultados de búsqueda, en la página del perfil, encima de la conversación, en las páginas de aterrizaje y en tus notificaciones. Ningún ajuste del sitio puede quitarlas.'] },
      { heading: 'Respuestas sinceras', paragraphs: ['Si preguntas a uno de estos perfiles si es real, recibes una respuesta sincera. Nuestro equipo nunca finge que podáis conoceros, nunca pide dinero fuera del sitio y nunca pide datos personales como tu dirección o tu cuenta bancaria.'] },
      { heading: '¿No son para ti? Desactívalos', paragraphs: ['En la página de tu perfil puedes elegir no recibir mensajes de los perfiles gestionados por el sitio; entonces tampoco podrás escribirles. Atención al cliente también puede hacerlo por ti, por ejemplo si chatear te cuesta más de lo que quieres gastar. Escribe a {email}.'], link: { text: 'Ir a los ajustes de tu perfil', to: 'profile-site-run' } },
    ],
  },
  pl: {
    title: 'Profile prowadzone przez serwis',
    intro: 'Oprócz członków {brand} pokazuje też kilka profili prowadzonych przez samą firmę {company}. Mówimy o tym przed rejestracją i oznaczamy każdy z tych profili, aby zawsze było wiadomo, do kogo piszesz.',
    sections: [
      { heading: 'Czym są', paragraphs: ['Profil prowadzony przez serwis nie jest członkiem. Jego zdjęcia i teksty powstały dla serwisu, a wiadomości piszą osoby z naszego zespołu. Osoby z takiego profilu nie można spotkać w prawdziwym życiu i nie dojdzie do randki. Wiadomości do tych profili kosztują kredyty tak samo jak wszystkie inne.'] },
      { heading: 'Jak je rozpoznać', when: 'fictional-icon', paragraphs: ['Każdy taki profil ma oznaczenie „✦ Prowadzony przez serwis”: w wynikach wyszukiwania, na stronie profilu, nad rozmową, na stronach docelowych i w Twoich powiadomieniach. Żadne ustawienie serwisu nie może go usunąć.'] },
      { heading: 'Jak je rozpoznać', when: 'no-fictional-icon', paragraphs: ['Każdy taki profil ma napis „Prowadzony przez serwis”: w wynikach wyszukiwania, na stronie profilu, nad rozmową, na stronach docelowych i w Twoich powiadomieniach. Żadne ustawienie serwisu nie może go usunąć.'] },
      { heading: 'Szczere odpowiedzi', paragraphs: ['Jeśli zapytasz taki profil, czy jest prawdziwy, otrzymasz szczerą odpowiedź. Nasz zespół nigdy nie udaje, że możecie się spotkać, nigdy nie prosi o pieniądze poza serwisem i nigdy nie prosi o dane osobowe, takie jak adres czy numer konta.'] },
      { heading: 'Nie dla Ciebie? Wyłącz je', paragraphs: ['Na stronie swojego profilu możesz wybrać, że nie chcesz otrzymywać wiadomości od profili prowadzonych przez serwis; wtedy nie możesz też do nich pisać. Biuro obsługi klienta może zrobić to za Ciebie, na przykład gdy czatowanie kosztuje Cię więcej, niż chcesz wydać. Napisz na {email}.'], link: { text: 'Przejdź do ustawień profilu', to: 'profile-site-run' } },
    ],
  },
};
