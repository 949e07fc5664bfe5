import * as React from 'react';
import { useSetAtom } from 'jotai';
import { FormattedMessage, useIntl } from 'react-intl';
import { CITY_MAX, useRemote, userAtom, type User } from '@dating/shared';
import { ui } from '@dating/shared/ui';
import { lookUpPlace } from '../common/geolocation';
import { checkCity, checkCountry, type Problem } from '../common/validation';
import { FailureAlert, describeFailure, type Failure } from '../common/failure';
import styles from '../common/form.module.css';

export interface LocationValue {
  country: string;
  countryregion: string;
  city: string;
}

/** Country names in the member's language, sorted as that language sorts. */
export function useCountryOptions(codes: string[]): { code: string; name: string }[] {
  const intl = useIntl();
  return React.useMemo(() => {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([intl.locale], { type: 'region' });
    } catch {
      names = null;
    }
    return codes
      .map((code) => ({ code, name: names?.of(code) ?? code }))
      .sort((a, b) => a.name.localeCompare(b.name, intl.locale));
  }, [codes, intl.locale]);
}

export interface LocationFormProps {
  initial: LocationValue;
  /** Look the position up on entering and prefill empty fields (spec §4: entering step 3). */
  geolocate?: boolean;
  onSaved?(user: User): void;
  submitLabel: React.ReactNode;
  children?: React.ReactNode;
}

/** Country (required to save), optional region and city (at most 255 characters). */
export function LocationForm({ initial, geolocate = false, onSaved, submitLabel, children }: LocationFormProps) {
  const { api, settings, services } = useRemote();
  const intl = useIntl();
  const setUser = useSetAtom(userAtom);
  const id = React.useId();
  const [value, setValue] = React.useState<LocationValue>(initial);
  const [touched, setTouched] = React.useState<Record<keyof LocationValue, boolean>>({ country: false, countryregion: false, city: false });
  const [showErrors, setShowErrors] = React.useState(false);
  const [saving, setSaving] = React.useState(false);
  const [failure, setFailure] = React.useState<Failure | null>(null);
  const [locating, setLocating] = React.useState(false);
  const touchedRef = React.useRef(touched);
  touchedRef.current = touched;

  const countryCodes = React.useMemo(() => {
    const list = [...settings.settings.countries];
    if (value.country && !list.includes(value.country)) list.push(value.country);
    return list;
  }, [settings.settings.countries, value.country]);
  const countries = useCountryOptions(countryCodes);
  const regions = settings.settings.region_data[value.country] ?? [];

  React.useEffect(() => {
    if (!geolocate) return;
    let live = true;
    setLocating(true);
    (async () => {
      try {
        const place = await lookUpPlace(api, services.storage);
        if (!place || !live) return;
        setValue((v) => {
          // Fields the member has not touched take the looked-up place (a better guess than geoip).
          const t = touchedRef.current;
          const next = { ...v };
          const country = place.country?.toUpperCase() ?? '';
          if (!country || !settings.settings.countries.includes(country)) return v;
          if (!t.country && next.country !== country) next.country = country;
          if (next.country !== country) return next;
          if (next.country !== v.country) next.countryregion = '';
          const region = (settings.settings.region_data[country] ?? []).find(
            (r) => r.name.toLowerCase() === place.countryregion?.toLowerCase(),
          );
          if (!t.countryregion && region) next.countryregion = region.name;
          if (!t.city && place.city) next.city = place.city.slice(0, CITY_MAX);
          return next;
        });
      } catch (error) {
        // Spec §8: geocode failures are only logged.
        console.error('geocode failed', error);
      } finally {
        if (live) setLocating(false);
      }
    })();
    return () => {
      live = false;
    };
    // Once, on entering.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const countryProblem = checkCountry(value.country);
  const cityProblem = checkCity(value.city);
  const visible = (field: keyof LocationValue, problem: Problem | null) => (showErrors || touched[field] ? problem : null);

  function change(field: keyof LocationValue, v: string) {
    setTouched((t) => ({ ...t, [field]: true }));
    setValue((old) => (field === 'country' ? { country: v, countryregion: '', city: old.city } : { ...old, [field]: v }));
  }

  async function save(e: React.FormEvent) {
    e.preventDefault();
    setShowErrors(true);
    if (countryProblem || cityProblem || saving) return;
    setSaving(true);
    setFailure(null);
    try {
      const result = await api.updateUser({
        country: value.country,
        countryregion: value.countryregion || null,
        city: value.city.trim() || null,
      });
      setUser(result.user);
      onSaved?.(result.user);
    } catch (error) {
      setFailure(describeFailure(error));
    } finally {
      setSaving(false);
    }
  }

  const countryError = visible('country', countryProblem);
  const cityError = visible('city', cityProblem);
  return (
    <form className={styles.form} onSubmit={save} noValidate aria-busy={locating || undefined}>
      {locating && (
        <p role="status" className={styles.hint}>
          <FormattedMessage id="location.locating" defaultMessage="Looking up where you are…" />
        </p>
      )}
      <div className={styles.field}>
        <label htmlFor={`${id}-country`}>
          <FormattedMessage id="location.country" defaultMessage="Country" />
        </label>
        <select
          id={`${id}-country`}
          className={styles.select}
          value={value.country}
          required
          onChange={(e) => change('country', e.target.value)}
          aria-invalid={countryError ? true : undefined}
          aria-describedby={countryError ? `${id}-country-error` : undefined}
        >
          <option value="">{intl.formatMessage({ id: 'location.chooseCountry', defaultMessage: 'Choose a country' })}</option>
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
        {countryError && (
          <p id={`${id}-country-error`} className={styles.error}>
            {intl.formatMessage(countryError.message, countryError.values)}
          </p>
        )}
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-region`}>
          <FormattedMessage id="location.region" defaultMessage="Region (optional)" />
        </label>
        <select
          id={`${id}-region`}
          className={styles.select}
          value={value.countryregion}
          onChange={(e) => change('countryregion', e.target.value)}
          disabled={regions.length === 0}
        >
          <option value="">{intl.formatMessage({ id: 'location.chooseRegion', defaultMessage: 'Choose a region' })}</option>
          {value.countryregion && !regions.some((r) => r.name === value.countryregion) && (
            <option value={value.countryregion}>{value.countryregion}</option>
          )}
          {regions.map((r) => (
            <option key={r.id} value={r.name}>
              {r.name}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-city`}>
          <FormattedMessage id="location.city" defaultMessage="City (optional)" />
        </label>
        <input
          id={`${id}-city`}
          className={styles.input}
          value={value.city}
          autoComplete="address-level2"
          onChange={(e) => change('city', e.target.value)}
          aria-invalid={cityError ? true : undefined}
          aria-describedby={cityError ? `${id}-city-error` : undefined}
        />
        {cityError && (
          <p id={`${id}-city-error`} className={styles.error}>
            {intl.formatMessage(cityError.message, cityError.values)}
          </p>
        )}
      </div>
      <FailureAlert failure={failure} />
      <div className={styles.actions}>
        <button type="submit" className={ui.button} disabled={Boolean(countryProblem || cityProblem) || saving} aria-busy={saving || undefined}>
          {saving ? <FormattedMessage id="common.saving" defaultMessage="Saving…" /> : submitLabel}
        </button>
        {children}
      </div>
    </form>
  );
}
