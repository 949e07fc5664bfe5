import type { z } from 'zod';
import { readCookie as readBrowserCookie } from '../cookies';
import type { LoginRequest } from '../schemas/auth';
import type * as A from '../schemas/account';
import type * as S from '../schemas/social';
import type * as K from '../schemas/content';
import type * as M from '../schemas/commerce';
import type * as O from '../schemas/operator';
import type * as D from '../schemas/operator-desk';
import type * as P from '../schemas/operator-prices';
import type * as R from '../schemas/site-run';
import type * as B from '../schemas/operator-dashboards';
import type { RemoteReport } from '../schemas/site';

/** The contract's schemas (and zod with them): every answer, and the requests that are checked, go through them. */
export type Contract = typeof import('../schemas');
let contract: Promise<Contract> | undefined;

/**
 * The contract's schemas, loaded with the first call rather than at start-up: zod and the schemas
 * are ~30 kB brotli and ~300 ms of a phone's main thread to evaluate (the start-up budget,
 * scripts/budgets.mjs), and a page that renders with the data it was given needs neither. Its own
 * chunk (`contract`), downloaded while the first request is under way.
 */
export function loadContract(): Promise<Contract> {
  contract ??= import(/* webpackChunkName: "contract" */ '../schemas').catch((cause: unknown) => {
    contract = undefined; // the next call tries again (offline, a deploy in between)
    throw cause;
  });
  return contract;
}

/** Header naming the original host, from which the API picks the site (template). */
export const ORIGINAL_HOST_HEADER = 'x-original-host';
/** Header naming the calling package (shell or remote). */
export const PACKAGE_HEADER = 'x-package';
/** Double-submit CSRF: the API sets this cookie; state-changing calls echo it in the header. */
export const CSRF_COOKIE = 'csrf';
export const CSRF_HEADER = 'x-csrf-token';

/** A call that failed: HTTP status, a message for people, and the field at fault if any. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string = 'error',
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiClientOptions {
  /** Origin of the API; '' for the same origin. */
  baseUrl?: string;
  /** The host the member sees (defaults to location.host in a browser). */
  originalHost?: string;
  /** Name of the package making the call. */
  packageName: string;
  fetch?: typeof fetch;
  /** Reads a cookie (defaults to document.cookie). */
  readCookie?: (name: string) => string | undefined;
}

type Query = Record<string, string | number | boolean | undefined | null>;

export function createApiClient(options: ApiClientOptions) {
  const baseUrl = options.baseUrl ?? '';
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const readCookie = options.readCookie ?? readBrowserCookie;
  const originalHost =
    options.originalHost ?? (typeof location !== 'undefined' ? location.host : 'localhost');

  /** The headers every request of this client carries: JSON, the host the member sees, the caller. */
  const baseHeaders = (): Record<string, string> => ({
    accept: 'application/json',
    [ORIGINAL_HOST_HEADER]: originalHost,
    [PACKAGE_HEADER]: options.packageName,
  });

  let csrfRequest: Promise<string | undefined> | null = null;
  /**
   * The CSRF cookie when the visit has none yet: a public page may come from a shared cache, which
   * sets no cookie (scripts/serve.mjs), and every answer of the API sets it; so one GET, shared by
   * the calls that need it at the same time.
   */
  function fetchCsrfToken(): Promise<string | undefined> {
    csrfRequest ??= doFetch(baseUrl ? `${baseUrl}/api/settings.php` : '/api/settings.php', {
      method: 'GET',
      headers: baseHeaders(),
      credentials: 'include',
    })
      .then(
        () => readCookie(CSRF_COOKIE),
        () => undefined,
      )
      .finally(() => {
        csrfRequest = null;
      });
    return csrfRequest;
  }

  /**
   * One call: the answer is checked against `schema`, or against the schema it names in the
   * contract (a function of the contract, as every helper below does, so that the client loads no
   * schema at start-up); a `query` or `body` given as a function of the contract is checked
   * (parsed) before it is sent.
   */
  async function call<S extends z.ZodType>(
    schema: S | ((contract: Contract) => S),
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    {
      query: queryOf,
      body: bodyOf,
      csrf = true,
    }: {
      query?: Query | ((contract: Contract) => Query);
      body?: unknown;
      /** false: a call the API exempts from the CSRF check (no token asked for when the visit has none). */
      csrf?: boolean;
    } = {},
  ): Promise<z.infer<S>> {
    // Downloaded while the request is under way; a contract that cannot be loaded fails the call
    // as the network would.
    const loading = loadContract().catch((cause: unknown) => {
      throw new ApiError(0, cause instanceof Error ? cause.message : 'Network error', 'network');
    });
    loading.catch(() => {}); // awaited below, unless the request fails first
    const checked = typeof queryOf === 'function' || typeof bodyOf === 'function' ? await loading : null;
    const query = typeof queryOf === 'function' ? queryOf(checked!) : queryOf;
    const body = typeof bodyOf === 'function' ? (bodyOf as (contract: Contract) => unknown)(checked!) : bodyOf;
    const url = new URL(`${baseUrl}/api/${path}`, 'http://placeholder');
    for (const [k, v] of Object.entries(query ?? {})) {
      if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
    }
    const headers = baseHeaders();
    if (method !== 'GET' && csrf) {
      const token = readCookie(CSRF_COOKIE) ?? (await fetchCsrfToken());
      if (token) headers[CSRF_HEADER] = token;
    }
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const target = baseUrl ? url.toString() : `${url.pathname}${url.search}`;
    let res: Response;
    try {
      res = await doFetch(target, { method, headers, body: payload, credentials: 'include' });
    } catch (cause) {
      throw new ApiError(0, cause instanceof Error ? cause.message : 'Network error', 'network');
    }
    const text = await res.text();
    let json: unknown = undefined;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = text;
    }
    const c = await loading;
    if (!res.ok) {
      const parsed = c.ErrorResponseSchema.safeParse(json);
      if (parsed.success) {
        throw new ApiError(res.status, parsed.data.message, parsed.data.error, parsed.data.field);
      }
      throw new ApiError(res.status, res.statusText || `HTTP ${res.status}`);
    }
    const parsed = (typeof schema === 'function' ? schema(c) : schema).safeParse(json);
    if (!parsed.success) {
      throw new ApiError(res.status, `Unexpected answer from ${path}: ${parsed.error.message}`, 'contract');
    }
    return parsed.data;
  }

  /**
   * A POST whose answer the page does not use (a beacon): sent with the headers `call` sends and a
   * body the API checks, but without the contract's schemas, which a page that makes no other call
   * then never loads (~35 kB and a long task on a phone). Answers whether the API took it; never
   * throws. `keepalive`: it is sent even when the page is left at once.
   */
  async function beacon(path: string, body: unknown): Promise<boolean> {
    try {
      const res = await doFetch(`${baseUrl}/api/${path}`, {
        method: 'POST',
        headers: { ...baseHeaders(), 'content-type': 'application/json' },
        body: JSON.stringify(body),
        credentials: 'include',
        keepalive: true,
      });
      return res.ok;
    } catch {
      return false;
    }
  }

  return {
    /** Low-level typed call, for calls that have no helper yet. */
    call,
    getUser: () => call((c) => c.UserResponseSchema, 'GET', 'user.php'),
    getSettings: () => call((c) => c.SiteSettingsResponseSchema, 'GET', 'settings.php'),
    getRemoteRegistry: () => call((c) => c.RemoteRegistrySchema, 'GET', 'remotes.php'),
    /**
     * Counts a visitor's first page of a browser session with its traffic source (the dashboards'
     * funnel), and answers whether it was counted. Exempt from CSRF (api/src/dashboards/plugin.ts):
     * a public page's first call asks for no token.
     */
    recordVisit: (req: B.VisitRequest) => call((c) => c.VisitResponseSchema, 'POST', 'visit.php', { body: req, csrf: false }),
    /** The same count as a beacon (the page's own): no answer to check, so no schema is loaded for it. */
    sendVisit: (req: B.VisitRequest) => beacon('visit.php', req),
    login: async (req: LoginRequest) =>
      call((c) => c.LoginResponseSchema, 'POST', 'login.php', { body: (c: Contract) => c.LoginRequestSchema.parse(req) }),
    logout: () => call((c) => c.LogoutResponseSchema, 'GET', 'logout.php'),
    /**
     * Where the member's data is downloaded as a ZIP (GET export.php): a link the browser follows,
     * so the archive streams to disk with the session cookie; the answer is application/zip.
     */
    dataExportUrl: () => `${baseUrl}/api/export.php`,
    /** The member's open sessions (devices), for the list on /profile. */
    sessions: () => call((c) => c.SessionsResponseSchema, 'GET', 'sessions.php'),
    /** Logs one session (device) out, by its id. */
    endSession: (id: number) => call((c) => c.SessionEndResponseSchema, 'DELETE', 'sessions.php', { body: { id } }),
    /** Logs every other session out: "log out everywhere else". */
    endOtherSessions: () => call((c) => c.SessionEndResponseSchema, 'DELETE', 'sessions.php', { body: { others: true } }),

    // account (spec §7 and the calls designed beside it)
    signup: async (req: A.SignupRequest) =>
      call((c) => c.SignupResponseSchema, 'POST', 'user.php', { query: { new: 1 }, body: (c: Contract) => c.SignupRequestSchema.parse(req) }),
    validateEmail: (email: string) => call((c) => c.ValidateEmailResponseSchema, 'GET', 'validate_email.php', { query: { email } }),
    updateUser: async (update: A.UserUpdate) =>
      call((c) => c.UserUpdateResponseSchema, 'PUT', 'user.php', { body: (c: Contract) => c.UserUpdateSchema.parse(update) }),
    subscribePush: (subscription: A.PushSubscriptionJson) =>
      call((c) => c.PushSubscribeResponseSchema, 'POST', 'user.php', { query: { push: 1 }, body: subscription }),
    deleteAccount: (password: string) => call((c) => c.LogoutResponseSchema, 'DELETE', 'user.php', { body: { password } }),
    activationStatus: () => call((c) => c.ActivateStatusSchema, 'GET', 'activate.php'),
    requestPasswordReset: (email: string) =>
      call((c) => c.PasswordResetRequestResponseSchema, 'POST', 'password_reset.php', { body: { email } }),
    resetPassword: (token: string, password: string) =>
      call((c) => c.PasswordResetDoResponseSchema, 'POST', 'password_reset.php', { query: { do: 1 }, body: { token, password } }),
    requestMailChange: (email: string, password: string) =>
      call((c) => c.MailChangeRequestResponseSchema, 'PUT', 'mail_change.php', { body: { email, password } }),
    confirmMailChange: (token: string) => call((c) => c.MailChangeDoResponseSchema, 'POST', 'mail_change.php', { body: { token } }),
    undoMailChange: (token: string) =>
      call((c) => c.MailChangeUndoResponseSchema, 'POST', 'mail_change.php', { query: { undo: '1' }, body: { token } }),
    changePassword: (current_password: string, password: string) =>
      call((c) => c.PasswordChangeResponseSchema, 'PUT', 'password.php', { body: { current_password, password } }),
    uploadProfileImage: (file: Blob, filename = 'photo') => {
      const form = new FormData();
      form.append('file', file, filename);
      return call((c) => c.ProfileImageResponseSchema, 'POST', 'profileimage.php', { body: form });
    },
    /** The member's photos in this order (each once); the first becomes the main photo. */
    setPhotoOrder: (order: number[]) => call((c) => c.PhotosResponseSchema, 'PUT', 'photo_order.php', { body: { order } }),
    /** One of the member's photos becomes the main photo and moves to the front. */
    setMainPhoto: (id: number) => call((c) => c.PhotosResponseSchema, 'PUT', 'main_photo.php', { body: { id } }),
    profileFields: () => call((c) => c.ProfileFieldsResponseSchema, 'GET', 'profile_fields.php'),
    regions: () => call((c) => c.RegionsResponseSchema, 'GET', 'regions.php'),
    interests: () => call((c) => c.InterestsResponseSchema, 'GET', 'interests.php'),
    companyInfo: () => call((c) => c.CompanyInfoSchema, 'GET', 'companyinfo.php'),
    geocode: (lat: number, lon: number) => call((c) => c.GeocodeResponseSchema, 'GET', 'geocode.php', { query: { lat, lon } }),
    discountCode: (params: Record<string, string> = {}) =>
      call((c) => c.DiscountCodeResponseSchema, 'GET', 'discountcode.php', { query: params }),

    // credits and premium (commerce)
    pricing: (country?: string) => call((c) => c.PricingResponseSchema, 'GET', 'pricing.php', { query: { country } }),
    credits: () => call((c) => c.CreditsResponseSchema, 'GET', 'credits.php'),
    paymentMethods: (query: z.input<typeof M.PaymentMethodsQuerySchema>) =>
      call((c) => c.PaymentMethodsResponseSchema, 'GET', 'payment_methods.php', { query }),
    createPayment: (req: M.CreatePaymentRequest) =>
      call((c) => c.CreatePaymentResponseSchema, 'POST', 'payments.php', { body: req }),
    repeatOrder: (req: z.input<typeof M.RepeatOrderRequestSchema>) =>
      call((c) => c.CreatePaymentResponseSchema, 'POST', 'repeat_order.php', { body: req }),
    transaction: (id: string) => call((c) => c.TransactionResponseSchema, 'GET', 'transactions.php', { query: { id } }),
    premium: () => call((c) => c.PremiumStateSchema, 'GET', 'premium.php'),
    cancelPremium: () => call((c) => c.PremiumStateSchema, 'DELETE', 'premium.php'),
    setPhotoPremiumOnly: (id: number, premium_only: boolean) =>
      call((c) => c.PremiumPhotoResponseSchema, 'PUT', 'premium_photo.php', { body: { id, premium_only } }),

    // search, profiles, likes, chats, messages, notifications
    search: (query: S.SearchQuery) => call((c) => c.SearchResponseSchema, 'GET', 'search.php', { query: query as Query }),
    /** A visitor's traffic source opens profiles where the site lets such visitors search (settings). */
    profile: (id: number, options: { trafficsource?: string } = {}) =>
      call((c) => c.ProfileResponseSchema, 'GET', 'profile.php', { query: { id, ...(options.trafficsource ? { trafficsource: options.trafficsource } : {}) } }),
    likes: () => call((c) => c.LikesResponseSchema, 'GET', 'likes.php'),
    like: (profile: number) => call((c) => c.LikeCreatedResponseSchema, 'POST', 'likes.php', { body: { profile } }),
    unlike: (profile: number) => call((c) => c.LikeResponseSchema, 'DELETE', 'likes.php', { body: { profile } }),
    markLikeSeen: (profile: number) =>
      call((c) => c.LikeResponseSchema, 'PUT', 'likes.php', { body: { profile, like_new: false } }),
    chats: () => call((c) => c.ChatsResponseSchema, 'GET', 'chats.php'),
    startChat: (profile: number) => call((c) => c.ChatStartResponseSchema, 'GET', 'chat.php', { query: { profile } }),
    deleteChat: (conversation: number) =>
      call((c) => c.ChatDeleteResponseSchema, 'DELETE', 'chat.php', { body: { conversation } }),
    messages: (conversation: number, before?: number, limit?: number) =>
      call((c) => c.MessagesResponseSchema, 'GET', 'messages.php', { query: { conversation, before, limit } }),
    /** Send to a conversation (a number) or, for the first message, to a member ({ profile }). */
    sendMessage: (to: number | { profile: number }, msg: string, clientId?: string) =>
      call((c) => c.SendMessageResponseSchema, 'POST', 'messages.php', {
        body: { ...(typeof to === 'number' ? { conversation: to } : to), msg, ...(clientId ? { client_id: clientId } : {}) },
      }),
    messageCost: () => call((c) => c.MessageCostResponseSchema, 'GET', 'message_cost.php'),
    typing: (conversation: number) => call((c) => c.TypingResponseSchema, 'POST', 'typing.php', { body: { conversation } }),
    presence: (profile: number) => call((c) => c.PresenceSchema, 'GET', 'presence.php', { query: { profile } }),
    privacy: () => call((c) => c.PrivacySchema, 'GET', 'privacy.php'),
    updatePrivacy: (privacy: S.Privacy) => call((c) => c.PrivacySchema, 'PUT', 'privacy.php', { body: privacy }),
    block: (profile: number) => call((c) => c.BlockResponseSchema, 'POST', 'block.php', { body: { profile } }),
    unblock: (profile: number) => call((c) => c.BlockResponseSchema, 'DELETE', 'block.php', { body: { profile } }),
    blocks: () => call((c) => c.BlocksResponseSchema, 'GET', 'blocks.php'),
    report: (report: S.ReportRequest) => call((c) => c.ReportResponseSchema, 'POST', 'report.php', { body: report }),
    markRead: (conversation: number) => call((c) => c.MarkReadResponseSchema, 'POST', 'read.php', { body: { conversation } }),
    notifications: () => call((c) => c.NotificationsResponseSchema, 'GET', 'notifications.php'),
    markNotificationsRead: () =>
      call((c) => c.NotificationsResponseSchema, 'PUT', 'notifications.php', { body: { read: true } }),
    xcams: (query: z.input<typeof S.XcamsQuerySchema>) =>
      call((c) => c.XcamsResponseSchema, 'GET', 'xcams/search.php', { query: query as Query }),
    /** Where a webcam tile's click goes (the API redirects to the partner). */
    xcamsRedirectUrl: (account: string) => `${baseUrl}/api/xcams/redirect.php?account=${encodeURIComponent(account)}`,
    /** The partner URL of a resell flow (spec member_resell), without following it. */
    resellPartner: (flow: string) =>
      call((c) => c.ResellPartnerResponseSchema, 'GET', 'resellpartner.php', { query: { flow, redirect: 0 } }),
    /** Where a resell partner link goes (the API redirects to the partner). */
    resellPartnerUrl: (flow: string) => `${baseUrl}/api/resellpartner.php?flow=${encodeURIComponent(flow)}`,
    // acquisition and content
    lander: (query: K.LanderQuery) => call((c) => c.LanderResponseSchema, 'GET', 'lander.php', { query: (c: Contract) => c.LanderQuerySchema.parse(query) as Query }),
    /** Members of the site's target group with a photo, for a visitor's home (public). */
    homeFaces: () => call((c) => c.HomeFacesResponseSchema, 'GET', 'home_faces.php'),
    /** Development only (404 in production): the member's own signup date `days_ago` days back. */
    devSetSignupDate: (req: A.DevSignupDateRequest) =>
      call((c) => c.UserResponseSchema, 'PUT', 'dev/signup_date.php', { body: (c: Contract) => c.DevSignupDateRequestSchema.parse(req) }),
    // The back office (an operator session, the `osid` cookie): accounts, audit log, moderation.
    operatorLogin: (req: O.OperatorLoginRequest) =>
      call((c) => c.OperatorLoginResponseSchema, 'POST', 'operator/login.php', { body: (c: Contract) => c.OperatorLoginRequestSchema.parse(req) }),
    operatorLoginTotp: (req: O.OperatorLoginTotpRequest) =>
      call((c) => c.OperatorLoginResponseSchema, 'POST', 'operator/login_totp.php', { body: req }),
    operatorLogout: () => call((c) => c.OperatorLogoutResponseSchema, 'POST', 'operator/logout.php'),
    operatorMe: () => call((c) => c.OperatorMeResponseSchema, 'GET', 'operator/me.php'),
    operatorSwitchSite: (site: number) => call((c) => c.OperatorMeResponseSchema, 'PUT', 'operator/site.php', { body: { site } }),
    operatorSessions: () => call((c) => c.OperatorSessionsResponseSchema, 'GET', 'operator/sessions.php'),
    operatorEndSession: (id: number) => call((c) => c.OperatorSessionEndResponseSchema, 'DELETE', 'operator/sessions.php', { body: { id } }),
    operatorSignOutEverywhere: () => call((c) => c.OperatorSessionEndResponseSchema, 'DELETE', 'operator/sessions.php', { body: { all: true } }),
    operatorTotpSetup: () => call((c) => c.OperatorTotpSetupResponseSchema, 'POST', 'operator/totp.php'),
    operatorTotpConfirm: (code: string) => call((c) => c.OperatorRecoveryCodesResponseSchema, 'PUT', 'operator/totp.php', { body: { code } }),
    operatorRecoveryCodes: (code: string) => call((c) => c.OperatorRecoveryCodesResponseSchema, 'POST', 'operator/recovery_codes.php', { body: { code } }),
    operators: () => call((c) => c.OperatorListResponseSchema, 'GET', 'operator/operators.php'),
    inviteOperator: (req: O.OperatorInvite) => call((c) => c.OperatorInviteResponseSchema, 'POST', 'operator/operators.php', { body: req }),
    updateOperator: (req: O.OperatorUpdate) => call((c) => c.OperatorUpdateResponseSchema, 'PUT', 'operator/operators.php', { body: req }),
    operatorEnrolInfo: (token: string) => call((c) => c.OperatorEnrolInfoResponseSchema, 'GET', 'operator/enrol.php', { query: { token } }),
    operatorEnrol: (req: O.OperatorEnrolRequest) => call((c) => c.OperatorEnrolResponseSchema, 'POST', 'operator/enrol.php', { body: req }),
    auditLog: (query: O.AuditQuery = {}) => call((c) => c.AuditResponseSchema, 'GET', 'operator/audit.php', { query: query as Query }),
    /** Where the audit log downloads as CSV with these filters (a link the browser follows). */
    auditExportUrl: (query: O.AuditQuery = {}) => {
      const params = new URLSearchParams(Object.entries(query).filter(([, v]) => v !== undefined && v !== null).map(([k, v]) => [k, String(v)]));
      return `${baseUrl}/api/operator/audit_export.php${params.size ? `?${params}` : ''}`;
    },
    moderationQueue: (query: O.ModerationQueueQuery = {}) =>
      call((c) => c.ModerationQueueResponseSchema, 'GET', 'operator/moderation.php', { query: query as Query }),
    moderate: (req: O.ModerationDecision) => call((c) => c.ModerationDecisionResponseSchema, 'POST', 'operator/moderation.php', { body: req }),
    moderationUndo: () => call((c) => c.ModerationUndoResponseSchema, 'POST', 'operator/moderation_undo.php'),
    moderationReasons: () => call((c) => c.ModerationReasonsResponseSchema, 'GET', 'operator/moderation_reasons.php'),
    createModerationReason: (texts: z.input<typeof O.ModerationReasonTextsSchema>) =>
      call((c) => c.ModerationReasonResponseSchema, 'POST', 'operator/moderation_reasons.php', { body: { texts } }),
    updateModerationReason: (req: z.input<typeof O.ModerationReasonUpdateSchema>) =>
      call((c) => c.ModerationReasonResponseSchema, 'PUT', 'operator/moderation_reasons.php', { body: req }),
    moderationSettings: () => call((c) => c.ModerationSettingsSchema, 'GET', 'operator/moderation_settings.php'),
    updateModerationSettings: (req: z.input<typeof O.ModerationSettingsUpdateSchema>) =>
      call((c) => c.ModerationSettingsSchema, 'PUT', 'operator/moderation_settings.php', { body: req }),
    /** The member's own photos and texts in review or rejected (with the reason in their language). */
    myModeration: () => call((c) => c.MemberModerationResponseSchema, 'GET', 'moderation.php'),
    // The desks (an operator session): reports and complaints, members, payments.
    deskReports: (query: D.ReportsQuery = {}) => call((c) => c.ReportsResponseSchema, 'GET', 'operator/reports.php', { query: query as Query }),
    deskReport: (id: number) => call((c) => c.ReportDetailSchema, 'GET', 'operator/report.php', { query: { id } }),
    /** The reported conversation's last messages; the reason is audited. */
    deskReportMessages: (id: number, reason: string) =>
      call((c) => c.ReportMessagesResponseSchema, 'GET', 'operator/report_messages.php', { query: { id, reason } }),
    deskHandleReport: (req: D.ReportAction) => call((c) => c.ReportActionResponseSchema, 'POST', 'operator/report.php', { body: req }),
    deskMembers: (q: string) => call((c) => c.MemberSearchResponseSchema, 'GET', 'operator/members.php', { query: { q } }),
    deskMember: (id: number) => call((c) => c.MemberPageSchema, 'GET', 'operator/member.php', { query: { id } }),
    deskMemberAction: (req: D.MemberAction) => call((c) => c.MemberActionResponseSchema, 'POST', 'operator/member.php', { body: req }),
    deskRefund: (req: D.RefundRequest) => call((c) => c.RefundResponseSchema, 'POST', 'operator/refund.php', { body: req }),
    deskEraseMember: (req: { id: number; reason: string }) => call((c) => c.MemberEraseResponseSchema, 'POST', 'operator/member_erase.php', { body: req }),
    /** The dashboards of the current site or of all the operator's sites (docs/dashboards.md). */
    operatorDashboard: (query: B.DashboardQuery = {}) => call((c) => c.DashboardResponseSchema, 'GET', 'operator/dashboard.php', { query: query as Query }),
    deskPayments: (query: D.PaymentsQuery = {}) => call((c) => c.PaymentsResponseSchema, 'GET', 'operator/payments.php', { query: query as Query }),
    deskSubscriptions: (query: z.input<typeof D.SubscriptionsQuerySchema> = {}) =>
      call((c) => c.SubscriptionsResponseSchema, 'GET', 'operator/subscriptions.php', { query: query as Query }),
    // Prices, packages and codes of the current site (finance and admins).
    operatorPrices: () => call((c) => c.PricesResponseSchema, 'GET', 'operator/prices.php'),
    operatorPricesPreview: (book: P.PriceBook) => call((c) => c.PricePreviewResponseSchema, 'POST', 'operator/prices_preview.php', { body: { book } }),
    operatorSavePrices: (req: P.PricesSave) => call((c) => c.PricesResponseSchema, 'PUT', 'operator/prices.php', { body: req }),
    operatorDiscountCodes: () => call((c) => c.DiscountCodesResponseSchema, 'GET', 'operator/discount_codes.php'),
    operatorCreateDiscountCode: (req: P.DiscountCodeCreate) => call((c) => c.OperatorDiscountCodeResponseSchema, 'POST', 'operator/discount_codes.php', { body: req }),
    operatorUpdateDiscountCode: (req: P.DiscountCodeUpdate) => call((c) => c.OperatorDiscountCodeResponseSchema, 'PUT', 'operator/discount_codes.php', { body: req }),
    // Site-run profiles (an operator session): the profiles, the console that answers them.
    siteRunProfiles: () => call((c) => c.SiteRunProfilesResponseSchema, 'GET', 'operator/site_run_profiles.php'),
    createSiteRunProfile: (req: R.SiteRunProfileInput) =>
      call((c) => c.SiteRunProfileResponseSchema, 'POST', 'operator/site_run_profiles.php', { body: req }),
    updateSiteRunProfile: (req: R.SiteRunProfileUpdate) =>
      call((c) => c.SiteRunProfileResponseSchema, 'PUT', 'operator/site_run_profiles.php', { body: req }),
    /** A photo for a site-run profile: the same pipeline and moderation queue as a member's. */
    uploadSiteRunPhoto: (id: number, file: Blob) => {
      const form = new FormData();
      form.append('file', file);
      return call((c) => c.ProfileImageResponseSchema, 'POST', 'operator/site_run_photo.php', { query: { id }, body: form });
    },
    siteRunQueue: () => call((c) => c.SiteRunQueueResponseSchema, 'GET', 'operator/site_run_queue.php'),
    siteRunConversation: (conversation: number) =>
      call((c) => c.SiteRunConversationSchema, 'GET', 'operator/site_run_conversation.php', { query: { conversation } }),
    siteRunAnswer: (req: R.SiteRunAnswerRequest) => call((c) => c.SiteRunAnswerResponseSchema, 'POST', 'operator/site_run_answer.php', { body: req }),
    siteRunRelease: (conversation: number) =>
      call((c) => c.SiteRunReleaseResponseSchema, 'POST', 'operator/site_run_release.php', { body: { conversation } }),
    siteRunNote: (member: number, body: string) => call((c) => c.SiteRunNoteResponseSchema, 'POST', 'operator/site_run_notes.php', { body: { member, body } }),
    siteRunSupportProtection: (req: z.input<typeof R.SiteRunSupportProtectionSchema>) =>
      call((c) => c.SiteRunProtectionStateSchema, 'PUT', 'operator/site_run_protection.php', { body: req }),
    /** The member's own protection from site-run profiles. */
    siteRunProtection: () => call((c) => c.SiteRunProtectionStateSchema, 'GET', 'site_run_protection.php'),
    setSiteRunProtection: (by_member: boolean) =>
      call((c) => c.SiteRunProtectionStateSchema, 'PUT', 'site_run_protection.php', { body: { by_member } }),
    /** What the shell saw of this page's remotes (shell/src/federation/health.ts). */
    reportRemotes: (req: RemoteReport) => call((c) => c.RemoteReportAnswerSchema, 'POST', 'remote_report.php', { body: (c: Contract) => c.RemoteReportSchema.parse(req) }),
    // Operators whose role may run campaigns: the current site's lander campaigns as data.
    listCampaigns: () => call((c) => c.OperatorCampaignsResponseSchema, 'GET', 'admin/campaigns.php'),
    createCampaign: (campaign: K.CampaignCreate) =>
      call((c) => c.OperatorCampaignResponseSchema, 'POST', 'admin/campaigns.php', { body: (c: Contract) => c.CampaignCreateSchema.parse(campaign) }),
    updateCampaign: (change: K.CampaignUpdate) =>
      call((c) => c.OperatorCampaignResponseSchema, 'PUT', 'admin/campaigns.php', { body: (c: Contract) => c.CampaignUpdateSchema.parse(change) }),
    deactivateCampaign: (slug: string) =>
      call((c) => c.OperatorCampaignResponseSchema, 'DELETE', 'admin/campaigns.php', { query: (c: Contract) => c.CampaignSlugQuerySchema.parse({ slug }) }),
    complain: async (req: K.ComplaintRequest) =>
      call((c) => c.ComplaintResponseSchema, 'POST', 'complaints.php', { body: (c: Contract) => c.ComplaintRequestSchema.parse(req) }),
    /** URL of the live event stream (server-sent events). */
    eventsUrl: () => `${baseUrl}/api/events.php`,
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
