import * as React from 'react';
import { Provider as JotaiProvider, useAtomValue } from 'jotai';
import { IntlProvider } from 'react-intl';
import { RouterProvider } from 'react-router';
import { localeAtom, useCatalog } from '@dating/shared';
import { ShellContext, type ShellContextValue } from './context';
import { loadShellMessages } from './i18n/locale';
import { createRouter } from './routing/router';
import { ToastProvider } from './toast/toasts';

function ShellIntl({ children }: { children: React.ReactNode }) {
  const locale = useAtomValue(localeAtom);
  const catalog = useCatalog(locale, loadShellMessages);
  React.useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  if (!catalog) return null;
  return (
    <IntlProvider locale={catalog.locale} defaultLocale="en" messages={catalog.messages}>
      {children}
    </IntlProvider>
  );
}

export function App({ shell }: { shell: ShellContextValue }) {
  const router = React.useMemo(() => createRouter(shell.settings.flags, shell.session), [shell]);
  return (
    <ShellContext.Provider value={shell}>
      <JotaiProvider store={shell.store}>
        <ShellIntl>
          <ToastProvider>
            <RouterProvider router={router} />
          </ToastProvider>
        </ShellIntl>
      </JotaiProvider>
    </ShellContext.Provider>
  );
}
