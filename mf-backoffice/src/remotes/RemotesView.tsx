import * as React from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { useRemote, type OperatorRemote, type RegistryAction, type RemoteVersion } from '@dating/shared';
import { Desk, OPERATOR_KEY, useOperatorApi } from '../desk/Desk';
import { errorText } from '../desk/errors';
import { d } from '../desk/messages';
import styles from '../desk/desk.module.css';
import own from '../sites/sites.module.css';
import { registry as readRegistry, registryAction } from '../sites/api';
import { v } from './messages';

const registryKey = [OPERATOR_KEY, 'registry'] as const;

function useAction() {
  const api = useOperatorApi();
  const intl = useIntl();
  const queryClient = useQueryClient();
  const { services } = useRemote();
  return useMutation({
    mutationFn: (action: RegistryAction) => registryAction(api, action),
    onSuccess: (answer) => {
      queryClient.setQueryData(registryKey, answer);
      services.toast({ message: intl.formatMessage(v.done), variant: 'success' });
    },
  });
}

function Figures({ r }: { r: OperatorRemote }) {
  const intl = useIntl();
  const since = intl.formatDate(r.since, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <div className={own.scroll}>
      <table className={styles.table}>
        <caption className={own.caption}><FormattedMessage {...v.figures} values={{ remote: r.remote, since }} /></caption>
        <thead>
          <tr>
            <th scope="col"><FormattedMessage {...v.version} /></th>
            <th scope="col"><FormattedMessage {...v.loads} /></th>
            <th scope="col"><FormattedMessage {...v.loadFailures} /></th>
            <th scope="col"><FormattedMessage {...v.viewErrors} /></th>
            <th scope="col"><FormattedMessage {...v.errorRate} /></th>
          </tr>
        </thead>
        <tbody>
          {r.stats.map((s, i) => (
            <tr key={s.url}>
              <th scope="row">
                <FormattedMessage {...(i === 0 ? v.liveSide : v.canarySide)} /> <span className={own.url}>{s.url}</span>
              </th>
              <td>{intl.formatNumber(s.loads)}</td>
              <td>{intl.formatNumber(s.load_failures)}</td>
              <td>{intl.formatNumber(s.view_errors)}</td>
              <td>{s.error_rate === null ? intl.formatMessage(v.noRate) : intl.formatNumber(s.error_rate, { style: 'percent', maximumFractionDigits: 1 })}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className={styles.hint}><FormattedMessage {...v.loadsHint} /></p>
    </div>
  );
}

function changeText(intl: ReturnType<typeof useIntl>, h: RemoteVersion): string {
  if (h.action === 'seed') return intl.formatMessage(v.seeded);
  if (h.action === 'canary') return intl.formatMessage(v.actionCanary, { percent: h.percent ?? 0 });
  if (h.action === 'promote') return intl.formatMessage(v.actionPromote);
  if (h.action === 'canary_stop') return intl.formatMessage(v.actionStop);
  if (h.action === 'rollback') return intl.formatMessage(v.actionRollback);
  return intl.formatMessage(v.actionPoint);
}

function NewVersion({ r, act, busy }: { r: OperatorRemote; act: (a: RegistryAction) => void; busy: boolean }) {
  const [url, setUrl] = React.useState('');
  const [percent, setPercent] = React.useState('10');
  const id = `bo-rem-${r.remote}`;
  return (
    <form
      aria-label={useIntl().formatMessage(v.newVersion, { remote: r.remote })}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        act({ action: 'canary', remote: r.remote, url: url.trim(), percent: Number(percent) });
      }}
    >
      <div className={styles.filters}>
        <div className={styles.field} style={{ flex: '1 1 20rem' }}>
          <label htmlFor={`${id}-url`}><FormattedMessage {...v.url} /></label>
          <input id={`${id}-url`} type="url" value={url} onChange={(e) => setUrl(e.target.value)} />
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-percent`}><FormattedMessage {...v.percent} /></label>
          <input id={`${id}-percent`} type="number" min={1} max={99} value={percent} onChange={(e) => setPercent(e.target.value)} />
        </div>
        <button type="submit" className={styles.button} disabled={busy}>
          <FormattedMessage {...v.startCanary} />
        </button>
        <button type="button" className={styles.secondary} disabled={busy} onClick={() => act({ action: 'point', remote: r.remote, url: url.trim() })}>
          <FormattedMessage {...v.pointAll} />
        </button>
      </div>
    </form>
  );
}

function RemotePanel({ r }: { r: OperatorRemote }) {
  const intl = useIntl();
  const action = useAction();
  const act = (a: RegistryAction) => action.mutate(a);
  const id = `bo-rem-${r.remote}`;
  return (
    <section className={styles.panel} aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{r.remote}</h2>
      <dl className={styles.facts}>
        <dt><FormattedMessage {...v.live} /></dt>
        <dd className={own.url}>{r.url}</dd>
      </dl>
      {r.canary ? (
        <>
          <p>
            <strong><FormattedMessage {...v.canary} values={{ percent: r.canary.percent, since: intl.formatDate(r.canary.started_at, { dateStyle: 'medium', timeStyle: 'short' }) }} /></strong>{' '}
            <span className={own.url}>{r.canary.url}</span>
          </p>
          <div className={own.actions}>
            <button type="button" className={styles.button} disabled={action.isPending} onClick={() => act({ action: 'promote', remote: r.remote })}>
              <FormattedMessage {...v.promote} values={{ remote: r.remote }} />
            </button>
            <button type="button" className={styles.danger} disabled={action.isPending} onClick={() => act({ action: 'canary_stop', remote: r.remote })}>
              <FormattedMessage {...v.stop} values={{ remote: r.remote }} />
            </button>
          </div>
        </>
      ) : (
        <>
          <p className={styles.muted}><FormattedMessage {...v.noCanary} /></p>
          <div className={own.actions}>
            {r.previous ? (
              <button type="button" className={styles.secondary} disabled={action.isPending} onClick={() => act({ action: 'rollback', remote: r.remote })}>
                <FormattedMessage {...v.rollback} values={{ remote: r.remote, url: r.previous }} />
              </button>
            ) : (
              <p className={styles.muted}><FormattedMessage {...v.noRollback} /></p>
            )}
          </div>
        </>
      )}
      {action.isError ? <p role="alert" className={styles.alert}>{errorText(intl, action.error)}</p> : null}
      <Figures r={r} />
      <NewVersion r={r} act={act} busy={action.isPending} />
      {r.history.length ? (
        <details>
          <summary><FormattedMessage {...v.history} values={{ remote: r.remote }} /></summary>
          <div className={own.scroll}>
            <table className={styles.table}>
              <caption className={styles.visuallyHidden}><FormattedMessage {...v.history} values={{ remote: r.remote }} /></caption>
              <thead>
                <tr>
                  <th scope="col"><FormattedMessage {...v.when} /></th>
                  <th scope="col"><FormattedMessage {...v.change} /></th>
                  <th scope="col"><FormattedMessage {...v.version} /></th>
                  <th scope="col"><FormattedMessage {...v.who} /></th>
                  <th scope="col"><span className={styles.visuallyHidden}><FormattedMessage {...v.use} /></span></th>
                </tr>
              </thead>
              <tbody>
                {r.history.map((h) => (
                  <tr key={h.id}>
                    <td><FormattedDate value={h.created_at} dateStyle="medium" timeStyle="short" /></td>
                    <td>{changeText(intl, h)}</td>
                    <td className={own.url}>{h.url}</td>
                    <td>{h.operator ?? '—'}</td>
                    <td>
                      {h.role === 'live' && h.url !== r.url && !r.canary ? (
                        <button type="button" className={styles.secondary} disabled={action.isPending} onClick={() => act({ action: 'rollback', remote: r.remote, url: h.url })}>
                          <FormattedMessage {...v.use} />
                        </button>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      ) : null}
    </section>
  );
}

function Remotes() {
  const api = useOperatorApi();
  const intl = useIntl();
  const registry = useQuery({ queryKey: registryKey, queryFn: () => readRegistry(api) });
  if (registry.status === 'pending') return <div role="status" aria-busy="true"><FormattedMessage {...d.loading} /></div>;
  if (registry.status === 'error') return <p role="alert" className={styles.alert}>{errorText(intl, registry.error)}</p>;
  return (
    <>
      <p className={styles.hint}><FormattedMessage {...v.intro} /></p>
      {registry.data.remotes.map((r) => <RemotePanel key={r.remote} r={r} />)}
    </>
  );
}

/** /backoffice/remotes (admins): each remote's live version, its canary with both versions' error rates, rollback and history. */
export function RemotesView() {
  return <Desk area="registry" title={v.title}>{() => <Remotes />}</Desk>;
}
