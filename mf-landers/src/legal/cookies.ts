import type { LegalTexts } from './types';

export { STORAGE_ITEMS, STORAGE_KIND_LABELS, type StorageItem, type StorageKind } from './storage';

/** The cookie policy; the table of STORAGE_ITEMS follows section 2. */
export const COOKIES: LegalTexts = {
  en: {
    title: 'Cookie policy',
    intro: '{brand} uses a few cookies and browser storage, only for what the site needs to work. We use no advertising or tracking cookies, and no third party places cookies through our site.',
    sections: [
      { heading: '1. What cookies and browser storage are', paragraphs: ['A cookie is a small text file a website stores in your browser. Local storage, cache storage and IndexedDB are similar places in your browser where a site can keep data. They let the site remember you between pages and visits.'] },
      { heading: '2. What we store', paragraphs: ['This table lists every cookie and storage item {brand} sets, with its purpose and how long it is kept. All of them are strictly necessary or remember a choice you made, so the law does not require your consent for them.'] },
      { heading: '3. No advertising, no analytics', paragraphs: ['We do not use cookies to follow you across other websites or to build an advertising profile. The campaign that brought you here is stored in our own cookie and in your account, only to pay the partner who sent you.'] },
      { heading: '4. How to manage them', paragraphs: ['You can see and delete cookies and site data in your browser settings at any time. If you block the cookies sid and csrf, you cannot log in. Questions? Write to {email}.'] },
    ],
  },
  nl: {
    title: 'Cookiebeleid',
    intro: '{brand} gebruikt een paar cookies en browseropslag, alleen voor wat de site nodig heeft om te werken. We gebruiken geen advertentie- of trackingcookies, en geen derde partij plaatst cookies via onze site.',
    sections: [
      { heading: '1. Wat cookies en browseropslag zijn', paragraphs: ['Een cookie is een klein tekstbestand dat een website in je browser bewaart. Lokale opslag, cacheopslag en IndexedDB zijn vergelijkbare plekken in je browser waar een site gegevens kan bewaren. Zo onthoudt de site je tussen pagina’s en bezoeken.'] },
      { heading: '2. Wat we opslaan', paragraphs: ['In deze tabel staat elke cookie en elk opslagitem dat {brand} plaatst, met het doel en hoe lang het bewaard blijft. Ze zijn allemaal strikt noodzakelijk of onthouden een keuze die je zelf maakte; daarvoor is volgens de wet geen toestemming nodig.'] },
      { heading: '3. Geen advertenties, geen analytics', paragraphs: ['We gebruiken geen cookies om je over andere websites te volgen of om een advertentieprofiel op te bouwen. De campagne waarmee je binnenkwam, bewaren we in onze eigen cookie en in je account, alleen om de partner te betalen die je stuurde.'] },
      { heading: '4. Zo beheer je ze', paragraphs: ['Je kunt cookies en sitegegevens op elk moment bekijken en verwijderen in de instellingen van je browser. Blokkeer je de cookies sid en csrf, dan kun je niet inloggen. Vragen? Mail naar {email}.'] },
    ],
  },
  de: {
    title: 'Cookie-Richtlinie',
    intro: '{brand} verwendet wenige Cookies und Browserspeicher, nur für das, was die Website zum Funktionieren braucht. Wir setzen keine Werbe- oder Tracking-Cookies ein, und kein Dritter setzt über unsere Website Cookies.',
    sections: [
      { heading: '1. Was Cookies und Browserspeicher sind', paragraphs: ['Ein Cookie ist eine kleine Textdatei, die eine Website in deinem Browser ablegt. Lokaler Speicher, Cache-Speicher und IndexedDB sind ähnliche Orte in deinem Browser, an denen eine Website Daten aufbewahren kann. So erkennt dich die Website zwischen Seiten und Besuchen wieder.'] },
      { heading: '2. Was wir speichern', paragraphs: ['Diese Tabelle nennt jedes Cookie und jeden Speichereintrag, den {brand} setzt, mit Zweck und Speicherdauer. Alle sind unbedingt erforderlich oder merken sich eine Entscheidung von dir; dafür ist nach dem Gesetz keine Einwilligung nötig.'] },
      { heading: '3. Keine Werbung, keine Analyse', paragraphs: ['Wir verwenden keine Cookies, um dich über andere Websites hinweg zu verfolgen oder ein Werbeprofil zu erstellen. Die Kampagne, über die du zu uns kamst, speichern wir in unserem eigenen Cookie und in deinem Konto, nur um den Partner zu vergüten, der dich geschickt hat.'] },
      { heading: '4. So verwaltest du sie', paragraphs: ['Du kannst Cookies und Website-Daten jederzeit in den Einstellungen deines Browsers ansehen und löschen. Wenn du die Cookies sid und csrf blockierst, kannst du dich nicht anmelden. Fragen? Schreib an {email}.'] },
    ],
  },
  it: {
    title: 'Cookie policy',
    intro: "{brand} usa pochi cookie e poca memoria del browser, solo per ciò che serve al funzionamento del sito. Non usiamo cookie pubblicitari o di tracciamento e nessuna terza parte installa cookie tramite il nostro sito.",
    sections: [
      { heading: '1. Che cosa sono cookie e memoria del browser', paragraphs: ['Un cookie è un piccolo file di testo che un sito salva nel tuo browser. La memoria locale, la memoria cache e IndexedDB sono spazi simili del browser in cui un sito può conservare dati. Permettono al sito di ricordarti tra una pagina e l’altra e tra una visita e l’altra.'] },
      { heading: '2. Che cosa conserviamo', paragraphs: ['Questa tabella elenca ogni cookie e ogni elemento di memoria che {brand} imposta, con lo scopo e la durata. Sono tutti strettamente necessari o ricordano una scelta che hai fatto tu; per questo la legge non richiede il tuo consenso.'] },
      { heading: '3. Niente pubblicità, niente statistiche', paragraphs: ['Non usiamo cookie per seguirti su altri siti o per costruire un profilo pubblicitario. La campagna da cui sei arrivato è salvata nel nostro cookie e nel tuo account, solo per pagare il partner che ti ha inviato.'] },
      { heading: '4. Come gestirli', paragraphs: ['Puoi vedere e cancellare cookie e dati del sito in qualsiasi momento dalle impostazioni del browser. Se blocchi i cookie sid e csrf, non potrai accedere. Domande? Scrivi a {email}.'] },
    ],
  },
  fr: {
    title: 'Politique relative aux cookies',
    intro: '{brand} utilise quelques cookies et un peu de stockage du navigateur, uniquement pour ce dont le site a besoin pour fonctionner. Nous n’utilisons aucun cookie publicitaire ou de pistage, et aucun tiers ne dépose de cookies par notre intermédiaire.',
    sections: [
      { heading: '1. Cookies et stockage du navigateur', paragraphs: ['Un cookie est un petit fichier texte qu’un site enregistre dans votre navigateur. Le stockage local, le stockage du cache et IndexedDB sont des emplacements similaires où un site peut conserver des données. Ils permettent au site de se souvenir de vous d’une page et d’une visite à l’autre.'] },
      { heading: '2. Ce que nous enregistrons', paragraphs: ['Ce tableau présente chaque cookie et chaque élément de stockage déposé par {brand}, avec sa finalité et sa durée de conservation. Tous sont strictement nécessaires ou mémorisent un choix que vous avez fait ; la loi n’exige donc pas votre consentement.'] },
      { heading: '3. Ni publicité, ni mesure d’audience', paragraphs: ['Nous n’utilisons pas de cookies pour vous suivre sur d’autres sites ni pour établir un profil publicitaire. La campagne par laquelle vous êtes arrivé est conservée dans notre propre cookie et dans votre compte, uniquement pour rémunérer le partenaire qui vous a envoyé.'] },
      { heading: '4. Les gérer', paragraphs: ['Vous pouvez consulter et supprimer les cookies et les données du site à tout moment dans les réglages de votre navigateur. Si vous bloquez les cookies sid et csrf, vous ne pourrez pas vous connecter. Une question ? Écrivez à {email}.'] },
    ],
  },
  es: {
    title: 'Política de cookies',
    intro: '{brand} usa unas pocas cookies y algo de almacenamiento del navegador, solo para lo que el sitio necesita para funcionar. No usamos cookies publicitarias ni de seguimiento, y ningún tercero instala cookies a través de nuestro sitio.',
    sections: [
      { heading: '1. Qué son las cookies y el almacenamiento del navegador', paragraphs: ['Una cookie es un pequeño archivo de texto que un sitio web guarda en tu navegador. El almacenamiento local, el almacenamiento en caché e IndexedDB son lugares parecidos de tu navegador donde un sitio puede guardar datos. Permiten que el sitio te recuerde entre páginas y visitas.'] },
      { heading: '2. Qué guardamos', paragraphs: ['Esta tabla recoge cada cookie y cada elemento de almacenamiento que instala {brand}, con su finalidad y su duración. Todos son estrictamente necesarios o recuerdan una elección tuya, por lo que la ley no exige tu consentimiento.'] },
      { heading: '3. Sin publicidad ni analítica', paragraphs: ['No usamos cookies para seguirte por otros sitios ni para crear un perfil publicitario. La campaña por la que llegaste se guarda en nuestra propia cookie y en tu cuenta, solo para pagar al socio que te envió.'] },
      { heading: '4. Cómo gestionarlas', paragraphs: ['Puedes ver y borrar las cookies y los datos del sitio en cualquier momento en los ajustes de tu navegador. Si bloqueas las cookies sid y csrf, no podrás iniciar sesión. ¿Dudas? Escribe a {email}.'] },
    ],
  },
  pl: {
    title: 'Polityka plików cookie',
    intro: '{brand} używa kilku plików cookie i pamięci przeglądarki wyłącznie w zakresie potrzebnym do działania serwisu. Nie stosujemy reklamowych ani śledzących plików cookie, a żadna strona trzecia nie zapisuje plików cookie za pośrednictwem naszego serwisu.',
    sections: [
      { heading: '1. Czym są pliki cookie i pamięć przeglądarki', paragraphs: ['Plik cookie to mały plik tekstowy, który strona zapisuje w przeglądarce. Pamięć lokalna, pamięć podręczna i IndexedDB to podobne miejsca w przeglądarce, w których serwis może przechowywać dane. Dzięki nim serwis pamięta Cię między stronami i wizytami.'] },
      { heading: '2. Co zapisujemy', paragraphs: ['Tabela wymienia każdy plik cookie i każdy element pamięci zapisywany przez {brand}, wraz z celem i okresem przechowywania. Wszystkie są niezbędne lub zapamiętują dokonany przez Ciebie wybór, dlatego przepisy nie wymagają Twojej zgody.'] },
      { heading: '3. Bez reklam i bez analityki', paragraphs: ['Nie używamy plików cookie, by śledzić Cię w innych serwisach ani tworzyć profilu reklamowego. Kampanię, z której do nas trafiłeś(-aś), zapisujemy we własnym pliku cookie i na Twoim koncie wyłącznie po to, by rozliczyć się z partnerem, który Cię skierował.'] },
      { heading: '4. Jak nimi zarządzać', paragraphs: ['W ustawieniach przeglądarki możesz w każdej chwili przejrzeć i usunąć pliki cookie oraz dane serwisu. Jeśli zablokujesz pliki cookie sid i csrf, nie będziesz mógł (mogła) się zalogować. Pytania? Napisz na {email}.'] },
    ],
  },
};
