import {
  cookieString,
  cookieValue,
  parseClientState,
  STORAGE_COOKIE,
  STORAGE_COOKIE_MAX_AGE_S,
  type ClientState,
  type ClientStateKey,
  type ClientStorage,
} from '@dating/shared';

/** Local-storage key of the mirror (spec §9: the storage cookie is mirrored in local storage). */
export const STORAGE_MIRROR_KEY = 'client_state';

export interface StorageEnv {
  /** document.cookie, read and written. */
  cookie: { get(): string; set(value: string): void };
  local: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  secure: boolean;
}

function browserEnv(): StorageEnv {
  let local: Storage | null = null;
  try {
    local = window.localStorage;
  } catch {
    local = null; // storage blocked: the cookie alone keeps the state
  }
  return {
    cookie: { get: () => document.cookie, set: (v) => (document.cookie = v) },
    local,
    secure: location.protocol === 'https:',
  };
}

/** The mirror holds the cookie's value as written (URI-encoded JSON). */
function mirrorValue(raw: string | null | undefined): string | null {
  if (!raw) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/**
 * The client state (last chat, payment country, geolocation, tracking, dismissed warnings) in one
 * cookie for 30 days, SameSite=Lax, mirrored in local storage: the cookie wins; when it is gone
 * (expired, cleared, too large) the mirror restores it. Every read is parsed with the contract's
 * schema, so a value that does not fit is dropped instead of trusted.
 */
export function createClientStorage(env: StorageEnv = browserEnv()): ClientStorage & {
  all(): ClientState;
  clear(): void;
} {
  /** The JSON the cookie (decoded) or the mirror (plain) holds. */
  function parse(json: string | null | undefined): ClientState | null {
    if (!json) return null;
    try {
      return parseClientState(JSON.parse(json));
    } catch {
      return null;
    }
  }

  function read(): ClientState {
    const fromCookie = parse(cookieValue(env.cookie.get(), STORAGE_COOKIE));
    if (fromCookie) return fromCookie;
    let mirrored: ClientState | null = null;
    try {
      mirrored = parse(mirrorValue(env.local?.getItem(STORAGE_MIRROR_KEY)));
    } catch {
      mirrored = null;
    }
    if (mirrored && Object.keys(mirrored).length) write(mirrored);
    return mirrored ?? {};
  }

  function write(state: ClientState) {
    const json = Object.keys(state).length ? JSON.stringify(state) : null;
    env.cookie.set(cookieString(STORAGE_COOKIE, json, { maxAgeS: STORAGE_COOKIE_MAX_AGE_S, secure: env.secure }));
    try {
      if (json) env.local?.setItem(STORAGE_MIRROR_KEY, encodeURIComponent(json));
      else env.local?.removeItem(STORAGE_MIRROR_KEY);
    } catch {
      // quota or privacy mode: the cookie still holds it
    }
  }

  return {
    get: <K extends ClientStateKey>(key: K) => read()[key],
    set(key, value) {
      const next = parseClientState({ ...read(), [key]: value });
      if (!(key in next)) throw new Error(`client state: ${key} does not fit its schema`);
      write(next);
    },
    remove(key) {
      const state = read();
      delete state[key];
      write(state);
    },
    all: read,
    clear: () => write({}),
  };
}

export type ShellStorage = ReturnType<typeof createClientStorage>;
