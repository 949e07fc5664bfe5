// Standalone harness: lets a team run its remote alone. Like the shell, it is a pure consumer:
// it loads the remote's container through its own mf-manifest.json and mounts `./mount` through
// the same contract, against the real API (proxied at /api by `npm start -w <remote>`).
import * as React from 'react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { createRoot } from 'react-dom/client';
import Parcel from 'single-spa-react/parcel';
import { mountRootParcel } from 'single-spa';
import { createApiClient } from './api/client';
import { createStore, siteSettingsAtom, userAtom, localeAtom } from './atoms';
import { LOCALES, type Locale } from './locales';
import type { NavTarget, RouteName } from './routes';
import type { RemoteLifecycles, RemoteProps } from './mount';
import type { SiteSettings } from './schemas/site';

export interface HarnessView {
  view: string;
  routeName: RouteName;
  params?: Record<string, string>;
}

export interface HarnessOptions {
  packageName: string;
  /** Federation container name of the remote (e.g. mf_search). */
  container: string;
  views: HarnessView[];
}

function targetToString(to: NavTarget | string): string {
  if (typeof to === 'string') return to;
  const params = Object.entries(to.params ?? {})
    .map(([k, v]) => `${k}=${v}`)
    .join(', ');
  return `${to.name}${params ? ` (${params})` : ''}`;
}

function Harness({ options, lifecycles, settings }: { options: HarnessOptions; lifecycles: RemoteLifecycles; settings: SiteSettings }) {
  const [store] = React.useState(() => createStore());
  const api = React.useMemo(() => createApiClient({ packageName: options.packageName }), [options.packageName]);
  const [index, setIndex] = React.useState(0);
  const [locale, setLocale] = React.useState<Locale>(settings.settings.domain_language);
  const [lastNav, setLastNav] = React.useState('');
  const [error, setError] = React.useState<string | null>(null);
  const current = options.views[index];
  React.useEffect(() => {
    store.set(siteSettingsAtom, settings);
    store.set(localeAtom, locale);
    api.getUser().then((r) => store.set(userAtom, r.user), () => store.set(userAtom, null));
  }, [store, api, settings, locale]);
  const props: Omit<RemoteProps, 'reportError'> & { reportError(e: unknown): void } = {
    view: current.view,
    routeName: current.routeName,
    params: current.params ?? {},
    query: Object.fromEntries(new URLSearchParams(location.search)),
    hash: location.hash.slice(1),
    store,
    api,
    navigate: (to) => setLastNav(targetToString(to)),
    href: (to) => `#${targetToString(to)}`,
    locale,
    flags: settings.flags,
    settings,
    services: { toast: (t) => setLastNav(`toast: ${t.title ?? ''} ${t.message}`) },
    reportError: (e) => setError(e instanceof Error ? e.message : String(e)),
  };
  return (
    <div>
      <header style={{ display: 'flex', gap: 12, padding: 8, borderBottom: '1px solid #ccc', flexWrap: 'wrap' }}>
        <strong>{options.packageName} harness</strong>
        <label>
          View{' '}
          <select value={index} onChange={(e) => { setError(null); setIndex(Number(e.target.value)); }}>
            {options.views.map((v, i) => (
              <option key={`${v.view}-${i}`} value={i}>
                {v.routeName}
              </option>
            ))}
          </select>
        </label>
        <label>
          Locale{' '}
          <select value={locale} onChange={(e) => setLocale(e.target.value as Locale)}>
            {LOCALES.map((l) => (
              <option key={l}>{l}</option>
            ))}
          </select>
        </label>
        <output aria-label="Last navigation">{lastNav}</output>
      </header>
      {error ? (
        <p role="alert">View failed: {error}</p>
      ) : (
        <Parcel config={lifecycles} mountParcel={mountRootParcel} wrapWith="main" {...props} />
      )}
    </div>
  );
}

export async function runHarness(options: HarnessOptions) {
  const el = document.getElementById('root');
  if (!el) throw new Error('#root missing');
  const root = createRoot(el);
  try {
    registerRemotes([{ name: options.container, entry: `${location.origin}/mf-manifest.json` }]);
    const [settings, lifecycles] = await Promise.all([
      createApiClient({ packageName: options.packageName }).getSettings(),
      loadRemote<RemoteLifecycles>(`${options.container}/mount`),
    ]);
    if (!lifecycles) throw new Error(`${options.container}/mount did not load`);
    root.render(<Harness options={options} lifecycles={lifecycles} settings={settings} />);
  } catch (e) {
    root.render(<p role="alert">The harness could not start: {e instanceof Error ? e.message : String(e)}</p>);
  }
}
