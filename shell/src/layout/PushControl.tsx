import * as React from 'react';
import { useAtomValue } from 'jotai';
import { useIntl } from 'react-intl';
import { pushStateAtom } from '@dating/shared';
import { useShell } from '../context';
import styles from './layout.module.css';

function Bell({ off }: { off: boolean }) {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
      />
      {off ? <path d="M3 3l18 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" /> : null}
    </svg>
  );
}

/**
 * The member's push switch (spec §4): turn on (asks the browser, adds the subscription to the
 * account), turn off, or explain that the browser blocks notifications. Hidden where push is
 * unsupported.
 */
export function PushControl() {
  const { push, services } = useShell();
  const state = useAtomValue(pushStateAtom);
  const intl = useIntl();
  const [busy, setBusy] = React.useState(false);
  const t = (id: string, defaultMessage: string) => intl.formatMessage({ id, defaultMessage });
  const label =
    state === 'subscribed'
      ? t('push.on', 'Push notifications are on')
      : state === 'denied'
        ? t('push.blocked', 'Notifications are blocked in your browser')
        : t('push.turnOn', 'Turn on push notifications');
  const tooltip = React.useCallback(
    (el: HTMLButtonElement | null) => (el ? services.popover(el, { content: label, placement: 'bottom' }) : undefined),
    [services, label],
  );
  if (!push || state === 'unsupported') return null;

  const onClick = async () => {
    if (busy) return;
    if (state === 'denied') {
      await services.modal.alert({ title: t('push.blocked', 'Notifications are blocked in your browser'), message: t('push.blockedHelp', 'Allow notifications for this site in your browser settings, then reload the page.') });
      return;
    }
    setBusy(true);
    try {
      if (state === 'subscribed') {
        const off = await services.modal.confirm({
          title: t('push.offTitle', 'Turn off push notifications?'),
          message: t('push.offBody', 'This device will no longer get notifications about new messages and likes.'),
          confirmLabel: t('push.offConfirm', 'Turn off'),
        });
        if (off) await push.unsubscribe();
      } else {
        const next = await push.subscribe();
        if (next === 'subscribed') services.toast({ variant: 'success', message: t('push.subscribed', 'Push notifications are on for this device.') });
      }
    } catch (error) {
      console.error('push switch failed', error);
      services.toast({ variant: 'danger', title: t('push.errorTitle', 'Error'), message: t('push.failed', 'Push notifications could not be turned on. Try again later.') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      ref={tooltip}
      type="button"
      className={styles.iconButton}
      aria-label={label}
      aria-pressed={state === 'denied' ? undefined : state === 'subscribed'}
      aria-disabled={state === 'denied' || busy || undefined}
      data-push-state={state}
      onClick={onClick}
    >
      <Bell off={state !== 'subscribed'} />
    </button>
  );
}
