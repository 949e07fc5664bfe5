import * as React from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { ApiError, useRemote, type Operator } from '@dating/shared';
import { meKey, useOperatorApi, useOperator } from '../desk/Desk';
import { errorText } from '../desk/errors';
import { d } from '../desk/messages';
import styles from '../desk/desk.module.css';
import { l } from './messages';

const CODE = /^(\d{6}|[a-z0-9]{5}-?[a-z0-9]{5})$/i;

/** Where to go after signing in: a back-office address from `next`, else the back office's start. */
function useAfterLogin() {
  const { navigate, query } = useRemote();
  const queryClient = useQueryClient();
  return React.useCallback(
    (operator: Operator) => {
      queryClient.setQueryData(meKey, operator);
      const next = query.next;
      if (next && next.startsWith('/backoffice') && !next.startsWith('/backoffice/login')) navigate(next, { replace: true });
      else navigate({ name: 'backoffice' }, { replace: true });
    },
    [navigate, query.next, queryClient],
  );
}

/** /backoffice/login: email and password, then the second factor when the account has one. */
export function LoginView() {
  const op = useOperatorApi();
  const intl = useIntl();
  const me = useOperator();
  const done = useAfterLogin();
  const [email, setEmail] = React.useState('');
  const [password, setPassword] = React.useState('');
  const [code, setCode] = React.useState('');
  const [challenge, setChallenge] = React.useState<string | null>(null);
  const [missing, setMissing] = React.useState<Record<string, string>>({});
  const codeRef = React.useRef<HTMLInputElement>(null);

  // Already signed in (another tab): straight on.
  React.useEffect(() => {
    if (me.data) done(me.data);
  }, [me.data, done]);

  const first = useMutation({
    mutationFn: () => op.operatorLogin({ email, password }),
    onSuccess: (answer) => {
      if (answer.step === 'done') done(answer.operator);
      else setChallenge(answer.challenge);
    },
  });
  const second = useMutation({
    mutationFn: () => op.operatorLoginTotp({ challenge: challenge!, code }),
    onSuccess: (answer) => {
      if (answer.step === 'done') done(answer.operator);
    },
  });
  React.useEffect(() => {
    if (challenge) codeRef.current?.focus();
  }, [challenge]);

  const failure = (error: unknown, step: 1 | 2) => {
    if (error instanceof ApiError) {
      if (error.code === 'challenge_expired') return intl.formatMessage(l.expired);
      if (error.code === 'totp_required') return intl.formatMessage(d.totpMissing);
      if (error.status === 401) return intl.formatMessage(step === 1 ? l.wrong : l.wrongCode);
    }
    return errorText(intl, error);
  };

  if (challenge) {
    const bad = missing.code;
    return (
      <div className={styles.center}>
        <h1>
          <FormattedMessage {...l.title} />
        </h1>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const text = code.trim();
            if (!CODE.test(text)) return setMissing({ code: intl.formatMessage(text ? l.codeFormat : l.required) });
            setMissing({});
            second.mutate();
          }}
        >
          <div className={styles.field}>
            <label htmlFor="bo-code">
              <FormattedMessage {...l.code} />
            </label>
            <input
              ref={codeRef}
              id="bo-code"
              name="code"
              autoComplete="one-time-code"
              inputMode="text"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              aria-invalid={bad ? true : undefined}
              aria-describedby="bo-code-hint bo-code-error"
            />
            <p id="bo-code-hint" className={styles.hint}>
              <FormattedMessage {...l.codeHint} />
            </p>
            {bad ? (
              <p id="bo-code-error" className={styles.error}>
                {bad}
              </p>
            ) : null}
          </div>
          {second.isError ? (
            <p role="alert" className={styles.alert}>
              {failure(second.error, 2)}
            </p>
          ) : null}
          <button type="submit" className={styles.button} disabled={second.isPending}>
            <FormattedMessage {...(second.isPending ? l.busy : l.verify)} />
          </button>{' '}
          <button
            type="button"
            className={styles.secondary}
            onClick={() => {
              setChallenge(null);
              setCode('');
              second.reset();
            }}
          >
            <FormattedMessage {...l.back} />
          </button>
        </form>
      </div>
    );
  }

  return (
    <div className={styles.center}>
      <h1>
        <FormattedMessage {...l.title} />
      </h1>
      <p className={styles.muted}>
        <FormattedMessage {...l.intro} />
      </p>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const next: Record<string, string> = {};
          if (!email.trim()) next.email = intl.formatMessage(l.required);
          if (!password) next.password = intl.formatMessage(l.required);
          setMissing(next);
          if (Object.keys(next).length === 0) first.mutate();
        }}
      >
        <div className={styles.field}>
          <label htmlFor="bo-email">
            <FormattedMessage {...l.email} />
          </label>
          <input
            id="bo-email"
            type="email"
            name="email"
            autoComplete="username"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={missing.email ? true : undefined}
            aria-describedby={missing.email ? 'bo-email-error' : undefined}
          />
          {missing.email ? (
            <p id="bo-email-error" className={styles.error}>
              {missing.email}
            </p>
          ) : null}
        </div>
        <div className={styles.field}>
          <label htmlFor="bo-password">
            <FormattedMessage {...l.password} />
          </label>
          <input
            id="bo-password"
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-invalid={missing.password ? true : undefined}
            aria-describedby={missing.password ? 'bo-password-error' : undefined}
          />
          {missing.password ? (
            <p id="bo-password-error" className={styles.error}>
              {missing.password}
            </p>
          ) : null}
        </div>
        {first.isError ? (
          <p role="alert" className={styles.alert}>
            {failure(first.error, 1)}
          </p>
        ) : null}
        <button type="submit" className={styles.button} disabled={first.isPending}>
          <FormattedMessage {...(first.isPending ? l.busy : l.submit)} />
        </button>
      </form>
    </div>
  );
}
