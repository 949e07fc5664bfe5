import type { Region } from '@dating/shared';

/** Regions (provinces, states, …) of every country a site can serve, by ISO country code. */
const REGION_NAMES: Record<string, string[]> = {
  NL: ['Drenthe', 'Flevoland', 'Friesland', 'Gelderland', 'Groningen', 'Limburg', 'Noord-Brabant', 'Noord-Holland', 'Overijssel', 'Utrecht', 'Zeeland', 'Zuid-Holland'],
  BE: ['Antwerpen', 'Brussel', 'Henegouwen', 'Limburg', 'Luik', 'Luxemburg', 'Namen', 'Oost-Vlaanderen', 'Vlaams-Brabant', 'Waals-Brabant', 'West-Vlaanderen'],
  DE: ['Baden-Württemberg', 'Bayern', 'Berlin', 'Brandenburg', 'Bremen', 'Hamburg', 'Hessen', 'Mecklenburg-Vorpommern', 'Niedersachsen', 'Nordrhein-Westfalen', 'Rheinland-Pfalz', 'Saarland', 'Sachsen', 'Sachsen-Anhalt', 'Schleswig-Holstein', 'Thüringen'],
  AT: ['Burgenland', 'Kärnten', 'Niederösterreich', 'Oberösterreich', 'Salzburg', 'Steiermark', 'Tirol', 'Vorarlberg', 'Wien'],
  GB: ['East Midlands', 'East of England', 'London', 'North East England', 'North West England', 'Northern Ireland', 'Scotland', 'South East England', 'South West England', 'Wales', 'West Midlands', 'Yorkshire and the Humber'],
  IE: ['Connacht', 'Leinster', 'Munster', 'Ulster'],
  US: ['Alabama', 'Alaska', 'Arizona', 'Arkansas', 'California', 'Colorado', 'Connecticut', 'Delaware', 'District of Columbia', 'Florida', 'Georgia', 'Hawaii', 'Idaho', 'Illinois', 'Indiana', 'Iowa', 'Kansas', 'Kentucky', 'Louisiana', 'Maine', 'Maryland', 'Massachusetts', 'Michigan', 'Minnesota', 'Mississippi', 'Missouri', 'Montana', 'Nebraska', 'Nevada', 'New Hampshire', 'New Jersey', 'New Mexico', 'New York', 'North Carolina', 'North Dakota', 'Ohio', 'Oklahoma', 'Oregon', 'Pennsylvania', 'Rhode Island', 'South Carolina', 'South Dakota', 'Tennessee', 'Texas', 'Utah', 'Vermont', 'Virginia', 'Washington', 'West Virginia', 'Wisconsin', 'Wyoming'],
  CA: ['Alberta', 'British Columbia', 'Manitoba', 'New Brunswick', 'Newfoundland and Labrador', 'Northwest Territories', 'Nova Scotia', 'Nunavut', 'Ontario', 'Prince Edward Island', 'Quebec', 'Saskatchewan', 'Yukon'],
  AU: ['Australian Capital Territory', 'New South Wales', 'Northern Territory', 'Queensland', 'South Australia', 'Tasmania', 'Victoria', 'Western Australia'],
  NZ: ['Auckland', 'Bay of Plenty', 'Canterbury', 'Gisborne', "Hawke's Bay", 'Manawatū-Whanganui', 'Marlborough', 'Nelson', 'Northland', 'Otago', 'Southland', 'Taranaki', 'Tasman', 'Waikato', 'Wellington', 'West Coast'],
  FR: ['Auvergne-Rhône-Alpes', 'Bourgogne-Franche-Comté', 'Bretagne', 'Centre-Val de Loire', 'Corse', 'Grand Est', 'Hauts-de-France', 'Île-de-France', 'Normandie', 'Nouvelle-Aquitaine', 'Occitanie', 'Pays de la Loire', "Provence-Alpes-Côte d'Azur"],
  IT: ['Abruzzo', 'Basilicata', 'Calabria', 'Campania', 'Emilia-Romagna', 'Friuli-Venezia Giulia', 'Lazio', 'Liguria', 'Lombardia', 'Marche', 'Molise', 'Piemonte', 'Puglia', 'Sardegna', 'Sicilia', 'Toscana', 'Trentino-Alto Adige', 'Umbria', "Valle d'Aosta", 'Veneto'],
  ES: ['Andalucía', 'Aragón', 'Canarias', 'Cantabria', 'Castilla y León', 'Castilla-La Mancha', 'Cataluña', 'Comunidad de Madrid', 'Comunidad Valenciana', 'Extremadura', 'Galicia', 'Islas Baleares', 'La Rioja', 'Navarra', 'País Vasco', 'Principado de Asturias', 'Región de Murcia'],
  PL: ['Dolnośląskie', 'Kujawsko-pomorskie', 'Lubelskie', 'Lubuskie', 'Łódzkie', 'Małopolskie', 'Mazowieckie', 'Opolskie', 'Podkarpackie', 'Podlaskie', 'Pomorskie', 'Śląskie', 'Świętokrzyskie', 'Warmińsko-mazurskie', 'Wielkopolskie', 'Zachodniopomorskie'],
  CH: ['Aargau', 'Appenzell Ausserrhoden', 'Appenzell Innerrhoden', 'Basel-Landschaft', 'Basel-Stadt', 'Bern', 'Fribourg', 'Genève', 'Glarus', 'Graubünden', 'Jura', 'Luzern', 'Neuchâtel', 'Nidwalden', 'Obwalden', 'Schaffhausen', 'Schwyz', 'Solothurn', 'St. Gallen', 'Thurgau', 'Ticino', 'Uri', 'Valais', 'Vaud', 'Zug', 'Zürich'],
};

export const ALL_COUNTRIES = Object.keys(REGION_NAMES);

/** Stable ids: 100 per country in the order above (NL 101…, BE 201…), so ids never move. */
export function regionData(countries: string[]): Record<string, Region[]> {
  return Object.fromEntries(
    countries.map((country) => {
      const base = (ALL_COUNTRIES.indexOf(country) + 1) * 100;
      const names = REGION_NAMES[country];
      if (!names) throw new Error(`No regions for ${country}`);
      return [country, names.map((name, i) => ({ id: base + i + 1, name }))];
    }),
  );
}

/** Cheapest message price per country, in its currency. */
const MESSAGE_COSTS: Record<string, { costs: number; currency: string }> = {
  NL: { costs: 0.99, currency: 'EUR' },
  BE: { costs: 0.99, currency: 'EUR' },
  DE: { costs: 0.99, currency: 'EUR' },
  AT: { costs: 0.99, currency: 'EUR' },
  GB: { costs: 0.89, currency: 'GBP' },
  IE: { costs: 0.99, currency: 'EUR' },
  US: { costs: 1.09, currency: 'USD' },
  CA: { costs: 1.39, currency: 'CAD' },
  AU: { costs: 1.59, currency: 'AUD' },
  NZ: { costs: 1.69, currency: 'NZD' },
  FR: { costs: 0.99, currency: 'EUR' },
  IT: { costs: 0.99, currency: 'EUR' },
  ES: { costs: 0.99, currency: 'EUR' },
  PL: { costs: 3.99, currency: 'PLN' },
  CH: { costs: 1.09, currency: 'CHF' },
};

export function messageCosts(countries: string[]): Record<string, { costs: number; currency: string }> {
  return Object.fromEntries(countries.map((c) => [c, MESSAGE_COSTS[c]!]));
}
