import * as React from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { FormattedDate, FormattedMessage, FormattedNumber, useIntl, type MessageDescriptor } from 'react-intl';
import { useRemote, type OperatorRole, type PaymentStatus, type PaymentsQuery, type PaymentsResponse, type SubscriptionsResponse } from '@dating/shared';
import { DESK_ROLES, PAYMENT_STATUSES } from '@dating/shared/operator-lists';
import { Desk, OPERATOR_KEY, useOperatorApi } from '../desk/Desk';
import { errorText } from '../desk/errors';
import { d } from '../desk/messages';
import styles from '../desk/desk.module.css';
import { p } from './messages';

const PAGE = 50;
const STATUS: Record<PaymentStatus, MessageDescriptor> = {
  open: p.sOpen,
  pending: p.sPending,
  authorized: p.sAuthorized,
  paid: p.sPaid,
  failed: p.sFailed,
  canceled: p.sCanceled,
  expired: p.sExpired,
};
const KIND: Record<PaymentsResponse['payments'][number]['kind'], MessageDescriptor> = { credits: p.kCredits, premium: p.kPremium, renewal: p.kRenewal };
type Sub = SubscriptionsResponse['subscriptions'][number];
const SUB: Record<Sub['status'], MessageDescriptor> = { active: p.subActive, past_due: p.subPastDue, canceled: p.subCanceled, pending: p.subPending, ended: p.subEnded };

interface Draft {
  status: string;
  method: string;
  country: string;
  from: string;
  to: string;
  refunded: boolean;
  chargeback: boolean;
}
const EMPTY: Draft = { status: '', method: '', country: '', from: '', to: '', refunded: false, chargeback: false };

function toQuery(f: Draft): PaymentsQuery {
  const q: PaymentsQuery = {};
  if (f.status) q.status = f.status as PaymentStatus;
  if (f.method.trim()) q.method = f.method.trim();
  if (f.country.trim()) q.country = f.country.trim().toUpperCase();
  if (f.from) q.from = f.from;
  if (f.to) q.to = f.to;
  if (f.refunded) q.refunded = '1';
  if (f.chargeback) q.chargeback = '1';
  return q;
}

const money = (cents: number, currency: string) => <FormattedNumber value={cents / 100} style="currency" currency={currency} />;

function Payments() {
  const api = useOperatorApi();
  const intl = useIntl();
  const { href } = useRemote();
  const [draft, setDraft] = React.useState<Draft>(EMPTY);
  const [applied, setApplied] = React.useState<Draft>(EMPTY);
  const [offset, setOffset] = React.useState(0);
  const [problem, setProblem] = React.useState<{ field: 'method' | 'country' | 'to'; text: string } | null>(null);
  const query = toQuery(applied);
  const list = useQuery({
    queryKey: [OPERATOR_KEY, 'payments', query, offset],
    queryFn: () => api.deskPayments({ ...query, limit: PAGE, offset }),
    placeholderData: keepPreviousData,
  });
  const set = (field: keyof Draft) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setDraft((f) => ({ ...f, [field]: e.target.type === 'checkbox' ? (e.target as HTMLInputElement).checked : e.target.value }));
  const invalid = (field: 'method' | 'country' | 'to') => (problem?.field === field ? { 'aria-invalid': true as const, 'aria-errormessage': 'bo-pay-problem' } : {});
  return (
    <>
      <form
        className={`${styles.panel} ${styles.filters}`}
        aria-label={intl.formatMessage(p.filters)}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (draft.method.trim() && !/^[a-z0-9]{2,20}$/.test(draft.method.trim())) return setProblem({ field: 'method', text: intl.formatMessage(p.badMethod) });
          if (draft.country.trim() && !/^[a-zA-Z]{2}$/.test(draft.country.trim())) return setProblem({ field: 'country', text: intl.formatMessage(p.badCountry) });
          if (draft.from && draft.to && draft.from > draft.to) return setProblem({ field: 'to', text: intl.formatMessage(p.badRange) });
          setProblem(null);
          setApplied(draft);
          setOffset(0);
        }}
      >
        <div className={styles.field}>
          <label htmlFor="bo-pay-status"><FormattedMessage {...p.status} /></label>
          <select id="bo-pay-status" value={draft.status} onChange={set('status')}>
            <option value="">{intl.formatMessage(p.anyStatus)}</option>
            {PAYMENT_STATUSES.map((s) => <option key={s} value={s}>{intl.formatMessage(STATUS[s])}</option>)}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor="bo-pay-method"><FormattedMessage {...p.method} /></label>
          <input id="bo-pay-method" value={draft.method} onChange={set('method')} aria-describedby="bo-pay-method-hint" {...invalid('method')} />
          <p id="bo-pay-method-hint" className={styles.hint}><FormattedMessage {...p.methodHint} /></p>
        </div>
        <div className={styles.field}>
          <label htmlFor="bo-pay-country"><FormattedMessage {...p.country} /></label>
          <input id="bo-pay-country" value={draft.country} maxLength={2} size={3} onChange={set('country')} aria-describedby="bo-pay-country-hint" {...invalid('country')} />
          <p id="bo-pay-country-hint" className={styles.hint}><FormattedMessage {...p.countryHint} /></p>
        </div>
        <div className={styles.field}>
          <label htmlFor="bo-pay-from"><FormattedMessage {...p.from} /></label>
          <input id="bo-pay-from" type="date" value={draft.from} onChange={set('from')} />
        </div>
        <div className={styles.field}>
          <label htmlFor="bo-pay-to"><FormattedMessage {...p.to} /></label>
          <input id="bo-pay-to" type="date" value={draft.to} onChange={set('to')} {...invalid('to')} />
        </div>
        <div className={styles.field}>
          <label>
            <input type="checkbox" checked={draft.refunded} onChange={set('refunded')} /> <FormattedMessage {...p.refundedOnly} />
          </label>
        </div>
        <div className={styles.field}>
          <label>
            <input type="checkbox" checked={draft.chargeback} onChange={set('chargeback')} /> <FormattedMessage {...p.chargebackOnly} />
          </label>
        </div>
        <button type="submit" className={styles.button}><FormattedMessage {...p.apply} /></button>
      </form>
      {problem ? <p id="bo-pay-problem" role="alert" className={styles.alert}>{problem.text}</p> : null}
      {list.status === 'pending' ? <div role="status" aria-busy="true"><FormattedMessage {...d.loading} /></div> : null}
      {list.status === 'error' ? (
        <div role="alert" className={styles.alert}>
          <p>{errorText(intl, list.error)}</p>
          <button type="button" className={styles.button} onClick={() => void list.refetch()}><FormattedMessage {...d.retry} /></button>
        </div>
      ) : null}
      {list.data ? (
        <>
          <section className={styles.panel} aria-labelledby="bo-pay-totals">
            <h2 id="bo-pay-totals"><FormattedMessage {...p.totals} /></h2>
            {list.data.days.length ? (
              <table className={styles.table}>
                <thead>
                  <tr>
                    <th scope="col"><FormattedMessage {...p.day} /></th>
                    <th scope="col"><FormattedMessage {...p.count} /></th>
                    <th scope="col"><FormattedMessage {...p.paid} /></th>
                    <th scope="col"><FormattedMessage {...p.refunded} /></th>
                    <th scope="col"><FormattedMessage {...p.chargedBack} /></th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.days.map((row) => (
                    <tr key={`${row.day}-${row.currency}`}>
                      <th scope="row"><FormattedDate value={`${row.day}T12:00:00Z`} dateStyle="medium" timeZone="UTC" /></th>
                      <td>{row.payments}</td>
                      <td>{money(row.paid_cents, row.currency)}</td>
                      <td>{money(row.refunded_cents, row.currency)}</td>
                      <td>
                        {money(row.charged_back_cents, row.currency)}
                        {row.chargebacks ? <> (<FormattedMessage {...p.chargebacks} values={{ count: row.chargebacks }} />)</> : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : (
              <p className={styles.muted}><FormattedMessage {...p.none} /></p>
            )}
          </section>
          {list.data.payments.length ? (
            <div style={{ overflowX: 'auto' }}>
              <table className={styles.table} aria-busy={list.isFetching || undefined}>
                <caption style={{ textAlign: 'start', fontWeight: 600, padding: '.5rem 0' }}>
                  <FormattedMessage {...p.list} values={{ total: list.data.total, from: offset + 1, to: offset + list.data.payments.length }} />
                </caption>
                <thead>
                  <tr>
                    <th scope="col"><FormattedMessage {...p.when} /></th>
                    <th scope="col"><FormattedMessage {...p.memberCol} /></th>
                    <th scope="col"><FormattedMessage {...p.kind} /></th>
                    <th scope="col"><FormattedMessage {...p.amount} /></th>
                    <th scope="col"><FormattedMessage {...p.refunded} /></th>
                    <th scope="col"><FormattedMessage {...p.chargedBack} /></th>
                    <th scope="col"><FormattedMessage {...p.status} /></th>
                    <th scope="col"><FormattedMessage {...p.method} /></th>
                    <th scope="col"><FormattedMessage {...p.country} /></th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.payments.map((x) => (
                    <tr key={x.id}>
                      <td><FormattedDate value={x.created_at} dateStyle="short" timeStyle="short" /></td>
                      <td>
                        {x.member_id ? (
                          <a href={href({ name: 'backoffice-members-memberId', params: { memberId: String(x.member_id) } })}>{x.member_name ?? `#${x.member_id}`}</a>
                        ) : (
                          '—'
                        )}
                      </td>
                      <td><FormattedMessage {...KIND[x.kind]} />{x.credits ? ` (${x.credits})` : ''}</td>
                      <td>{money(x.amount_cents, x.currency)}</td>
                      <td>{x.refunded_cents ? money(x.refunded_cents, x.currency) : '—'}</td>
                      <td>{x.charged_back_cents ? money(x.charged_back_cents, x.currency) : '—'}</td>
                      <td><FormattedMessage {...STATUS[x.status]} /></td>
                      <td>{x.method ?? '—'}</td>
                      <td>{x.country ?? '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p className={styles.panel}><FormattedMessage {...p.none} /></p>
          )}
          {list.data.total > PAGE ? (
            <nav aria-label={intl.formatMessage(p.paging)} style={{ display: 'flex', gap: '.5rem', marginTop: '1rem' }}>
              <button type="button" className={styles.secondary} disabled={offset === 0} onClick={() => setOffset((o) => Math.max(0, o - PAGE))}>
                <FormattedMessage {...p.previous} />
              </button>
              <button type="button" className={styles.secondary} disabled={offset + PAGE >= list.data.total || list.isFetching} onClick={() => setOffset((o) => o + PAGE)}>
                <FormattedMessage {...p.next} />
              </button>
            </nav>
          ) : null}
        </>
      ) : null}
    </>
  );
}

function Subscriptions() {
  const api = useOperatorApi();
  const intl = useIntl();
  const { href } = useRemote();
  const [status, setStatus] = React.useState<'' | 'active' | 'past_due' | 'canceled'>('');
  const subs = useQuery({
    queryKey: [OPERATOR_KEY, 'subscriptions', status],
    queryFn: () => api.deskSubscriptions({ ...(status ? { status } : {}), limit: PAGE }),
    placeholderData: keepPreviousData,
  });
  return (
    <section className={styles.panel} aria-labelledby="bo-subs">
      <h2 id="bo-subs"><FormattedMessage {...p.subscriptions} /></h2>
      <div className={styles.field}>
        <label htmlFor="bo-subs-status"><FormattedMessage {...p.subStatus} /></label>
        <select id="bo-subs-status" value={status} onChange={(e) => setStatus(e.target.value as typeof status)}>
          <option value="">{intl.formatMessage(p.allSubs)}</option>
          <option value="active">{intl.formatMessage(p.subActive)}</option>
          <option value="past_due">{intl.formatMessage(p.subPastDue)}</option>
          <option value="canceled">{intl.formatMessage(p.subCanceled)}</option>
        </select>
      </div>
      {subs.status === 'pending' ? <div role="status" aria-busy="true"><FormattedMessage {...d.loading} /></div> : null}
      {subs.status === 'error' ? <p role="alert" className={styles.alert}>{errorText(intl, subs.error)}</p> : null}
      {subs.data ? (
        subs.data.subscriptions.length ? (
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col"><FormattedMessage {...p.memberCol} /></th>
                <th scope="col"><FormattedMessage {...p.plan} /></th>
                <th scope="col"><FormattedMessage {...p.status} /></th>
                <th scope="col"><FormattedMessage {...p.periodEnd} /></th>
              </tr>
            </thead>
            <tbody>
              {subs.data.subscriptions.map((s) => (
                <tr key={s.id}>
                  <td><a href={href({ name: 'backoffice-members-memberId', params: { memberId: String(s.member_id) } })}>{s.member_name}</a></td>
                  <td>{s.plan_id}</td>
                  <td>
                    <FormattedMessage {...SUB[s.status]} />
                    {s.cancel_at_period_end && s.status !== 'canceled' ? <> (<FormattedMessage {...p.endsAtPeriodEnd} />)</> : null}
                  </td>
                  <td>{s.current_period_end ? <FormattedDate value={s.current_period_end} dateStyle="medium" /> : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className={styles.muted}><FormattedMessage {...p.noSubs} /></p>
        )
      ) : null}
    </section>
  );
}

const mayPay = (role: OperatorRole) => (DESK_ROLES.payments as readonly OperatorRole[]).includes(role);

/** /backoffice/payments (admin, finance): the site's payments filtered, totals per day, subscriptions. */
export function PaymentsView() {
  return (
    <Desk area="payments" title={p.title}>
      {(me) =>
        mayPay(me.role) ? (
          <>
            <Payments />
            <Subscriptions />
          </>
        ) : (
          <p role="alert" className={styles.alert}><FormattedMessage {...d.noAccess} /></p>
        )
      }
    </Desk>
  );
}
