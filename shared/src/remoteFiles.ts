// The files a remote's `./mount` needs in one locale, read from its mf-manifest.json: what the
// front server preloads for a route (scripts/serve/inject.mjs), what the budgets count
// (scripts/budgets.mjs) and what the shell's route prefetch downloads (shell/src/prefetch/). This
// file has no imports: Node runs it as it is on the server side.

/** A view the remote loads lazily, as the build lists it under the mount (rspack.base.js ExposeSharedPlugin). */
export interface RemoteViewFiles {
  assets?: { js?: string[]; css?: string[] };
  /** The shared modules its chunks consume. */
  requiredShared?: string[];
}

/** The parts of a Module Federation manifest (mf-manifest.json) read here. */
export interface RemoteManifest {
  metaData?: { publicPath?: string; remoteEntry?: { name?: string; path?: string } };
  exposes?: {
    name?: string;
    path?: string;
    assets?: { js?: { sync?: string[]; async?: string[] }; css?: { sync?: string[] } };
    /** The shared modules the exposed module's chunks consume (written by the build; absent: all). */
    requiredShared?: string[];
    /** Views loaded lazily, by view name or by the name of a family of views ending in a dash (`page-`). */
    views?: Record<string, RemoteViewFiles>;
  }[];
  shared?: { name: string; assets?: { js?: { sync?: string[] } } }[];
}

/** One file: `fetch` is the manifest itself (read with fetch() by the runtime). */
export interface RemoteFile {
  href: string;
  as: 'fetch' | 'script' | 'style';
}

/**
 * The files the remote loads for its `./mount` (or another exposed module, `expose`: a fragment
 * such as `signup-form`) in `locale`: the manifest itself, remoteEntry.js,
 * the mount's chunks and styles, its catalog chunk, and the chunks of the shared modules the mount
 * consumes (`requiredShared`; every shared module when the manifest has no such list) that the shell
 * does not provide (`shellProvides`; the remote brings those). With a `view` the remote loads lazily
 * (the mount's `views`, by the view's name or its family's, `page-` for page-terms): that view's
 * chunks and the shared modules they consume too, which its route needs before it renders.
 */
export function remoteFiles(
  manifestUrl: string,
  manifest: RemoteManifest,
  locale: string,
  shellProvides: readonly string[] = [],
  view?: string,
  expose = 'mount',
): RemoteFile[] {
  const meta = manifest.metaData ?? {};
  const base = meta.publicPath && meta.publicPath !== 'auto' ? new URL(meta.publicPath, manifestUrl) : new URL('.', manifestUrl);
  const at = (file: string) => new URL(file, base).href;
  const files: RemoteFile[] = [{ href: manifestUrl, as: 'fetch' }];
  const entry = meta.remoteEntry;
  if (entry?.name) files.push({ href: at(`${entry.path ? `${entry.path}/` : ''}${entry.name}`), as: 'script' });
  const mount = (manifest.exposes ?? []).find((e) => e.path === `./${expose}` || e.name === expose);
  if (mount) {
    for (const f of mount.assets?.css?.sync ?? []) files.push({ href: at(f), as: 'style' });
    for (const f of mount.assets?.js?.sync ?? []) files.push({ href: at(f), as: 'script' });
    const catalog = new RegExp(`(^|/)src_i18n_${locale}_json\\.`);
    for (const f of mount.assets?.js?.async ?? []) if (catalog.test(f)) files.push({ href: at(f), as: 'script' });
  }
  const lazy = Object.entries((view && mount?.views) || {})
    .filter(([key]) => view === key || (key.endsWith('-') && view!.startsWith(key)))
    .map(([, v]) => v);
  for (const v of lazy) {
    for (const f of v.assets?.css ?? []) files.push({ href: at(f), as: 'style' });
    for (const f of v.assets?.js ?? []) files.push({ href: at(f), as: 'script' });
  }
  const provided = new Set(shellProvides);
  const required = mount?.requiredShared ? new Set([...mount.requiredShared, ...lazy.flatMap((v) => v.requiredShared ?? [])]) : null;
  for (const s of manifest.shared ?? []) {
    if (provided.has(s.name) || (required && !required.has(s.name))) continue;
    for (const f of s.assets?.js?.sync ?? []) files.push({ href: at(f), as: 'script' });
  }
  return files;
}
