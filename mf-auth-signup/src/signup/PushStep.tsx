import * as React from 'react';
import { useAtomValue } from 'jotai';
import { FormattedMessage } from 'react-intl';
import { pushStateAtom, useRemote } from '@dating/shared';
import { ui } from '@dating/shared/ui';
import { pushOffered, safeState } from './push';
import styles from '../common/form.module.css';

/**
 * Step 1, push opt-in (spec §4): skipped when push is not offered or denied; when this browser
 * already has a subscription it is added to the new account silently and the step skipped;
 * otherwise the member subscribes or declines, and the step also moves on by itself once push is
 * no longer offered (e.g. denied in the browser's settings meanwhile).
 */
export function PushStep({ onDone }: { onDone(): void }) {
  const remote = useRemote();
  const atomState = useAtomValue(pushStateAtom);
  const [asking, setAsking] = React.useState(false);
  const done = React.useRef(false);
  const finish = React.useCallback(() => {
    if (done.current) return;
    done.current = true;
    onDone();
  }, [onDone]);

  const state = remote.services.push ? safeState(remote.services.push) : 'unsupported';
  const offered = pushOffered(remote, state);

  React.useEffect(() => {
    if (!offered) {
      finish();
      return;
    }
    if (state === 'subscribed') {
      remote.services.push
        .subscribe()
        .catch((error) => console.error('adding the push subscription failed', error))
        .finally(finish);
    }
    // The store's state changes tell us when push stops being offered.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [offered, atomState]);

  async function subscribe() {
    setAsking(true);
    try {
      const result = await remote.services.push.subscribe();
      // Subscribed or denied: either way the question is answered. A dismissed prompt stays here.
      if (result !== 'not_subscribed') finish();
    } catch (error) {
      console.error('push subscription failed', error);
      finish();
    } finally {
      setAsking(false);
    }
  }

  if (!offered || state === 'subscribed') return null;
  return (
    <div className={styles.form}>
      <p>
        <FormattedMessage
          id="push.body"
          defaultMessage="Get a notification when someone sends you a message or likes you, even when this site is closed."
        />
      </p>
      <div className={styles.actions}>
        <button type="button" className={ui.button} onClick={subscribe} disabled={asking} aria-busy={asking || undefined}>
          <FormattedMessage id="push.allow" defaultMessage="Turn on notifications" />
        </button>
        <button type="button" className={styles.secondary} onClick={finish} disabled={asking}>
          <FormattedMessage id="push.decline" defaultMessage="Not now" />
        </button>
      </div>
    </div>
  );
}
