/** Tracking parameters a visitor brings (spec §3 tracking info); signup needs `network` (spec §2). */
export const TRACKING_KEYS = ['network', 'ref', 'sub1', 'sub2', 'sub3'] as const;

/** The tracking part of a query, to carry along on links to signup. */
export function trackingQuery(query: Record<string, string>): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const key of TRACKING_KEYS) if (query[key]) picked[key] = query[key];
  return picked;
}
