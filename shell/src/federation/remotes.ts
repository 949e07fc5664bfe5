// Runtime composition: the shell's build knows no remote. At start-up it registers the site's
// registry (remote name → mf-manifest.json URL) with the federation runtime; a remote is fetched
// the first time a route needs it. Failures are returned, never thrown past the content area.
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteLifecycles, RemoteName, RemoteRegistry } from '@dating/shared';

let registry: RemoteRegistry['remotes'] = {};
const cache = new Map<string, Promise<RemoteLifecycles>>();

export function registerRegistry(remotes: RemoteRegistry['remotes']): void {
  registry = remotes;
  registerRemotes(
    Object.entries(remotes)
      .filter((e): e is [string, string] => typeof e[1] === 'string')
      .map(([name, entry]) => ({ name, entry })),
  );
}

export function registeredUrl(remote: RemoteName): string | undefined {
  return registry[remote];
}

function withTimeout<T>(promise: Promise<T>, ms: number, remote: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${remote} did not load within ${ms} ms`)), ms);
    promise.then(
      (v) => { clearTimeout(timer); resolve(v); },
      (e) => { clearTimeout(timer); reject(e); },
    );
  });
}

async function attemptLoad(remote: RemoteName, expose: string, timeoutMs: number): Promise<RemoteLifecycles> {
  const entry = registry[remote];
  if (!entry) throw new Error(`No registry entry for ${remote}`);
  const mod = await withTimeout(loadRemote<RemoteLifecycles>(`${remote}/${expose}`), timeoutMs, remote);
  if (!mod || typeof (mod as RemoteLifecycles).mount !== 'function') {
    throw new Error(`${remote}/${expose} does not export single-spa lifecycles`);
  }
  return mod as RemoteLifecycles;
}

export interface LoadOptions {
  timeoutMs?: number;
  /** Extra tries after the first failure (each re-registers the remote, dropping its cached entry). */
  retries?: number;
  retryDelayMs?: number;
  /** Re-register the remote first, dropping whatever the runtime cached of an earlier failure. */
  fresh?: boolean;
}

/**
 * The lifecycles a remote exposes under `expose` (`mount`, or a fragment such as `members-grid`):
 * loaded once, retried on failure, never cached when they failed.
 */
export function loadExposed(remote: RemoteName, expose: string, options: LoadOptions = {}): Promise<RemoteLifecycles> {
  const { timeoutMs = 12000, retries = 1, retryDelayMs = 400, fresh = false } = options;
  const cacheKey = `${remote}/${expose}`;
  const hit = cache.get(cacheKey);
  if (hit) return hit;
  if (fresh && registry[remote]) registerRemotes([{ name: remote, entry: registry[remote] }], { force: true });
  const run = (async () => {
    let lastError: unknown;
    for (let attempt = 0; attempt <= retries; attempt++) {
      if (attempt > 0) {
        await new Promise((r) => setTimeout(r, retryDelayMs * attempt));
        const entry = registry[remote];
        if (entry) registerRemotes([{ name: remote, entry }], { force: true });
      }
      try {
        return await attemptLoad(remote, expose, timeoutMs);
      } catch (error) {
        lastError = error;
      }
    }
    throw lastError;
  })();
  cache.set(cacheKey, run);
  run.catch(() => cache.delete(cacheKey));
  return run;
}

/** The `./mount` lifecycles of a remote. */
export function loadMount(remote: RemoteName, options: LoadOptions = {}): Promise<RemoteLifecycles> {
  return loadExposed(remote, 'mount', options);
}
