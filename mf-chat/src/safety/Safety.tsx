import * as React from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { REPORT_CATEGORIES, REPORT_TEXT_MAX, useRemote, type PublicProfile, type ReportCategory } from '@dating/shared';
import { ui } from '@dating/shared/ui';
import type { ChatItem } from '../conversation/history';
import styles from '../chat.module.css';

function categoryLabel(intl: IntlShape, c: ReportCategory): string {
  switch (c) {
    case 'spam':
      return intl.formatMessage({ id: 'report.spam', defaultMessage: 'Spam or advertising' });
    case 'scam':
      return intl.formatMessage({ id: 'report.scam', defaultMessage: 'Scam or asking for money' });
    case 'harassment':
      return intl.formatMessage({ id: 'report.harassment', defaultMessage: 'Harassment or threats' });
    case 'inappropriate':
      return intl.formatMessage({ id: 'report.inappropriate', defaultMessage: 'Inappropriate photos or messages' });
    case 'underage':
      return intl.formatMessage({ id: 'report.underage', defaultMessage: 'Seems to be under 18' });
    case 'other':
      return intl.formatMessage({ id: 'report.other', defaultMessage: 'Something else' });
  }
}

function failureMessage(intl: IntlShape): string {
  return intl.formatMessage({ id: 'safety.failed', defaultMessage: 'That did not work. Please try again.' });
}

/** Block: after a confirmation, neither member sees the other any more, and no messages pass. */
export function BlockButton({ profile, onBlocked }: { profile: PublicProfile; onBlocked: () => void }) {
  const { api, services } = useRemote();
  const intl = useIntl();
  const [busy, setBusy] = React.useState(false);
  const block = async () => {
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
    setBusy(true);
    try {
      await api.block(profile.id);
      services.toast({
        variant: 'success',
        message: intl.formatMessage({ id: 'block.done', defaultMessage: 'You blocked {name}.' }, { name: profile.name }),
      });
      onBlocked();
    } catch (error) {
      console.error('block.php failed', error);
      services.toast({ variant: 'danger', message: failureMessage(intl) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className={styles.iconButton} disabled={busy} onClick={() => void block()}>
      <FormattedMessage id="safety.block" defaultMessage="Block" />
    </button>
  );
}

/** Report a member or one of their messages: a category and, if the member wants, a few words. */
export function ReportPanel({ profile, message, onDone }: { profile: Pick<PublicProfile, 'id' | 'name'>; message: ChatItem | null; onDone: () => void }) {
  const { api, services } = useRemote();
  const intl = useIntl();
  const [category, setCategory] = React.useState<ReportCategory | null>(null);
  const [text, setText] = React.useState('');
  const [missing, setMissing] = React.useState(false);
  const [busy, setBusy] = React.useState(false);
  const headingId = React.useId();
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!category) {
      setMissing(true);
      return;
    }
    setBusy(true);
    try {
      await api.report({ profile: profile.id, category, ...(message?.id ? { message: message.id } : {}), ...(text.trim() ? { text } : {}) });
      services.toast({
        variant: 'success',
        message: intl.formatMessage({ id: 'report.done', defaultMessage: 'Thank you. Our team will look at your report.' }),
      });
      onDone();
    } catch (error) {
      console.error('report.php failed', error);
      services.toast({ variant: 'danger', message: failureMessage(intl) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className={styles.panel} role="dialog" aria-labelledby={headingId} onSubmit={(e) => void submit(e)}>
      <h2 id={headingId} style={{ fontSize: '1.05rem', marginTop: 0 }}>
        {message ? (
          <FormattedMessage id="report.messageTitle" defaultMessage="Report this message from {name}" values={{ name: profile.name }} />
        ) : (
          <FormattedMessage id="report.memberTitle" defaultMessage="Report {name}" values={{ name: profile.name }} />
        )}
      </h2>
      {message && <blockquote style={{ margin: '0 0 .75rem', color: '#444' }}>{message.msg}</blockquote>}
      <fieldset aria-describedby={missing ? `${headingId}-missing` : undefined}>
        <legend>
          <FormattedMessage id="report.category" defaultMessage="What is wrong?" />
        </legend>
        {REPORT_CATEGORIES.map((c) => (
          <label key={c}>
            <input type="radio" name="category" value={c} checked={category === c} onChange={() => { setCategory(c); setMissing(false); }} />{' '}
            {categoryLabel(intl, c)}
          </label>
        ))}
        {missing && (
          <p className={styles.over} id={`${headingId}-missing`} role="alert">
            <FormattedMessage id="report.chooseCategory" defaultMessage="Please choose what is wrong." />
          </p>
        )}
      </fieldset>
      <label>
        <FormattedMessage id="report.text" defaultMessage="Anything else we should know? (optional)" />
        <textarea value={text} maxLength={REPORT_TEXT_MAX} onChange={(e) => setText(e.target.value)} />
      </label>
      <p>
        <button type="submit" className={ui.button} disabled={busy}>
          <FormattedMessage id="report.send" defaultMessage="Send report" />
        </button>
        <button type="button" className={styles.secondary} onClick={onDone}>
          <FormattedMessage id="common.cancel" defaultMessage="Cancel" />
        </button>
      </p>
    </form>
  );
}
