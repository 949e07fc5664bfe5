import * as React from 'react';
import { useQuery } from '@tanstack/react-query';
import { ApiError, LANDER_KINDS, useRemote, type LanderKind, type Locale } from '@dating/shared';

export function isLanderKind(kind: string | undefined): kind is LanderKind {
  return (LANDER_KINDS as readonly string[]).includes(kind ?? '');
}

/** The country a locale is mostly read in, for a visitor whose location is not known. */
const LOCALE_COUNTRY: Record<Locale, string> = { en: 'GB', nl: 'NL', de: 'DE', it: 'IT', fr: 'FR', es: 'ES', pl: 'PL' };

/** The visitor's country: geoip, else the city they shared, else their language's; the API checks it. */
export function useVisitorCountry(): string {
  const { settings, services, locale } = useRemote();
  return React.useMemo(() => {
    const candidates = [
      settings.settings.geoip_country,
      services.storage.get('geolocation')?.geocode?.country,
      LOCALE_COUNTRY[locale],
    ];
    return candidates.find((c): c is string => !!c && settings.settings.countries.includes(c)) ?? settings.settings.countries[0] ?? 'NL';
  }, [settings, services, locale]);
}

/** The campaign of /landers/:kind/:slug; an unknown kind or campaign shows the shell's 404. */
export function useLander(kind: string | undefined, slug: string | undefined) {
  const { api, locale, notFound } = useRemote();
  const country = useVisitorCountry();
  const valid = isLanderKind(kind) && /^[a-z0-9][a-z0-9-]{0,79}$/.test(slug ?? '');
  const query = useQuery({
    queryKey: ['lander', kind, slug, locale, country],
    queryFn: () => api.lander({ kind: kind as LanderKind, slug: slug!, lang: locale, country }),
    enabled: valid,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
  const missing = !valid || (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400));
  React.useEffect(() => {
    if (missing) notFound();
  }, [missing, notFound]);
  return { query, missing };
}
