import { useIntl } from 'react-intl';
import { SignupBox } from '../../common/SignupBox';
import { countryName } from '../../legal/facts';
import { m } from '../messages';
import type { TemplateProps } from './types';
import styles from './MapLanding.module.css';

/** The radius of a dot of the country. */
const DOT_RADIUS = 9;

/**
 * The country's dots as one SVG path, each a circle of two arcs: one element instead of hundreds
 * (~600 for a country), so the page has that much less to render, style and lay out.
 */
export function dotsPath(dots: readonly (readonly [number, number])[], r = DOT_RADIUS): string {
  return dots.map(([x, y]) => `M${x - r} ${y}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0`).join('');
}

/** The labels' font size in the map's units (MapLanding.module.css .label). */
const LABEL_FONT = 34;
/** How many cities are named on the map (the list under it names the first eight). */
const MAX_LABELS = 6;

interface City {
  city: string;
  count: number;
  x: number;
  y: number;
}
export interface PlacedLabel {
  city: string;
  text: string;
  x: number;
  y: number;
  anchor: 'start' | 'end' | 'middle';
}
type Box = [left: number, top: number, right: number, bottom: number];

/**
 * Where each city's label goes, biggest city first: right of its dot, else left, above or below,
 * the first place where it overlaps no label already placed and stays inside the map; a city with
 * no such place is not labelled (the list under the map names it). The width is estimated from the
 * text (bold, ~0.7 em a character, wider than most fonts draw it), generously, so that neighbouring towns never print over each other.
 */
export function placeLabels(cities: readonly City[], width: number, height: number, max = MAX_LABELS): PlacedLabel[] {
  const placed: PlacedLabel[] = [];
  const boxes: Box[] = [];
  const gap = 6;
  for (const c of cities) {
    if (placed.length >= max) break;
    const text = `${c.city} · ${c.count}`;
    const w = text.length * LABEL_FONT * 0.7;
    const ascent = LABEL_FONT * 0.8;
    const descent = LABEL_FONT * 0.25;
    const candidates: [PlacedLabel, Box][] = [
      [{ city: c.city, text, x: c.x + 22, y: c.y + 10, anchor: 'start' }, [c.x + 22, c.y + 10 - ascent, c.x + 22 + w, c.y + 10 + descent]],
      [{ city: c.city, text, x: c.x - 22, y: c.y + 10, anchor: 'end' }, [c.x - 22 - w, c.y + 10 - ascent, c.x - 22, c.y + 10 + descent]],
      [{ city: c.city, text, x: c.x, y: c.y - 26, anchor: 'middle' }, [c.x - w / 2, c.y - 26 - ascent, c.x + w / 2, c.y - 26 + descent]],
      [{ city: c.city, text, x: c.x, y: c.y + 26 + ascent, anchor: 'middle' }, [c.x - w / 2, c.y + 26, c.x + w / 2, c.y + 26 + ascent + descent]],
    ];
    const fits = candidates.find(
      ([, [l, t, r, b]]) =>
        l >= -30 && t >= -30 && r <= width + 30 && b <= height + 30 && boxes.every(([L, T, R, B]) => r + gap <= L || l - gap >= R || b + gap <= T || t - gap >= B),
    );
    if (!fits) continue;
    placed.push(fits[0]);
    boxes.push(fits[1]);
  }
  return placed;
}

/**
 * maplanding: the visitor's country drawn from its towns (a dot map made by the API from offline
 * city data, no map service) with the number of members per city. City level only.
 */
export function MapLandingTemplate({ data }: TemplateProps) {
  const intl = useIntl();
  const { campaign, map } = data;
  const country = map ? countryName(map.country, intl.locale as never) : '';
  const cities = map?.cities ?? [];
  const max = Math.max(1, ...cities.map((c) => c.count));
  const labels = map ? placeLabels(cities, map.width, map.height) : [];
  return (
    <div className={styles.page} data-template="maplanding">
      <header className={styles.header}>
        <h1>{campaign.headline}</h1>
        <p>{campaign.text}</p>
      </header>
      <div className={styles.layout}>
        <section className={styles.mapCard} aria-labelledby="map-title">
          <h2 id="map-title">{intl.formatMessage(m.mapTitle, { country })}</h2>
          {map && (
            <svg
              className={styles.map}
              viewBox={`-30 -30 ${map.width + 60} ${map.height + 60}`}
              role="img"
              aria-label={intl.formatMessage(m.mapLabel, { country })}
            >
              <path className={styles.land} d={dotsPath(map.dots)} />
              {cities.map((c) => (
                <g key={c.city} className={styles.city}>
                  <circle cx={c.x} cy={c.y} r={14 + 26 * Math.sqrt(c.count / max)} className={styles.halo} />
                  <circle cx={c.x} cy={c.y} r={DOT_RADIUS} className={styles.pin} />
                </g>
              ))}
              {/* Over every dot and halo, each label where it overlaps no other (placeLabels). */}
              {labels.map((l) => (
                <text key={l.city} x={l.x} y={l.y} textAnchor={l.anchor} className={styles.label}>
                  {l.text}
                </text>
              ))}
            </svg>
          )}
          {cities.length ? (
            <ol className={styles.list}>
              {cities.slice(0, 8).map((c) => (
                <li key={c.city}>{intl.formatMessage(m.mapCity, { city: c.city, count: c.count })}</li>
              ))}
            </ol>
          ) : (
            <p>{intl.formatMessage(m.mapNone)}</p>
          )}
        </section>
        <SignupBox className={styles.signup} />
      </div>
    </div>
  );
}
