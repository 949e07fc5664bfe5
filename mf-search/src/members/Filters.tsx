import { FormattedMessage, useIntl } from 'react-intl';
import type { Locale, Settings } from '@dating/shared';
import { countryName } from '@dating/shared/ui';
import { AGE_BUCKETS, GENDERS, nearbyCountries, offeredFilters, type AgeBucketId, type Filter, type GenderFilter } from './rules';
import styles from '../profiles/profiles.module.css';

export interface FiltersProps {
  filter: Filter;
  onChange(filter: Filter): void;
  settings: Settings;
  /** The member's own country (or the visitor's by geo-IP): it and its neighbour are offered first. */
  homeCountry: string | null;
  locale: Locale;
}

/**
 * Search filters (spec §2): gender, country, region, age range (only those the site offers), and
 * for everybody the order (near you first, newest, online now first) and "online now only".
 */
export function Filters({ filter, onChange, settings, homeCountry, locale }: FiltersProps) {
  const intl = useIntl();
  const offered = offeredFilters(settings.search_fields);
  const nearby = nearbyCountries(homeCountry, settings.countries);
  const others = settings.countries
    .filter((c) => !nearby.includes(c))
    .map((code) => ({ code, name: countryName(code, locale) }))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
  const regions = filter.country ? settings.region_data[filter.country] ?? [] : [];

  const genderLabel: Record<GenderFilter, string> = {
    female: intl.formatMessage({ id: 'filters.gender.female', defaultMessage: 'Women' }),
    male: intl.formatMessage({ id: 'filters.gender.male', defaultMessage: 'Men' }),
  };

  return (
    <form className={styles.filters} onSubmit={(e) => e.preventDefault()} aria-label={intl.formatMessage({ id: 'filters.label', defaultMessage: 'Search filters' })}>
      {offered.gender && (
        <label className={styles.field}>
          <FormattedMessage id="filters.gender" defaultMessage="Looking for" />
          <select
            value={filter.gender ?? ''}
            onChange={(e) => onChange({ ...filter, gender: (e.target.value || undefined) as GenderFilter | undefined })}
          >
            <option value="">{intl.formatMessage({ id: 'filters.gender.any', defaultMessage: 'Everyone' })}</option>
            {GENDERS.map((g) => (
              <option key={g} value={g}>
                {genderLabel[g]}
              </option>
            ))}
          </select>
        </label>
      )}
      {offered.country && (
        <label className={styles.field}>
          <FormattedMessage id="filters.country" defaultMessage="Country" />
          <select
            value={filter.country ?? ''}
            onChange={(e) => onChange({ ...filter, country: e.target.value || undefined, countryregion: undefined })}
          >
            <option value="">{intl.formatMessage({ id: 'filters.country.any', defaultMessage: 'All countries' })}</option>
            {nearby.length > 0 ? (
              <>
                <optgroup label={intl.formatMessage({ id: 'filters.country.nearby', defaultMessage: 'Near you' })}>
                  {nearby.map((code) => (
                    <option key={code} value={code}>
                      {countryName(code, locale)}
                    </option>
                  ))}
                </optgroup>
                <optgroup label={intl.formatMessage({ id: 'filters.country.other', defaultMessage: 'Other countries' })}>
                  {others.map(({ code, name }) => (
                    <option key={code} value={code}>
                      {name}
                    </option>
                  ))}
                </optgroup>
              </>
            ) : (
              others.map(({ code, name }) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))
            )}
          </select>
        </label>
      )}
      {offered.countryregion && regions.length > 0 && (
        <label className={styles.field}>
          <FormattedMessage id="filters.region" defaultMessage="Region" />
          <select
            value={filter.countryregion ?? ''}
            onChange={(e) => onChange({ ...filter, countryregion: e.target.value || undefined })}
          >
            <option value="">{intl.formatMessage({ id: 'filters.region.any', defaultMessage: 'All regions' })}</option>
            {regions.map((r) => (
              <option key={r.id} value={r.name}>
                {r.name}
              </option>
            ))}
          </select>
        </label>
      )}
      {offered.age && (
        <label className={styles.field}>
          <FormattedMessage id="filters.age" defaultMessage="Age" />
          <select value={filter.age ?? ''} onChange={(e) => onChange({ ...filter, age: (e.target.value || undefined) as AgeBucketId | undefined })}>
            <option value="">{intl.formatMessage({ id: 'filters.age.any', defaultMessage: 'Any age' })}</option>
            {AGE_BUCKETS.map((b) => (
              <option key={b.id} value={b.id}>
                {b.min === 18
                  ? intl.formatMessage({ id: 'filters.age.upTo', defaultMessage: 'Up to {max}' }, { max: b.max })
                  : b.max === 100
                    ? intl.formatMessage({ id: 'filters.age.andOver', defaultMessage: '{min} and over' }, { min: b.min })
                    : intl.formatMessage({ id: 'filters.age.range', defaultMessage: '{min}–{max}' }, { min: b.min, max: b.max })}
              </option>
            ))}
          </select>
        </label>
      )}
      <label className={styles.field}>
        <FormattedMessage id="filters.sort" defaultMessage="Order" />
        <select value={filter.sort ?? ''} onChange={(e) => onChange({ ...filter, sort: (e.target.value || undefined) as Filter['sort'] })}>
          <option value="">{intl.formatMessage({ id: 'filters.sort.personal', defaultMessage: 'Near you first' })}</option>
          <option value="newest">{intl.formatMessage({ id: 'filters.sort.newest', defaultMessage: 'Newest members' })}</option>
          <option value="online">{intl.formatMessage({ id: 'filters.sort.online', defaultMessage: 'Online now first' })}</option>
        </select>
      </label>
      <label className={styles.check}>
        <input type="checkbox" checked={filter.online ?? false} onChange={(e) => onChange({ ...filter, online: e.target.checked || undefined })} />
        <FormattedMessage id="filters.online" defaultMessage="Online now only" />
      </label>
    </form>
  );
}
