import * as React from 'react';
import { FormattedMessage, defineMessages, useIntl } from 'react-intl';
import { ACTIVATION_PROGRESS_INTERVAL_MS, ACTIVATION_PROGRESS_STEPS, useRemote } from '@dating/shared';
import { progressPhase } from './steps';
import styles from '../common/form.module.css';

const phases = defineMessages({
  0: { id: 'progress.phase0', defaultMessage: 'Saving your profile…' },
  1: { id: 'progress.phase1', defaultMessage: 'Preparing your activation email…' },
  2: { id: 'progress.phase2', defaultMessage: 'Sending your activation email…' },
  3: { id: 'progress.phase3', defaultMessage: 'Almost done…' },
});

/**
 * Step 6 (spec §2, §9): while the activation mail goes out. Every 900 ms, up to 20 times, asks
 * activate.php whether it was delivered; moves on as soon as it was, or after the 20th step (the
 * mail may still arrive; step 7 says so). The text changes at steps 4, 7 and 10.
 */
export function ProgressStep({ onDone }: { onDone(delivered: boolean): void }) {
  const { api } = useRemote();
  const intl = useIntl();
  const [tick, setTick] = React.useState(0);
  const done = React.useEffectEvent(onDone);

  React.useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout>;
    let count = 0;
    const step = () => {
      timer = setTimeout(async () => {
        count += 1;
        setTick(count);
        let delivered = false;
        try {
          delivered = (await api.activationStatus()).delivered;
        } catch (error) {
          console.error('activation status failed', error);
        }
        if (!live) return;
        if (delivered || count >= ACTIVATION_PROGRESS_STEPS) done(delivered);
        else step();
      }, ACTIVATION_PROGRESS_INTERVAL_MS);
    };
    step();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [api]);

  const phase = progressPhase(tick) as 0 | 1 | 2 | 3;
  return (
    <div className={styles.form}>
      <p role="status" aria-live="polite">
        {intl.formatMessage(phases[phase])}
      </p>
      <progress
        className={styles.progress}
        max={ACTIVATION_PROGRESS_STEPS}
        value={tick}
        aria-label={intl.formatMessage({ id: 'progress.label', defaultMessage: 'Progress' })}
      />
      <p className={styles.hint}>
        <FormattedMessage id="progress.wait" defaultMessage="This takes a few seconds. Please keep this page open." />
      </p>
    </div>
  );
}
