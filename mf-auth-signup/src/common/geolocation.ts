// Spec §4/§9: entering the location step looks the member's place up: the browser's position,
// turned into country, region and city by the API (geocode.php). The answer (city level only,
// never coordinates) is cached for one hour in the shell's client storage (`geolocation`), so a
// member going back and forth is asked and looked up once.
import { GEOLOCATION_CACHE_MS, type ApiClient, type ClientStorage, type GeolocationPermission } from '@dating/shared';

export interface Place {
  country: string | null;
  countryregion: string | null;
  city: string | null;
}

function browserPosition(timeoutMs: number): Promise<{ lat: number; lon: number } | { denied: boolean }> {
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (pos) => resolve({ lat: pos.coords.latitude, lon: pos.coords.longitude }),
      (error) => resolve({ denied: error?.code === 1 }),
      { enableHighAccuracy: false, timeout: timeoutMs, maximumAge: GEOLOCATION_CACHE_MS },
    );
  });
}

/**
 * The member's place: from the cache when younger than an hour, else the browser's position
 * (which may ask the member) geocoded by the API. Null when unsupported, refused or failed
 * (spec §8: geocode failures are only logged).
 */
export async function lookUpPlace(api: ApiClient, storage: ClientStorage | undefined, timeoutMs = 10_000): Promise<Place | null> {
  const now = Date.now();
  const cached = storage?.get('geolocation');
  if (cached?.geocode && now - cached.at < GEOLOCATION_CACHE_MS && cached.at <= now) return cached.geocode;
  const remember = (permission: GeolocationPermission, geocode: Place | null) => {
    try {
      storage?.set('geolocation', { permission, geocode, at: Date.now() });
    } catch (error) {
      console.info('could not keep the geolocation', error);
    }
  };
  if (typeof navigator === 'undefined' || !navigator.geolocation) {
    remember('unsupported', null);
    return null;
  }
  const position = await browserPosition(timeoutMs);
  if (!('lat' in position)) {
    console.info('geolocation unavailable');
    if (position.denied) remember('denied', null);
    return null;
  }
  try {
    const place = await api.geocode(position.lat, position.lon);
    remember('granted', place);
    return place;
  } catch (error) {
    console.error('geocode failed', error);
    return null;
  }
}
