import * as React from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { useRemote, type MemberSession } from '@dating/shared';
import { QueryView, ui } from '@dating/shared/ui';
import styles from '../common/form.module.css';

const SESSIONS_KEY = ['mf-auth-signup', 'sessions'] as const;

/** "Firefox on Windows", or what is known of it. */
function useDeviceName() {
  const intl = useIntl();
  return (s: MemberSession) => {
    if (s.browser && s.os) return intl.formatMessage({ id: 'sessions.device', defaultMessage: '{browser} on {os}' }, { browser: s.browser, os: s.os });
    return s.browser || s.os || intl.formatMessage({ id: 'sessions.unknownDevice', defaultMessage: 'Unknown browser' });
  };
}

/**
 * /profile "Where you are logged in": the member's sessions (browser, system, since when; this
 * device marked), logging one out, or every other one ("log out everywhere else").
 */
export function SessionsSection() {
  const { api } = useRemote();
  const intl = useIntl();
  const queryClient = useQueryClient();
  const deviceName = useDeviceName();
  const [done, setDone] = React.useState<string | null>(null);
  const sessions = useQuery({ queryKey: SESSIONS_KEY, queryFn: async () => (await api.sessions()).sessions });
  const end = useMutation({
    mutationFn: async (target: MemberSession | 'others') => ({ target, ended: (await (target === 'others' ? api.endOtherSessions() : api.endSession(target.id))).ended }),
    onMutate: () => setDone(null),
    onSuccess: ({ target, ended }) => {
      setDone(
        target === 'others'
          ? intl.formatMessage(
              { id: 'sessions.endedOthers', defaultMessage: '{count, plural, one {Logged out on # other device.} other {Logged out on # other devices.}}' },
              { count: ended },
            )
          : intl.formatMessage({ id: 'sessions.ended', defaultMessage: '{device} is logged out.' }, { device: deviceName(target) }),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
  const since = (s: MemberSession) => intl.formatDate(s.created_at, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <div className={styles.form}>
      <QueryView query={sessions}>
        {(list) => {
          const others = list.filter((s) => !s.current);
          return (
            <>
              <ul aria-label={intl.formatMessage({ id: 'sessions.list', defaultMessage: 'Devices where you are logged in' })}>
                {list.map((s) => (
                  <li key={s.id}>
                    <strong>{deviceName(s)}</strong>{' '}
                    {s.current && (
                      <em>
                        <FormattedMessage id="sessions.current" defaultMessage="(this device)" />
                      </em>
                    )}
                    <br />
                    <FormattedMessage id="sessions.since" defaultMessage="Logged in since {date}" values={{ date: since(s) }} />{' '}
                    {!s.current && (
                      <button
                        type="button"
                        className={ui.button}
                        disabled={end.isPending}
                        aria-label={intl.formatMessage(
                          { id: 'sessions.logOutNamed', defaultMessage: 'Log out {device}, logged in since {date}' },
                          { device: deviceName(s), date: since(s) },
                        )}
                        onClick={() => end.mutate(s)}
                      >
                        <FormattedMessage id="sessions.logOut" defaultMessage="Log out" />
                      </button>
                    )}
                  </li>
                ))}
              </ul>
              {others.length > 0 ? (
                <button type="button" className={ui.button} disabled={end.isPending} onClick={() => end.mutate('others')}>
                  <FormattedMessage id="sessions.logOutOthers" defaultMessage="Log out everywhere else" />
                </button>
              ) : (
                <p>
                  <FormattedMessage id="sessions.onlyThis" defaultMessage="You are logged in on this device only." />
                </p>
              )}
            </>
          );
        }}
      </QueryView>
      <p role="status" className={ui.status}>{done}</p>
      {end.isError && (
        <p role="alert" className={ui.alert}>
          <FormattedMessage id="sessions.failed" defaultMessage="The device could not be logged out. Please try again." />
        </p>
      )}
    </div>
  );
}
