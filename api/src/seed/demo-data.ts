/**
 * Material for the demo members (src/seed/demo.ts): real cities of the sites' countries with the
 * region names of settings.region_data (src/seed/regions.ts), profile texts in the seven languages,
 * and a few conversations for the demo member.
 */
import type { Locale } from '@dating/shared';

/** city, region (as in region_data), latitude, longitude, and the language spoken there when a country has several. */
export type City = [name: string, region: string, lat: number, lon: number, lang?: Locale];

export const CITIES: Record<string, City[]> = {
  NL: [
    ['Amsterdam', 'Noord-Holland', 52.37, 4.9], ['Rotterdam', 'Zuid-Holland', 51.92, 4.48], ['Den Haag', 'Zuid-Holland', 52.08, 4.3],
    ['Utrecht', 'Utrecht', 52.09, 5.12], ['Eindhoven', 'Noord-Brabant', 51.44, 5.48], ['Groningen', 'Groningen', 53.22, 6.57],
    ['Tilburg', 'Noord-Brabant', 51.56, 5.09], ['Nijmegen', 'Gelderland', 51.84, 5.85], ['Arnhem', 'Gelderland', 51.98, 5.91],
    ['Maastricht', 'Limburg', 50.85, 5.69], ['Zwolle', 'Overijssel', 52.52, 6.08], ['Enschede', 'Overijssel', 52.22, 6.89],
    ['Leeuwarden', 'Friesland', 53.2, 5.79], ['Haarlem', 'Noord-Holland', 52.38, 4.64], ['Almere', 'Flevoland', 52.37, 5.21],
    ['Middelburg', 'Zeeland', 51.5, 3.61], ['Assen', 'Drenthe', 52.99, 6.56],
  ],
  BE: [
    ['Antwerpen', 'Antwerpen', 51.22, 4.4, 'nl'], ['Gent', 'Oost-Vlaanderen', 51.05, 3.72, 'nl'], ['Brugge', 'West-Vlaanderen', 51.21, 3.22, 'nl'],
    ['Leuven', 'Vlaams-Brabant', 50.88, 4.7, 'nl'], ['Hasselt', 'Limburg', 50.93, 5.34, 'nl'], ['Mechelen', 'Antwerpen', 51.03, 4.48, 'nl'],
    ['Brussel', 'Brussel', 50.85, 4.35, 'nl'], ['Bruxelles', 'Brussel', 50.85, 4.35, 'fr'], ['Liège', 'Luik', 50.63, 5.57, 'fr'],
    ['Charleroi', 'Henegouwen', 50.41, 4.44, 'fr'], ['Namur', 'Namen', 50.47, 4.87, 'fr'], ['Mons', 'Henegouwen', 50.45, 3.95, 'fr'],
    ['Wavre', 'Waals-Brabant', 50.72, 4.61, 'fr'], ['Arlon', 'Luxemburg', 49.68, 5.82, 'fr'],
  ],
  DE: [
    ['Berlin', 'Berlin', 52.52, 13.4], ['Hamburg', 'Hamburg', 53.55, 9.99], ['München', 'Bayern', 48.14, 11.58],
    ['Köln', 'Nordrhein-Westfalen', 50.94, 6.96], ['Frankfurt am Main', 'Hessen', 50.11, 8.68], ['Stuttgart', 'Baden-Württemberg', 48.78, 9.18],
    ['Düsseldorf', 'Nordrhein-Westfalen', 51.23, 6.77], ['Leipzig', 'Sachsen', 51.34, 12.37], ['Dresden', 'Sachsen', 51.05, 13.74],
    ['Hannover', 'Niedersachsen', 52.37, 9.73], ['Nürnberg', 'Bayern', 49.45, 11.08], ['Bremen', 'Bremen', 53.08, 8.8],
    ['Mainz', 'Rheinland-Pfalz', 50.0, 8.27], ['Kiel', 'Schleswig-Holstein', 54.32, 10.13], ['Rostock', 'Mecklenburg-Vorpommern', 54.09, 12.1],
    ['Erfurt', 'Thüringen', 50.98, 11.03], ['Potsdam', 'Brandenburg', 52.39, 13.06], ['Saarbrücken', 'Saarland', 49.24, 7.0],
    ['Magdeburg', 'Sachsen-Anhalt', 52.13, 11.62], ['Freiburg im Breisgau', 'Baden-Württemberg', 47.99, 7.84],
  ],
  AT: [
    ['Wien', 'Wien', 48.21, 16.37], ['Graz', 'Steiermark', 47.07, 15.44], ['Linz', 'Oberösterreich', 48.31, 14.29],
    ['Salzburg', 'Salzburg', 47.81, 13.05], ['Innsbruck', 'Tirol', 47.27, 11.4], ['Klagenfurt', 'Kärnten', 46.62, 14.31],
    ['St. Pölten', 'Niederösterreich', 48.2, 15.63], ['Bregenz', 'Vorarlberg', 47.5, 9.75], ['Eisenstadt', 'Burgenland', 47.85, 16.52],
  ],
  CH: [
    ['Zürich', 'Zürich', 47.38, 8.54, 'de'], ['Basel', 'Basel-Stadt', 47.56, 7.59, 'de'], ['Bern', 'Bern', 46.95, 7.45, 'de'],
    ['Luzern', 'Luzern', 47.05, 8.31, 'de'], ['St. Gallen', 'St. Gallen', 47.42, 9.38, 'de'], ['Winterthur', 'Zürich', 47.5, 8.72, 'de'],
    ['Genève', 'Genève', 46.2, 6.14, 'fr'], ['Lausanne', 'Vaud', 46.52, 6.63, 'fr'], ['Fribourg', 'Fribourg', 46.81, 7.16, 'fr'],
    ['Neuchâtel', 'Neuchâtel', 46.99, 6.93, 'fr'], ['Sion', 'Valais', 46.23, 7.36, 'fr'],
  ],
  GB: [
    ['London', 'London', 51.51, -0.13], ['Manchester', 'North West England', 53.48, -2.24], ['Birmingham', 'West Midlands', 52.49, -1.89],
    ['Leeds', 'Yorkshire and the Humber', 53.8, -1.55], ['Glasgow', 'Scotland', 55.86, -4.25], ['Edinburgh', 'Scotland', 55.95, -3.19],
    ['Liverpool', 'North West England', 53.41, -2.98], ['Bristol', 'South West England', 51.45, -2.59],
    ['Newcastle upon Tyne', 'North East England', 54.98, -1.61], ['Cardiff', 'Wales', 51.48, -3.18], ['Belfast', 'Northern Ireland', 54.6, -5.93],
    ['Nottingham', 'East Midlands', 52.95, -1.15], ['Brighton', 'South East England', 50.82, -0.14], ['Cambridge', 'East of England', 52.21, 0.12],
    ['Norwich', 'East of England', 52.63, 1.3],
  ],
  IE: [
    ['Dublin', 'Leinster', 53.35, -6.26], ['Cork', 'Munster', 51.9, -8.47], ['Galway', 'Connacht', 53.27, -9.05],
    ['Limerick', 'Munster', 52.66, -8.63], ['Waterford', 'Munster', 52.26, -7.11], ['Kilkenny', 'Leinster', 52.65, -7.25],
    ['Sligo', 'Connacht', 54.27, -8.47], ['Letterkenny', 'Ulster', 54.95, -7.73],
  ],
  US: [
    ['New York', 'New York', 40.71, -74.01], ['Los Angeles', 'California', 34.05, -118.24], ['Chicago', 'Illinois', 41.88, -87.63],
    ['Houston', 'Texas', 29.76, -95.37], ['Phoenix', 'Arizona', 33.45, -112.07], ['Philadelphia', 'Pennsylvania', 39.95, -75.17],
    ['San Diego', 'California', 32.72, -117.16], ['Dallas', 'Texas', 32.78, -96.8], ['Austin', 'Texas', 30.27, -97.74],
    ['Seattle', 'Washington', 47.61, -122.33], ['Denver', 'Colorado', 39.74, -104.99], ['Boston', 'Massachusetts', 42.36, -71.06],
    ['Miami', 'Florida', 25.76, -80.19], ['Atlanta', 'Georgia', 33.75, -84.39], ['Portland', 'Oregon', 45.52, -122.68],
    ['Nashville', 'Tennessee', 36.16, -86.78], ['Minneapolis', 'Minnesota', 44.98, -93.27], ['San Francisco', 'California', 37.77, -122.42],
    ['Washington', 'District of Columbia', 38.91, -77.04],
  ],
  CA: [
    ['Toronto', 'Ontario', 43.65, -79.38, 'en'], ['Vancouver', 'British Columbia', 49.28, -123.12, 'en'], ['Calgary', 'Alberta', 51.05, -114.07, 'en'],
    ['Edmonton', 'Alberta', 53.55, -113.49, 'en'], ['Ottawa', 'Ontario', 45.42, -75.7, 'en'], ['Winnipeg', 'Manitoba', 49.9, -97.14, 'en'],
    ['Halifax', 'Nova Scotia', 44.65, -63.58, 'en'], ['Victoria', 'British Columbia', 48.43, -123.37, 'en'], ['Saskatoon', 'Saskatchewan', 52.13, -106.67, 'en'],
    ['Montréal', 'Quebec', 45.5, -73.57, 'fr'], ['Québec', 'Quebec', 46.81, -71.21, 'fr'], ['Gatineau', 'Quebec', 45.48, -75.7, 'fr'],
    ['Sherbrooke', 'Quebec', 45.4, -71.89, 'fr'],
  ],
  AU: [
    ['Sydney', 'New South Wales', -33.87, 151.21], ['Melbourne', 'Victoria', -37.81, 144.96], ['Brisbane', 'Queensland', -27.47, 153.03],
    ['Perth', 'Western Australia', -31.95, 115.86], ['Adelaide', 'South Australia', -34.93, 138.6], ['Canberra', 'Australian Capital Territory', -35.28, 149.13],
    ['Hobart', 'Tasmania', -42.88, 147.33], ['Darwin', 'Northern Territory', -12.46, 130.84], ['Gold Coast', 'Queensland', -28.02, 153.4],
    ['Newcastle', 'New South Wales', -32.93, 151.78],
  ],
  NZ: [
    ['Auckland', 'Auckland', -36.85, 174.76], ['Wellington', 'Wellington', -41.29, 174.78], ['Christchurch', 'Canterbury', -43.53, 172.64],
    ['Hamilton', 'Waikato', -37.79, 175.28], ['Tauranga', 'Bay of Plenty', -37.69, 176.17], ['Dunedin', 'Otago', -45.88, 170.5],
    ['Napier', "Hawke's Bay", -39.49, 176.91], ['Nelson', 'Nelson', -41.27, 173.28], ['Palmerston North', 'Manawatū-Whanganui', -40.35, 175.61],
    ['Queenstown', 'Otago', -45.03, 168.66],
  ],
  FR: [
    ['Paris', 'Île-de-France', 48.86, 2.35], ['Marseille', "Provence-Alpes-Côte d'Azur", 43.3, 5.37], ['Lyon', 'Auvergne-Rhône-Alpes', 45.76, 4.84],
    ['Toulouse', 'Occitanie', 43.6, 1.44], ['Nice', "Provence-Alpes-Côte d'Azur", 43.7, 7.27], ['Nantes', 'Pays de la Loire', 47.22, -1.55],
    ['Strasbourg', 'Grand Est', 48.57, 7.75], ['Montpellier', 'Occitanie', 43.61, 3.88], ['Bordeaux', 'Nouvelle-Aquitaine', 44.84, -0.58],
    ['Lille', 'Hauts-de-France', 50.63, 3.06], ['Rennes', 'Bretagne', 48.11, -1.68], ['Rouen', 'Normandie', 49.44, 1.1],
    ['Dijon', 'Bourgogne-Franche-Comté', 47.32, 5.04], ['Tours', 'Centre-Val de Loire', 47.39, 0.69], ['Ajaccio', 'Corse', 41.92, 8.74],
    ['Grenoble', 'Auvergne-Rhône-Alpes', 45.19, 5.72],
  ],
  IT: [
    ['Roma', 'Lazio', 41.9, 12.5], ['Milano', 'Lombardia', 45.46, 9.19], ['Napoli', 'Campania', 40.85, 14.27], ['Torino', 'Piemonte', 45.07, 7.69],
    ['Palermo', 'Sicilia', 38.12, 13.36], ['Genova', 'Liguria', 44.41, 8.93], ['Bologna', 'Emilia-Romagna', 44.49, 11.34],
    ['Firenze', 'Toscana', 43.77, 11.26], ['Bari', 'Puglia', 41.12, 16.87], ['Venezia', 'Veneto', 45.44, 12.32], ['Verona', 'Veneto', 45.44, 10.99],
    ['Cagliari', 'Sardegna', 39.22, 9.12], ['Trento', 'Trentino-Alto Adige', 46.07, 11.12], ['Perugia', 'Umbria', 43.11, 12.39],
    ['Trieste', 'Friuli-Venezia Giulia', 45.65, 13.78], ['Catania', 'Sicilia', 37.5, 15.09],
  ],
  ES: [
    ['Madrid', 'Comunidad de Madrid', 40.42, -3.7], ['Barcelona', 'Cataluña', 41.39, 2.17], ['Valencia', 'Comunidad Valenciana', 39.47, -0.38],
    ['Sevilla', 'Andalucía', 37.39, -5.98], ['Zaragoza', 'Aragón', 41.65, -0.89], ['Málaga', 'Andalucía', 36.72, -4.42],
    ['Murcia', 'Región de Murcia', 37.99, -1.13], ['Palma', 'Islas Baleares', 39.57, 2.65], ['Las Palmas de Gran Canaria', 'Canarias', 28.12, -15.44],
    ['Bilbao', 'País Vasco', 43.26, -2.93], ['Alicante', 'Comunidad Valenciana', 38.35, -0.48], ['Valladolid', 'Castilla y León', 41.65, -4.72],
    ['A Coruña', 'Galicia', 43.36, -8.41], ['Granada', 'Andalucía', 37.18, -3.6], ['Oviedo', 'Principado de Asturias', 43.36, -5.85],
    ['Pamplona', 'Navarra', 42.81, -1.64], ['Santander', 'Cantabria', 43.46, -3.81], ['Toledo', 'Castilla-La Mancha', 39.86, -4.02],
  ],
  PL: [
    ['Warszawa', 'Mazowieckie', 52.23, 21.01], ['Kraków', 'Małopolskie', 50.06, 19.94], ['Łódź', 'Łódzkie', 51.76, 19.46],
    ['Wrocław', 'Dolnośląskie', 51.11, 17.03], ['Poznań', 'Wielkopolskie', 52.41, 16.93], ['Gdańsk', 'Pomorskie', 54.35, 18.65],
    ['Szczecin', 'Zachodniopomorskie', 53.43, 14.55], ['Bydgoszcz', 'Kujawsko-pomorskie', 53.12, 18.01], ['Lublin', 'Lubelskie', 51.25, 22.57],
    ['Katowice', 'Śląskie', 50.26, 19.02], ['Białystok', 'Podlaskie', 53.13, 23.16], ['Rzeszów', 'Podkarpackie', 50.04, 22.0],
    ['Kielce', 'Świętokrzyskie', 50.87, 20.63], ['Olsztyn', 'Warmińsko-mazurskie', 53.78, 20.49], ['Opole', 'Opolskie', 50.68, 17.93],
    ['Zielona Góra', 'Lubuskie', 51.94, 15.51],
  ],
};

/** Where speakers of each language live, with weights; the faker locale gives names of that place. */
export const LANGUAGE_MIX: { lang: Locale; weight: number; countries: [country: string, weight: number, faker: string][] }[] = [
  { lang: 'en', weight: 30, countries: [['GB', 35, 'EN_GB'], ['US', 30, 'EN_US'], ['IE', 10, 'EN_IE'], ['CA', 10, 'EN_CA'], ['AU', 10, 'EN_AU'], ['NZ', 5, 'EN']] },
  { lang: 'nl', weight: 15, countries: [['NL', 75, 'NL'], ['BE', 25, 'NL_BE']] },
  { lang: 'de', weight: 15, countries: [['DE', 70, 'DE'], ['AT', 15, 'DE_AT'], ['CH', 15, 'DE_CH']] },
  { lang: 'fr', weight: 12, countries: [['FR', 75, 'FR'], ['BE', 10, 'FR_BE'], ['CH', 10, 'FR_CH'], ['CA', 5, 'FR_CA']] },
  { lang: 'it', weight: 10, countries: [['IT', 100, 'IT']] },
  { lang: 'es', weight: 10, countries: [['ES', 100, 'ES']] },
  { lang: 'pl', weight: 8, countries: [['PL', 100, 'PL']] },
];

interface TextBank {
  /** {a} and {b} are pastimes, {city} the member's city. */
  intros: string[];
  pastimes: string[];
  closings: string[];
}

/** Profile texts: an intro with two pastimes, sometimes a closing line; in the member's language. */
export const TEXTS: Record<Locale, TextBank> = {
  en: {
    intros: ['Easy-going and curious, happiest with {a} and {b}.', 'Born in {city} and still finding new corners of it. Big fan of {a}.',
      'Looking for someone to share {a} and lazy Sundays with.', 'Honest, a bit nerdy, always up for {a} or {b}.',
      'Weekdays at work, weekends for {a}. Ask me about {b}!'],
    pastimes: ['hiking', 'cooking for friends', 'live music', 'board games', 'cycling', 'travelling', 'photography', 'yoga',
      'a good book', 'the cinema', 'dancing', 'running', 'gardening', 'the seaside'],
    closings: ['Say hi!', "Let's grab a coffee.", "Make me laugh and you've got my attention.", 'Tell me about your favourite place.'],
  },
  nl: {
    intros: ['Nieuwsgierig en relaxed, het gelukkigst met {a} en {b}.', 'Geboren in {city} en nog steeds nieuwe plekjes aan het ontdekken. Fan van {a}.',
      'Op zoek naar iemand om {a} en luie zondagen mee te delen.', 'Eerlijk, een beetje nerdy en altijd in voor {a} of {b}.',
      'Doordeweeks aan het werk, in het weekend tijd voor {a}. Vraag me naar {b}!'],
    pastimes: ['wandelen', 'koken voor vrienden', 'livemuziek', 'bordspellen', 'fietsen', 'reizen', 'fotografie', 'yoga',
      'een goed boek', 'de bioscoop', 'dansen', 'hardlopen', 'tuinieren', 'het strand'],
    closings: ['Zeg gerust hoi!', 'Zin in koffie?', 'Laat me lachen en je hebt mijn aandacht.', 'Vertel me over je favoriete plek.'],
  },
  de: {
    intros: ['Entspannt und neugierig, am glücklichsten mit {a} und {b}.', 'Geboren in {city} und entdecke immer noch neue Ecken. Großer Fan von {a}.',
      'Suche jemanden für {a} und faule Sonntage.', 'Ehrlich, ein bisschen nerdig und immer zu haben für {a} oder {b}.',
      'Unter der Woche im Job, am Wochenende Zeit für {a}. Frag mich nach {b}!'],
    pastimes: ['Wandern', 'Kochen für Freunde', 'Livemusik', 'Brettspiele', 'Radfahren', 'Reisen', 'Fotografie', 'Yoga',
      'ein gutes Buch', 'Kino', 'Tanzen', 'Laufen', 'Gärtnern', 'das Meer'],
    closings: ['Schreib mir einfach!', 'Lust auf einen Kaffee?', 'Bring mich zum Lachen und du hast meine Aufmerksamkeit.', 'Erzähl mir von deinem Lieblingsort.'],
  },
  // Romance languages and Polish: lists after a colon, so nothing depends on gender or articles.
  fr: {
    intros: ['Mes passions : {a} et {b}.', 'Originaire de {city}, j’en découvre encore des coins. Passion : {a}.',
      'Je cherche quelqu’un pour partager mes week-ends ({a}, {b}) et des dimanches paresseux.',
      'Honnêteté, humour, et un faible pour : {a}, {b}.', 'La semaine au travail, le week-end : {a} et {b}.'],
    pastimes: ['randonnée', 'cuisine entre amis', 'concerts', 'jeux de société', 'vélo', 'voyages', 'photo', 'yoga',
      'lecture', 'cinéma', 'danse', 'course à pied', 'jardinage', 'la mer'],
    closings: ['Écris-moi !', 'On prend un café ?', 'Fais-moi rire et tu as toute mon attention.', 'Raconte-moi ton endroit préféré.'],
  },
  it: {
    intros: ['Le mie passioni: {a} e {b}.', 'Vengo da {city} e ne scopro ancora angoli nuovi. Passione: {a}.',
      'Cerco qualcuno con cui condividere i weekend ({a}, {b}) e le domeniche pigre.',
      'Sincerità, ironia e un debole per: {a}, {b}.', 'In settimana lavoro, nel weekend: {a} e {b}.'],
    pastimes: ['escursioni', 'cucina per gli amici', 'musica dal vivo', 'giochi da tavolo', 'bici', 'viaggi', 'fotografia', 'yoga',
      'lettura', 'cinema', 'ballo', 'corsa', 'giardinaggio', 'il mare'],
    closings: ['Scrivimi!', 'Prendiamo un caffè?', 'Fammi ridere e hai tutta la mia attenzione.', 'Raccontami il tuo posto preferito.'],
  },
  es: {
    intros: ['Mis pasiones: {a} y {b}.', 'Soy de {city} y aún descubro rincones nuevos. Pasión: {a}.',
      'Busco a alguien con quien compartir los fines de semana ({a}, {b}) y domingos tranquilos.',
      'Sinceridad, humor y debilidad por: {a}, {b}.', 'Entre semana trabajo; los fines de semana: {a} y {b}.'],
    pastimes: ['senderismo', 'cocinar para amigos', 'música en directo', 'juegos de mesa', 'bici', 'viajes', 'fotografía', 'yoga',
      'lectura', 'cine', 'baile', 'correr', 'jardinería', 'el mar'],
    closings: ['¡Escríbeme!', '¿Un café?', 'Hazme reír y tendrás toda mi atención.', 'Cuéntame tu lugar favorito.'],
  },
  pl: {
    intros: ['Moje pasje: {a} i {b}.', 'Miasto: {city}. Wciąż odkrywam w nim nowe zakątki. Pasja: {a}.',
      'Szukam kogoś, z kim spędzę weekendy ({a}, {b}) i leniwe niedziele.',
      'Szczerość, poczucie humoru i słabość do tego: {a}, {b}.', 'W tygodniu praca, w weekend: {a} i {b}.'],
    pastimes: ['wędrówki', 'gotowanie dla przyjaciół', 'koncerty', 'gry planszowe', 'rower', 'podróże', 'fotografia', 'joga',
      'książki', 'kino', 'taniec', 'bieganie', 'ogród', 'morze'],
    closings: ['Napisz do mnie!', 'Może kawa?', 'Rozśmiesz mnie, a masz moją uwagę.', 'Opowiedz mi o swoim ulubionym miejscu.'],
  },
};

/** Conversations with the demo member: who says what, oldest first ('them' writes to the demo member). */
export const DEMO_DIALOGUES: { from: 'them' | 'demo'; msg: string }[][] = [
  [
    { from: 'them', msg: 'Hi! I saw you like long walks in the Vondelpark too 🙂' },
    { from: 'demo', msg: 'I do! Every Sunday morning if the weather allows.' },
    { from: 'them', msg: 'Same here. Coffee after the walk next Sunday?' },
    { from: 'them', msg: 'I know a great place near the entrance.' },
  ],
  [
    { from: 'demo', msg: 'Hello! Your photo from the mountains looks amazing. Where was that?' },
    { from: 'them', msg: 'Thanks! That was the Dolomites last summer.' },
    { from: 'them', msg: 'Have you ever been hiking there?' },
  ],
  [
    { from: 'them', msg: 'Good evening! What are you reading at the moment?' },
    { from: 'demo', msg: 'A crime novel set in Amsterdam, very fitting. You?' },
    { from: 'them', msg: 'A travel book about Portugal. I might need a holiday 😄' },
    { from: 'demo', msg: 'Portugal is lovely in spring!' },
  ],
  [
    { from: 'them', msg: 'Hey, nice profile! Do you play any board games?' },
    { from: 'demo', msg: 'Catan and Ticket to Ride, mostly. Always looking for new ones.' },
  ],
  [
    { from: 'them', msg: 'Hi Demo, how was your weekend?' },
    { from: 'them', msg: 'I went to a jazz concert, it was brilliant.' },
    { from: 'them', msg: 'Do you like live music?' },
  ],
];
