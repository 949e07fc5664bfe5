import * as React from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FormattedDate, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { useRemote, type Operator, type OperatorInviteResponse, type OperatorListItem, type OperatorRole, type OperatorStatus } from '@dating/shared';
import { OPERATOR_ROLES } from '@dating/shared/operator-lists';
import { Desk, OPERATOR_KEY, useOperatorApi } from '../desk/Desk';
import { errorText } from '../desk/errors';
import { d } from '../desk/messages';
import styles from '../desk/desk.module.css';
import { o } from './messages';

const key = [OPERATOR_KEY, 'operators'] as const;

const ROLE: Record<OperatorRole, MessageDescriptor> = { admin: d.roleAdmin, moderator: d.roleModerator, support: d.roleSupport, finance: d.roleFinance };
const STATUS: Record<OperatorStatus, MessageDescriptor> = { invited: o.statusInvited, active: o.statusActive, suspended: o.statusSuspended };

/** Which sites: all (also later ones) or the ids chosen. */
interface SitesChoice {
  all: boolean;
  ids: number[];
}

/** The sites field of both forms: "all sites" or some of the admin's own sites. */
function SitesField({ id, sites, value, onChange, invalid }: { id: string; sites: Operator['sites']; value: SitesChoice; onChange: (v: SitesChoice) => void; invalid?: boolean }) {
  const intl = useIntl();
  return (
    <fieldset className={styles.field} aria-invalid={invalid || undefined} aria-describedby={invalid ? `${id}-problem` : undefined}>
      <legend style={{ fontWeight: 600 }}><FormattedMessage {...o.sites} /></legend>
      <label>
        <input type="radio" name={`${id}-all`} checked={value.all} onChange={() => onChange({ ...value, all: true })} /> {intl.formatMessage(o.allSites)}
      </label>
      <label>
        <input type="radio" name={`${id}-all`} checked={!value.all} onChange={() => onChange({ ...value, all: false })} /> {intl.formatMessage(o.someSites)}
      </label>
      {!value.all ? (
        <div style={{ paddingInlineStart: '1.5rem', display: 'flex', flexWrap: 'wrap', gap: '.25rem 1rem' }}>
          {sites.map((s) => (
            <label key={s.id}>
              <input
                type="checkbox"
                checked={value.ids.includes(s.id)}
                onChange={(e) => onChange({ all: false, ids: e.target.checked ? [...value.ids, s.id] : value.ids.filter((x) => x !== s.id) })}
              />{' '}
              {s.brand}
            </label>
          ))}
        </div>
      ) : null}
      {invalid ? <p id={`${id}-problem`} className={styles.error}><FormattedMessage {...o.noSite} /></p> : null}
    </fieldset>
  );
}

/** The invite form; the answer's enrolment link is shown here once (it is never shown again). */
function Invite({ me }: { me: Operator }) {
  const api = useOperatorApi();
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [name, setName] = React.useState('');
  const [email, setEmail] = React.useState('');
  const [role, setRole] = React.useState<OperatorRole>('moderator');
  const [sites, setSites] = React.useState<SitesChoice>({ all: true, ids: [] });
  const [problems, setProblems] = React.useState<{ name?: MessageDescriptor; email?: MessageDescriptor; sites?: boolean }>({});
  const [invited, setInvited] = React.useState<OperatorInviteResponse | null>(null);
  const [copied, setCopied] = React.useState(false);
  const send = useMutation({
    mutationFn: () => api.inviteOperator({ name: name.trim(), email: email.trim(), role, sites: sites.all ? 'all' : sites.ids }),
    onSuccess: (answer) => {
      setInvited(answer);
      setCopied(false);
      setName('');
      setEmail('');
      return queryClient.invalidateQueries({ queryKey: key });
    },
  });
  const linkUrl = invited ? new URL(invited.enrolment_link, window.location.origin).href : '';
  return (
    <section className={styles.panel} aria-labelledby="bo-invite">
      <h2 id="bo-invite"><FormattedMessage {...o.invite} /></h2>
      <p className={styles.hint}><FormattedMessage {...o.inviteIntro} /></p>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const next = {
            name: name.trim() ? undefined : o.required,
            email: !email.trim() ? o.required : /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim()) ? undefined : o.badEmail,
            sites: !sites.all && sites.ids.length === 0,
          };
          setProblems(next);
          if (next.name || next.email || next.sites) return;
          setInvited(null);
          send.mutate();
        }}
      >
        <div className={styles.filters}>
          <div className={styles.field}>
            <label htmlFor="bo-invite-name"><FormattedMessage {...o.name} /></label>
            <input id="bo-invite-name" value={name} autoComplete="off" onChange={(e) => setName(e.target.value)} aria-invalid={problems.name ? true : undefined} aria-describedby={problems.name ? 'bo-invite-name-problem' : undefined} />
            {problems.name ? <p id="bo-invite-name-problem" className={styles.error}><FormattedMessage {...problems.name} /></p> : null}
          </div>
          <div className={styles.field}>
            <label htmlFor="bo-invite-email"><FormattedMessage {...o.email} /></label>
            <input id="bo-invite-email" type="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} aria-invalid={problems.email ? true : undefined} aria-describedby={problems.email ? 'bo-invite-email-problem' : undefined} />
            {problems.email ? <p id="bo-invite-email-problem" className={styles.error}><FormattedMessage {...problems.email} /></p> : null}
          </div>
          <div className={styles.field}>
            <label htmlFor="bo-invite-role"><FormattedMessage {...o.role} /></label>
            <select id="bo-invite-role" value={role} onChange={(e) => setRole(e.target.value as OperatorRole)}>
              {OPERATOR_ROLES.map((r) => <option key={r} value={r}>{intl.formatMessage(ROLE[r])}</option>)}
            </select>
          </div>
        </div>
        <SitesField id="bo-invite-sites" sites={me.sites} value={sites} onChange={setSites} invalid={problems.sites} />
        {send.isError ? <p role="alert" className={styles.alert}>{errorText(intl, send.error)}</p> : null}
        <button type="submit" className={styles.button} disabled={send.isPending}><FormattedMessage {...o.send} /></button>
      </form>
      <div role="status">
        {invited ? (
          <div className={styles.ok}>
            <p style={{ marginTop: 0 }}>
              <FormattedMessage {...o.invited} values={{ name: invited.operator.name, role: intl.formatMessage(ROLE[invited.operator.role]) }} />
            </p>
            <div className={styles.field}>
              <label htmlFor="bo-invite-link"><FormattedMessage {...o.link} /></label>
              <input id="bo-invite-link" readOnly value={linkUrl} onFocus={(e) => e.target.select()} aria-describedby="bo-invite-link-hint" />
              <p id="bo-invite-link-hint" className={styles.hint}><FormattedMessage {...o.linkOnce} values={{ name: invited.operator.name }} /></p>
            </div>
            <button
              type="button"
              className={styles.secondary}
              onClick={async () => {
                try {
                  await navigator.clipboard.writeText(linkUrl);
                  setCopied(true);
                } catch {
                  // No clipboard (an insecure origin, a refused permission): the field stays selectable.
                  document.getElementById('bo-invite-link')?.focus();
                }
              }}
            >
              <FormattedMessage {...o.copy} />
            </button>{' '}
            {copied ? <FormattedMessage {...o.copied} /> : null}
          </div>
        ) : null}
      </div>
    </section>
  );
}

/** Role and sites of one operator, suspend or reactivate; every change needs a reason for the audit log. */
function Edit({ me, target, onClose }: { me: Operator; target: OperatorListItem; onClose: () => void }) {
  const api = useOperatorApi();
  const intl = useIntl();
  const { services } = useRemote();
  const queryClient = useQueryClient();
  const self = target.id === me.id;
  const [role, setRole] = React.useState<OperatorRole>(target.role);
  const [sites, setSites] = React.useState<SitesChoice>({ all: target.all_sites, ids: target.sites.map((s) => s.id) });
  const [reason, setReason] = React.useState('');
  const [problem, setProblem] = React.useState<'reason' | 'sites' | null>(null);
  const [done, setDone] = React.useState<string | null>(null);
  const update = useMutation({
    mutationFn: (change: { status?: 'active' | 'suspended' }) =>
      api.updateOperator({
        id: target.id,
        reason: reason.trim(),
        ...(change.status ? { status: change.status } : { ...(self ? {} : { role }), sites: sites.all ? 'all' : sites.ids }),
      }),
    onSuccess: (answer, change) => {
      const values = { name: answer.operator.name };
      setDone(intl.formatMessage(change.status === 'suspended' ? o.suspended : change.status === 'active' ? o.reactivated : o.saved, values));
      setReason('');
      return queryClient.invalidateQueries({ queryKey: key });
    },
  });
  const check = (needsSites: boolean) => {
    const next = !reason.trim() ? 'reason' : needsSites && !sites.all && !sites.ids.length ? 'sites' : null;
    setProblem(next);
    return next === null;
  };
  return (
    <section className={styles.panel} aria-labelledby="bo-operator-edit">
      <h2 id="bo-operator-edit"><FormattedMessage {...o.edit} values={{ name: target.name }} /></h2>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setDone(null);
          if (check(true)) update.mutate({});
        }}
      >
        <div className={styles.field}>
          <label htmlFor="bo-operator-role"><FormattedMessage {...o.role} /></label>
          <select id="bo-operator-role" value={role} disabled={self} aria-describedby={self ? 'bo-operator-self' : undefined} onChange={(e) => setRole(e.target.value as OperatorRole)}>
            {OPERATOR_ROLES.map((r) => <option key={r} value={r}>{intl.formatMessage(ROLE[r])}</option>)}
          </select>
          {self ? <p id="bo-operator-self" className={styles.hint}><FormattedMessage {...o.self} /></p> : null}
        </div>
        <SitesField id="bo-operator-sites" sites={me.sites} value={sites} onChange={setSites} invalid={problem === 'sites'} />
        <div className={styles.field}>
          <label htmlFor="bo-operator-reason"><FormattedMessage {...o.reason} /></label>
          <textarea
            id="bo-operator-reason"
            rows={2}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            aria-invalid={problem === 'reason' || undefined}
            aria-describedby={problem === 'reason' ? 'bo-operator-reason-problem' : undefined}
          />
          {problem === 'reason' ? <p id="bo-operator-reason-problem" className={styles.error}><FormattedMessage {...o.required} /></p> : null}
        </div>
        {update.isError ? <p role="alert" className={styles.alert}>{errorText(intl, update.error)}</p> : null}
        <div role="status">{done ? <p className={styles.ok}>{done}</p> : null}</div>
        <p style={{ display: 'flex', flexWrap: 'wrap', gap: '.5rem' }}>
          <button type="submit" className={styles.button} disabled={update.isPending}><FormattedMessage {...o.save} /></button>
          {self ? null : target.status === 'invited' ? (
            <span className={styles.hint}><FormattedMessage {...o.notYet} /></span>
          ) : target.status === 'suspended' ? (
            <button
              type="button"
              className={styles.secondary}
              disabled={update.isPending}
              onClick={() => {
                setDone(null);
                if (check(false)) update.mutate({ status: 'active' });
              }}
            >
              <FormattedMessage {...o.reactivate} />
            </button>
          ) : (
            <button
              type="button"
              className={styles.danger}
              disabled={update.isPending}
              onClick={async () => {
                setDone(null);
                if (!check(false)) return;
                const title = intl.formatMessage(o.suspend);
                if (await services.modal.confirm({ title, confirmLabel: title, message: intl.formatMessage(o.suspendConfirm, { name: target.name }), danger: true })) update.mutate({ status: 'suspended' });
              }}
            >
              <FormattedMessage {...o.suspend} />
            </button>
          )}
          <button type="button" className={styles.secondary} onClick={onClose}><FormattedMessage {...o.close} /></button>
        </p>
      </form>
    </section>
  );
}

function Operators({ me }: { me: Operator }) {
  const api = useOperatorApi();
  const intl = useIntl();
  const list = useQuery({ queryKey: key, queryFn: () => api.operators() });
  const [editing, setEditing] = React.useState<number | null>(null);
  const target = list.data?.operators.find((x) => x.id === editing);
  return (
    <>
      <Invite me={me} />
      {target ? <Edit key={target.id} me={me} target={target} onClose={() => setEditing(null)} /> : null}
      <section className={styles.panel} aria-labelledby="bo-operators">
        <h2 id="bo-operators"><FormattedMessage {...o.list} /></h2>
        {list.status === 'pending' ? <p role="status" aria-busy="true"><FormattedMessage {...d.loading} /></p> : null}
        {list.status === 'error' ? (
          <div role="alert" className={styles.alert}>
            <p>{errorText(intl, list.error)}</p>
            <button type="button" className={styles.button} onClick={() => void list.refetch()}><FormattedMessage {...d.retry} /></button>
          </div>
        ) : null}
        {list.data ? (
          <div style={{ overflowX: 'auto' }}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col"><FormattedMessage {...o.name} /></th>
                  <th scope="col"><FormattedMessage {...o.email} /></th>
                  <th scope="col"><FormattedMessage {...o.role} /></th>
                  <th scope="col"><FormattedMessage {...o.sites} /></th>
                  <th scope="col"><FormattedMessage {...o.status} /></th>
                  <th scope="col"><FormattedMessage {...o.totp} /></th>
                  <th scope="col"><FormattedMessage {...o.lastLogin} /></th>
                  <td />
                </tr>
              </thead>
              <tbody>
                {list.data.operators.map((x) => (
                  <tr key={x.id}>
                    <th scope="row" id={`bo-operator-${x.id}`} style={{ fontWeight: 400 }}>
                      {x.name}
                      {x.id === me.id ? <> (<FormattedMessage {...o.you} />)</> : null}
                    </th>
                    <td>{x.email}</td>
                    <td>{intl.formatMessage(ROLE[x.role])}</td>
                    <td>{x.all_sites ? intl.formatMessage(o.allSitesShort) : x.sites.map((s) => s.brand).join(', ')}</td>
                    <td>{intl.formatMessage(STATUS[x.status])}</td>
                    <td><FormattedMessage {...(x.totp ? o.yes : o.no)} /></td>
                    <td>{x.last_login_at ? <FormattedDate value={x.last_login_at} dateStyle="medium" timeStyle="short" /> : intl.formatMessage(o.never)}</td>
                    <td>
                      <button type="button" className={styles.secondary} aria-describedby={`bo-operator-${x.id}`} aria-expanded={editing === x.id} onClick={() => setEditing(editing === x.id ? null : x.id)}>
                        <FormattedMessage {...o.change} />
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>
    </>
  );
}

/** /backoffice/operators (admins): invite operators (a one-time enrolment link), change role and sites, suspend, reactivate. */
export function OperatorsView() {
  return (
    <Desk area="operators" title={o.title}>
      {(me) => <Operators me={me} />}
    </Desk>
  );
}
