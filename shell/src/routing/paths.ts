import { generatePath } from 'react-router';
import { ROUTES_BY_NAME, type NavTarget } from '@dating/shared';

/** Path (with query and hash) for a named route: the only way anything builds a URL. */
export function pathFor(to: NavTarget): string {
  const def = ROUTES_BY_NAME.get(to.name);
  if (!def) throw new Error(`Unknown route name: ${to.name}`);
  const params = Object.fromEntries(Object.entries(to.params ?? {}).map(([k, v]) => [k, String(v)]));
  let path = generatePath(def.path, params);
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(to.query ?? {})) if (v !== undefined) query.set(k, String(v));
  const qs = query.toString();
  if (qs) path += `?${qs}`;
  if (to.hash) path += `#${to.hash}`;
  return path;
}
