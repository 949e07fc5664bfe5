import {
  RemoteRegistrySchema,
  SiteSettingsResponseSchema,
  START_STATE_ELEMENT_ID,
  UserResponseSchema,
  type RemoteRegistry,
  type SiteSettings,
  type UserResponse,
} from '@dating/shared';

export interface StartState {
  settings?: SiteSettings;
  registry?: RemoteRegistry;
  user?: UserResponse;
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
  };
}
