import { parseClientState, pickTracking, type ApiClient, type ClientStorage, type TrackingInfo } from '@dating/shared';

/**
 * Tracking parameters of the entry URL (spec §3: network, ref, sub1–sub3). A URL carrying any of
 * them replaces what was kept; a URL without them keeps what an earlier entry brought (30 days, the
 * storage cookie), so that a visitor who signs up later still credits the traffic source.
 */
export function captureTracking(search: string, storage: ClientStorage): TrackingInfo {
  const found = pickTracking(new URLSearchParams(search));
  if (Object.keys(found).length) {
    const parsed = parseClientState({ tracking: found }).tracking ?? {};
    storage.set('tracking', parsed);
    return parsed;
  }
  return storage.get('tracking') ?? {};
}

const VISIT_KEY = 'visit-counted';

/**
 * Counts this browser session's visit once (POST /api/visit.php, after the first page settled),
 * with the traffic source the entry brought and the page it began on (a lander's campaign). Never
 * in the way: a failure is forgotten, and a browser without session storage is not counted.
 */
export function countVisit(api: Pick<ApiClient, 'sendVisit'>, tracking: TrackingInfo, session: Storage): void {
  try {
    if (session.getItem(VISIT_KEY)) return;
    session.setItem(VISIT_KEY, '1');
  } catch {
    return;
  }
  void api.sendVisit({ trafficsource: tracking, path: location.pathname.slice(0, 300) });
}
