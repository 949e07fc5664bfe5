import type { DehydratedState } from '@tanstack/react-query';
import {
  START_STATE_ELEMENT_ID,
  REMOTE_NAMES,
  type RemoteName,
  type RemoteRegistry,
  type SiteSettings,
  type UserResponse,
} from '@dating/shared';

export interface StartState {
  settings?: SiteSettings;
  registry?: RemoteRegistry;
  user?: UserResponse;
  /** The page holds the server's rendering of this remote's view, with its data. */
  rendered?: { remote: RemoteName | null; queries: DehydratedState; bot?: boolean };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The shape of each part, checked without the contract's schemas (zod is not loaded at start-up). */
const SHAPES = {
  settings: (v: unknown) => isRecord(v) && ['settings', 'flags', 'theme', 'company'].every((k) => isRecord(v[k])),
  registry: (v: unknown) => isRecord(v) && isRecord(v.remotes) && Object.values(v.remotes).every((url) => typeof url === 'string'),
  user: (v: unknown) => isRecord(v) && (v.user === null || (isRecord(v.user) && isRecord(v.user.profile))),
};

/**
 * The settings, registry and member the front server put into the page (scripts/serve/inject.mjs)
 * from the API's own answers, same origin, in the page itself: each is checked for its shape, not
 * against the contract's schemas, which would put zod (~30 kB, ~300 ms of a phone's main thread)
 * on every page's start-up. A part that is missing or of another shape is left out, and
 * start-up fetches it as before (e.g. under `npm run dev`, which serves the plain page). The element
 * is removed once read: the member in it is this page load's, never a later one's.
 */
export function readStartState(doc: Document = document): StartState {
  const el = doc.getElementById(START_STATE_ELEMENT_ID);
  if (!el) return {};
  el.remove();
  let raw: unknown;
  try {
    raw = JSON.parse(el.textContent ?? '');
  } catch {
    return {};
  }
  if (!isRecord(raw)) return {};
  return {
    ...(SHAPES.settings(raw.settings) ? { settings: raw.settings as SiteSettings } : {}),
    ...(SHAPES.registry(raw.registry) ? { registry: raw.registry as RemoteRegistry } : {}),
    ...(SHAPES.user(raw.user) ? { user: raw.user as UserResponse } : {}),
    ...(renderedOf(raw.rendered) ?? {}),
  };
}

function renderedOf(value: unknown): Pick<StartState, 'rendered'> | null {
  const r = value as { remote?: unknown; queries?: unknown; bot?: unknown } | null | undefined;
  if (!r || typeof r !== 'object' || !(r.remote === null || (REMOTE_NAMES as readonly unknown[]).includes(r.remote))) return null;
  const queries = r.queries && typeof r.queries === 'object' && Array.isArray((r.queries as DehydratedState).queries) ? (r.queries as DehydratedState) : { mutations: [], queries: [] };
  return { rendered: { remote: r.remote as RemoteName | null, queries, ...(typeof r.bot === 'boolean' ? { bot: r.bot } : {}) } };
}
