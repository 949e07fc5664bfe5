import { createRoot } from 'react-dom/client';
import {
  createApiClient,
  createStore,
  localeAtom,
  LOCALE_COOKIE,
  LOCALES,
  siteSettingsAtom,
  userAtom,
} from '@dating/shared';
import { App } from './App';
import { registerRegistry } from './federation/remotes';
import { loadShellMessages, readCookie, resolveLocale } from './i18n/locale';
import { createSession } from './session/session';
import { applyTheme } from './theme/theme';
import './global.css';

async function start() {
  const el = document.getElementById('root')!;
  const root = createRoot(el);
  const api = createApiClient({ packageName: 'shell' });
  const store = createStore();
  // Load all, tolerate some: settings are needed to render; a missing registry or user is not fatal.
  const [settings, registry, user] = await Promise.allSettled([api.getSettings(), api.getRemoteRegistry(), api.getUser()]);
  if (settings.status === 'rejected') {
    const locale = resolveLocale({
      cookie: readCookie(LOCALE_COOKIE),
      browserLanguages: navigator.languages,
      siteLanguages: [...LOCALES],
      domainLanguage: 'en',
    });
    const messages = await loadShellMessages(locale).catch(() => ({}) as Record<string, string>);
    el.innerHTML = '';
    const p = document.createElement('p');
    p.setAttribute('role', 'alert');
    p.className = 'startup-error';
    p.textContent = messages['startup.failed'] ?? 'The site could not be loaded. Check your connection and try again.';
    const retry = document.createElement('button');
    retry.textContent = messages['remote.retry'] ?? 'Retry';
    retry.onclick = () => location.reload();
    el.append(p, retry);
    console.error('settings failed', settings.reason);
    return;
  }
  if (registry.status === 'fulfilled') registerRegistry(registry.value.remotes);
  else console.error('remote registry failed; remotes will show their fallback', registry.reason);

  const site = settings.value;
  store.set(siteSettingsAtom, site);
  store.set(userAtom, user.status === 'fulfilled' ? user.value.user : null);
  store.set(
    localeAtom,
    resolveLocale({
      cookie: readCookie(LOCALE_COOKIE),
      browserLanguages: navigator.languages,
      siteLanguages: site.settings.languages,
      domainLanguage: site.settings.domain_language,
    }),
  );
  applyTheme(site.theme);
  const session = createSession(api, store);
  root.render(<App shell={{ api, store, settings: site, session }} />);
}

start();
