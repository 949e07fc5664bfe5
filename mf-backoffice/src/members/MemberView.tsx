import * as React from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FormattedDate, FormattedMessage, FormattedNumber, useIntl, type MessageDescriptor } from 'react-intl';
import { useRemote, type DeskPayment, type MemberAction, type MemberPage, type OperatorRole, type RefundResponse } from '@dating/shared';
import { DESK_ROLES, MEMBER_ACTION_AREA, MEMBER_DESK_ACTIONS } from '@dating/shared/operator-lists';
import { Desk, OPERATOR_KEY, useOperatorApi } from '../desk/Desk';
import { errorText } from '../desk/errors';
import { d } from '../desk/messages';
import styles from '../desk/desk.module.css';
import { DeskPhoto } from '../desk/DeskPhoto';
import { x } from './messages';

type Action = (typeof MEMBER_DESK_ACTIONS)[number];
const ACTION_LABEL: Record<Action, MessageDescriptor> = {
  correction: x.aCorrection,
  suspend: x.aSuspend,
  ban: x.aBan,
  restore: x.aRestore,
  end_sessions: x.aEndSessions,
  resend_activation: x.aResend,
  change_email: x.aChangeEmail,
  cancel_subscription: x.aCancel,
  note: x.aNote,
};

const allowed = (role: OperatorRole, action: Action) => (DESK_ROLES[MEMBER_ACTION_AREA[action]] as readonly OperatorRole[]).includes(role);

function Actions({ page, role, onDone }: { page: MemberPage; role: OperatorRole; onDone: (p: MemberPage) => void }) {
  const api = useOperatorApi();
  const intl = useIntl();
  const actions = MEMBER_DESK_ACTIONS.filter((a) => allowed(role, a));
  const [action, setAction] = React.useState<Action>(actions[0]);
  const [reason, setReason] = React.useState('');
  const [extra, setExtra] = React.useState('');
  const [missing, setMissing] = React.useState(false);
  const send = useMutation({
    mutationFn: (req: MemberAction) => api.deskMemberAction(req),
    onSuccess: (answer) => {
      setReason('');
      setExtra('');
      onDone(answer.page);
    },
  });
  if (!actions.length) return null;
  const needs = action === 'correction' ? x.creditsChange : action === 'suspend' ? x.untilDate : action === 'change_email' ? x.newEmail : action === 'note' ? x.noteText : null;
  return (
    <section className={styles.panel} aria-labelledby="bo-act">
      <h2 id="bo-act"><FormattedMessage {...x.act} /></h2>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const bad = !reason.trim() || (needs !== null && !extra.trim());
          setMissing(bad);
          if (bad) return;
          const req: MemberAction = { id: page.member.id, action, reason: reason.trim() };
          if (action === 'correction') req.credits = Number(extra);
          if (action === 'suspend') req.until = extra;
          if (action === 'change_email') req.email = extra.trim();
          if (action === 'note') req.note = extra.trim();
          send.mutate(req);
        }}
      >
        <div className={styles.field}>
          <label htmlFor="bo-action"><FormattedMessage {...x.action} /></label>
          <select id="bo-action" value={action} onChange={(e) => { setAction(e.target.value as Action); setExtra(''); }}>
            {actions.map((a) => (
              <option key={a} value={a}>{intl.formatMessage(ACTION_LABEL[a])}</option>
            ))}
          </select>
        </div>
        {needs ? (
          <div className={styles.field}>
            <label htmlFor="bo-action-extra"><FormattedMessage {...needs} /></label>
            <input
              id="bo-action-extra"
              type={action === 'correction' ? 'number' : action === 'suspend' ? 'date' : action === 'change_email' ? 'email' : 'text'}
              value={extra}
              onChange={(e) => setExtra(e.target.value)}
              aria-invalid={missing && !extra.trim() ? true : undefined}
            />
          </div>
        ) : null}
        <div className={styles.field}>
          <label htmlFor="bo-action-reason"><FormattedMessage {...x.reason} /></label>
          <textarea id="bo-action-reason" rows={2} value={reason} onChange={(e) => setReason(e.target.value)} aria-invalid={missing && !reason.trim() ? true : undefined} aria-describedby={missing ? 'bo-action-missing' : undefined} />
        </div>
        {missing ? <p id="bo-action-missing" className={styles.error}><FormattedMessage {...x.required} /></p> : null}
        {send.isError ? <p role="alert" className={styles.alert}>{errorText(intl, send.error)}</p> : null}
        {send.isSuccess ? <p role="status" className={styles.ok}><FormattedMessage {...x.done} /></p> : null}
        <button type="submit" className={styles.button} disabled={send.isPending}><FormattedMessage {...x.doIt} /></button>
      </form>
    </section>
  );
}

/**
 * A payment's refund form. The confirmation is the payments panel's (`onDone` hands it the answer):
 * a payment refunded in full loses its form, and the confirmation must outlive it.
 */
function Refund({ payment, onDone }: { payment: DeskPayment; onDone: (answer: RefundResponse) => void }) {
  const api = useOperatorApi();
  const intl = useIntl();
  const [open, setOpen] = React.useState(false);
  const [amount, setAmount] = React.useState('');
  const [reason, setReason] = React.useState('');
  const [problem, setProblem] = React.useState<string | null>(null);
  const requestId = React.useMemo(() => crypto.randomUUID(), []);
  const left = payment.amount_cents - payment.refunded_cents - payment.charged_back_cents;
  const send = useMutation({
    mutationFn: (cents: number | undefined) => api.deskRefund({ transaction_id: payment.id, reason: reason.trim(), request_id: requestId, ...(cents ? { amount_cents: cents } : {}) }),
    onSuccess: (answer) => {
      setOpen(false);
      setAmount('');
      setReason('');
      onDone(answer);
    },
  });
  if (payment.status !== 'paid' || left <= 0) return null;
  const id = `bo-refund-${payment.id}`;
  if (!open) {
    return (
      <button type="button" className={styles.secondary} onClick={() => setOpen(true)} aria-describedby={`${id}-row`}>
        <FormattedMessage {...x.refund} />
      </button>
    );
  }
  return (
    <form
      aria-label={intl.formatMessage(x.refundOf, { id: payment.id })}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const cents = amount.trim() ? Math.round(Number(amount.replace(',', '.')) * 100) : undefined;
        if (cents !== undefined && (!Number.isFinite(cents) || cents <= 0 || cents > left)) return setProblem(intl.formatMessage(x.badAmount));
        if (!reason.trim()) return setProblem(intl.formatMessage(x.required));
        setProblem(null);
        send.mutate(cents);
      }}
    >
      <div className={styles.field}>
        <label htmlFor={`${id}-amount`}><FormattedMessage {...x.refundAmount} values={{ currency: payment.currency }} /></label>
        <input id={`${id}-amount`} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-reason`}><FormattedMessage {...x.reason} /></label>
        <input id={`${id}-reason`} value={reason} onChange={(e) => setReason(e.target.value)} />
      </div>
      {problem ? <p role="alert" className={styles.error}>{problem}</p> : null}
      {send.isError ? <p role="alert" className={styles.alert}>{errorText(intl, send.error)}</p> : null}
      <button type="submit" className={styles.danger} disabled={send.isPending}><FormattedMessage {...x.refund} /></button>
    </form>
  );
}

function Page({ page, role, onChange }: { page: MemberPage; role: OperatorRole; onChange: (p?: MemberPage) => void }) {
  const intl = useIntl();
  const m = page.member;
  /** The last refund's confirmation: kept here, above the table, whatever becomes of its form. */
  const [refunded, setRefunded] = React.useState<RefundResponse | null>(null);
  return (
    <>
      <section className={styles.panel} aria-labelledby="bo-profile">
        <h2 id="bo-profile"><FormattedMessage {...x.profile} /></h2>
        <dl className={styles.facts}>
          <dt><FormattedMessage {...x.name} /></dt>
          <dd>{m.age !== null ? `${m.name}, ${m.age}` : m.name}</dd>
          <dt><FormattedMessage {...x.email} /></dt>
          <dd>{m.email}</dd>
          <dt><FormattedMessage {...x.status} /></dt>
          <dd data-testid="member-status">
            {m.status}
            {m.suspended_until ? <> (<FormattedMessage {...x.until} values={{ date: intl.formatDate(m.suspended_until, { dateStyle: 'medium' }) }} />)</> : null}
          </dd>
          <dt><FormattedMessage {...x.credits} /></dt>
          <dd data-testid="member-credits">{m.credits}</dd>
          <dt><FormattedMessage {...x.activated} /></dt>
          <dd><FormattedMessage {...(m.activated ? x.yes : x.no)} /></dd>
          <dt><FormattedMessage {...x.since} /></dt>
          <dd><FormattedDate value={m.signup_date} dateStyle="medium" /></dd>
          <dt><FormattedMessage {...x.lastSeen} /></dt>
          <dd>{m.last_seen_at ? <FormattedDate value={m.last_seen_at} dateStyle="medium" timeStyle="short" /> : '—'}</dd>
        </dl>
        {m.personal ? <p>{m.personal}</p> : null}
        <h3><FormattedMessage {...x.photos} /></h3>
        {m.photos.length ? (
          <ul className={styles.nav}>
            {m.photos.map((p) => (
              <li key={p.id}><DeskPhoto photo={p} px={96} alt={intl.formatMessage(x.photo, { name: m.name })} /></li>
            ))}
          </ul>
        ) : (
          <p className={styles.muted}><FormattedMessage {...x.noPhotos} /></p>
        )}
        <p><FormattedMessage {...x.sessionsLine} values={{ sessions: page.sessions.length, devices: page.devices.length }} /></p>
        <p><FormattedMessage {...x.reportsLine} values={{ about: page.reports_about.length, by: page.reports_by.length }} /></p>
      </section>
      <Actions page={page} role={role} onDone={(p) => onChange(p)} />
      <section className={styles.panel} aria-labelledby="bo-payments">
        <h2 id="bo-payments"><FormattedMessage {...x.payments} /></h2>
        <div role="status">
          {refunded ? (
            <p className={styles.ok}>
              <FormattedMessage
                {...x.refundDone}
                values={{ amount: intl.formatNumber(refunded.refund.amount_cents / 100, { style: 'currency', currency: refunded.refund.currency }), balance: refunded.balance ?? 0 }}
              />
            </p>
          ) : null}
        </div>
        {page.payments.length ? (
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col"><FormattedMessage {...x.when} /></th>
                <th scope="col"><FormattedMessage {...x.kind} /></th>
                <th scope="col"><FormattedMessage {...x.amount} /></th>
                <th scope="col"><FormattedMessage {...x.refunded} /></th>
                <th scope="col"><FormattedMessage {...x.status} /></th>
                <td />
              </tr>
            </thead>
            <tbody>
              {page.payments.map((p) => (
                <tr key={p.id} id={`bo-refund-${p.id}-row`}>
                  <td><FormattedDate value={p.created_at} dateStyle="medium" timeStyle="short" /></td>
                  <td>{p.kind}{p.credits ? ` (${p.credits})` : ''}</td>
                  <td><FormattedNumber value={p.amount_cents / 100} style="currency" currency={p.currency} /></td>
                  <td><FormattedNumber value={p.refunded_cents / 100} style="currency" currency={p.currency} /></td>
                  <td>
                    {p.status}
                    {p.charged_back_cents ? (
                      <>
                        {' · '}
                        <FormattedMessage {...x.chargedBack} values={{ amount: intl.formatNumber(p.charged_back_cents / 100, { style: 'currency', currency: p.currency }) }} />
                      </>
                    ) : null}
                  </td>
                  <td>
                    <Refund
                      payment={p}
                      onDone={(answer) => {
                        setRefunded(answer);
                        onChange();
                      }}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className={styles.muted}><FormattedMessage {...x.noPayments} /></p>
        )}
      </section>
      <section className={styles.panel} aria-labelledby="bo-ledger">
        <h2 id="bo-ledger"><FormattedMessage {...x.ledger} /></h2>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col"><FormattedMessage {...x.when} /></th>
              <th scope="col"><FormattedMessage {...x.kind} /></th>
              <th scope="col"><FormattedMessage {...x.amount} /></th>
            </tr>
          </thead>
          <tbody>
            {page.ledger.map((l) => (
              <tr key={l.id}>
                <td><FormattedDate value={l.created_at} dateStyle="medium" timeStyle="short" /></td>
                <td>{l.kind}{l.note ? ` — ${l.note}` : ''}</td>
                <td>{l.amount}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section className={styles.panel} aria-labelledby="bo-history">
        <h2 id="bo-history"><FormattedMessage {...x.history} /></h2>
        {page.history.length ? (
          <ul>
            {page.history.map((h) => (
              <li key={h.id}>
                <FormattedDate value={h.created_at} dateStyle="medium" timeStyle="short" />: {h.action} — {h.reason}
                {h.operator_id === null ? <> (<FormattedMessage {...x.automatic} />)</> : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className={styles.muted}><FormattedMessage {...x.noHistory} /></p>
        )}
        <h3><FormattedMessage {...x.notes} /></h3>
        {page.notes.length ? <ul>{page.notes.map((n) => <li key={n.id}>{n.body}</li>)}</ul> : <p className={styles.muted}><FormattedMessage {...x.noNotes} /></p>}
      </section>
    </>
  );
}

function MemberPageScreen({ role }: { role: OperatorRole }) {
  const api = useOperatorApi();
  const intl = useIntl();
  const { params, href } = useRemote();
  const id = Number(params.memberId);
  const queryClient = useQueryClient();
  const key = [OPERATOR_KEY, 'member', id];
  const page = useQuery({ queryKey: key, queryFn: () => api.deskMember(id), enabled: Number.isInteger(id) && id > 0 });
  return (
    <>
      <p><a href={href({ name: 'backoffice-members' })}><FormattedMessage {...x.back} /></a></p>
      {page.status === 'pending' ? (
        <p role="status" aria-busy="true"><FormattedMessage {...d.loading} /></p>
      ) : page.status === 'error' ? (
        <p role="alert" className={styles.alert}>{errorText(intl, page.error)}</p>
      ) : (
        <Page
          page={page.data}
          role={role}
          onChange={(next) => (next ? queryClient.setQueryData(key, next) : void queryClient.invalidateQueries({ queryKey: key }))}
        />
      )}
    </>
  );
}

/** /backoffice/members/:memberId: the member page (profile, standing, money, history) and its actions, each with a reason. */
export function MemberView() {
  const { params } = useRemote();
  return (
    <Desk area="members" title={x.pageTitle} values={{ id: params.memberId }}>
      {(operator) => <MemberPageScreen role={operator.role} />}
    </Desk>
  );
}
