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
  const labelled = new Set(cities.slice(0, 6).map((c) => c.city));
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
                  {labelled.has(c.city) && (
                    <text x={c.x + 22} y={c.y + 10} className={styles.label}>
                      {c.city} · {c.count}
                    </text>
                  )}
                </g>
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
