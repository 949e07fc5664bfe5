import * as React from 'react';
import { useMutation } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { CITY_MAX, useRemote, useSetUser, type User } from '@dating/shared';
import { SelectField, TextField, shownError, ui, useZodForm } from '@dating/shared/ui';
import { lookUpPlace } from '../common/geolocation';
import { FailureAlert, describeFailure } from '../common/failure';
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

/** Country (required to save), optional region and city (LocationUpdateSchema, the API's rules). */
export function LocationForm({ initial, geolocate = false, onSaved, submitLabel, children }: LocationFormProps) {
  const { api, settings, services } = useRemote();
  const intl = useIntl();
  const setUser = useSetUser();
  // Looking the place up starts on entering (the effect below), so the form starts out locating.
  const [locating, setLocating] = React.useState(geolocate);
  const form = useZodForm((c) => c.LocationUpdateSchema, { defaultValues: initial });
  const { register, setValue, getFieldState, formState } = form;
  const country = form.watch('country');
  const countryregion = form.watch('countryregion') ?? '';

  const countryCodes = React.useMemo(() => {
    const list = [...settings.settings.countries];
    if (country && !list.includes(country)) list.push(country);
    return list;
  }, [settings.settings.countries, country]);
  const countries = useCountryOptions(countryCodes);
  const regions = settings.settings.region_data[country] ?? [];

  React.useEffect(() => {
    if (!geolocate) return;
    let live = true;
    (async () => {
      try {
        const place = await lookUpPlace(api, services.storage);
        if (!place || !live) return;
        // Fields the member has not touched take the looked-up place (a better guess than geoip).
        const untouched = (field: keyof LocationValue) => !getFieldState(field).isDirty && !getFieldState(field).isTouched;
        const placeCountry = place.country?.toUpperCase() ?? '';
        if (!placeCountry || !settings.settings.countries.includes(placeCountry)) return;
        const set = (field: keyof LocationValue, value: string) => setValue(field, value, { shouldValidate: true });
        if (untouched('country') && form.getValues('country') !== placeCountry) {
          set('country', placeCountry);
          set('countryregion', '');
        }
        if (form.getValues('country') !== placeCountry) return;
        const region = (settings.settings.region_data[placeCountry] ?? []).find(
          (r) => r.name.toLowerCase() === place.countryregion?.toLowerCase(),
        );
        if (untouched('countryregion') && region) set('countryregion', region.name);
        if (untouched('city') && place.city) set('city', place.city.slice(0, CITY_MAX));
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

  type Saved = Parameters<Parameters<typeof form.handleSubmit>[0]>[0];
  const update = useMutation({
    mutationFn: (value: Saved) =>
      api.updateUser({ country: value.country, countryregion: value.countryregion || null, city: value.city || null }),
    onSuccess: (result, value) => {
      setUser(result.user);
      // What was saved is the form's new starting point: "Saved." shows until the next edit.
      form.reset(value);
      onSaved?.(result.user);
    },
  });
  const saved = update.isSuccess;
  const failure = update.error ? describeFailure(update.error) : null;
  const save = form.handleSubmit((value) => update.mutateAsync(value).catch(() => undefined));

  // A choice in a select is made at once: its rule is judged then, not only on leaving it.
  const chosen = (field: keyof LocationValue) => (e: React.ChangeEvent<HTMLSelectElement>) =>
    setValue(field, e.target.value, { shouldTouch: true, shouldValidate: true });
  const saving = formState.isSubmitting;
  return (
    <form className={styles.form} onSubmit={save} noValidate aria-busy={locating || undefined}>
      {locating && (
        <p role="status" className={styles.hint}>
          <FormattedMessage id="location.locating" defaultMessage="Looking up where you are…" />
        </p>
      )}
      <SelectField
        label={<FormattedMessage id="location.country" defaultMessage="Country" />}
        error={shownError(form, 'country')}
        required
        {...register('country', {
          onChange: (e: React.ChangeEvent<HTMLSelectElement>) => {
            chosen('country')(e);
            setValue('countryregion', '');
          },
        })}
        value={country}
        options={
          <>
            <option value="">{intl.formatMessage({ id: 'location.chooseCountry', defaultMessage: 'Choose a country' })}</option>
            {countries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </>
        }
      />
      <SelectField
        label={<FormattedMessage id="location.region" defaultMessage="Region (optional)" />}
        error={shownError(form, 'countryregion')}
        disabled={regions.length === 0}
        {...register('countryregion', { onChange: chosen('countryregion') })}
        // Controlled as well: a looked-up region is set before its country's options are rendered.
        value={countryregion}
        options={
          <>
            <option value="">{intl.formatMessage({ id: 'location.chooseRegion', defaultMessage: 'Choose a region' })}</option>
            {countryregion && !regions.some((r) => r.name === countryregion) && <option value={countryregion}>{countryregion}</option>}
            {regions.map((r) => (
              <option key={r.id} value={r.name}>
                {r.name}
              </option>
            ))}
          </>
        }
      />
      <TextField
        label={<FormattedMessage id="location.city" defaultMessage="City (optional)" />}
        error={shownError(form, 'city', { whileTyping: true })}
        autoComplete="address-level2"
        {...register('city')}
      />
      <FailureAlert failure={failure} />
      {saved && !formState.isDirty && !onSaved && (
        <p role="status" className={styles.hint}>
          <FormattedMessage id="common.saved" defaultMessage="Saved." />
        </p>
      )}
      <div className={styles.actions}>
        <button type="submit" className={ui.button} disabled={!formState.isValid || saving} aria-busy={saving || undefined}>
          {saving ? <FormattedMessage id="common.saving" defaultMessage="Saving…" /> : submitLabel}
        </button>
        {children}
      </div>
    </form>
  );
}
