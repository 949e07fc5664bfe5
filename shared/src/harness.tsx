// Standalone harness: lets a team run its remote alone. Like the shell, it is a pure consumer:
// it loads the remote's container through its own mf-manifest.json and mounts `./mount` through
// the same contract, against the real API (proxied at /api by `npm start -w <remote>`).
import * as React from 'react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { createRoot } from 'react-dom/client';
import Parcel from 'single-spa-react/parcel';
import { mountRootParcel, type Parcel as SpaParcel } from 'single-spa';
import { createApiClient } from './api/client';
import { connectQueryCache, createStore, localeAtom } from './atoms';
import { createQueryClient, queryKeys } from './query';
import { LOCALES, type Locale } from './locales';
import { LANDER_KINDS, routesOf, type NavTarget, type RemoteName, type RouteName } from './routes';
import type { FragmentProps, ModalOptions, RemoteLifecycles, RemoteProps, ShellServices } from './mount';
import { parseClientState, type ClientState } from './clientState';
import type { SiteSettings } from './schemas/site';
import { ModalBody } from './ui/ModalBody';

export interface HarnessView {
  view: string;
  routeName: RouteName;
  params: Record<string, string>;
}

export interface HarnessOptions {
  packageName: string;
  /** Federation container name of the remote (e.g. mf_search). */
  container: RemoteName;
}

/** Example values for the route table's path parameters, so every route of a remote can be opened. */
const EXAMPLE_PARAMS: Record<string, string> = {
  memberId: '1',
  chatId: '1',
  creditId: '1',
  paymentMethod: 'ideal',
  transactionId: '1',
  kind: LANDER_KINDS[0],
  slug: 'summer',
  type: 'received',
};

/** Every route of the remote in the route table, with example params: the harness's view picker. */
export function harnessViews(remote: RemoteName): HarnessView[] {
  return routesOf(remote).map((def) => ({
    view: def.view,
    routeName: def.name,
    params: Object.fromEntries(
      [...def.path.matchAll(/:(\w+)/g)].map(([, name]) => [name, EXAMPLE_PARAMS[name] ?? '1']),
    ),
  }));
}

function targetToString(to: NavTarget | string): string {
  if (typeof to === 'string') return to;
  const params = Object.entries(to.params ?? {})
    .map(([k, v]) => `${k}=${v}`)
    .join(', ');
  return `${to.name}${params ? ` (${params})` : ''}`;
}

const HARNESS_STORAGE_KEY = 'harness.client_state';

/** The shell services in a simple form: native dialog, title-attribute tooltips, local storage. */
function useHarnessServices(report: (line: string) => void, base: React.RefObject<FragmentProps | null>) {
  const [modal, setModal] = React.useState<{ options: ModalOptions; resolve(id: string | null): void } | null>(null);
  const services = React.useMemo<ShellServices>(() => {
    const open = (options: ModalOptions) =>
      new Promise<string | null>((resolve) => setModal({ options, resolve }));
    const read = (): ClientState => {
      try {
        return parseClientState(JSON.parse(localStorage.getItem(HARNESS_STORAGE_KEY) ?? '{}'));
      } catch {
        return {};
      }
    };
    const write = (state: ClientState) => localStorage.setItem(HARNESS_STORAGE_KEY, JSON.stringify(state));
    return {
      toast: (t) => report(`toast: ${t.title ?? ''} ${t.message}`),
      modal: {
        open,
        alert: async ({ title, message }) => {
          await open({ title, body: message, actions: [{ id: 'ok', label: 'OK', variant: 'primary' }] });
        },
        confirm: async ({ title, message, confirmLabel = 'OK', cancelLabel = 'Cancel', danger }) =>
          (await open({
            title,
            body: message,
            actions: [
              { id: 'confirm', label: confirmLabel, variant: danger ? 'danger' : 'primary' },
              { id: 'cancel', label: cancelLabel, variant: 'secondary' },
            ],
          })) === 'confirm',
      },
      popover: (anchor, options) => {
        const before = anchor.getAttribute('title');
        anchor.setAttribute('title', options.title ? `${options.title}: ${options.content}` : options.content);
        return () => (before === null ? anchor.removeAttribute('title') : anchor.setAttribute('title', before));
      },
      push: {
        state: () => 'unsupported',
        subscribe: () => Promise.reject(new Error('Push is offered by the shell only: the harness has no service worker')),
      },
      // Another remote's fragment: located through the site's registry, mounted as the shell does.
      fragment: {
        mount: (container, spec) => {
          let current = spec;
          let parcel: SpaParcel | null = null;
          let gone = false;
          const label = document.createElement('section');
          label.setAttribute('aria-label', spec.label);
          container.appendChild(label);
          (async () => {
            const { remotes } = await createApiClient({ packageName: 'harness' }).getRemoteRegistry();
            const entry = remotes[spec.remote];
            if (!entry) throw new Error(`${spec.remote} is not in the registry`);
            registerRemotes([{ name: spec.remote, entry }]);
            const fragment = await loadRemote<RemoteLifecycles>(`${spec.remote}/${spec.name}`);
            if (!fragment || gone || !base.current) return;
            parcel = mountRootParcel(fragment as never, { domElement: label, ...base.current, options: current.options } as never);
          })().catch((e) => report(`fragment ${spec.remote}/${spec.name} failed: ${e instanceof Error ? e.message : String(e)}`));
          return {
            update: (next) => {
              current = next;
              if (parcel && base.current) void parcel.update?.({ ...base.current, options: next.options } as never);
            },
            unmount: () => {
              gone = true;
              void parcel?.unmount().finally(() => label.remove());
              if (!parcel) label.remove();
            },
          };
        },
      },
      storage: {
        get: (key) => read()[key],
        set: (key, value) => write({ ...read(), [key]: value }),
        remove: (key) => {
          const state = read();
          delete state[key];
          write(state);
        },
      },
    };
  }, [report, base]);
  const dialog = React.useRef<HTMLDialogElement>(null);
  React.useEffect(() => {
    if (modal && dialog.current && !dialog.current.open) dialog.current.showModal();
  }, [modal]);
  const close = (id: string | null) => {
    modal?.resolve(id);
    setModal(null);
  };
  const element = modal ? (
    <dialog ref={dialog} aria-labelledby="harness-modal-title" onCancel={() => close(null)}>
      <h2 id="harness-modal-title">{modal.options.title}</h2>
      <ModalBody body={modal.options.body} fragments={services.fragment} />
      {(modal.options.actions ?? [{ id: 'close', label: 'Close' }]).map((a) => (
        <button key={a.id} type="button" onClick={() => close(a.id)}>
          {a.label}
        </button>
      ))}
    </dialog>
  ) : null;
  return { services, element };
}

function Harness({ options, lifecycles, settings }: { options: HarnessOptions; lifecycles: RemoteLifecycles; settings: SiteSettings }) {
  const views = React.useMemo(() => harnessViews(options.container), [options.container]);
  const api = React.useMemo(() => createApiClient({ packageName: options.packageName }), [options.packageName]);
  const [queryClient] = React.useState(() => createQueryClient());
  const [store] = React.useState(() => {
    const created = createStore();
    connectQueryCache(created, queryClient);
    return created;
  });
  const [index, setIndex] = React.useState(0);
  const [locale, setLocale] = React.useState<Locale>(settings.settings.domain_language);
  const [lastNav, setLastNav] = React.useState('');
  const [error, setError] = React.useState<string | null>(null);
  const current = views[index];
  const fragmentBase = React.useRef<FragmentProps | null>(null);
  const { services, element: modalElement } = useHarnessServices(setLastNav, fragmentBase);
  React.useEffect(() => {
    queryClient.setQueryData(queryKeys.settings(), settings);
    store.set(localeAtom, locale);
    api.getUser().then(
      (r) => queryClient.setQueryData(queryKeys.user(), r.user),
      () => queryClient.setQueryData(queryKeys.user(), null),
    );
  }, [store, queryClient, api, settings, locale]);
  const props: Omit<RemoteProps, 'reportError'> & { reportError(e: unknown): void } = {
    view: current.view,
    routeName: current.routeName,
    params: current.params,
    query: Object.fromEntries(new URLSearchParams(location.search)),
    hash: location.hash.slice(1),
    store,
    api,
    queryClient,
    navigate: (to) => setLastNav(targetToString(to)),
    href: (to) => `#${targetToString(to)}`,
    locale,
    flags: settings.flags,
    settings,
    services,
    reportError: (e) => setError(e instanceof Error ? e.message : String(e)),
    notFound: () => setError('404: the view says this page does not exist'),
  };
  const { view: _v, routeName: _r, params: _p, query: _q, hash: _h, notFound: _n, ...fragmentProps } = props;
  React.useLayoutEffect(() => {
    fragmentBase.current = fragmentProps;
  });
  return (
    <div>
      <header style={{ display: 'flex', gap: 12, padding: 8, borderBottom: '1px solid #ccc', flexWrap: 'wrap' }}>
        <strong>{options.packageName} harness</strong>
        <label>
          View{' '}
          <select value={index} onChange={(e) => { setError(null); setIndex(Number(e.target.value)); }}>
            {views.map((v, i) => (
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
      {modalElement}
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
