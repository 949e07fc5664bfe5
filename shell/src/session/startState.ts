import type { DehydratedState } from '@tanstack/react-query';
import {
  RemoteRegistrySchema,
  SiteSettingsResponseSchema,
  START_STATE_ELEMENT_ID,
  UserResponseSchema,
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
  rendered?: { remote: RemoteName; queries: DehydratedState };
}

/**
 * The settings, registry and member the front server put into the page (scripts/serve/inject.mjs),
 * each checked against the contract; a part that is missing or does not parse is left out, and
 * start-up fetches it as before (e.g. under `npm run dev`, which serves the plain page). The element
 * is removed once read: the member in it is this page load's, never a later one's.
 */
export function readStartState(doc: Document = document): StartState {
  const el = doc.getElementById(START_STATE_ELEMENT_ID);
  if (!el) return {};
  el.remove();
  let raw: Record<string, unknown>;
  try {
    raw = (JSON.parse(el.textContent ?? '') ?? {}) as Record<string, unknown>;
  } catch {
    return {};
  }
  const settings = SiteSettingsResponseSchema.safeParse(raw.settings);
  const registry = RemoteRegistrySchema.safeParse(raw.registry);
  const user = UserResponseSchema.safeParse(raw.user);
  return {
    ...(settings.success ? { settings: settings.data } : {}),
    ...(registry.success ? { registry: registry.data } : {}),
    ...(user.success ? { user: user.data } : {}),
    ...(renderedOf(raw.rendered) ?? {}),
  };
}

function renderedOf(value: unknown): Pick<StartState, 'rendered'> | null {
  const r = value as { remote?: unknown; queries?: unknown } | null | undefined;
  if (!r || typeof r !== 'object' || !(REMOTE_NAMES as readonly unknown[]).includes(r.remote)) return null;
  const queries = r.queries && typeof r.queries === 'object' && Array.isArray((r.queries as DehydratedState).queries) ? (r.queries as DehydratedState) : { mutations: [], queries: [] };
  return { rendered: { remote: r.remote as RemoteName, queries } };
}
