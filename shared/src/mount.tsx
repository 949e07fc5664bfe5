import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import { Provider as JotaiProvider } from 'jotai';
import { IntlProvider } from 'react-intl';
import singleSpaReact from 'single-spa-react';
import type { ApiClient } from './api/client';
import type { AppStore } from './atoms';
import type { Locale } from './locales';
import type { NavTarget, RouteName } from './routes';
import type { Flags, SiteSettings } from './schemas/site';

export type ToastVariant = 'info' | 'success' | 'warning' | 'danger';
export interface ToastOptions {
  title?: string;
  message: string;
  variant?: ToastVariant;
  /** ms; the shell's default is 5000 (spec §9). */
  duration?: number;
}

/** What the shell offers every remote besides data: its toasts (modals and popovers follow). */
export interface ShellServices {
  toast(options: ToastOptions): void;
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
  navigate(to: NavTarget | string, options?: { replace?: boolean }): void;
  /** The path for a route, for real links (`<a href>`), built from the shell's route table. */
  href(to: NavTarget): string;
  locale: Locale;
  flags: Flags;
  settings: SiteSettings;
  services: ShellServices;
  /** A view that throws tells the shell, which shows its localized fallback with Retry. */
  reportError(error: unknown): void;
}

/** Props of an exposed fragment (members grid, signup form) mounted inside another page. */
export type FragmentProps = Omit<RemoteProps, 'view' | 'routeName' | 'params' | 'query' | 'hash'> & {
  options?: Record<string, unknown>;
};

const RemotePropsContext = React.createContext<RemoteProps | null>(null);

/** Inside a remote's view: the props the shell passed. */
export function useRemote(): RemoteProps {
  const props = React.useContext(RemotePropsContext);
  if (!props) throw new Error('useRemote() used outside a mounted remote');
  return props;
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

/** Loads the active locale's catalog only; keeps showing the last one while the next loads. */
export function useCatalog(locale: Locale, load: MessageLoader): { locale: Locale; messages: Messages } | null {
  const [catalog, setCatalog] = React.useState<{ locale: Locale; messages: Messages } | null>(null);
  React.useEffect(() => {
    let live = true;
    load(locale).then(
      (messages) => live && setCatalog({ locale, messages }),
      () => live && setCatalog({ locale: 'en', messages: {} }),
    );
    return () => {
      live = false;
    };
  }, [locale, load]);
  return catalog;
}

export interface RemoteDefinition {
  /** Remote name, for error messages. */
  name: string;
  views: Record<string, React.ComponentType>;
  loadMessages: MessageLoader;
  /** Build label of the remote (its own `process.env.BUILD_LABEL`), shown as `data-build`. */
  build?: string;
}

function UnknownView({ name, view }: { name: string; view: string }): never {
  throw new Error(`${name} has no view "${view}"`);
}

/** Renders a remote's view with the shared store, the remote's own catalog and error reporting. */
export function RemoteRoot({ definition, props }: { definition: RemoteDefinition; props: RemoteProps }) {
  const catalog = useCatalog(props.locale, definition.loadMessages);
  const View = definition.views[props.view];
  if (!catalog) return <div aria-busy="true" />;
  return (
    <RemotePropsContext.Provider value={props}>
      <JotaiProvider store={props.store}>
        <IntlProvider locale={catalog.locale} defaultLocale="en" messages={catalog.messages} onError={ignoreMissing}>
          <div data-remote={definition.name} data-view={props.view} data-build={definition.build || undefined}>
            <ViewErrorBoundary key={props.view} onError={props.reportError}>
              {View ? <View /> : <UnknownView name={definition.name} view={props.view} />}
            </ViewErrorBoundary>
          </div>
        </IntlProvider>
      </JotaiProvider>
    </RemotePropsContext.Provider>
  );
}

function ignoreMissing(err: { code?: string }) {
  if (err.code === 'MISSING_TRANSLATION') return;
  console.error(err);
}

type ParcelProps = RemoteProps & Record<string, unknown>;

/**
 * Builds the single-spa-react lifecycles (bootstrap, mount, update, unmount) a remote exposes
 * as `./mount`. The shell mounts them as a single-spa Parcel and updates props on navigation.
 */
export function createRemoteMount(definition: RemoteDefinition) {
  function Root(props: ParcelProps) {
    return <RemoteRoot definition={definition} props={props} />;
  }
  return singleSpaReact<ParcelProps>({
    React,
    ReactDOMClient,
    renderType: 'createRoot',
    rootComponent: Root,
    errorBoundary(error: Error, _info: unknown, props: ParcelProps) {
      props.reportError(error);
      return <></>;
    },
  });
}

/** Same as createRemoteMount, for a fragment exposed under its own name. */
export function createFragmentMount(
  name: string,
  Component: React.ComponentType,
  loadMessages: MessageLoader,
) {
  return createRemoteMount({ name, views: { fragment: Component }, loadMessages });
}

export type RemoteLifecycles = ReturnType<typeof createRemoteMount>;
