// Test helpers of the shell (jest only): a complete shell context on a real store and real
// services, with the API as jest functions, and a render wrapper with the shell's catalog.
import * as React from 'react';
import { render } from '@testing-library/react';
import { Provider as JotaiProvider } from 'jotai';
import { IntlProvider } from 'react-intl';
import { connectQueryCache, createQueryClient, createStore, type ApiClient, type SiteSettings } from '@dating/shared';
import { mockApi, siteSettings, type MockApi } from '@dating/shared/testing';
import { ShellContext, type ShellContextValue } from '../context';
import en from '../i18n/messages/en.json';
import { createShellServices } from '../services/createServices';
import { createSession } from '../session/session';
import { createClientStorage, type StorageEnv } from '../storage/storage';

/** A cookie jar and local storage in memory, for the client storage. */
export function memoryStorageEnv(): StorageEnv & { jar: Map<string, string>; localData: Map<string, string>; writes: string[] } {
  const jar = new Map<string, string>();
  const localData = new Map<string, string>();
  const writes: string[] = [];
  return {
    jar,
    localData,
    writes,
    cookie: {
      get: () => [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
      set(value: string) {
        writes.push(value);
        const [pair] = value.split('; ');
        const eq = pair!.indexOf('=');
        const name = pair!.slice(0, eq);
        if (/Max-Age=0(;|$)/.test(value)) jar.delete(name);
        else jar.set(name, pair!.slice(eq + 1));
      },
    },
    local: {
      getItem: (k) => localData.get(k) ?? null,
      setItem: (k, v) => void localData.set(k, String(v)),
      removeItem: (k) => void localData.delete(k),
    },
    secure: false,
  };
}

export function testShell(overrides: { settings?: SiteSettings; api?: MockApi } = {}): ShellContextValue & { mock: MockApi } {
  const mock = overrides.api ?? mockApi();
  mock.eventsUrl.mockReturnValue('/api/events.php');
  const api = mock as unknown as ApiClient;
  const store = createStore();
  const queryClient = createQueryClient({ retry: false });
  connectQueryCache(store, queryClient);
  const storage = createClientStorage(memoryStorageEnv());
  const session = createSession(api, store, queryClient, { openEvents: () => null });
  const { services, toasts, modals, popovers, fragments } = createShellServices(storage, null);
  return {
    api,
    mock,
    store,
    queryClient,
    settings: overrides.settings ?? siteSettings(),
    session,
    services,
    toasts,
    modals,
    popovers,
    fragments,
    push: null,
    storage,
    sw: null,
    offline: false,
  };
}

export function ShellWrapper({ shell, children }: { shell: ShellContextValue; children: React.ReactNode }) {
  return (
    <ShellContext.Provider value={shell}>
      <JotaiProvider store={shell.store}>
        <IntlProvider locale="en" defaultLocale="en" messages={en}>
          {children}
        </IntlProvider>
      </JotaiProvider>
    </ShellContext.Provider>
  );
}

export function renderWithShell(ui: React.ReactElement, shell = testShell()) {
  return { ...render(<ShellWrapper shell={shell}>{ui}</ShellWrapper>), shell };
}
