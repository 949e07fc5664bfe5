// Runtime composition: the shell's build knows no remote. At start-up it registers the site's
// registry (remote name → mf-manifest.json URL) with the federation runtime; a remote is fetched
// the first time a route needs it. Failures are returned, never thrown past the content area.
// Retries of the manifest, entry and chunks are the runtime's (./runtime-plugins/retry.ts).
import { getInstance, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { remoteFiles, type RemoteLifecycles, type RemoteManifest, type RemoteName, type RemoteRegistry } from '@dating/shared';

/** A slow remote: the shell says "still loading" after this long… */
export const REMOTE_STILL_LOADING_MS = 3_000;
/** …and shows the fallback with Retry after this long, retries included. */
export const REMOTE_LOAD_BUDGET_MS = 10_000;

type Remotes = RemoteRegistry['remotes'];

/** null until the registry was read (it may have failed at start-up). */
let registry: Remotes | null = null;
/** The remotes in a canary and this visitor's side (only while the site runs one). */
let versions: RemoteRegistry['versions'] = undefined;
let readRegistry: (() => Promise<RemoteRegistry>) | null = null;
let reading: Promise<Remotes> | null = null;
const cache = new Map<string, Promise<RemoteLifecycles>>();
/** Told of every load's outcome and view error (./health.ts reports them to the API). */
type Outcome = 'loaded' | 'load_failed' | 'view_error';
let onOutcome: ((remote: RemoteName, outcome: Outcome) => void) | null = null;
/** Outcomes before the listener's chunk arrived (the first route's remote), told to it then. */
const early: Array<[RemoteName, Outcome]> = [];

export function onRemoteLoad(listener: typeof onOutcome): void {
  onOutcome = listener;
  if (listener) for (const [remote, outcome] of early.splice(0)) listener(remote, outcome);
}

function tell(remote: RemoteName, outcome: Outcome): void {
  if (onOutcome) onOutcome(remote, outcome);
  else if (early.length < 20) early.push([remote, outcome]);
}

/** A mounted view of the remote threw (src/remote/shellProps.tsx). */
export function noteViewError(remote: RemoteName): void {
  tell(remote, 'view_error');
}

export function registerRegistry(remotes: Remotes, canaryVersions?: RemoteRegistry['versions']): void {
  registry = remotes;
  versions = canaryVersions;
  registerRemotes(
    Object.entries(remotes)
      .filter((e): e is [string, string] => typeof e[1] === 'string')
      .map(([name, entry]) => ({ name, entry })),
  );
}

/**
 * How the registry is (re-)read: `/api/remotes.php`. `first` is the start-up answer; when it
 * failed, the next remote load (a route, or Retry) reads the registry again.
 */
export function initRegistry(read: () => Promise<RemoteRegistry>, first: PromiseSettledResult<RemoteRegistry>): void {
  readRegistry = read;
  registry = null;
  if (first.status === 'fulfilled') registerRegistry(first.value.remotes, first.value.versions);
}

/** The registry, read again if it is not there yet (one request for all waiting loads). */
function ensureRegistry(): Promise<Remotes> {
  if (registry) return Promise.resolve(registry);
  if (!readRegistry) return Promise.reject(new Error('The remote registry was never loaded'));
  reading ??= readRegistry()
    .then((answer) => {
      registerRegistry(answer.remotes, answer.versions);
      return answer.remotes;
    })
    .finally(() => {
      reading = null;
    });
  return reading;
}

export function registeredUrl(remote: RemoteName): string | undefined {
  return registry?.[remote];
}

/** Whether the site runs a canary of this remote (this visitor is on one of its two sides). */
export function inCanary(remote: RemoteName): boolean {
  return Boolean(versions?.[remote]);
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

async function attemptLoad(remote: RemoteName, expose: string, fresh: boolean): Promise<RemoteLifecycles> {
  const entry = (await ensureRegistry())[remote];
  if (!entry) throw new Error(`No registry entry for ${remote}`);
  // Drop whatever the runtime kept of an earlier failure (manifest, entry) before trying again.
  if (fresh) registerRemotes([{ name: remote, entry }], { force: true });
  const mod = await loadRemote<RemoteLifecycles>(`${remote}/${expose}`);
  if (!mod || typeof (mod as RemoteLifecycles).mount !== 'function') {
    throw new Error(`${remote}/${expose} does not export single-spa lifecycles`);
  }
  return mod as RemoteLifecycles;
}

export interface LoadOptions {
  /** The whole load, registry and the runtime's retries included (default 10 s). */
  timeoutMs?: number;
  /** Re-register the remote first, dropping whatever the runtime cached of an earlier failure. */
  fresh?: boolean;
}

/**
 * The lifecycles a remote exposes under `expose` (`mount`, or a fragment such as `members-grid`):
 * loaded once, within the load budget, never cached when they failed.
 */
export function loadExposed(remote: RemoteName, expose: string, options: LoadOptions = {}): Promise<RemoteLifecycles> {
  const { timeoutMs = REMOTE_LOAD_BUDGET_MS, fresh = false } = options;
  const cacheKey = `${remote}/${expose}`;
  const hit = cache.get(cacheKey);
  if (hit) return hit;
  const run = withTimeout(attemptLoad(remote, expose, fresh), timeoutMs, remote);
  cache.set(cacheKey, run);
  run.then(
    () => tell(remote, 'loaded'),
    () => {
      cache.delete(cacheKey);
      tell(remote, 'load_failed');
    },
  );
  return run;
}

/** The `./mount` lifecycles of a remote. */
export function loadMount(remote: RemoteName, options: LoadOptions = {}): Promise<RemoteLifecycles> {
  return loadExposed(remote, 'mount', options);
}

/** Files a download already asked for (once per page). */
const downloaded = new Set<string>();

/**
 * Fetches a remote's `./mount` files into the browser's cache without running any of them (route
 * prefetch of links in view): the manifest, then `<link rel="prefetch">` for the entry,
 * the mount's chunks and styles, the catalog of `locale` and the shared chunks the shell does not
 * provide (the contract's remoteFiles). Running a remote entry costs the page main-thread time
 * while it starts; a later load (a click, pointing at the link) runs them from the cache.
 * Resolves once every file has arrived or failed; nothing when the remote already runs.
 */
export async function downloadMount(remote: RemoteName, locale: string, doc: Document = document): Promise<void> {
  if (cache.has(`${remote}/mount`)) return;
  const manifestUrl = (await ensureRegistry())[remote];
  if (!manifestUrl) throw new Error(`No registry entry for ${remote}`);
  const answer = await fetch(manifestUrl);
  if (!answer.ok) throw new Error(`${manifestUrl} answered ${answer.status}`);
  const manifest = (await answer.json()) as RemoteManifest;
  const provided = Object.keys(getInstance()?.options.shared ?? {});
  const files = remoteFiles(manifestUrl, manifest, locale, provided).filter((f) => f.as !== 'fetch' && !downloaded.has(f.href));
  await Promise.all(
    files.map(
      (file) =>
        new Promise<void>((resolve) => {
          downloaded.add(file.href);
          const link = doc.createElement('link');
          link.rel = 'prefetch';
          link.setAttribute('as', file.as);
          link.href = file.href;
          link.onload = link.onerror = () => resolve();
          doc.head.append(link);
        }),
    ),
  );
}
