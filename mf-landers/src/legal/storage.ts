// The table of what the site keeps in the browser, apart from the cookie policy's text: the legal
// pages' component imports it (CookieTable), the policy's seven languages load with /pages/cookies only.
import { CSRF_COOKIE, LOCALE_COOKIE, STORAGE_COOKIE, type Locale } from '@dating/shared';

/** Where an item is kept in the browser. */
export type StorageKind = 'cookie' | 'localStorage' | 'cacheStorage' | 'indexedDB';

export interface StorageItem {
  /** The name exactly as the browser shows it (developer tools). */
  name: string;
  kind: StorageKind;
  purpose: Record<Locale, string>;
  lifetime: Record<Locale, string>;
}

const year1: Record<Locale, string> = { en: '1 year', nl: '1 jaar', de: '1 Jahr', it: '1 anno', fr: '1 an', es: '1 año', pl: '1 rok' };
const days30: Record<Locale, string> = { en: '30 days', nl: '30 dagen', de: '30 Tage', it: '30 giorni', fr: '30 jours', es: '30 días', pl: '30 dni' };

/**
 * Every cookie and storage key the site sets, as the code sets them (names from the contracts
 * package where it defines them; cookies.test.ts checks the code against this table). None is for
 * advertising or analytics, and no third party sets any.
 */
export const STORAGE_ITEMS: StorageItem[] = [
  {
    name: 'sid',
    kind: 'cookie',
    purpose: {
      en: 'Keeps you logged in. Readable only by our server (HttpOnly).',
      nl: 'Houdt je ingelogd. Alleen leesbaar voor onze server (HttpOnly).',
      de: 'Hält dich angemeldet. Nur für unseren Server lesbar (HttpOnly).',
      it: "Mantiene l'accesso al tuo account. Leggibile solo dal nostro server (HttpOnly).",
      fr: 'Vous garde connecté. Lisible uniquement par notre serveur (HttpOnly).',
      es: 'Mantiene tu sesión iniciada. Solo la puede leer nuestro servidor (HttpOnly).',
      pl: 'Utrzymuje Cię zalogowanym. Dostępny tylko dla naszego serwera (HttpOnly).',
    },
    lifetime: days30,
  },
  {
    name: 'device',
    kind: 'cookie',
    purpose: {
      en: 'Security: recognises this browser when you log in, so we can email you when your account is opened on a device you never used. Readable only by our server (HttpOnly).',
      nl: 'Beveiliging: herkent deze browser wanneer je inlogt, zodat we je kunnen mailen als je account wordt geopend op een apparaat dat je nooit gebruikte. Alleen leesbaar voor onze server (HttpOnly).',
      de: 'Sicherheit: erkennt diesen Browser bei der Anmeldung, damit wir dir schreiben können, wenn dein Konto auf einem Gerät geöffnet wird, das du nie benutzt hast. Nur für unseren Server lesbar (HttpOnly).',
      it: 'Sicurezza: riconosce questo browser quando accedi, così possiamo scriverti se il tuo account viene aperto su un dispositivo che non hai mai usato. Leggibile solo dal nostro server (HttpOnly).',
      fr: 'Sécurité : reconnaît ce navigateur lorsque vous vous connectez, pour vous prévenir par e-mail si votre compte est ouvert sur un appareil que vous n’avez jamais utilisé. Lisible uniquement par notre serveur (HttpOnly).',
      es: 'Seguridad: reconoce este navegador cuando inicias sesión, para avisarte por correo si tu cuenta se abre en un dispositivo que nunca has usado. Solo la puede leer nuestro servidor (HttpOnly).',
      pl: 'Bezpieczeństwo: rozpoznaje tę przeglądarkę przy logowaniu, abyśmy mogli wysłać Ci e-mail, gdy Twoje konto zostanie otwarte na urządzeniu, którego nigdy nie używałeś(-aś). Dostępny tylko dla naszego serwera (HttpOnly).',
    },
    lifetime: year1,
  },
  {
    name: CSRF_COOKIE,
    kind: 'cookie',
    purpose: {
      en: 'Security: proves that a change (a message, a payment, a setting) really comes from this site and not from another one.',
      nl: 'Beveiliging: bewijst dat een wijziging (een bericht, een betaling, een instelling) echt van deze site komt en niet van een andere.',
      de: 'Sicherheit: belegt, dass eine Änderung (eine Nachricht, eine Zahlung, eine Einstellung) wirklich von dieser Website kommt und nicht von einer fremden.',
      it: "Sicurezza: dimostra che una modifica (un messaggio, un pagamento, un'impostazione) proviene davvero da questo sito e non da un altro.",
      fr: 'Sécurité : prouve qu’une modification (un message, un paiement, un réglage) vient bien de ce site et non d’un autre.',
      es: 'Seguridad: demuestra que un cambio (un mensaje, un pago, un ajuste) viene de verdad de este sitio y no de otro.',
      pl: 'Bezpieczeństwo: potwierdza, że zmiana (wiadomość, płatność, ustawienie) naprawdę pochodzi z tego serwisu, a nie z innego.',
    },
    lifetime: days30,
  },
  {
    name: LOCALE_COOKIE,
    kind: 'cookie',
    purpose: {
      en: 'Remembers the language you chose.',
      nl: 'Onthoudt de taal die je hebt gekozen.',
      de: 'Merkt sich die Sprache, die du gewählt hast.',
      it: 'Ricorda la lingua che hai scelto.',
      fr: 'Mémorise la langue que vous avez choisie.',
      es: 'Recuerda el idioma que has elegido.',
      pl: 'Zapamiętuje wybrany język.',
    },
    lifetime: year1,
  },
  {
    name: STORAGE_COOKIE,
    kind: 'cookie',
    purpose: {
      en: 'Remembers small choices between visits: your last conversation, the country for payments, the city from your location, the campaign you came from and notices you closed.',
      nl: 'Onthoudt kleine keuzes tussen bezoeken: je laatste gesprek, het land voor betalingen, de woonplaats uit je locatie, de campagne waarmee je binnenkwam en meldingen die je sloot.',
      de: 'Merkt sich kleine Entscheidungen zwischen Besuchen: dein letztes Gespräch, das Land für Zahlungen, den Ort aus deinem Standort, die Kampagne, über die du kamst, und geschlossene Hinweise.',
      it: "Ricorda piccole scelte tra una visita e l'altra: l'ultima conversazione, il Paese per i pagamenti, la città ricavata dalla posizione, la campagna da cui sei arrivato e gli avvisi che hai chiuso.",
      fr: 'Mémorise de petits choix d’une visite à l’autre : votre dernière conversation, le pays pour les paiements, la ville issue de votre localisation, la campagne par laquelle vous êtes arrivé et les avis que vous avez fermés.',
      es: 'Recuerda pequeñas elecciones entre visitas: tu última conversación, el país para los pagos, la ciudad de tu ubicación, la campaña por la que llegaste y los avisos que cerraste.',
      pl: 'Zapamiętuje drobne wybory między wizytami: ostatnią rozmowę, kraj płatności, miejscowość z lokalizacji, kampanię, z której przyszedłeś(-aś), i zamknięte komunikaty.',
    },
    lifetime: days30,
  },
  {
    name: 'client_state',
    kind: 'localStorage',
    purpose: {
      en: 'A copy of the cookie above, so these choices survive when the browser clears cookies early.',
      nl: 'Een kopie van de cookie hierboven, zodat deze keuzes blijven bestaan als de browser cookies vroegtijdig wist.',
      de: 'Eine Kopie des Cookies darüber, damit diese Entscheidungen erhalten bleiben, wenn der Browser Cookies vorzeitig löscht.',
      it: 'Una copia del cookie qui sopra, perché queste scelte restino anche se il browser cancella i cookie prima del tempo.',
      fr: 'Une copie du cookie ci-dessus, pour que ces choix soient conservés si le navigateur efface les cookies plus tôt.',
      es: 'Una copia de la cookie anterior, para que estas elecciones se conserven si el navegador borra las cookies antes de tiempo.',
      pl: 'Kopia powyższego pliku cookie, aby te wybory przetrwały, gdy przeglądarka wcześniej usunie pliki cookie.',
    },
    lifetime: days30,
  },
  {
    name: 'shell.site',
    kind: 'localStorage',
    purpose: {
      en: 'A copy of this site’s settings (name, colours, languages), so the site still opens when you are offline.',
      nl: 'Een kopie van de instellingen van deze site (naam, kleuren, talen), zodat de site ook opent als je offline bent.',
      de: 'Eine Kopie der Einstellungen dieser Website (Name, Farben, Sprachen), damit sie sich auch offline öffnet.',
      it: 'Una copia delle impostazioni del sito (nome, colori, lingue), perché si apra anche quando sei offline.',
      fr: 'Une copie des réglages du site (nom, couleurs, langues), pour qu’il s’ouvre même hors connexion.',
      es: 'Una copia de los ajustes del sitio (nombre, colores, idiomas), para que se abra aunque no tengas conexión.',
      pl: 'Kopia ustawień serwisu (nazwa, kolory, języki), aby otwierał się także bez połączenia z internetem.',
    },
    lifetime: {
      en: 'Until the next visit replaces it',
      nl: 'Tot het volgende bezoek hem vervangt',
      de: 'Bis der nächste Besuch sie ersetzt',
      it: 'Fino alla visita successiva, che la sostituisce',
      fr: 'Jusqu’à la visite suivante, qui la remplace',
      es: 'Hasta que la siguiente visita la sustituye',
      pl: 'Do następnej wizyty, która ją zastępuje',
    },
  },
  {
    name: 'workbox-precache-v2-…',
    kind: 'cacheStorage',
    purpose: {
      en: 'The service worker’s copy of the site’s own program files, so pages open fast and offline.',
      nl: 'De kopie van de eigen programmabestanden van de site in de service worker, zodat pagina’s snel en offline openen.',
      de: 'Die Kopie der Programmdateien der Website im Service Worker, damit Seiten schnell und offline öffnen.',
      it: 'La copia dei file di programma del sito nel service worker, perché le pagine si aprano velocemente e offline.',
      fr: 'La copie des fichiers du site par le service worker, pour que les pages s’ouvrent vite et hors connexion.',
      es: 'La copia de los archivos del propio sitio en el service worker, para que las páginas se abran rápido y sin conexión.',
      pl: 'Kopia plików programu serwisu w service workerze, aby strony otwierały się szybko i bez połączenia.',
    },
    lifetime: {
      en: 'Until the next version of the site',
      nl: 'Tot de volgende versie van de site',
      de: 'Bis zur nächsten Version der Website',
      it: 'Fino alla versione successiva del sito',
      fr: 'Jusqu’à la prochaine version du site',
      es: 'Hasta la siguiente versión del sitio',
      pl: 'Do następnej wersji serwisu',
    },
  },
  {
    name: 'remote-chunks',
    kind: 'cacheStorage',
    purpose: {
      en: 'Parts of the site loaded while you use it, kept so they need not be downloaded again (at most 150 files).',
      nl: 'Onderdelen van de site die tijdens gebruik worden geladen, bewaard zodat ze niet opnieuw hoeven te worden gedownload (hoogstens 150 bestanden).',
      de: 'Teile der Website, die während der Nutzung geladen werden, gespeichert, damit sie nicht erneut heruntergeladen werden müssen (höchstens 150 Dateien).',
      it: 'Parti del sito caricate durante l’uso, conservate per non doverle scaricare di nuovo (al massimo 150 file).',
      fr: 'Parties du site chargées pendant l’utilisation, conservées pour ne pas les télécharger à nouveau (150 fichiers au plus).',
      es: 'Partes del sitio cargadas mientras lo usas, guardadas para no tener que descargarlas otra vez (150 archivos como máximo).',
      pl: 'Części serwisu wczytane podczas korzystania, przechowywane, by nie trzeba ich było pobierać ponownie (najwyżej 150 plików).',
    },
    lifetime: days30,
  },
  {
    name: 'workbox-expiration',
    kind: 'indexedDB',
    purpose: {
      en: 'Notes when each stored part was last used, so old ones are removed.',
      nl: 'Noteert wanneer elk bewaard onderdeel voor het laatst is gebruikt, zodat oude worden verwijderd.',
      de: 'Notiert, wann jeder gespeicherte Teil zuletzt genutzt wurde, damit alte entfernt werden.',
      it: 'Annota quando ogni parte conservata è stata usata l’ultima volta, per eliminare quelle vecchie.',
      fr: 'Note la dernière utilisation de chaque partie conservée, afin de supprimer les anciennes.',
      es: 'Anota cuándo se usó por última vez cada parte guardada, para eliminar las antiguas.',
      pl: 'Zapisuje, kiedy każda przechowywana część była ostatnio używana, aby usuwać stare.',
    },
    lifetime: days30,
  },
];

export const STORAGE_KIND_LABELS: Record<Locale, Record<StorageKind, string>> = {
  en: { cookie: 'Cookie', localStorage: 'Local storage', cacheStorage: 'Cache storage', indexedDB: 'IndexedDB' },
  nl: { cookie: 'Cookie', localStorage: 'Lokale opslag', cacheStorage: 'Cacheopslag', indexedDB: 'IndexedDB' },
  de: { cookie: 'Cookie', localStorage: 'Lokaler Speicher', cacheStorage: 'Cache-Speicher', indexedDB: 'IndexedDB' },
  it: { cookie: 'Cookie', localStorage: 'Memoria locale', cacheStorage: 'Memoria cache', indexedDB: 'IndexedDB' },
  fr: { cookie: 'Cookie', localStorage: 'Stockage local', cacheStorage: 'Stockage du cache', indexedDB: 'IndexedDB' },
  es: { cookie: 'Cookie', localStorage: 'Almacenamiento local', cacheStorage: 'Almacenamiento en caché', indexedDB: 'IndexedDB' },
  pl: { cookie: 'Plik cookie', localStorage: 'Pamięć lokalna', cacheStorage: 'Pamięć podręczna', indexedDB: 'IndexedDB' },
};
