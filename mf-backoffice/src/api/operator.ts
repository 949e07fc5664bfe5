// The back office's calls: each is the contract's schema (shared/src/schemas/operator.ts) through
// the page's one API client (`api.call`), so requests and answers are checked like every call.
import {
  ModerationDecisionResponseSchema,
  ModerationDecisionSchema,
  ModerationQueueResponseSchema,
  ModerationReasonsResponseSchema,
  ModerationUndoResponseSchema,
  OperatorEnrolInfoResponseSchema,
  OperatorEnrolRequestSchema,
  OperatorEnrolResponseSchema,
  OperatorLoginRequestSchema,
  OperatorLoginResponseSchema,
  OperatorLoginTotpRequestSchema,
  OperatorLogoutResponseSchema,
  OperatorMeResponseSchema,
  OperatorSessionEndResponseSchema,
  OperatorSessionsResponseSchema,
  type ApiClient,
  type ModerationDecision,
  type ModerationQueueQuery,
  type OperatorEnrolRequest,
  type OperatorLoginRequest,
  type OperatorLoginTotpRequest,
} from '@dating/shared';

type Query = Record<string, string | number | boolean | undefined | null>;

export function operatorApi(api: ApiClient) {
  const { call } = api;
  return {
    me: () => call(OperatorMeResponseSchema, 'GET', 'operator/me.php'),
    login: (req: OperatorLoginRequest) =>
      call(OperatorLoginResponseSchema, 'POST', 'operator/login.php', { body: OperatorLoginRequestSchema.parse(req) }),
    loginTotp: (req: OperatorLoginTotpRequest) =>
      call(OperatorLoginResponseSchema, 'POST', 'operator/login_totp.php', { body: OperatorLoginTotpRequestSchema.parse(req) }),
    logout: () => call(OperatorLogoutResponseSchema, 'POST', 'operator/logout.php'),
    switchSite: (site: number) => call(OperatorMeResponseSchema, 'PUT', 'operator/site.php', { body: { site } }),
    sessions: () => call(OperatorSessionsResponseSchema, 'GET', 'operator/sessions.php'),
    endSession: (id: number) => call(OperatorSessionEndResponseSchema, 'DELETE', 'operator/sessions.php', { body: { id } }),
    endAllSessions: () => call(OperatorSessionEndResponseSchema, 'DELETE', 'operator/sessions.php', { body: { all: true } }),
    enrolInfo: (token: string) => call(OperatorEnrolInfoResponseSchema, 'GET', 'operator/enrol.php', { query: { token } }),
    enrol: (req: OperatorEnrolRequest) =>
      call(OperatorEnrolResponseSchema, 'POST', 'operator/enrol.php', { body: OperatorEnrolRequestSchema.parse(req) }),
    moderationQueue: (query: ModerationQueueQuery = {}) =>
      call(ModerationQueueResponseSchema, 'GET', 'operator/moderation.php', { query: query as Query }),
    decide: (decision: ModerationDecision) =>
      call(ModerationDecisionResponseSchema, 'POST', 'operator/moderation.php', { body: ModerationDecisionSchema.parse(decision) }),
    undo: () => call(ModerationUndoResponseSchema, 'POST', 'operator/moderation_undo.php'),
    reasons: () => call(ModerationReasonsResponseSchema, 'GET', 'operator/moderation_reasons.php'),
  };
}
export type OperatorApi = ReturnType<typeof operatorApi>;
