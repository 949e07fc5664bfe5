import * as React from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FormattedDate, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import {
  REPORT_CATEGORIES,
  type MemberStatus,
  type ReportAction,
  type ReportDetail,
  type ReportItem,
  type ReportOutcome,
} from '@dating/shared';
import { Desk, OPERATOR_KEY, useOperatorApi } from '../desk/Desk';
import { errorText } from '../desk/errors';
import { d } from '../desk/messages';
import styles from '../desk/desk.module.css';
import { DeskPhoto } from '../desk/DeskPhoto';
import { useKeys } from '../moderation/ModerationView';
import { r } from './messages';

type Action = ReportAction['action'];

/** The actions in the toolbar's order, each with its key. */
const ACTIONS: Array<{ action: Action; key: string; label: MessageDescriptor }> = [
  { action: 'dismiss', key: 'd', label: r.aDismiss },
  { action: 'warn', key: 'w', label: r.aWarn },
  { action: 'remove_photo', key: 'p', label: r.aRemovePhoto },
  { action: 'remove_text', key: 't', label: r.aRemoveText },
  { action: 'suspend', key: 's', label: r.aSuspend },
  { action: 'ban', key: 'b', label: r.aBan },
  { action: 'restore', key: 'r', label: r.aRestore },
  { action: 'answer', key: 'a', label: r.aAnswer },
];

const OUTCOME: Record<ReportOutcome, MessageDescriptor> = {
  dismissed: r.oDismissed,
  warned: r.oWarned,
  removed: r.oRemoved,
  suspended: r.oSuspended,
  banned: r.oBanned,
  restored: r.oRestored,
  answered: r.oAnswered,
};
const SOURCE: Record<ReportItem['source'], MessageDescriptor> = { form: r.sForm, chat: r.sChat, profile: r.sProfile };
const CATEGORY: Record<ReportItem['category'], MessageDescriptor> = {
  member: r.cMember,
  message: r.cMessage,
  payment: r.cPayment,
  photo: r.cPhoto,
  other: r.cOther,
};
const RULE: Record<(typeof REPORT_CATEGORIES)[number], MessageDescriptor> = {
  spam: r.rSpam,
  scam: r.rScam,
  harassment: r.rHarassment,
  inappropriate: r.rInappropriate,
  underage: r.rUnderage,
  other: r.rOther,
};
const STATUS: Record<MemberStatus, MessageDescriptor> = {
  active: r.stActive,
  not_confirmed: r.stNotConfirmed,
  restricted: r.stRestricted,
  suspended: r.stSuspended,
  banned: r.stBanned,
  deleted: r.stDeleted,
};

/** Which actions fit this report: a member's actions need a member, an answer needs a complaint from the form. */
function fits(action: Action, detail: ReportDetail | undefined, report: ReportItem): boolean {
  if (action === 'answer') return report.source === 'form';
  if (!report.reported) return action === 'dismiss';
  if (action === 'remove_photo') return !!detail?.profile?.photos.length;
  return true;
}

function ActionForm({
  action,
  report,
  detail,
  onDone,
  onCancel,
}: {
  action: Action;
  report: ReportItem;
  detail: ReportDetail | undefined;
  onDone: (item: ReportItem) => void;
  onCancel: () => void;
}) {
  const api = useOperatorApi();
  const intl = useIntl();
  const [reason, setReason] = React.useState('');
  const [extra, setExtra] = React.useState(action === 'warn' ? 'other' : action === 'remove_text' ? 'personal' : action === 'remove_photo' ? String(detail?.profile?.photos[0]?.id ?? '') : '');
  const [missing, setMissing] = React.useState(false);
  const first = React.useRef<HTMLTextAreaElement>(null);
  React.useEffect(() => first.current?.focus(), []);
  // Escape cancels, also while typing in the form's fields.
  const cancel = React.useRef(onCancel);
  React.useEffect(() => {
    cancel.current = onCancel;
  });
  React.useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      e.preventDefault();
      cancel.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  const send = useMutation({
    mutationFn: (req: ReportAction) => api.deskHandleReport(req),
    onSuccess: (answer) => onDone(answer.report),
  });
  const label = ACTIONS.find((a) => a.action === action)!.label;
  const needsExtra = action !== 'dismiss' && action !== 'ban' && action !== 'restore';
  const extraBad = needsExtra && !extra.trim();
  const name = report.reported?.name ?? '';
  return (
    <form
      className={styles.panel}
      aria-label={intl.formatMessage(label)}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const bad = !reason.trim() || extraBad;
        setMissing(bad);
        if (bad) return;
        const req: ReportAction = { id: report.id, action, reason: reason.trim() };
        if (action === 'warn') req.rule = extra as ReportAction['rule'];
        if (action === 'remove_photo') req.photo = Number(extra);
        if (action === 'remove_text') req.field = extra as 'personal' | 'name';
        if (action === 'suspend') req.until = extra;
        if (action === 'answer') req.answer = extra.trim();
        send.mutate(req);
      }}
    >
      <h2><FormattedMessage {...label} /></h2>
      <div className={styles.field}>
        <label htmlFor="bo-report-reason"><FormattedMessage {...r.reason} /></label>
        <textarea
          id="bo-report-reason"
          ref={first}
          rows={2}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          aria-invalid={missing && !reason.trim() ? true : undefined}
          onKeyDown={(e) => {
            // Enter carries out (Shift+Enter for a new line), as in the other queues.
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              e.currentTarget.form?.requestSubmit();
            }
          }}
        />
      </div>
      {action === 'warn' ? (
        <div className={styles.field}>
          <label htmlFor="bo-report-extra"><FormattedMessage {...r.rule} /></label>
          <select id="bo-report-extra" value={extra} onChange={(e) => setExtra(e.target.value)}>
            {REPORT_CATEGORIES.map((c) => (
              <option key={c} value={c}>{intl.formatMessage(RULE[c])}</option>
            ))}
          </select>
        </div>
      ) : null}
      {action === 'remove_text' ? (
        <div className={styles.field}>
          <label htmlFor="bo-report-extra"><FormattedMessage {...r.whichText} /></label>
          <select id="bo-report-extra" value={extra} onChange={(e) => setExtra(e.target.value)}>
            <option value="personal">{intl.formatMessage(r.fieldPersonal)}</option>
            <option value="name">{intl.formatMessage(r.fieldName)}</option>
          </select>
        </div>
      ) : null}
      {action === 'remove_photo' && detail?.profile ? (
        <fieldset>
          <legend><FormattedMessage {...r.whichPhoto} /></legend>
          {detail.profile.photos.map((p, i) => (
            <label key={p.id} style={{ display: 'inline-block', marginInlineEnd: '1rem' }}>
              <input type="radio" name="bo-report-photo" value={p.id} checked={extra === String(p.id)} onChange={() => setExtra(String(p.id))} />{' '}
              <DeskPhoto photo={p} px={64} alt={intl.formatMessage(r.photo, { n: i + 1, name })} />
            </label>
          ))}
        </fieldset>
      ) : null}
      {action === 'suspend' ? (
        <div className={styles.field}>
          <label htmlFor="bo-report-extra"><FormattedMessage {...r.until} /></label>
          <input id="bo-report-extra" type="date" value={extra} onChange={(e) => setExtra(e.target.value)} aria-invalid={missing && extraBad ? true : undefined} />
        </div>
      ) : null}
      {action === 'answer' ? (
        <div className={styles.field}>
          <label htmlFor="bo-report-extra"><FormattedMessage {...r.answer} /></label>
          <textarea id="bo-report-extra" rows={4} value={extra} onChange={(e) => setExtra(e.target.value)} aria-invalid={missing && extraBad ? true : undefined} />
        </div>
      ) : null}
      {missing ? <p role="alert" className={styles.error}><FormattedMessage {...r.required} /></p> : null}
      {send.isError ? <p role="alert" className={styles.alert}>{errorText(intl, send.error)}</p> : null}
      <button type="submit" className={action === 'dismiss' || action === 'restore' || action === 'answer' ? styles.button : styles.danger} disabled={send.isPending}>
        <FormattedMessage {...r.confirm} />
      </button>{' '}
      <button type="button" className={styles.secondary} onClick={onCancel}><FormattedMessage {...r.cancel} /></button>
    </form>
  );
}

/** The last messages of a reported conversation: opened only with a reason, which the API audits. */
function Conversation({ report }: { report: ReportItem }) {
  const api = useOperatorApi();
  const intl = useIntl();
  const [reason, setReason] = React.useState('');
  const [missing, setMissing] = React.useState(false);
  const open = useMutation({ mutationFn: (why: string) => api.deskReportMessages(report.id, why) });
  return (
    <section className={styles.panel} aria-labelledby="bo-report-conv">
      <h2 id="bo-report-conv"><FormattedMessage {...r.conversation} /></h2>
      {open.data ? (
        open.data.messages.length ? (
          <ol>
            {open.data.messages.map((msg) => (
              <li key={msg.id}>
                <strong>{msg.from_reported ? intl.formatMessage(r.fromReported, { name: report.reported?.name ?? '' }) : intl.formatMessage(r.fromReporter)}</strong>{' '}
                (<FormattedDate value={msg.created_at} dateStyle="short" timeStyle="short" />
                {msg.reported ? <>, <em><FormattedMessage {...r.markedReported} /></em></> : null}): {msg.body}
              </li>
            ))}
          </ol>
        ) : (
          <p className={styles.muted}><FormattedMessage {...r.noMessages} /></p>
        )
      ) : (
        <form
          className={styles.filters}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            setMissing(!reason.trim());
            if (reason.trim()) open.mutate(reason.trim());
          }}
        >
          <div className={styles.field}>
            <label htmlFor="bo-report-open"><FormattedMessage {...r.openReason} /></label>
            <input id="bo-report-open" value={reason} onChange={(e) => setReason(e.target.value)} aria-invalid={missing || undefined} aria-describedby="bo-report-open-hint" />
            <p id="bo-report-open-hint" className={styles.hint}><FormattedMessage {...r.conversationHint} /></p>
          </div>
          <button type="submit" className={styles.secondary} disabled={open.isPending}><FormattedMessage {...r.open} /></button>
        </form>
      )}
      {missing ? <p role="alert" className={styles.error}><FormattedMessage {...r.required} /></p> : null}
      {open.isError ? <p role="alert" className={styles.alert}>{errorText(intl, open.error)}</p> : null}
    </section>
  );
}

function Context({ report, detail }: { report: ReportItem; detail: ReportDetail }) {
  const intl = useIntl();
  const profile = detail.profile;
  return (
    <>
      {profile ? (
        <section className={styles.panel} aria-labelledby="bo-report-profile">
          <h2 id="bo-report-profile"><FormattedMessage {...r.profile} /></h2>
          <dl className={styles.facts}>
            <dt><FormattedMessage {...r.member} /></dt>
            <dd>{profile.age !== null ? `${profile.name}, ${profile.age}` : profile.name}{profile.city ? ` · ${profile.city}` : ''}</dd>
            <dt><FormattedMessage {...r.standing} /></dt>
            <dd data-testid="reported-status">
              <FormattedMessage {...STATUS[profile.status]} />
              {profile.suspended_until ? <> (<FormattedMessage {...r.suspendedUntil} values={{ date: intl.formatDate(profile.suspended_until, { dateStyle: 'medium' }) }} />)</> : null}
            </dd>
            <dt><FormattedMessage {...r.about_me} /></dt>
            <dd>{profile.personal || <span className={styles.muted}><FormattedMessage {...r.noText} /></span>}</dd>
          </dl>
          {profile.photos.length ? (
            <ul style={{ listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: '.5rem', padding: 0 }}>
              {profile.photos.map((p, i) => (
                <li key={p.id}>
                  <DeskPhoto photo={p} px={120} alt={intl.formatMessage(r.photo, { n: i + 1, name: profile.name })} />
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ) : null}
      {report.concerns_conversation ? <Conversation key={report.id} report={report} /> : null}
      {report.reported ? (
        <section className={styles.panel} aria-labelledby="bo-report-earlier">
          <h2 id="bo-report-earlier"><FormattedMessage {...r.earlier} /></h2>
          {detail.earlier.length ? (
            <ul>
              {detail.earlier.map((e) => (
                <li key={e.id}>
                  <FormattedDate value={e.created_at} dateStyle="medium" />: <FormattedMessage {...CATEGORY[e.category]} /> —{' '}
                  {e.outcome ? <FormattedMessage {...OUTCOME[e.outcome]} /> : <FormattedMessage {...r.stillOpen} />}
                </li>
              ))}
            </ul>
          ) : (
            <p className={styles.muted}><FormattedMessage {...r.noEarlier} /></p>
          )}
          <h3><FormattedMessage {...r.history} /></h3>
          {detail.history.length ? (
            <ul>
              {detail.history.map((h) => (
                <li key={h.id}>
                  <FormattedDate value={h.created_at} dateStyle="medium" />: {h.action}
                  {h.operator_id === null ? <> (<FormattedMessage {...r.automatic} />)</> : null} — {h.reason}
                </li>
              ))}
            </ul>
          ) : (
            <p className={styles.muted}><FormattedMessage {...r.noHistory} /></p>
          )}
        </section>
      ) : null}
    </>
  );
}

function Queue({ say }: { say: (text: string) => void }) {
  const api = useOperatorApi();
  const intl = useIntl();
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: [OPERATOR_KEY, 'reports'], queryFn: () => api.deskReports({ state: 'open', limit: 100 }) });
  const [selected, setSelected] = React.useState<number | null>(null);
  const [acting, setActing] = React.useState<Action | null>(null);
  /** Handled here: gone from the list at once, before the list is fetched again. */
  const [handled, setHandled] = React.useState<Set<number>>(() => new Set());
  const reports = React.useMemo(() => (list.data?.reports ?? []).filter((x) => !handled.has(x.id)), [list.data, handled]);
  const index = Math.max(0, reports.findIndex((x) => x.id === selected));
  const report = reports[index];
  const detail = useQuery({ queryKey: [OPERATOR_KEY, 'report', report?.id], queryFn: () => api.deskReport(report!.id), enabled: !!report });
  const available = report ? ACTIONS.filter((a) => fits(a.action, detail.data, report)) : [];

  const move = (by: number) => {
    const next = reports[Math.min(reports.length - 1, Math.max(0, index + by))];
    if (next) {
      setSelected(next.id);
      setActing(null);
    }
  };
  useKeys((key) => {
    if (acting || !report) return false;
    if (key === 'j') move(1);
    else if (key === 'k') move(-1);
    else {
      const a = available.find((x) => x.key === key);
      if (!a) return false;
      setActing(a.action);
    }
    return true;
  });

  if (list.status === 'pending') return <div role="status" aria-busy="true"><FormattedMessage {...d.loading} /></div>;
  if (list.status === 'error') {
    return (
      <div role="alert" className={styles.alert}>
        <p>{errorText(intl, list.error)}</p>
        <button type="button" className={styles.button} onClick={() => void list.refetch()}><FormattedMessage {...d.retry} /></button>
      </div>
    );
  }
  if (!report) return <p className={styles.panel}><FormattedMessage {...r.empty} /></p>;

  const done = (item: ReportItem) => {
    const next = reports[index + 1] ?? reports[index - 1];
    setHandled((h) => new Set(h).add(item.id));
    setSelected(next?.id ?? null);
    setActing(null);
    say(intl.formatMessage(r.handled, { reference: item.reference, outcome: item.outcome ? intl.formatMessage(OUTCOME[item.outcome]) : '' }));
    void queryClient.invalidateQueries({ queryKey: [OPERATOR_KEY, 'report'] });
  };

  return (
    <>
      <p><FormattedMessage {...r.summary} values={{ count: reports.length }} /></p>
      <div style={{ display: 'grid', gridTemplateColumns: 'minmax(14rem, 1fr) 3fr', gap: '1rem', alignItems: 'start' }}>
        <nav aria-label={intl.formatMessage(r.list)} className={styles.panel}>
          <ol style={{ margin: 0, paddingInlineStart: '1.2rem' }}>
            {reports.map((x) => (
              <li key={x.id}>
                <button
                  type="button"
                  className={styles.plainLink}
                  aria-current={x.id === report.id ? 'true' : undefined}
                  onClick={() => {
                    setSelected(x.id);
                    setActing(null);
                  }}
                >
                  {x.reported ? intl.formatMessage(r.about, { name: x.reported.name }) : intl.formatMessage(r.aboutNobody)} ·{' '}
                  <FormattedMessage {...CATEGORY[x.category]} /> · <FormattedMessage {...r.waiting} values={{ minutes: x.waiting_minutes }} />
                </button>
              </li>
            ))}
          </ol>
        </nav>
        <article aria-labelledby="bo-report-title" data-report={report.id}>
          <section className={styles.panel}>
            <h2 id="bo-report-title">
              {report.reported ? <FormattedMessage {...r.about} values={{ name: report.reported.name }} /> : <FormattedMessage {...r.aboutNobody} />}
            </h2>
            <dl className={styles.facts}>
              <dt><FormattedMessage {...r.reference} /></dt>
              <dd>{report.reference}</dd>
              <dt><FormattedMessage {...r.category} /></dt>
              <dd><FormattedMessage {...CATEGORY[report.category]} /></dd>
              <dt><FormattedMessage {...r.source} /></dt>
              <dd><FormattedMessage {...SOURCE[report.source]} />, <FormattedDate value={report.created_at} dateStyle="medium" timeStyle="short" /></dd>
              <dt><FormattedMessage {...r.reporter} /></dt>
              <dd>{[report.reporter.name, report.reporter.email].filter(Boolean).join(', ') || intl.formatMessage(r.anonymous)}</dd>
              <dt><FormattedMessage {...r.text} /></dt>
              <dd>{report.description || <span className={styles.muted}><FormattedMessage {...r.noText} /></span>}</dd>
              {report.reported ? (
                <>
                  <dt><FormattedMessage {...r.standing} /></dt>
                  <dd>
                    <FormattedMessage {...STATUS[report.reported.status]} />;{' '}
                    <FormattedMessage {...r.reportCount} values={{ reports: report.reported.reports, reporters: report.reported.distinct_reporters }} />
                  </dd>
                </>
              ) : null}
            </dl>
          </section>
          <div role="toolbar" aria-label={intl.formatMessage(r.keys)} aria-describedby="bo-report-keys" style={{ display: 'flex', flexWrap: 'wrap', gap: '.5rem', marginBottom: '1rem' }}>
            {available.map((a) => (
              <button
                key={a.action}
                type="button"
                className={a.action === 'suspend' || a.action === 'ban' ? styles.danger : styles.secondary}
                aria-keyshortcuts={a.key.toUpperCase()}
                aria-pressed={acting === a.action}
                onClick={() => setActing(a.action)}
              >
                <FormattedMessage {...a.label} /> <kbd className={styles.kbd}>{a.key.toUpperCase()}</kbd>
              </button>
            ))}
          </div>
          <p id="bo-report-keys" className={styles.hint}><FormattedMessage {...r.keysHint} /></p>
          {acting ? <ActionForm key={`${report.id}-${acting}`} action={acting} report={report} detail={detail.data} onDone={done} onCancel={() => setActing(null)} /> : null}
          {detail.status === 'pending' ? <div role="status" aria-busy="true"><FormattedMessage {...d.loading} /></div> : null}
          {detail.status === 'error' ? <p role="alert" className={styles.alert}>{errorText(intl, detail.error)}</p> : null}
          {detail.data ? <Context report={report} detail={detail.data} /> : null}
        </article>
      </div>
    </>
  );
}

/** /backoffice/reports: members' reports and the complaints form, oldest first, handled with the keyboard. */
export function ReportsView() {
  const [said, setSaid] = React.useState('');
  return (
    <Desk area="reports" title={r.title}>
      {() => (
        <>
          <Queue say={setSaid} />
          <p role="status" aria-live="polite" className={styles.visuallyHidden}>{said}</p>
        </>
      )}
    </Desk>
  );
}
