import * as React from 'react';
import { useAtomValue } from 'jotai';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { pushStateAtom } from '@dating/shared';
import { useShell } from '../context';
import styles from './layout.module.css';

/** The switch's words: one descriptor per message, so that extraction sees every id. */
const messages = defineMessages({
  on: { id: 'push.on', defaultMessage: 'Push notifications are on' },
  blocked: { id: 'push.blocked', defaultMessage: 'Notifications are blocked in your browser' },
  unsupported: { id: 'push.unsupported', defaultMessage: 'This browser cannot show notifications' },
  turnOn: { id: 'push.turnOn', defaultMessage: 'Turn on push notifications' },
  blockedHelp: { id: 'push.blockedHelp', defaultMessage: 'Allow notifications for this site in your browser settings, then reload the page.' },
  offTitle: { id: 'push.offTitle', defaultMessage: 'Turn off push notifications?' },
  offBody: { id: 'push.offBody', defaultMessage: 'This device will no longer get notifications about new messages and likes.' },
  offConfirm: { id: 'push.offConfirm', defaultMessage: 'Turn off' },
  unsubscribed: { id: 'push.unsubscribed', defaultMessage: 'Push notifications are off for this device.' },
  subscribed: { id: 'push.subscribed', defaultMessage: 'Push notifications are on for this device.' },
  dismissed: { id: 'push.dismissed', defaultMessage: 'Notifications stay off. Turn them on any time with the bell.' },
  errorTitle: { id: 'push.errorTitle', defaultMessage: 'Error' },
  failed: { id: 'push.failed', defaultMessage: 'Push notifications could not be turned on. Try again later.' },
});
const unsupportedHelp = defineMessage<{ brand: string }>({
  id: 'push.unsupportedHelp',
  defaultMessage:
    'You still see new messages and likes here while {brand} is open. On an iPhone or iPad, add {brand} to your home screen and open it from there to get notifications.',
});

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
  const label =
    state === 'subscribed'
      ? intl.formatMessage(messages.on)
      : state === 'denied'
        ? intl.formatMessage(messages.blocked)
        : state === 'unsupported'
          ? intl.formatMessage(messages.unsupported)
          : intl.formatMessage(messages.turnOn);
  const tooltip = React.useCallback(
    (el: HTMLButtonElement | null) => (el && !withLabel ? services.popover(el, { content: label, placement: 'bottom' }) : undefined),
    [services, label, withLabel],
  );

  const explainBlocked = () =>
    services.modal.alert({
      title: intl.formatMessage(messages.blocked),
      message: intl.formatMessage(messages.blockedHelp),
    });

  const onClick = async () => {
    if (busy) return;
    if (state === 'unsupported') {
      await services.modal.alert({
        title: intl.formatMessage(messages.unsupported),
        message: intl.formatMessage(unsupportedHelp, { brand: settings.theme.brandName }),
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
          title: intl.formatMessage(messages.offTitle),
          message: intl.formatMessage(messages.offBody),
          confirmLabel: intl.formatMessage(messages.offConfirm),
        });
        if (off) {
          await push.unsubscribe();
          services.toast({ variant: 'info', message: intl.formatMessage(messages.unsubscribed) });
        }
      } else {
        const next = await push.subscribe();
        if (next === 'subscribed') services.toast({ variant: 'success', message: intl.formatMessage(messages.subscribed) });
        else if (next === 'denied') await explainBlocked();
        else services.toast({ variant: 'info', message: intl.formatMessage(messages.dismissed) });
      }
    } catch (error) {
      console.error('push switch failed', error);
      services.toast({ variant: 'danger', title: intl.formatMessage(messages.errorTitle), message: intl.formatMessage(messages.failed) });
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
