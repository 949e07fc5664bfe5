// The developer panel (spec §3 flag devPanelOpen, §9): development builds only. It shows the
// shell's state (template, flags, session, push, service worker, client storage) and offers the
// actions that exist: resetting the site-entry warning and the client storage.
import * as React from 'react';
import { useAtomValue } from 'jotai';
import { chatsAtom, likesAtom, localeAtom, pushStateAtom, trackingAtom, userAtom } from '@dating/shared';
import { useShell } from '../context';
import { appBadgeCount } from '../push/badge';
import { swStateAtom } from '../sw/serviceWorker';
import styles from './dev.module.css';

export function DevPanel() {
  const { settings, storage, session } = useShell();
  const [open, setOpen] = React.useState(settings.flags.devPanelOpen);
  const [, rerender] = React.useReducer((n: number) => n + 1, 0);
  const user = useAtomValue(userAtom);
  const locale = useAtomValue(localeAtom);
  const push = useAtomValue(pushStateAtom);
  const sw = useAtomValue(swStateAtom);
  const tracking = useAtomValue(trackingAtom);
  const chats = useAtomValue(chatsAtom);
  const likes = useAtomValue(likesAtom);
  return (
    <aside className={styles.panel} aria-label="Developer panel">
      <button type="button" className={styles.toggle} aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        Dev
      </button>
      {open ? (
        <div className={styles.body}>
          <dl>
            <dt>template</dt><dd>{settings.flags.templateName}</dd>
            <dt>locale</dt><dd>{locale}</dd>
            <dt>member</dt><dd>{user ? `#${user.profile.id} ${user.email}` : String(user)}</dd>
            <dt>polling</dt><dd>{String(session.isPolling())}</dd>
            <dt>badge</dt><dd>{appBadgeCount(chats, likes)}</dd>
            <dt>push</dt><dd>{push}</dd>
            <dt>service worker</dt><dd>{sw}</dd>
            <dt>tracking</dt><dd><code>{JSON.stringify(tracking)}</code></dd>
            <dt>flags</dt><dd><code>{Object.entries(settings.flags).filter(([, v]) => v === false).map(([k]) => k).join(', ') || 'all on'} off</code></dd>
            <dt>storage</dt><dd><code>{JSON.stringify(storage.all())}</code></dd>
          </dl>
          <div className={styles.actions}>
            <button type="button" onClick={() => { storage.remove('skippedSiteEntryWarning'); rerender(); }}>
              Reset site-entry warning
            </button>
            <button type="button" onClick={() => { storage.clear(); rerender(); }}>
              Clear client storage
            </button>
            <a href="/_dev">Developer pages</a>
          </div>
        </div>
      ) : null}
    </aside>
  );
}
