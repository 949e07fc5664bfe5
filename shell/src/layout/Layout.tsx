import * as React from 'react';
import { useAtom, useAtomValue } from 'jotai';
import { FormattedMessage, useIntl } from 'react-intl';
import { NavLink, useNavigate } from 'react-router';
import {
  companyRegisterName,
  localeAtom,
  ROUTES_BY_NAME,
  newLikesCountAtom,
  unreadMessagesCountAtom,
  userAtom,
  type LayoutName,
  type Locale,
  type NavTarget,
} from '@dating/shared';
import { useShell } from '../context';
import { nativeName, writeLocaleCookie } from '../i18n/locale';
import { pathFor } from '../routing/paths';
import { PhoneMenu, TabBar } from './PhoneNav';
import { PushControl } from './PushControl';
import styles from './layout.module.css';

/** Same-origin links anywhere in the page (remotes and the footer render plain <a href>) use the one history. */
function useLinkInterception(ref: React.RefObject<HTMLElement | null>) {
  const navigate = useNavigate();
  React.useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const a = (e.target as Element | null)?.closest?.('a');
      if (!a || !a.href || (a.target && a.target !== '_self') || a.hasAttribute('download')) return;
      const url = new URL(a.href, location.href);
      if (url.origin !== location.origin || url.pathname.startsWith('/api/')) return;
      // In-page anchors (the skip link) keep the browser's own behaviour.
      if (url.pathname === location.pathname && url.search === location.search && url.hash) return;
      e.preventDefault();
      navigate(url.pathname + url.search + url.hash);
    };
    el.addEventListener('click', onClick);
    return () => el.removeEventListener('click', onClick);
  }, [ref, navigate]);
}

/** A navigation link; gone when its route's feature flag is off. A count shows as a badge. */
function NavItem({ to, children, count, countLabel }: { to: NavTarget; children: React.ReactNode; count?: number; countLabel?: string }) {
  const def = ROUTES_BY_NAME.get(to.name);
  const { settings } = useShell();
  if (def?.flag && !settings.flags[def.flag]) return null;
  return (
    <li>
      <NavLink
        to={pathFor(to)}
        end={to.name === 'index'}
        className={({ isActive }) => [isActive ? styles.active : '', count !== undefined ? styles.counted : ''].join(' ').trim() || undefined}
      >
        {children}
        {count ? (
          <>
            <span className={styles.badge} aria-hidden="true">{count > 99 ? '99+' : count}</span>
            <span className={styles.visuallyHidden}> ({countLabel})</span>
          </>
        ) : null}
      </NavLink>
    </li>
  );
}

function LanguageSwitcher() {
  const { settings } = useShell();
  const [locale, setLocale] = useAtom(localeAtom);
  const intl = useIntl();
  return (
    <label className={styles.language}>
      <span className={styles.visuallyHidden}>{intl.formatMessage({ id: 'nav.language', defaultMessage: 'Language' })}</span>
      <select
        value={locale}
        onChange={(e) => {
          const next = e.target.value as Locale;
          writeLocaleCookie(next);
          setLocale(next);
        }}
      >
        {settings.settings.languages.map((l) => (
          <option key={l} value={l} lang={l}>
            {nativeName(l)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The links of the main navigation (desktop header; on phones the menu and the tab bar share them). */
function MainLinks({ loggedIn }: { loggedIn: boolean }) {
  const unread = useAtomValue(unreadMessagesCountAtom);
  const newLikes = useAtomValue(newLikesCountAtom);
  const intl = useIntl();
  return loggedIn ? (
    <>
      <NavItem to={{ name: 'index' }}><FormattedMessage id="nav.home" defaultMessage="Home" /></NavItem>
      <NavItem to={{ name: 'members' }}><FormattedMessage id="nav.search" defaultMessage="Search" /></NavItem>
      <NavItem
        to={{ name: 'likes' }}
        count={newLikes}
        countLabel={intl.formatMessage({ id: 'nav.newLikes', defaultMessage: '{count, plural, one {# new like} other {# new likes}}' }, { count: newLikes })}
      >
        <FormattedMessage id="nav.likes" defaultMessage="Likes" />
      </NavItem>
      <NavItem
        to={{ name: 'chats' }}
        count={unread}
        countLabel={intl.formatMessage({ id: 'nav.unread', defaultMessage: '{count, plural, one {# unread message} other {# unread messages}}' }, { count: unread })}
      >
        <FormattedMessage id="nav.chats" defaultMessage="Chats" />
      </NavItem>
      <NavItem to={{ name: 'notifications' }}><FormattedMessage id="nav.notifications" defaultMessage="Notifications" /></NavItem>
      <NavItem to={{ name: 'premium' }}><FormattedMessage id="nav.premium" defaultMessage="Premium" /></NavItem>
      <NavItem to={{ name: 'profile' }}><FormattedMessage id="nav.profile" defaultMessage="My profile" /></NavItem>
    </>
  ) : (
    <VisitorLinks />
  );
}

function VisitorLinks() {
  const { settings } = useShell();
  // An invite-only site (signups 'other') offers no signup: its visitors log in.
  const signup = settings.flags.signup && settings.settings.signups !== 'other';
  return (
    <>
      <NavItem to={{ name: 'index' }}><FormattedMessage id="nav.home" defaultMessage="Home" /></NavItem>
      <NavItem to={{ name: 'members' }}><FormattedMessage id="nav.search" defaultMessage="Search" /></NavItem>
      <NavItem to={{ name: 'premium' }}><FormattedMessage id="nav.premium" defaultMessage="Premium" /></NavItem>
      <NavItem to={{ name: 'login' }}><FormattedMessage id="nav.login" defaultMessage="Log in" /></NavItem>
      {signup && <NavItem to={{ name: 'signup' }}><FormattedMessage id="nav.signup" defaultMessage="Sign up free" /></NavItem>}
    </>
  );
}

/** Push switch, language and log out: in the header on wide screens, in the menu on phones. */
function Tools({ className, labelled = false }: { className: string; labelled?: boolean }) {
  const { settings, session } = useShell();
  const user = useAtomValue(userAtom);
  const navigate = useNavigate();
  return (
    <div className={className}>
      {user && settings.flags.notifications ? <PushControl withLabel={labelled} /> : null}
      <LanguageSwitcher />
      {user ? (
        <button
          type="button"
          className={styles.logout}
          onClick={async () => {
            await session.logout();
            navigate(pathFor({ name: 'login' }));
          }}
        >
          <FormattedMessage id="nav.logout" defaultMessage="Log out" />
        </button>
      ) : null}
    </div>
  );
}

function Header() {
  const { settings } = useShell();
  const user = useAtomValue(userAtom);
  const intl = useIntl();
  const ref = React.useRef<HTMLElement>(null);
  // Toasts sit at the top end below the header, never over its controls.
  React.useLayoutEffect(() => {
    const el = ref.current;
    const root = document.documentElement;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => root.style.setProperty('--shell-header-height', `${el.offsetHeight}px`));
    observer.observe(el);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--shell-header-height');
    };
  }, []);
  const navigation = settings.flags.navigation;
  return (
    <header ref={ref} className={styles.header}>
      <a className={styles.brand} href={pathFor({ name: 'index' })}>
        <span className={styles.logo} aria-hidden="true">{settings.theme.logoText}</span>
        <span>{settings.theme.brandName}</span>
      </a>
      {navigation ? (
        <nav className={styles.desktopOnly} aria-label={intl.formatMessage({ id: 'nav.main', defaultMessage: 'Main navigation' })}>
          <ul className={styles.nav}>
            <MainLinks loggedIn={Boolean(user)} />
          </ul>
        </nav>
      ) : null}
      <Tools className={navigation ? `${styles.tools} ${styles.desktopOnly}` : styles.tools} />
      {navigation ? (
        <div className={styles.phoneOnly}>
          <PhoneMenu>
            <nav aria-label={intl.formatMessage({ id: 'nav.more', defaultMessage: 'More' })}>
              <ul className={styles.menuList}>
                {user ? (
                  <>
                    <NavItem to={{ name: 'index' }}><FormattedMessage id="nav.home" defaultMessage="Home" /></NavItem>
                    <NavItem to={{ name: 'premium' }}><FormattedMessage id="nav.premium" defaultMessage="Premium" /></NavItem>
                    <NavItem to={{ name: 'credits' }}><FormattedMessage id="nav.credits" defaultMessage="Credits" /></NavItem>
                  </>
                ) : (
                  <VisitorLinks />
                )}
              </ul>
            </nav>
            <Tools className={styles.menuTools} labelled />
          </PhoneMenu>
        </div>
      ) : null}
    </header>
  );
}

function Footer() {
  const { settings } = useShell();
  const c = settings.company;
  return (
    <footer className={styles.footer}>
      <ul className={styles.footerLinks}>
        <li><a href={pathFor({ name: 'pages-terms' })}><FormattedMessage id="footer.terms" defaultMessage="Terms" /></a></li>
        <li><a href={pathFor({ name: 'pages-privacy' })}><FormattedMessage id="footer.privacy" defaultMessage="Privacy" /></a></li>
        <li><a href={pathFor({ name: 'pages-cookies' })}><FormattedMessage id="footer.cookies" defaultMessage="Cookies" /></a></li>
        <li><a href={pathFor({ name: 'pages-faq' })}><FormattedMessage id="footer.faq" defaultMessage="FAQ" /></a></li>
        <li><a href={pathFor({ name: 'pages-service' })}><FormattedMessage id="footer.service" defaultMessage="Customer service" /></a></li>
      </ul>
      <p>
        {c.name} · {c.address} · {c.city} · {companyRegisterName(c.country) ? (
          `${companyRegisterName(c.country)} ${c.kvk}`
        ) : (
          <FormattedMessage id="footer.kvk" defaultMessage="Chamber of Commerce {kvk}" values={{ kvk: c.kvk }} />
        )}
      </p>
    </footer>
  );
}

/**
 * The height the member sees, as --shell-viewport-height on the root (the chat layout is that tall):
 * the visual viewport shrinks when the on-screen keyboard opens, also where the browser overlays the
 * keyboard instead of resizing the page (Safari). Pinch zoom shrinks it too; that is no keyboard, so a
 * zoomed viewport keeps the last height.
 */
function useVisibleHeight(active: boolean) {
  React.useEffect(() => {
    const viewport = window.visualViewport;
    if (!active || !viewport) return;
    const root = document.documentElement;
    const update = () => {
      if (viewport.scale > 1.01) return;
      root.style.setProperty('--shell-viewport-height', `${Math.round(viewport.height)}px`);
    };
    update();
    viewport.addEventListener('resize', update);
    return () => {
      viewport.removeEventListener('resize', update);
      root.style.removeProperty('--shell-viewport-height');
    };
  }, [active]);
}

/**
 * One layout component for all layouts (the back office's has no member header, footer or tabs), so that the content area stays at the same place in
 * the tree: a remote's parcel survives navigation between its routes even when the layout changes.
 */
export function Layout({ layout, children }: { layout: LayoutName; children: React.ReactNode }) {
  const { settings } = useShell();
  const frame = React.useRef<HTMLDivElement>(null);
  useLinkInterception(frame);
  const user = useAtomValue(userAtom);
  const chrome = layout === 'default' || layout === 'chat';
  const tabs = chrome && Boolean(user) && settings.flags.navigation;
  useVisibleHeight(layout === 'chat');
  // Fixed things at the bottom (the app status bar, toasts) keep clear of the tab bar.
  React.useEffect(() => {
    if (!tabs) return;
    document.documentElement.dataset.tabs = '';
    return () => void delete document.documentElement.dataset.tabs;
  }, [tabs]);
  return (
    <div
      ref={frame}
      className={`${styles.frame} ${styles[`layout-${layout}`] ?? ''} ${tabs ? styles.hasTabs : ''} ${user ? styles.member : ''}`}
      data-layout={layout}
      data-shell-frame=""
    >
      <a className={styles.skip} href="#content">
        <FormattedMessage id="nav.skip" defaultMessage="Skip to content" />
      </a>
      {chrome || layout === 'lander' ? <Header /> : null}
      <main id="content" className={styles.main} tabIndex={-1}>
        {children}
      </main>
      {layout === 'default' && settings.flags.footer ? <Footer /> : null}
      {tabs ? <TabBar /> : null}
    </div>
  );
}
