import type { NewMember } from '../members/member';

export const DEMO_EMAIL = 'demo@example.com';
export const DEMO_PASSWORD = 'demo1234';

type Seed = Omit<NewMember, 'siteId' | 'passwordHash'> & { signupDaysAgo: number };

/** The member to log in with: demo@example.com / demo1234. */
export const DEMO_MEMBER: Seed = {
  email: DEMO_EMAIL,
  name: 'Demo',
  gender: 'female',
  dateOfBirth: '1994-06-15',
  city: 'Amsterdam',
  country: 'NL',
  countryregion: 'Noord-Holland',
  latitude: 52.3676,
  longitude: 4.9041,
  language: 'en',
  personal: 'Coffee on the canals, long walks in the Vondelpark and a good book. Say hi!',
  // 1 credit = 0.01 of the currency of the member's country (api/README.md, "Credits"): €25.00, about 25 messages.
  credits: 2500,
  signupDaysAgo: 10,
};

/** A second login: a paid (premium) member, signed up long ago (no webcam tiles for paid members). */
export const PAID_EMAIL = 'paid@example.com';
export const PAID_MEMBER: Seed = {
  email: PAID_EMAIL,
  name: 'Pieter',
  gender: 'male',
  dateOfBirth: '1985-02-11',
  city: 'Haarlem',
  country: 'NL',
  countryregion: 'Noord-Holland',
  latitude: 52.3874,
  longitude: 4.6462,
  language: 'nl',
  personal: 'Premium member since day one. Jazz, sailing and Sunday markets.',
  credits: 5000,
  paidUser: true,
  signupDaysAgo: 200,
};

/** Profiles to find, across the sites' countries. They have no password: nobody logs in as them. */
export const PROFILES: Seed[] = [
  { email: 'sanne.devries@example.com', name: 'Sanne', gender: 'female', dateOfBirth: '1991-03-22', city: 'Utrecht', country: 'NL', countryregion: 'Utrecht', latitude: 52.0907, longitude: 5.1214, language: 'nl', personal: 'Fietsen, festivals en zondagochtend pannenkoeken.', signupDaysAgo: 40 },
  { email: 'jeroen.bakker@example.com', name: 'Jeroen', gender: 'male', dateOfBirth: '1987-11-02', city: 'Rotterdam', country: 'NL', countryregion: 'Zuid-Holland', latitude: 51.9244, longitude: 4.4777, language: 'nl', personal: 'Architect, loves the Maas at sunset and a proper espresso.', signupDaysAgo: 120 },
  { email: 'lotte.peeters@example.com', name: 'Lotte', gender: 'female', dateOfBirth: '1996-07-09', city: 'Antwerpen', country: 'BE', countryregion: 'Antwerpen', latitude: 51.2194, longitude: 4.4025, language: 'nl', personal: 'Mode, muziek en af en toe een Duvel.', signupDaysAgo: 8 },
  { email: 'thomas.dubois@example.com', name: 'Thomas', gender: 'male', dateOfBirth: '1983-01-17', city: 'Liège', country: 'BE', countryregion: 'Luik', latitude: 50.6326, longitude: 5.5797, language: 'fr', personal: 'Cuisinier amateur, randonneur dans les Ardennes.', signupDaysAgo: 300 },
  { email: 'lena.schmidt@example.com', name: 'Lena', gender: 'female', dateOfBirth: '1993-09-30', city: 'München', country: 'DE', countryregion: 'Bayern', latitude: 48.1351, longitude: 11.582, language: 'de', personal: 'Bergsteigen am Wochenende, unter der Woche Ärztin.', signupDaysAgo: 3 },
  { email: 'max.weber@example.com', name: 'Max', gender: 'male', dateOfBirth: '1989-05-05', city: 'Hamburg', country: 'DE', countryregion: 'Hamburg', latitude: 53.5511, longitude: 9.9937, language: 'de', personal: 'Segler, Hafenkind, Plattensammler.', signupDaysAgo: 60, paidUser: true },
  { email: 'anna.gruber@example.com', name: 'Anna', gender: 'female', dateOfBirth: '1979-12-12', city: 'Wien', country: 'AT', countryregion: 'Wien', latitude: 48.2082, longitude: 16.3738, language: 'de', personal: 'Kaffeehaus, Oper und lange Gespräche.', signupDaysAgo: 15 },
  { email: 'oliver.smith@example.com', name: 'Oliver', gender: 'male', dateOfBirth: '1990-02-28', city: 'Manchester', country: 'GB', countryregion: 'North West England', latitude: 53.4808, longitude: -2.2426, language: 'en', personal: 'Football on Saturdays, curry on Sundays.', signupDaysAgo: 22 },
  { email: 'emily.jones@example.com', name: 'Emily', gender: 'female', dateOfBirth: '1998-04-14', city: 'Edinburgh', country: 'GB', countryregion: 'Scotland', latitude: 55.9533, longitude: -3.1883, language: 'en', personal: 'Postgrad, hill walker, terrible at karaoke.', signupDaysAgo: 5 },
  { email: 'aoife.murphy@example.com', name: 'Aoife', gender: 'female', dateOfBirth: '1992-08-19', city: 'Cork', country: 'IE', countryregion: 'Munster', latitude: 51.8985, longitude: -8.4756, language: 'en', personal: 'Sea swims all year round. Yes, even in January.', signupDaysAgo: 33 },
  { email: 'jake.miller@example.com', name: 'Jake', gender: 'male', dateOfBirth: '1985-10-10', city: 'Austin', country: 'US', countryregion: 'Texas', latitude: 30.2672, longitude: -97.7431, language: 'en', personal: 'Live music, BBQ and road trips.', signupDaysAgo: 90, paidUser: true },
  { email: 'sophie.tremblay@example.com', name: 'Sophie', gender: 'female', dateOfBirth: '1988-06-21', city: 'Montréal', country: 'CA', countryregion: 'Quebec', latitude: 45.5019, longitude: -73.5674, language: 'fr', personal: 'Bagels, vélo et festivals de jazz.', signupDaysAgo: 12 },
  { email: 'liam.wilson@example.com', name: 'Liam', gender: 'male', dateOfBirth: '1995-01-03', city: 'Melbourne', country: 'AU', countryregion: 'Victoria', latitude: -37.8136, longitude: 144.9631, language: 'en', personal: 'Surfing, flat whites, and the footy.', signupDaysAgo: 2 },
  { email: 'mia.thompson@example.com', name: 'Mia', gender: 'female', dateOfBirth: '1990-11-25', city: 'Wellington', country: 'NZ', countryregion: 'Wellington', latitude: -41.2865, longitude: 174.7762, language: 'en', personal: 'Film nerd and weekend tramper.', signupDaysAgo: 50, fictional: true },
  { email: 'camille.martin@example.com', name: 'Camille', gender: 'female', dateOfBirth: '1986-03-08', city: 'Lyon', country: 'FR', countryregion: 'Auvergne-Rhône-Alpes', latitude: 45.764, longitude: 4.8357, language: 'fr', personal: 'Bouchons lyonnais et escapades dans les Alpes.', signupDaysAgo: 18 },
  { email: 'luca.rossi@example.com', name: 'Luca', gender: 'male', dateOfBirth: '1984-07-27', city: 'Bologna', country: 'IT', countryregion: 'Emilia-Romagna', latitude: 44.4949, longitude: 11.3426, language: 'it', personal: 'Tortellini fatti in casa e Vespa la domenica.', signupDaysAgo: 75 },
  { email: 'giulia.bianchi@example.com', name: 'Giulia', gender: 'female', dateOfBirth: '1997-12-01', city: 'Milano', country: 'IT', countryregion: 'Lombardia', latitude: 45.4642, longitude: 9.19, language: 'it', personal: 'Design, aperitivo e viaggi last minute.', signupDaysAgo: 6, fictional: true },
  { email: 'carlos.garcia@example.com', name: 'Carlos', gender: 'male', dateOfBirth: '1981-09-13', city: 'Valencia', country: 'ES', countryregion: 'Comunidad Valenciana', latitude: 39.4699, longitude: -0.3763, language: 'es', personal: 'Paella los domingos y playa siempre que puedo.', signupDaysAgo: 200 },
  { email: 'zofia.kowalska@example.com', name: 'Zofia', gender: 'female', dateOfBirth: '1994-02-11', city: 'Kraków', country: 'PL', countryregion: 'Małopolskie', latitude: 50.0647, longitude: 19.945, language: 'pl', personal: 'Góry, książki i dobra herbata.', signupDaysAgo: 28 },
  { email: 'noah.keller@example.com', name: 'Noah', gender: 'male', dateOfBirth: '1992-05-18', city: 'Zürich', country: 'CH', countryregion: 'Zürich', latitude: 47.3769, longitude: 8.5417, language: 'de', personal: 'Skifahren, Fondue und Seeschwimmen.', signupDaysAgo: 44 },
];
