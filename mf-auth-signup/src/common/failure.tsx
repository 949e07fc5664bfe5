import { ui, useRuleText } from '@dating/shared/ui';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { PROFILE_IMAGE_MAX_BYTES, isRuleMessage } from '@dating/shared';
import { problems } from './messages';

/** What went wrong with a call, as a member can be told. */
export type Failure = { kind: 'server'; message: string; field?: string; code?: string } | { kind: 'network' } | { kind: 'unknown' };

/**
 * A 4xx answer carries a message for people (the API localizes nothing, but names the field);
 * a network failure or a fault of ours gets a localized sentence of our own.
 */
export function describeFailure(error: unknown): Failure {
  if (error && typeof error === 'object' && 'status' in error && typeof error.status === 'number') {
    const { status, message, field, code } = error as { status: number; message?: unknown; field?: unknown; code?: unknown };
    if (status === 0 || code === 'network') return { kind: 'network' };
    // A contract failure or a server crash says nothing a member can act on; a 5xx with a code we
    // word (payments_unavailable: the provider did not answer) does.
    const known = typeof code === 'string' && code in BY_CODE;
    if (code !== 'contract' && (status < 500 || known) && typeof message === 'string' && message) {
      return {
        kind: 'server',
        message,
        field: typeof field === 'string' ? field : undefined,
        code: typeof code === 'string' ? code : undefined,
      };
    }
  }
  return { kind: 'unknown' };
}

const BY_CODE: Record<string, MessageDescriptor> = {
  wrong_password: problems.wrongPassword,
  invalid_token: problems.invalidToken,
  email_unavailable: problems.emailUnavailable,
  signup_failed: problems.signupFailed,
  signups_closed: problems.signupsClosed,
  rate_limited: problems.rateLimited,
  invalid_credentials: problems.invalidCredentials,
  account_suspended: problems.accountSuspended,
  account_banned: problems.accountBanned,
  login_required: problems.loginRequired,
  invalid_image: problems.photoRejected,
  file_too_large: problems.photoSize,
  too_many_images: problems.tooManyImages,
  payments_unavailable: problems.paymentsUnavailable,
};

/**
 * The text of a failure in the member's language: a known error code, or a message that is one of
 * our message keys (the API answers some rules with the key of spec §5, e.g. signup.name_equal_to_email),
 * gets our words; any other server message is shown as the server said it.
 */
export function useFailureText() {
  const intl = useIntl();
  const ruleText = useRuleText();
  return (failure: Failure): string => {
    if (failure.kind !== 'server') return intl.formatMessage(failure.kind === 'network' ? problems.network : problems.unknown);
    const known = failure.code ? BY_CODE[failure.code] : undefined;
    if (known) return intl.formatMessage(known, { max: PROFILE_IMAGE_MAX_BYTES / 1024 / 1024 });
    return isRuleMessage(failure.message) ? ruleText(failure.message) : failure.message;
  };
}

/** A failure shown where it happened, announced to screen readers. */
export function FailureAlert({ failure, id }: { failure: Failure | null; id?: string }) {
  const text = useFailureText();
  if (!failure) return null;
  return (
    <div id={id} role="alert" className={ui.alert}>
      {text(failure)}
    </div>
  );
}
