import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { useRemote } from '@dating/shared';
import { QueryView } from '@dating/shared/ui';
import { Desk, OPERATOR_KEY, useOperatorApi } from '../desk/Desk';
import { errorText } from '../desk/errors';
import styles from '../desk/desk.module.css';
import { s } from './messages';

const key = [OPERATOR_KEY, 'sessions'] as const;

function Sessions() {
  const op = useOperatorApi();
  const intl = useIntl();
  const { services, navigate } = useRemote();
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: key, queryFn: () => op.operatorSessions() });
  const end = useMutation({
    mutationFn: (id: number) => op.operatorEndSession(id),
    onSuccess: () => {
      services.toast({ message: intl.formatMessage(s.ended), variant: 'success' });
      return queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (error) => services.toast({ message: errorText(intl, error), variant: 'danger' }),
  });
  const all = useMutation({
    mutationFn: () => op.operatorSignOutEverywhere(),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: [OPERATOR_KEY] });
      navigate({ name: 'backoffice-login' });
    },
    onError: (error) => services.toast({ message: errorText(intl, error), variant: 'danger' }),
  });
  return (
    <>
      <p>
        <FormattedMessage {...s.intro} />
      </p>
      <QueryView query={list}>
        {({ sessions }) => (
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col"><FormattedMessage {...s.device} /></th>
                <th scope="col"><FormattedMessage {...s.started} /></th>
                <th scope="col"><FormattedMessage {...s.lastSeen} /></th>
                <td />
              </tr>
            </thead>
            <tbody>
              {sessions.map((x) => {
                const device = intl.formatMessage(s.browserOn, { browser: x.browser, os: x.os });
                return (
                  <tr key={x.id}>
                    <td id={`bo-session-${x.id}`}>{device}</td>
                    <td><FormattedDate value={x.created_at} dateStyle="medium" timeStyle="short" /></td>
                    <td><FormattedDate value={x.last_seen_at} dateStyle="medium" timeStyle="short" /></td>
                    <td>
                      {x.current ? (
                        <strong><FormattedMessage {...s.current} /></strong>
                      ) : (
                        <button
                          type="button"
                          className={styles.secondary}
                          aria-describedby={`bo-session-${x.id}`}
                          disabled={end.isPending}
                          onClick={() => end.mutate(x.id)}
                        >
                          <FormattedMessage {...s.end} />
                        </button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </QueryView>
      <p>
        <button
          type="button"
          className={styles.danger}
          disabled={all.isPending}
          onClick={async () => {
            if (await services.modal.confirm({ title: intl.formatMessage(s.everywhere), message: intl.formatMessage(s.everywhereConfirm), danger: true })) all.mutate();
          }}
        >
          <FormattedMessage {...s.everywhere} />
        </button>
      </p>
    </>
  );
}

/** /backoffice/sessions: the operator's own sessions; end one, or sign out everywhere. */
export function SessionsView() {
  return (
    <Desk area={null} title={s.title}>
      {() => <Sessions />}
    </Desk>
  );
}
