import * as React from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import type { AuditEntry, AuditQuery, Operator } from '@dating/shared';
import { Desk, OPERATOR_KEY, useOperatorApi } from '../desk/Desk';
import { errorText } from '../desk/errors';
import { d } from '../desk/messages';
import styles from '../desk/desk.module.css';
import { a } from './messages';

const PAGE = 50;
/** The actions the log knows, offered while typing (any other action or prefix may be typed). */
const KNOWN = ['moderation.', 'report.', 'report.suspend', 'report.ban', 'report.read_messages', 'member.', 'member.suspend', 'payment.refund', 'operator.', 'audit.export'];

interface Draft {
  operator: string;
  action: string;
  site: string;
  from: string;
  to: string;
}
const EMPTY: Draft = { operator: '', action: '', site: '', from: '', to: '' };

/** The filters as the API takes them; a day is the operator's own day (local midnight to midnight). */
function toQuery(f: Draft): AuditQuery {
  const q: AuditQuery = {};
  if (f.operator) q.operator = Number(f.operator);
  if (f.site) q.site = Number(f.site);
  if (f.action.trim()) q.action = f.action.trim();
  if (f.from) q.from = new Date(`${f.from}T00:00:00`).toISOString();
  if (f.to) q.to = new Date(new Date(`${f.to}T00:00:00`).getTime() + 86_400_000 - 1).toISOString();
  return q;
}

function json(value: unknown): string {
  return value === null || value === undefined ? '—' : JSON.stringify(value, null, 1);
}

function Row({ entry }: { entry: AuditEntry }) {
  const intl = useIntl();
  const changed = entry.before != null || entry.after != null;
  return (
    <tr>
      <td><FormattedDate value={entry.at} dateStyle="short" timeStyle="medium" /></td>
      <td>{entry.operator?.email ?? intl.formatMessage(a.system)}</td>
      <td>{entry.site ?? intl.formatMessage(a.allSites)}</td>
      <td><code>{entry.action}</code></td>
      <td>{entry.target_type ? `${entry.target_type} ${entry.target_id ?? ''}` : '—'}</td>
      <td>{entry.reason ?? '—'}</td>
      <td>
        {changed ? (
          <details>
            <summary><FormattedMessage {...a.showChange} /></summary>
            <dl className={styles.facts}>
              <dt><FormattedMessage {...a.before} /></dt>
              <dd><pre style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{json(entry.before)}</pre></dd>
              <dt><FormattedMessage {...a.after} /></dt>
              <dd><pre style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{json(entry.after)}</pre></dd>
            </dl>
          </details>
        ) : (
          '—'
        )}
      </td>
    </tr>
  );
}

function Log({ me }: { me: Operator }) {
  const api = useOperatorApi();
  const intl = useIntl();
  const [draft, setDraft] = React.useState<Draft>(EMPTY);
  const [applied, setApplied] = React.useState<Draft>(EMPTY);
  const [problem, setProblem] = React.useState<{ field: 'action' | 'to'; text: string } | null>(null);
  /** The `before` of each page shown so far: the last is this page's (undefined: the newest). */
  const [pages, setPages] = React.useState<Array<number | undefined>>([undefined]);
  const before = pages[pages.length - 1];
  const operators = useQuery({ queryKey: [OPERATOR_KEY, 'operators'], queryFn: () => api.operators(), staleTime: 300_000 });
  const query = toQuery(applied);
  const log = useQuery({
    queryKey: [OPERATOR_KEY, 'audit', query, before],
    queryFn: () => api.auditLog({ ...query, limit: PAGE, ...(before ? { before } : {}) }),
    placeholderData: keepPreviousData,
  });
  const set = (field: keyof Draft) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => setDraft((f) => ({ ...f, [field]: e.target.value }));
  const apply = (next: Draft) => {
    if (next.action.trim() && !/^[a-z_.]+$/.test(next.action.trim())) return setProblem({ field: 'action', text: intl.formatMessage(a.badAction) });
    if (next.from && next.to && next.from > next.to) return setProblem({ field: 'to', text: intl.formatMessage(a.badRange) });
    setProblem(null);
    setApplied(next);
    setPages([undefined]);
  };
  return (
    <>
      <form
        className={`${styles.panel} ${styles.filters}`}
        aria-label={intl.formatMessage(a.filters)}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          apply(draft);
        }}
      >
        <div className={styles.field}>
          <label htmlFor="bo-audit-operator"><FormattedMessage {...a.operator} /></label>
          <select id="bo-audit-operator" value={draft.operator} onChange={set('operator')}>
            <option value="">{intl.formatMessage(a.anyOperator)}</option>
            {(operators.data?.operators ?? []).map((o) => (
              <option key={o.id} value={o.id}>{`${o.name} (${o.email})`}</option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor="bo-audit-action"><FormattedMessage {...a.action} /></label>
          <input
            id="bo-audit-action"
            list="bo-audit-actions"
            value={draft.action}
            onChange={set('action')}
            aria-describedby="bo-audit-action-hint"
            aria-invalid={problem?.field === 'action' || undefined}
            aria-errormessage={problem?.field === 'action' ? 'bo-audit-problem' : undefined}
          />
          <datalist id="bo-audit-actions">
            {KNOWN.map((k) => <option key={k} value={k} />)}
          </datalist>
          <p id="bo-audit-action-hint" className={styles.hint}><FormattedMessage {...a.actionHint} /></p>
        </div>
        <div className={styles.field}>
          <label htmlFor="bo-audit-site"><FormattedMessage {...a.siteFilter} /></label>
          <select id="bo-audit-site" value={draft.site} onChange={set('site')}>
            <option value="">{intl.formatMessage(a.anySite)}</option>
            {me.sites.map((s) => (
              <option key={s.id} value={s.id}>{s.brand}</option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor="bo-audit-from"><FormattedMessage {...a.from} /></label>
          <input id="bo-audit-from" type="date" value={draft.from} onChange={set('from')} />
        </div>
        <div className={styles.field}>
          <label htmlFor="bo-audit-to"><FormattedMessage {...a.to} /></label>
          <input
            id="bo-audit-to"
            type="date"
            value={draft.to}
            onChange={set('to')}
            aria-invalid={problem?.field === 'to' || undefined}
            aria-errormessage={problem?.field === 'to' ? 'bo-audit-problem' : undefined}
          />
        </div>
        <button type="submit" className={styles.button}><FormattedMessage {...a.apply} /></button>
        <button
          type="button"
          className={styles.secondary}
          onClick={() => {
            setDraft(EMPTY);
            apply(EMPTY);
          }}
        >
          <FormattedMessage {...a.reset} />
        </button>
      </form>
      {problem ? <p id="bo-audit-problem" role="alert" className={styles.alert}>{problem.text}</p> : null}
      <p>
        <a href={api.auditExportUrl(query)} download>
          <FormattedMessage {...a.export} />
        </a>
      </p>
      {log.status === 'pending' ? <div role="status" aria-busy="true"><FormattedMessage {...d.loading} /></div> : null}
      {log.status === 'error' ? (
        <div role="alert" className={styles.alert}>
          <p>{errorText(intl, log.error)}</p>
          <button type="button" className={styles.button} onClick={() => void log.refetch()}><FormattedMessage {...d.retry} /></button>
        </div>
      ) : null}
      {log.data ? (
        log.data.entries.length ? (
          <div style={{ overflowX: 'auto' }}>
            <table className={styles.table} aria-busy={log.isFetching || undefined}>
              <caption style={{ textAlign: 'start', fontWeight: 600, padding: '.5rem 0' }}>
                <FormattedMessage {...a.caption} values={{ page: pages.length }} />
              </caption>
              <thead>
                <tr>
                  <th scope="col"><FormattedMessage {...a.when} /></th>
                  <th scope="col"><FormattedMessage {...a.who} /></th>
                  <th scope="col"><FormattedMessage {...a.site} /></th>
                  <th scope="col"><FormattedMessage {...a.what} /></th>
                  <th scope="col"><FormattedMessage {...a.target} /></th>
                  <th scope="col"><FormattedMessage {...a.reason} /></th>
                  <th scope="col"><FormattedMessage {...a.change} /></th>
                </tr>
              </thead>
              <tbody>
                {log.data.entries.map((e) => <Row key={e.id} entry={e} />)}
              </tbody>
            </table>
          </div>
        ) : (
          <p className={styles.panel}><FormattedMessage {...a.empty} /></p>
        )
      ) : null}
      {log.data && (pages.length > 1 || log.data.next_before) ? (
        <nav aria-label={intl.formatMessage(a.paging)} style={{ display: 'flex', gap: '.5rem', marginTop: '1rem' }}>
          <button type="button" className={styles.secondary} disabled={pages.length < 2} onClick={() => setPages((p) => p.slice(0, -1))}>
            <FormattedMessage {...a.newer} />
          </button>
          <button
            type="button"
            className={styles.secondary}
            disabled={!log.data.next_before || log.isFetching}
            onClick={() => setPages((p) => [...p, log.data!.next_before!])}
          >
            <FormattedMessage {...a.older} />
          </button>
        </nav>
      ) : null}
    </>
  );
}

/** /backoffice/audit (admins): who did what, when, on which site, and why; filters, pages, CSV. */
export function AuditView() {
  return (
    <Desk area="audit" title={a.title}>
      {(me) => <Log me={me} />}
    </Desk>
  );
}
