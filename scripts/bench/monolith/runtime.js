// The federation runtime as the monolith build sees it (rspack.base.js, MONOLITH=1): nothing to
// register, and `loadRemote('mf_search/mount')` is a lazy import of mf-search's src/mount.tsx
// compiled into the same bundle. Only for the composition benchmark (scripts/bench/monolith.mjs).
import { exposed } from 'monolith-exposed';

export function registerRemotes() {}

export function registerPlugins() {}

export function loadRemote(id) {
  const load = exposed[id];
  if (!load) return Promise.reject(new Error(`${id} is not part of this build`));
  return load();
}

/**
 * No federation instance: the shell's route prefetch (downloadMount) then counts no shared module as
 * provided. It still reads the registry's manifests, so both builds prefetch the same files for the
 * links in view (after the page has painted).
 */
export function getInstance() {
  return undefined;
}
