import * as React from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { ApiError, useRemote, type OperatorRole } from '@dating/shared';
import { meKey, OPERATOR_KEY, useOperatorApi } from '../desk/Desk';
import { errorText } from '../desk/errors';
import { d } from '../desk/messages';
import styles from '../desk/desk.module.css';
import { QrCode } from './QrCode';
import { e } from './messages';

const ROLE: Record<OperatorRole, MessageDescriptor> = { admin: d.roleAdmin, moderator: d.roleModerator, support: d.roleSupport, finance: d.roleFinance };

function RecoveryCodes({ codes }: { codes: string[] }) {
  const { navigate } = useRemote();
  const intl = useIntl();
  const heading = React.useRef<HTMLHeadingElement>(null);
  React.useEffect(() => heading.current?.focus(), []);
  return (
    <div className={styles.center}>
      <h1 ref={heading} tabIndex={-1}>
        <FormattedMessage {...(codes.length ? e.codesTitle : e.doneNoCodes)} />
      </h1>
      {codes.length ? (
        <>
          <p>
            <FormattedMessage {...e.codesIntro} />
          </p>
          <ol className={styles.codes} aria-label={intl.formatMessage(e.codesTitle)}>
            {codes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ol>
        </>
      ) : null}
      <button type="button" className={styles.button} onClick={() => navigate({ name: 'backoffice' }, { replace: true })}>
        <FormattedMessage {...e.continue} />
      </button>
    </div>
  );
}

/** /backoffice/enrol?token=…: the invited operator's password, TOTP secret (QR) and recovery codes. */
export function EnrolView() {
  const { query } = useRemote();
  const token = query.token ?? '';
  const op = useOperatorApi();
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [password, setPassword] = React.useState('');
  const [code, setCode] = React.useState('');
  const [problems, setProblems] = React.useState<{ password?: string; code?: string }>({});
  const info = useQuery({
    queryKey: [OPERATOR_KEY, 'enrol', token],
    queryFn: () => op.operatorEnrolInfo(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
  const send = useMutation({
    mutationFn: () => op.operatorEnrol({ token, password, ...(code.trim() ? { code: code.trim() } : {}) }),
    onSuccess: (answer) => queryClient.setQueryData(meKey, answer.operator),
  });

  if (!token) {
    return (
      <div className={styles.center}>
        <h1><FormattedMessage {...e.title} /></h1>
        <p role="alert" className={styles.alert}><FormattedMessage {...e.noToken} /></p>
      </div>
    );
  }
  if (send.isSuccess) return <RecoveryCodes codes={send.data.recovery_codes} />;
  if (info.status === 'pending') {
    return (
      <div role="status" aria-busy="true" className={styles.center}>
        <FormattedMessage {...d.loading} />
      </div>
    );
  }
  if (info.status === 'error') {
    const gone = info.error instanceof ApiError && [400, 404, 410].includes(info.error.status);
    return (
      <div className={styles.center}>
        <h1><FormattedMessage {...e.title} /></h1>
        <p role="alert" className={styles.alert}>{gone ? intl.formatMessage(e.invalid) : errorText(intl, info.error)}</p>
      </div>
    );
  }
  const invite = info.data;
  const sendError = send.error;
  return (
    <div className={styles.center}>
      <h1><FormattedMessage {...e.title} /></h1>
      <p>
        <FormattedMessage {...e.invited} values={{ name: invite.name, email: invite.email, role: intl.formatMessage(ROLE[invite.role]) }} />
      </p>
      <form
        noValidate
        onSubmit={(ev) => {
          ev.preventDefault();
          const next: typeof problems = {};
          if (password.length < 10) next.password = intl.formatMessage(e.passwordShort);
          const c = code.trim();
          if ((invite.totp_required || c) && !/^\d{6}$/.test(c)) next.code = intl.formatMessage(e.codeFormat);
          setProblems(next);
          if (!next.password && !next.code) send.mutate();
        }}
      >
        <div className={styles.field}>
          <label htmlFor="bo-enrol-password"><FormattedMessage {...e.password} /></label>
          <input
            id="bo-enrol-password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(ev) => setPassword(ev.target.value)}
            aria-invalid={problems.password ? true : undefined}
            aria-describedby="bo-enrol-password-hint bo-enrol-password-error"
          />
          <p id="bo-enrol-password-hint" className={styles.hint}><FormattedMessage {...e.passwordHint} /></p>
          {problems.password ? <p id="bo-enrol-password-error" className={styles.error}>{problems.password}</p> : null}
        </div>
        <fieldset className={styles.panel}>
          <legend><FormattedMessage {...e.totpTitle} /></legend>
          <p>
            <FormattedMessage {...e.totpIntro} />
            {invite.totp_required ? null : <> <FormattedMessage {...e.totpOptional} /></>}
          </p>
          <QrCode text={invite.totp.uri} label={intl.formatMessage(e.qr)} />
          <p>
            <FormattedMessage {...e.secret} />: <code data-testid="totp-secret">{invite.totp.secret}</code>
          </p>
          <div className={styles.field}>
            <label htmlFor="bo-enrol-code"><FormattedMessage {...e.code} /></label>
            <input
              id="bo-enrol-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(ev) => setCode(ev.target.value)}
              aria-invalid={problems.code ? true : undefined}
              aria-describedby={problems.code ? 'bo-enrol-code-error' : undefined}
            />
            {problems.code ? <p id="bo-enrol-code-error" className={styles.error}>{problems.code}</p> : null}
          </div>
        </fieldset>
        {sendError ? (
          <p role="alert" className={styles.alert}>
            {sendError instanceof ApiError && (sendError.status === 400 || sendError.status === 401) && sendError.field === 'code'
              ? intl.formatMessage(e.codeWrong)
              : sendError instanceof ApiError && (sendError.status === 404 || sendError.status === 410)
                ? intl.formatMessage(e.invalid)
                : errorText(intl, sendError)}
          </p>
        ) : null}
        <button type="submit" className={styles.button} disabled={send.isPending}>
          <FormattedMessage {...(send.isPending ? e.busy : e.submit)} />
        </button>
      </form>
    </div>
  );
}
