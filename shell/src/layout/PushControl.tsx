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
 * The member's push switch (spec §4), with its four states and what the member can do in each:
 * not subscribed (turn on: asks the browser, adds the subscription to the account), subscribed
 * (turn off), denied (how to allow it in the browser), unsupported (why not, and the home-screen
 * way on iPhone). Every click answers visibly: a toast or a dialog.
 */
export function PushControl({ withLabel = false }: { withLabel?: boolean }) {
  const { push, services, settings } = useShell();
  const atomState = useAtomValue(pushStateAtom);
  const state = push ? atomState : 'unsupported';
  const intl = useIntl();
  const [busy, setBusy] = React.useState(false);
  const t = (id: string, defaultMessage: string, values?: Record<string, string>) => intl.formatMessage({ id, defaultMessage }, values);
  const label =
    state === 'subscribed'
      ? t('push.on', 'Push notifications are on')
      : state === 'denied'
        ? t('push.blocked', 'Notifications are blocked in your browser')
        : state === 'unsupported'
          ? t('push.unsupported', 'This browser cannot show notifications')
          : t('push.turnOn', 'Turn on push notifications');
  const tooltip = React.useCallback(
    (el: HTMLButtonElement | null) => (el && !withLabel ? services.popover(el, { content: label, placement: 'bottom' }) : undefined),
    [services, label, withLabel],
  );

  const explainBlocked = () =>
    services.modal.alert({
      title: t('push.blocked', 'Notifications are blocked in your browser'),
      message: t('push.blockedHelp', 'Allow notifications for this site in your browser settings, then reload the page.'),
    });

  const onClick = async () => {
    if (busy) return;
    if (state === 'unsupported') {
      await services.modal.alert({
        title: t('push.unsupported', 'This browser cannot show notifications'),
        message: t(
          'push.unsupportedHelp',
          'You still see new messages and likes here while {brand} is open. On an iPhone or iPad, add {brand} to your home screen and open it from there to get notifications.',
          { brand: settings.theme.brandName },
        ),
      });
      return;
    }
    if (state === 'denied' || !push) {
      await explainBlocked();
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
        if (off) {
          await push.unsubscribe();
          services.toast({ variant: 'info', message: t('push.unsubscribed', 'Push notifications are off for this device.') });
        }
      } else {
        const next = await push.subscribe();
        if (next === 'subscribed') services.toast({ variant: 'success', message: t('push.subscribed', 'Push notifications are on for this device.') });
        else if (next === 'denied') await explainBlocked();
        else services.toast({ variant: 'info', message: t('push.dismissed', 'Notifications stay off. Turn them on any time with the bell.') });
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
      className={withLabel ? styles.pushLabelled : styles.iconButton}
      aria-label={withLabel ? undefined : label}
      aria-pressed={state === 'subscribed' || state === 'not_subscribed' ? state === 'subscribed' : undefined}
      aria-busy={busy || undefined}
      data-push-state={state}
      onClick={onClick}
    >
      <Bell off={state !== 'subscribed'} />
      {withLabel ? <span>{label}</span> : null}
    </button>
  );
}
