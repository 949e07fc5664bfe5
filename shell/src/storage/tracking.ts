import { pickTracking, TrackingInfoSchema, type ClientStorage, type TrackingInfo } from '@dating/shared';

/**
 * Tracking parameters of the entry URL (spec §3: network, ref, sub1–sub3). A URL carrying any of
 * them replaces what was kept; a URL without them keeps what an earlier entry brought (30 days, the
 * storage cookie), so that a visitor who signs up later still credits the traffic source.
 */
export function captureTracking(search: string, storage: ClientStorage): TrackingInfo {
  const found = pickTracking(new URLSearchParams(search));
  if (Object.keys(found).length) {
    const parsed = TrackingInfoSchema.parse(found);
    storage.set('tracking', parsed);
    return parsed;
  }
  return storage.get('tracking') ?? {};
}
