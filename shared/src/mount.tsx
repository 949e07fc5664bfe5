import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import { Provider as JotaiProvider } from 'jotai';
import { IntlProvider } from 'react-intl';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import singleSpaReact from 'single-spa-react';
import type { ApiClient } from './api/client';
import type { AppStore } from './atoms';
import type { ClientStorage, PushState } from './clientState';
import type { Locale } from './locales';
import type { NavTarget, RemoteName, RouteName, ViewOf } from './routes';
import type { Flags, SiteSettings } from './schemas/site';
import { loadKitMessages } from './ui/messages';

export type ToastVariant = 'info' | 'success' | 'warning' | 'danger';
export interface ToastOptions {
  title?: string;
  message: string;
  variant?: ToastVariant;
  /** ms; the shell's default is 5000 (spec §9). */
  duration?: number;
}

/** A block of structured modal content: plain data, so the shell renders it in its own style. */
export type ModalBlock =
  | { type: 'paragraph'; text: string }
  | { type: 'heading'; text: string }
  | { type: 'list'; items: string[] }
  | { type: 'link'; text: string; href: string }
  /** Photos side by side (e.g. both members of a match); without `src`, `initial` stands in. */
  | { type: 'photos'; photos: { src: string | null; alt: string; initial?: string }[] }
  /** Another remote's exposed fragment inside the modal (e.g. mf_landers/legal-document). */
  | { type: 'fragment'; fragment: FragmentSpec };

export interface ModalAction {
  /** What open() resolves with when this button is chosen. */
  id: string;
  label: string;
  variant?: 'primary' | 'secondary' | 'danger';
}

export interface ModalOptions {
  title: string;
  /** Plain text (blank lines separate paragraphs) or structured blocks. */
  body: string | ModalBlock[];
  /** Buttons, first is focused; default: one "Close" button (id 'close'). */
  actions?: ModalAction[];
  size?: 'sm' | 'md' | 'lg';
  /** false: Escape and the backdrop do not close it (default true). */
  dismissible?: boolean;
}

/** Modals (spec §4, §9: base z-index 1055): focus trapped inside, Escape closes, focus returns. */
export interface ModalService {
  /** Resolves with the chosen action's id, or null when dismissed (Escape, backdrop, close button). */
  open(options: ModalOptions): Promise<string | null>;
  /** One message and an OK button (spec §8 alerts). */
  alert(options: { title: string; message: string }): Promise<void>;
  /** Resolves true when confirmed. */
  confirm(options: { title: string; message: string; confirmLabel?: string; cancelLabel?: string; danger?: boolean }): Promise<boolean>;
}

export interface PopoverOptions {
  /** 'tooltip' (default): hover and focus, short text. 'popover': click, title and text. */
  kind?: 'tooltip' | 'popover';
  content: string;
  title?: string;
  placement?: 'top' | 'bottom' | 'start' | 'end';
  trigger?: 'hover' | 'click';
}

/** Web Push for this site (spec §4); the state is also in `pushStateAtom`. */
export interface PushService {
  state(): PushState;
  /** Asks permission, subscribes and adds the subscription to the account (user.php?push=1). */
  subscribe(): Promise<PushState>;
}

/** What the shell offers every remote besides data: toasts, modals, popovers, push, client storage. */
export interface ShellServices {
  toast(options: ToastOptions): void;
  modal: ModalService;
  /** Attaches a tooltip or popover to an element (show 100 ms, hide 300 ms); returns detach. */
  popover(anchor: HTMLElement, options: PopoverOptions): () => void;
  push: PushService;
  storage: ClientStorage;
  /** Mounts another remote's exposed fragment (DESIGN rule 8); use the <Fragment> component. */
  fragment: FragmentService;
}

/** Which fragment to mount: `${remote}/${name}` is the exposed module (e.g. mf_auth_signup/signup-form). */
export interface FragmentSpec {
  remote: RemoteName;
  /** The exposed name without './' (e.g. 'signup-form'). */
  name: string;
  /** Passed to the fragment as FragmentProps.options (read there with useFragmentOptions()). */
  options?: Record<string, unknown>;
  /** Accessible name of the region that holds the fragment. */
  label: string;
}

export interface FragmentHandle {
  update(spec: FragmentSpec): void;
  unmount(): void;
}

/**
 * The shell renders the fragment into `container` (an element the remote owns and leaves empty),
 * with the shell's loading state, localized fallback and Retry, as it does on its own pages.
 */
export interface FragmentService {
  mount(container: HTMLElement, spec: FragmentSpec): FragmentHandle;
  /**
   * On the server only (a public page rendered in Node): the fragment's markup, which the
   * container holds in the page; the browser then hydrates it in place of mounting it anew.
   */
  render?(spec: FragmentSpec): React.ReactNode;
}

/**
 * The mount contract: everything a remote gets from the shell. Remotes never reach into the
 * shell; this type is the only coupling (semver of the contracts package).
 */
export interface RemoteProps {
  /** Which of the remote's views to show. */
  view: string;
  routeName: RouteName;
  params: Record<string, string>;
  query: Record<string, string>;
  hash: string;
  /** The one jotai store of the page (user, locale, settings atoms of this package). */
  store: AppStore;
  api: ApiClient;
  /** The page's one TanStack Query client: server data is read through it (see query.ts). */
  queryClient: QueryClient;
  navigate(to: NavTarget | string, options?: { replace?: boolean }): void;
  /** The path for a route, for real links (`<a href>`), built from the shell's route table. */
  href(to: NavTarget): string;
  locale: Locale;
  flags: Flags;
  settings: SiteSettings;
  services: ShellServices;
  /** A view that throws tells the shell, which shows its localized fallback with Retry. */
  reportError(error: unknown): void;
  /**
   * The view found that what the address names does not exist (an unknown lander kind or
   * campaign, a deleted member): the shell shows its 404 page in the view's place.
   */
  notFound(): void;
}

/** Props of an exposed fragment (members grid, signup form) mounted inside another page. */
export type FragmentProps = Omit<RemoteProps, 'view' | 'routeName' | 'params' | 'query' | 'hash' | 'notFound'> & {
  options?: Record<string, unknown>;
};

const RemotePropsContext = React.createContext<RemoteProps | null>(null);

/** Inside a remote's view: the props the shell passed. */
export function useRemote(): RemoteProps {
  const props = React.useContext(RemotePropsContext);
  if (!props) throw new Error('useRemote() used outside a mounted remote');
  return props;
}

/**
 * A tooltip or popover from the shell on an element of a remote's view:
 * `<button ref={usePopover({ content: 'Like' })}>`. null attaches nothing.
 */
export function usePopover<T extends HTMLElement>(options: PopoverOptions | null): React.RefCallback<T> {
  const { services } = useRemote();
  const key = options ? JSON.stringify(options) : '';
  return React.useCallback(
    (el: T | null) => {
      if (!el || !key) return;
      return services.popover(el, JSON.parse(key) as PopoverOptions);
    },
    [services, key],
  );
}

export type Messages = Record<string, string>;
export type MessageLoader = (locale: Locale) => Promise<Messages>;

class ViewErrorBoundary extends React.Component<
  { onError: (error: unknown) => void; children: React.ReactNode },
  { failed: boolean }
> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    this.props.onError(error);
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** A catalog chunk that failed to load is fetched again this many times… */
export const CATALOG_RETRIES = 2;
/** …waiting this long before the first retry, twice as long before the next. */
export const CATALOG_RETRY_DELAY_MS = 500;

/** A remote's messages for the active locale could not be loaded, retries included. */
export class CatalogError extends Error {
  constructor(readonly locale: Locale, readonly cause: unknown) {
    super(`The ${locale} messages could not be loaded: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'CatalogError';
  }
}

async function loadWithRetries(load: MessageLoader, locale: Locale, isLive: () => boolean): Promise<Messages> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await load(locale);
    } catch (error) {
      if (attempt >= CATALOG_RETRIES || !isLive()) throw new CatalogError(locale, error);
      await new Promise((r) => setTimeout(r, CATALOG_RETRY_DELAY_MS * 2 ** attempt));
    }
  }
}

/** Catalogs loaded so far, per loader and locale: a root rendered again (or hydrated) has them at once. */
const loadedCatalogs = new WeakMap<MessageLoader, Map<Locale, Messages>>();

function loadedCatalog(load: MessageLoader, locale: Locale): Messages | undefined {
  return loadedCatalogs.get(load)?.get(locale);
}

/**
 * Loads a catalog and keeps it: the first render of a root that uses it (useCatalog) then has its
 * messages without waiting, as a hydrating root must (its first render is the server's markup).
 */
export async function preloadCatalog(load: MessageLoader, locale: Locale): Promise<Messages> {
  const hit = loadedCatalog(load, locale);
  if (hit) return hit;
  const messages = await load(locale);
  let byLocale = loadedCatalogs.get(load);
  if (!byLocale) loadedCatalogs.set(load, (byLocale = new Map()));
  byLocale.set(locale, messages);
  return messages;
}

/**
 * Loads the active locale's catalog only; keeps showing the last one while the next loads. A
 * catalog that fails is retried; then `onError` hears of it (a remote: the shell shows its
 * localized fallback with Retry). Without `onError` (the shell's own catalog, which has nothing
 * else to speak with) the default English messages are used and the failure is logged.
 */
export function useCatalog(
  locale: Locale,
  load: MessageLoader,
  onError?: (error: CatalogError) => void,
): { locale: Locale; messages: Messages } | null {
  const [catalog, setCatalog] = React.useState<{ locale: Locale; messages: Messages } | null>(() => {
    const messages = loadedCatalog(load, locale);
    return messages ? { locale, messages } : null;
  });
  const failed = React.useEffectEvent((error: CatalogError) => {
    if (onError) return onError(error);
    console.error(error);
    setCatalog({ locale: 'en', messages: {} });
  });
  // A catalog loaded before (by another root, or before a hydration) is used at once.
  const hit = loadedCatalog(load, locale);
  React.useEffect(() => {
    if (hit) return;
    let live = true;
    loadWithRetries((l) => preloadCatalog(load, l), locale, () => live).then(
      // A transition: the view the catalog lets render is rendered in slices of a few ms, with the
      // browser free between them, not in one long task (Total Blocking Time).
      (messages) => live && React.startTransition(() => setCatalog({ locale, messages })),
      (error: CatalogError) => live && failed(error),
    );
    return () => {
      live = false;
    };
  }, [locale, load, hit]);
  if (hit && !(catalog?.locale === locale && catalog.messages === hit)) return { locale, messages: hit };
  return catalog;
}

export interface RemoteDefinition<R extends RemoteName = RemoteName> {
  /** The remote's federation name, as in the route table. */
  name: R;
  /** One component per view the route table assigns to this remote: no more, no fewer. */
  views: Record<ViewOf<R>, React.ComponentType>;
  loadMessages: MessageLoader;
  /** Build label of the remote (its own `process.env.BUILD_LABEL`), shown as `data-build`. */
  build?: string;
}

/** What RemoteRoot renders from: a remote's definition, or a fragment's (its one view 'fragment'). */
export interface MountDefinition {
  name: string;
  views: Record<string, React.ComponentType>;
  loadMessages: MessageLoader;
  build?: string;
}

function UnknownView({ name, view }: { name: string; view: string }): never {
  throw new Error(`${name} has no view "${view}"`);
}

/** A remote's catalog over the UI kit's (loading, error, retry, empty): one request per locale each. */
const withKit = new WeakMap<MessageLoader, MessageLoader>();
function catalogLoader(load: MessageLoader): MessageLoader {
  let merged = withKit.get(load);
  if (!merged) {
    merged = (locale) => Promise.all([loadKitMessages(locale), load(locale)]).then(([kit, own]) => ({ ...kit, ...own }));
    withKit.set(load, merged);
  }
  return merged;
}

/** Loads a remote's catalog (its own over the UI kit's) for `locale`: before a server render or a hydration. */
export function preloadRemoteCatalog(definition: MountDefinition, locale: Locale): Promise<Messages> {
  return preloadCatalog(catalogLoader(definition.loadMessages), locale);
}

/** Renders a remote's view with the shared store, the remote's own catalog and error reporting. */
export function RemoteRoot({ definition, props }: { definition: MountDefinition; props: RemoteProps }) {
  const catalog = useCatalog(props.locale, catalogLoader(definition.loadMessages), props.reportError);
  const View = (definition.views as Record<string, React.ComponentType | undefined>)[props.view];
  if (!catalog) return <div aria-busy="true" />;
  return (
    <RemotePropsContext.Provider value={props}>
      <QueryClientProvider client={props.queryClient}>
        <JotaiProvider store={props.store}>
          <IntlProvider locale={catalog.locale} defaultLocale="en" messages={catalog.messages} onError={ignoreMissing}>
            <div data-remote={definition.name} data-view={props.view} data-build={definition.build || undefined}>
              <ViewErrorBoundary key={props.view} onError={props.reportError}>
                {View ? <View /> : <UnknownView name={definition.name} view={props.view} />}
              </ViewErrorBoundary>
            </div>
          </IntlProvider>
        </JotaiProvider>
      </QueryClientProvider>
    </RemotePropsContext.Provider>
  );
}

function ignoreMissing(err: { code?: string }) {
  if (err.code === 'MISSING_TRANSLATION') return;
  console.error(err);
}

type ParcelProps = RemoteProps & Record<string, unknown>;

/**
 * react-dom's client for single-spa-react (`renderType: 'hydrateRoot'`): a container that holds the
 * server's markup of the view (a public page rendered in Node, scripts/serve/render.mjs) is
 * hydrated; an empty one (a page reached by navigation) gets a new root whose first render is a
 * transition (start-up without long tasks: React renders in slices of about 5 ms and lets the
 * browser paint and handle input between them). Later renders (props on navigation) are ordinary
 * updates.
 */
const hydratingClient = {
  hydrateRoot(container: Element, children: React.ReactNode): ReactDOMClient.Root {
    if (container.hasChildNodes()) return ReactDOMClient.hydrateRoot(container, children);
    const root = ReactDOMClient.createRoot(container);
    React.startTransition(() => root.render(children));
    return root;
  },
};

function lifecycles(definition: MountDefinition, toRemoteProps: (props: ParcelProps) => RemoteProps) {
  function Root(props: ParcelProps) {
    return <RemoteRoot definition={definition} props={toRemoteProps(props)} />;
  }
  const parcel = singleSpaReact<ParcelProps>({
    React,
    ReactDOMClient: hydratingClient as unknown as typeof ReactDOMClient,
    renderType: 'hydrateRoot',
    rootComponent: Root,
    errorBoundary(error: Error, _info: unknown, props: ParcelProps) {
      props.reportError(error);
      return <></>;
    },
  });
  return {
    ...parcel,
    // The catalog first: the view's first render then has its messages, as the server's had.
    async mount(props: Parameters<typeof parcel.mount>[0]) {
      await preloadRemoteCatalog(definition, toRemoteProps(props).locale).catch(() => {});
      return parcel.mount(props);
    },
    /** What a server renders (scripts/serve/render.mjs): the views and catalogs, in the same RemoteRoot. */
    definition,
  };
}

/**
 * Builds the single-spa-react lifecycles (bootstrap, mount, update, unmount) a remote exposes
 * as `./mount`. The shell mounts them as a single-spa Parcel and updates props on navigation.
 * The type system holds `definition.views` to the views the route table assigns to the remote.
 */
export function createRemoteMount<R extends RemoteName>(definition: RemoteDefinition<R>) {
  return lifecycles(definition, (p) => p);
}

/**
 * Same as createRemoteMount, for a fragment exposed under its own name. The host passes
 * FragmentProps; the fragment sees RemoteProps with view 'fragment', no params, the page's query
 * (from the address bar) and `options` (read with useFragmentOptions()).
 */
export function createFragmentMount(
  name: string,
  Component: React.ComponentType,
  loadMessages: MessageLoader,
) {
  const defaults = (): Pick<RemoteProps, 'routeName' | 'params' | 'query' | 'hash' | 'notFound'> => ({
    routeName: 'index',
    params: {},
    query: typeof location !== 'undefined' ? Object.fromEntries(new URLSearchParams(location.search)) : {},
    hash: '',
    // A fragment is part of its host's page: whether that page exists is the host's to say.
    notFound: () => {},
  });
  return lifecycles({ name, views: { fragment: Component }, loadMessages }, (props) => ({
    ...defaults(),
    ...props,
    view: 'fragment',
  }));
}

/** Inside a fragment: the `options` its host passed (FragmentProps.options); {} in a view. */
export function useFragmentOptions(): Record<string, unknown> {
  const props = useRemote() as RemoteProps & { options?: Record<string, unknown> };
  return props.options ?? {};
}

export type RemoteLifecycles = ReturnType<typeof lifecycles>;

/**
 * Another remote's exposed fragment inside this remote's view (DESIGN rule 8, fragments not
 * copies): `<Fragment remote="mf_auth_signup" name="signup-form" label="Sign up" />`. The shell
 * mounts it through `services.fragment` into this element, with its loading and failure states.
 */
export function Fragment({ className, ...spec }: FragmentSpec & { className?: string }) {
  const { services } = useRemote();
  return <FragmentHost service={services.fragment} spec={spec} className={className} />;
}

/** An element that `service` mounts the fragment into (what <Fragment> and the modal's fragment blocks use). */
export function FragmentHost({ service, spec: { remote, name, options, label }, className }: { service: FragmentService; spec: FragmentSpec; className?: string }) {
  const ref = React.useRef<HTMLDivElement>(null);
  const handle = React.useRef<FragmentHandle | null>(null);
  const optionsKey = JSON.stringify(options ?? {});
  const spec = React.useMemo<FragmentSpec>(
    () => ({ remote, name, label, options: JSON.parse(optionsKey) as Record<string, unknown> }),
    [remote, name, label, optionsKey],
  );
  const latest = React.useRef(spec);
  React.useLayoutEffect(() => {
    latest.current = spec;
  });
  React.useEffect(() => {
    const h = service.mount(ref.current!, latest.current);
    handle.current = h;
    return () => {
      handle.current = null;
      h.unmount();
    };
  }, [service, remote, name]);
  React.useEffect(() => {
    handle.current?.update(spec);
  }, [spec]);
  // On the server the fragment's markup is in the page (service.render). A container hydrated from
  // that markup leaves it to the shell, which hydrates the fragment in place; a container created
  // in the browser is empty, and the shell renders the fragment into it.
  const hydrating = useHydrating();
  const [fromServer] = React.useState(hydrating);
  const server = service.render?.(spec);
  if (server !== undefined) {
    return (
      <div className={className} data-fragment-host={`${remote}/${name}`}>
        {server}
      </div>
    );
  }
  if (fromServer) return <div ref={ref} className={className} data-fragment-host={`${remote}/${name}`} suppressHydrationWarning dangerouslySetInnerHTML={SHELL_OWNED} />;
  return <div ref={ref} className={className} data-fragment-host={`${remote}/${name}`} />;
}

/** A fragment container's content as React knows it when hydrated: none of its own (the shell's). */
const SHELL_OWNED = { __html: '' };

/**
 * True on the server and while React hydrates the server's markup, false in a render after that or
 * without server markup: what only the browser knows is rendered once this is false, so that
 * hydration renders what the server did.
 */
export function useHydrating(): boolean {
  return React.useSyncExternalStore(noSubscription, notHydrating, isHydrating);
}
const noSubscription = () => () => {};
/** React reads the server snapshot on the server and while hydrating, the other one otherwise. */
const isHydrating = () => true;
const notHydrating = () => false;
