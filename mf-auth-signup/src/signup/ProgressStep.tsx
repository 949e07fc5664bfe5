import * as React from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
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

interface Progress {
  step: number;
  delivered: boolean;
}
const ACTIVATION_STATUS_KEY = ['mf-auth-signup', 'activation-status'] as const;
/** Delivered, or asked ACTIVATION_PROGRESS_STEPS times: the poll stops and the next step shows. */
const finished = (p: Progress | undefined) => Boolean(p && (p.delivered || p.step >= ACTIVATION_PROGRESS_STEPS));

/**
 * Step 6 (spec §2, §9): while the activation mail goes out. Every 900 ms, up to 20 times, asks
 * activate.php whether it was delivered (a query polled with refetchInterval, which stops on
 * delivery or at the 20th answer); moves on as soon as it was, or after the 20th step (the mail
 * may still arrive; step 7 says so). A failed ask counts as a step. The text changes at steps 4, 7 and 10.
 */
export function ProgressStep({ onDone }: { onDone(delivered: boolean): void }) {
  const { api } = useRemote();
  const intl = useIntl();
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: ACTIVATION_STATUS_KEY,
    // Each answer carries its step; a failed ask counts as a step with nothing delivered.
    queryFn: async (): Promise<Progress> => {
      const step = (queryClient.getQueryData<Progress>(ACTIVATION_STATUS_KEY)?.step ?? 0) + 1;
      try {
        return { step, delivered: (await api.activationStatus()).delivered };
      } catch (error) {
        console.error('activation status failed', error);
        return { step, delivered: false };
      }
    },
    // Not asked at once: the first ask is one interval in, as every next one.
    initialData: { step: 0, delivered: false },
    initialDataUpdatedAt: () => Date.now(),
    staleTime: Infinity,
    gcTime: 0,
    // Also while the member looks in their mail app in another tab.
    refetchIntervalInBackground: true,
    refetchInterval: (query) => (finished(query.state.data) ? false : ACTIVATION_PROGRESS_INTERVAL_MS),
  });
  const { step: tick, delivered } = status.data;
  const over = finished(status.data);
  const done = React.useEffectEvent(onDone);
  React.useEffect(() => {
    if (over) done(delivered);
  }, [over, delivered]);

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
