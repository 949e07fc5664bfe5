import * as React from 'react';
import { useAtomValue } from 'jotai';
import { FormattedMessage, useIntl } from 'react-intl';
import { NavLink, useLocation } from 'react-router';
import { newLikesCountAtom, unreadMessagesCountAtom, ROUTES_BY_NAME, type NavTarget } from '@dating/shared';
import { useShell } from '../context';
import { pathFor } from '../routing/paths';
import styles from './layout.module.css';

const ICONS = {
  search: 'M10.5 3a7.5 7.5 0 0 1 5.96 12.05l4.24 4.25-1.4 1.4-4.25-4.24A7.5 7.5 0 1 1 10.5 3Zm0 2a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11Z',
  likes: 'M12 21s-7.5-4.6-9.6-9.2C.9 8.5 2.9 4.5 6.6 4.5c2.1 0 3.5 1.1 4.4 2.5.9-1.4 2.3-2.5 4.4-2.5 3.7 0 5.7 4 4.2 7.3C19.5 16.4 12 21 12 21Z',
  chats: 'M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2Z',
  notifications: 'M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z',
  profile: 'M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9Zm0 2c-4.4 0-8 2.2-8 5v2h16v-2c0-2.8-3.6-5-8-5Z',
} as const;

function Icon({ name }: { name: keyof typeof ICONS }) {
  return (
    <svg className={styles.tabIcon} width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path fill="currentColor" d={ICONS[name]} />
    </svg>
  );
}

/** A route the site's flags allow. */
function useRouteOn() {
  const { settings } = useShell();
  return (to: NavTarget) => {
    const def = ROUTES_BY_NAME.get(to.name);
    return !def?.flag || settings.flags[def.flag];
  };
}

function Tab({ to, icon, label, count, countLabel }: { to: NavTarget; icon: keyof typeof ICONS; label: React.ReactNode; count?: number; countLabel?: string }) {
  return (
    <li>
      <NavLink to={pathFor(to)} className={({ isActive }) => `${styles.tab} ${isActive ? styles.tabActive : ''}`}>
        <span className={styles.tabIconWrap}>
          <Icon name={icon} />
          {count ? (
            <span className={styles.tabBadge} aria-hidden="true">
              {count > 99 ? '99+' : count}
            </span>
          ) : null}
        </span>
        <span className={styles.tabLabel}>{label}</span>
        {count ? <span className={styles.visuallyHidden}> ({countLabel})</span> : null}
      </NavLink>
    </li>
  );
}

/**
 * A member's tab bar on phones (phone-first navigation): Search, Likes, Chats,
 * Notifications and Profile within reach of the thumb, with the live badges. Wide screens hide it
 * (the header carries the same links); flags remove tabs as they remove routes.
 */
export function TabBar() {
  const unread = useAtomValue(unreadMessagesCountAtom);
  const newLikes = useAtomValue(newLikesCountAtom);
  const on = useRouteOn();
  const intl = useIntl();
  return (
    <nav className={styles.tabBar} aria-label={intl.formatMessage({ id: 'nav.tabs', defaultMessage: 'Sections' })}>
      <ul className={styles.tabList}>
        {on({ name: 'members' }) ? <Tab to={{ name: 'members' }} icon="search" label={<FormattedMessage id="nav.search" defaultMessage="Search" />} /> : null}
        <Tab
          to={{ name: 'likes' }}
          icon="likes"
          label={<FormattedMessage id="nav.likes" defaultMessage="Likes" />}
          count={newLikes}
          countLabel={intl.formatMessage({ id: 'nav.newLikes', defaultMessage: '{count, plural, one {# new like} other {# new likes}}' }, { count: newLikes })}
        />
        {on({ name: 'chats' }) ? (
          <Tab
            to={{ name: 'chats' }}
            icon="chats"
            label={<FormattedMessage id="nav.chats" defaultMessage="Chats" />}
            count={unread}
            countLabel={intl.formatMessage({ id: 'nav.unread', defaultMessage: '{count, plural, one {# unread message} other {# unread messages}}' }, { count: unread })}
          />
        ) : null}
        {on({ name: 'notifications' }) ? (
          <Tab to={{ name: 'notifications' }} icon="notifications" label={<FormattedMessage id="nav.notificationsShort" defaultMessage="Alerts" />} />
        ) : null}
        {on({ name: 'profile' }) ? <Tab to={{ name: 'profile' }} icon="profile" label={<FormattedMessage id="nav.profileShort" defaultMessage="Profile" />} /> : null}
      </ul>
    </nav>
  );
}

/**
 * The compact top bar's menu on phones: what does not fit in the tab bar (home, premium, credits,
 * language, push, log out; for visitors search, log in and sign up). A disclosure button:
 * Escape or a choice closes it and focus returns to the button.
 */
export function PhoneMenu({ children }: { children: React.ReactNode }) {
  const [open, setOpen] = React.useState(false);
  const button = React.useRef<HTMLButtonElement>(null);
  const panel = React.useRef<HTMLDivElement>(null);
  const location = useLocation();
  const intl = useIntl();
  const id = React.useId();
  // A navigation (a link in the menu, or anywhere) closes it.
  const [pathname, setPathname] = React.useState(location.pathname);
  if (pathname !== location.pathname) {
    setPathname(location.pathname);
    setOpen(false);
  }
  React.useEffect(() => {
    if (!open) return;
    panel.current?.querySelector<HTMLElement>('a, button, select')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!panel.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);
  return (
    <div className={styles.menuWrap}>
      <button
        ref={button}
        type="button"
        className={styles.menuButton}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
      >
        <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path fill="currentColor" d="M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z" />
        </svg>
        <span>{intl.formatMessage({ id: 'nav.menu', defaultMessage: 'Menu' })}</span>
      </button>
      {open ? (
        <div ref={panel} id={id} className={styles.menuPanel}>
          {children}
        </div>
      ) : null}
    </div>
  );
}
