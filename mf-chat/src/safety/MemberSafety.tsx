import * as React from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useRemote, type PublicProfile } from '@dating/shared';
import { ui } from '@dating/shared/ui';
import { ReportPanel } from './Safety';
import styles from '../chat.module.css';

type State = { status: 'loading' } | { status: 'ready'; blocked: boolean } | { status: 'error' };

/**
 * Block or unblock a member, and report them, on their profile page (mounted there as the
 * `member-safety` fragment of mf-chat). A member one blocked can be unblocked only here.
 */
export function MemberSafety({ profile }: { profile: Pick<PublicProfile, 'id' | 'name'> }) {
  const { api, services } = useRemote();
  const intl = useIntl();
  const [state, setState] = React.useState<State>({ status: 'loading' });
  const [busy, setBusy] = React.useState(false);
  const [reporting, setReporting] = React.useState(false);

  // The answer is taken in the promise's callbacks, never synchronously in the effect that loads.
  const load = React.useCallback(
    () =>
      api.blocks().then(
        ({ blocked }) => setState({ status: 'ready', blocked: blocked.includes(profile.id) }),
        (error: unknown) => {
          console.error('blocks.php failed', error);
          setState({ status: 'error' });
        },
      ),
    [api, profile.id],
  );
  React.useEffect(() => {
    void load();
  }, [load]);

  const toggle = async (block: boolean) => {
    if (block) {
      const ok = await services.modal.confirm({
        title: intl.formatMessage({ id: 'block.title', defaultMessage: 'Block {name}?' }, { name: profile.name }),
        message: intl.formatMessage(
          { id: 'block.message', defaultMessage: '{name} can no longer write to you, and you will not see each other in search, likes, chats or notifications. You can unblock {name} on their profile.' },
          { name: profile.name },
        ),
        confirmLabel: intl.formatMessage({ id: 'block.confirm', defaultMessage: 'Block' }),
        danger: true,
      });
      if (!ok) return;
    }
    setBusy(true);
    try {
      await (block ? api.block(profile.id) : api.unblock(profile.id));
      setState({ status: 'ready', blocked: block });
      services.toast({
        variant: 'success',
        message: block
          ? intl.formatMessage({ id: 'block.done', defaultMessage: 'You blocked {name}.' }, { name: profile.name })
          : intl.formatMessage({ id: 'unblock.done', defaultMessage: 'You unblocked {name}.' }, { name: profile.name }),
      });
    } catch (error) {
      console.error('block.php failed', error);
      services.toast({ variant: 'danger', message: intl.formatMessage({ id: 'safety.failed', defaultMessage: 'That did not work. Please try again.' }) });
    } finally {
      setBusy(false);
    }
  };

  if (state.status === 'loading') return null;
  if (state.status === 'error') {
    return (
      <p className={styles.rowMeta}>
        <button type="button" className={styles.retry} onClick={() => void load()}>
          <FormattedMessage id="safety.loadFailed" defaultMessage="Block and report are not available right now. Try again" />
        </button>
      </p>
    );
  }
  return (
    <div>
      {state.blocked && (
        <p className={ui.notice}>
          <FormattedMessage id="unblock.notice" defaultMessage="You blocked {name}." values={{ name: profile.name }} />
        </p>
      )}
      <p style={{ display: 'flex', gap: '.5rem', flexWrap: 'wrap' }}>
        <button type="button" className={styles.secondary} style={{ marginLeft: 0 }} disabled={busy} onClick={() => void toggle(!state.blocked)}>
          {state.blocked ? (
            <FormattedMessage id="unblock.button" defaultMessage="Unblock {name}" values={{ name: profile.name }} />
          ) : (
            <FormattedMessage id="block.button" defaultMessage="Block {name}" values={{ name: profile.name }} />
          )}
        </button>
        <button type="button" className={styles.secondary} style={{ marginLeft: 0 }} onClick={() => setReporting(true)}>
          <FormattedMessage id="report.button" defaultMessage="Report {name}" values={{ name: profile.name }} />
        </button>
      </p>
      {reporting && <ReportPanel profile={profile} message={null} onDone={() => setReporting(false)} />}
    </div>
  );
}
