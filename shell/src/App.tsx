import * as React from 'react';
import { Provider as JotaiProvider, useAtomValue } from 'jotai';
import { IntlProvider } from 'react-intl';
import { BrowserRouter, StaticRouter, useNavigate } from 'react-router';
import { localeAtom, useCatalog } from '@dating/shared';
import { ShellContext, useShell, type ShellContextValue } from './context';
import { loadShellMessages } from './i18n/locale';
import { ModalHost } from './modal/ModalHost';
import { PopoverHost } from './popover/PopoverHost';
import { buildRoutes, Frame } from './routing/router';
import { AppStatus } from './sw/AppStatus';
import { applyDescription } from './theme/theme';
import { ToastHost } from './toast/toasts';

const DevPanel =
  process.env.NODE_ENV === 'development'
    ? React.lazy(() => import('./dev/DevPanel').then((m) => ({ default: m.DevPanel })))
    : null;

function ShellIntl({ children }: { children: React.ReactNode }) {
  const locale = useAtomValue(localeAtom);
  const { settings } = useShell();
  const catalog = useCatalog(locale, loadShellMessages);
  React.useEffect(() => {
    document.documentElement.lang = locale;
    applyDescription(settings.theme, locale);
  }, [locale, settings.theme]);
  if (!catalog) return null;
  return (
    <IntlProvider locale={catalog.locale} defaultLocale="en" messages={catalog.messages}>
      {children}
    </IntlProvider>
  );
}

/** The shell's tree; `location` renders it on the server (shell/src/server.tsx) at that path. */
export function App({ shell, location }: { shell: ShellContextValue; location?: string }) {
  return (
    <ShellContext.Provider value={shell}>
      <JotaiProvider store={shell.store}>
        <ShellIntl>
          {location === undefined ? (
            <BrowserRouter>
              <Routed />
            </BrowserRouter>
          ) : (
            <StaticRouter location={location}>
              <Routed />
            </StaticRouter>
          )}
        </ShellIntl>
      </JotaiProvider>
    </ShellContext.Provider>
  );
}

/** The page inside the router: the route's frame and the shell's hosts (toasts, popovers, modals). */
function Routed() {
  const shell = useShell();
  const routes = React.useMemo(() => buildRoutes(shell.settings.flags), [shell.settings.flags]);
  const routerNavigate = useNavigate();
  const navigate = React.useCallback((path: string) => void routerNavigate(path), [routerNavigate]);
  // A click on a push notification opens its chat or the likes page in this page (one history).
  React.useEffect(() => {
    const container = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
    if (!container) return;
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: string; url?: unknown } | null;
      if (data?.type === 'navigate' && typeof data.url === 'string' && data.url.startsWith('/') && !data.url.startsWith('//')) {
        navigate(data.url);
      }
    };
    container.addEventListener('message', onMessage);
    return () => container.removeEventListener('message', onMessage);
  }, [navigate]);
  return (
    <>
      <Frame routes={routes} session={shell.session} />
      <ToastHost store={shell.toasts} />
      <PopoverHost store={shell.popovers} />
      <ModalHost store={shell.modals} navigate={navigate} />
      <AppStatus />
      {DevPanel ? (
        <React.Suspense fallback={null}>
          <DevPanel />
        </React.Suspense>
      ) : null}
    </>
  );
}
