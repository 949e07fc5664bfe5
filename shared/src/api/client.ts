import type { z } from 'zod';
import { readCookie as readBrowserCookie } from '../cookies';
import { ErrorResponseSchema, SessionEndResponseSchema, SessionsResponseSchema } from '../schemas/auth';
import {
  LoginRequestSchema,
  LoginResponseSchema,
  LogoutResponseSchema,
  type LoginRequest,
} from '../schemas/auth';
import { CompanyInfoSchema, RemoteRegistrySchema, SiteSettingsResponseSchema } from '../schemas/site';
import { UserResponseSchema } from '../schemas/user';
import * as A from '../schemas/account';
import * as S from '../schemas/social';
import * as K from '../schemas/content';
import * as M from '../schemas/commerce';
import * as O from '../schemas/operator';
import * as D from '../schemas/operator-desk';
import * as P from '../schemas/operator-prices';
import * as R from '../schemas/site-run';
import * as B from '../schemas/operator-dashboards';
import { RemoteReportAnswerSchema, RemoteReportSchema, type RemoteReport } from '../schemas/site';

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

  let csrfRequest: Promise<string | undefined> | null = null;
  /**
   * The CSRF cookie when the visit has none yet: a public page may come from a shared cache, which
   * sets no cookie (scripts/serve.mjs), and every answer of the API sets it; so one GET, shared by
   * the calls that need it at the same time.
   */
  function fetchCsrfToken(): Promise<string | undefined> {
    csrfRequest ??= doFetch(baseUrl ? `${baseUrl}/api/settings.php` : '/api/settings.php', {
      method: 'GET',
      headers: { accept: 'application/json', [ORIGINAL_HOST_HEADER]: originalHost, [PACKAGE_HEADER]: options.packageName },
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

  async function call<S extends z.ZodType>(
    schema: S,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    { query, body }: { query?: Query; body?: unknown } = {},
  ): Promise<z.infer<S>> {
    const url = new URL(`${baseUrl}/api/${path}`, 'http://placeholder');
    for (const [k, v] of Object.entries(query ?? {})) {
      if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
    }
    const headers: Record<string, string> = {
      accept: 'application/json',
      [ORIGINAL_HOST_HEADER]: originalHost,
      [PACKAGE_HEADER]: options.packageName,
    };
    if (method !== 'GET') {
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
    if (!res.ok) {
      const parsed = ErrorResponseSchema.safeParse(json);
      if (parsed.success) {
        throw new ApiError(res.status, parsed.data.message, parsed.data.error, parsed.data.field);
      }
      throw new ApiError(res.status, res.statusText || `HTTP ${res.status}`);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      throw new ApiError(res.status, `Unexpected answer from ${path}: ${parsed.error.message}`, 'contract');
    }
    return parsed.data;
  }

  return {
    /** Low-level typed call, for calls that have no helper yet. */
    call,
    getUser: () => call(UserResponseSchema, 'GET', 'user.php'),
    getSettings: () => call(SiteSettingsResponseSchema, 'GET', 'settings.php'),
    getRemoteRegistry: () => call(RemoteRegistrySchema, 'GET', 'remotes.php'),
    /** Counts a visitor's first page of a browser session with its traffic source (the dashboards' funnel). */
    recordVisit: (req: B.VisitRequest) => call(B.VisitResponseSchema, 'POST', 'visit.php', { body: req }),
    login: async (req: LoginRequest) =>
      call(LoginResponseSchema, 'POST', 'login.php', { body: LoginRequestSchema.parse(req) }),
    logout: () => call(LogoutResponseSchema, 'GET', 'logout.php'),
    /**
     * Where the member's data is downloaded as a ZIP (GET export.php): a link the browser follows,
     * so the archive streams to disk with the session cookie; the answer is application/zip.
     */
    dataExportUrl: () => `${baseUrl}/api/export.php`,
    /** The member's open sessions (devices), for the list on /profile. */
    sessions: () => call(SessionsResponseSchema, 'GET', 'sessions.php'),
    /** Logs one session (device) out, by its id. */
    endSession: (id: number) => call(SessionEndResponseSchema, 'DELETE', 'sessions.php', { body: { id } }),
    /** Logs every other session out: "log out everywhere else". */
    endOtherSessions: () => call(SessionEndResponseSchema, 'DELETE', 'sessions.php', { body: { others: true } }),

    // account (spec §7 and the calls designed beside it)
    signup: async (req: A.SignupRequest) =>
      call(A.SignupResponseSchema, 'POST', 'user.php', { query: { new: 1 }, body: A.SignupRequestSchema.parse(req) }),
    validateEmail: (email: string) => call(A.ValidateEmailResponseSchema, 'GET', 'validate_email.php', { query: { email } }),
    updateUser: async (update: A.UserUpdate) =>
      call(A.UserUpdateResponseSchema, 'PUT', 'user.php', { body: A.UserUpdateSchema.parse(update) }),
    subscribePush: (subscription: A.PushSubscriptionJson) =>
      call(A.PushSubscribeResponseSchema, 'POST', 'user.php', { query: { push: 1 }, body: subscription }),
    deleteAccount: (password: string) => call(LogoutResponseSchema, 'DELETE', 'user.php', { body: { password } }),
    activationStatus: () => call(A.ActivateStatusSchema, 'GET', 'activate.php'),
    requestPasswordReset: (email: string) =>
      call(A.PasswordResetRequestResponseSchema, 'POST', 'password_reset.php', { body: { email } }),
    resetPassword: (token: string, password: string) =>
      call(A.PasswordResetDoResponseSchema, 'POST', 'password_reset.php', { query: { do: 1 }, body: { token, password } }),
    requestMailChange: (email: string, password: string) =>
      call(A.MailChangeRequestResponseSchema, 'PUT', 'mail_change.php', { body: { email, password } }),
    confirmMailChange: (token: string) => call(A.MailChangeDoResponseSchema, 'POST', 'mail_change.php', { body: { token } }),
    undoMailChange: (token: string) =>
      call(A.MailChangeUndoResponseSchema, 'POST', 'mail_change.php', { query: { undo: '1' }, body: { token } }),
    changePassword: (current_password: string, password: string) =>
      call(A.PasswordChangeResponseSchema, 'PUT', 'password.php', { body: { current_password, password } }),
    uploadProfileImage: (file: Blob, filename = 'photo') => {
      const form = new FormData();
      form.append('file', file, filename);
      return call(A.ProfileImageResponseSchema, 'POST', 'profileimage.php', { body: form });
    },
    /** The member's photos in this order (each once); the first becomes the main photo. */
    setPhotoOrder: (order: number[]) => call(A.PhotosResponseSchema, 'PUT', 'photo_order.php', { body: { order } }),
    /** One of the member's photos becomes the main photo and moves to the front. */
    setMainPhoto: (id: number) => call(A.PhotosResponseSchema, 'PUT', 'main_photo.php', { body: { id } }),
    profileFields: () => call(A.ProfileFieldsResponseSchema, 'GET', 'profile_fields.php'),
    regions: () => call(A.RegionsResponseSchema, 'GET', 'regions.php'),
    interests: () => call(A.InterestsResponseSchema, 'GET', 'interests.php'),
    companyInfo: () => call(CompanyInfoSchema, 'GET', 'companyinfo.php'),
    geocode: (lat: number, lon: number) => call(A.GeocodeResponseSchema, 'GET', 'geocode.php', { query: { lat, lon } }),
    discountCode: (params: Record<string, string> = {}) =>
      call(A.DiscountCodeResponseSchema, 'GET', 'discountcode.php', { query: params }),

    // credits and premium (commerce)
    pricing: (country?: string) => call(M.PricingResponseSchema, 'GET', 'pricing.php', { query: { country } }),
    credits: () => call(M.CreditsResponseSchema, 'GET', 'credits.php'),
    paymentMethods: (query: z.input<typeof M.PaymentMethodsQuerySchema>) =>
      call(M.PaymentMethodsResponseSchema, 'GET', 'payment_methods.php', { query }),
    createPayment: (req: M.CreatePaymentRequest) =>
      call(M.CreatePaymentResponseSchema, 'POST', 'payments.php', { body: req }),
    repeatOrder: (req: z.input<typeof M.RepeatOrderRequestSchema>) =>
      call(M.CreatePaymentResponseSchema, 'POST', 'repeat_order.php', { body: req }),
    transaction: (id: string) => call(M.TransactionResponseSchema, 'GET', 'transactions.php', { query: { id } }),
    premium: () => call(M.PremiumStateSchema, 'GET', 'premium.php'),
    cancelPremium: () => call(M.PremiumStateSchema, 'DELETE', 'premium.php'),
    setPhotoPremiumOnly: (id: number, premium_only: boolean) =>
      call(M.PremiumPhotoResponseSchema, 'PUT', 'premium_photo.php', { body: { id, premium_only } }),

    // search, profiles, likes, chats, messages, notifications
    search: (query: S.SearchQuery) => call(S.SearchResponseSchema, 'GET', 'search.php', { query: query as Query }),
    /** A visitor's traffic source opens profiles where the site lets such visitors search (settings). */
    profile: (id: number, options: { trafficsource?: string } = {}) =>
      call(S.ProfileResponseSchema, 'GET', 'profile.php', { query: { id, ...(options.trafficsource ? { trafficsource: options.trafficsource } : {}) } }),
    likes: () => call(S.LikesResponseSchema, 'GET', 'likes.php'),
    like: (profile: number) => call(S.LikeCreatedResponseSchema, 'POST', 'likes.php', { body: { profile } }),
    unlike: (profile: number) => call(S.LikeResponseSchema, 'DELETE', 'likes.php', { body: { profile } }),
    markLikeSeen: (profile: number) =>
      call(S.LikeResponseSchema, 'PUT', 'likes.php', { body: { profile, like_new: false } }),
    chats: () => call(S.ChatsResponseSchema, 'GET', 'chats.php'),
    startChat: (profile: number) => call(S.ChatStartResponseSchema, 'GET', 'chat.php', { query: { profile } }),
    deleteChat: (conversation: number) =>
      call(S.ChatDeleteResponseSchema, 'DELETE', 'chat.php', { body: { conversation } }),
    messages: (conversation: number, before?: number, limit?: number) =>
      call(S.MessagesResponseSchema, 'GET', 'messages.php', { query: { conversation, before, limit } }),
    /** Send to a conversation (a number) or, for the first message, to a member ({ profile }). */
    sendMessage: (to: number | { profile: number }, msg: string, clientId?: string) =>
      call(S.SendMessageResponseSchema, 'POST', 'messages.php', {
        body: { ...(typeof to === 'number' ? { conversation: to } : to), msg, ...(clientId ? { client_id: clientId } : {}) },
      }),
    messageCost: () => call(S.MessageCostResponseSchema, 'GET', 'message_cost.php'),
    typing: (conversation: number) => call(S.TypingResponseSchema, 'POST', 'typing.php', { body: { conversation } }),
    presence: (profile: number) => call(S.PresenceSchema, 'GET', 'presence.php', { query: { profile } }),
    privacy: () => call(S.PrivacySchema, 'GET', 'privacy.php'),
    updatePrivacy: (privacy: S.Privacy) => call(S.PrivacySchema, 'PUT', 'privacy.php', { body: privacy }),
    block: (profile: number) => call(S.BlockResponseSchema, 'POST', 'block.php', { body: { profile } }),
    unblock: (profile: number) => call(S.BlockResponseSchema, 'DELETE', 'block.php', { body: { profile } }),
    blocks: () => call(S.BlocksResponseSchema, 'GET', 'blocks.php'),
    report: (report: S.ReportRequest) => call(S.ReportResponseSchema, 'POST', 'report.php', { body: report }),
    markRead: (conversation: number) => call(S.MarkReadResponseSchema, 'POST', 'read.php', { body: { conversation } }),
    notifications: () => call(S.NotificationsResponseSchema, 'GET', 'notifications.php'),
    markNotificationsRead: () =>
      call(S.NotificationsResponseSchema, 'PUT', 'notifications.php', { body: { read: true } }),
    xcams: (query: z.input<typeof S.XcamsQuerySchema>) =>
      call(S.XcamsResponseSchema, 'GET', 'xcams/search.php', { query: query as Query }),
    /** Where a webcam tile's click goes (the API redirects to the partner). */
    xcamsRedirectUrl: (account: string) => `${baseUrl}/api/xcams/redirect.php?account=${encodeURIComponent(account)}`,
    /** The partner URL of a resell flow (spec member_resell), without following it. */
    resellPartner: (flow: string) =>
      call(S.ResellPartnerResponseSchema, 'GET', 'resellpartner.php', { query: { flow, redirect: 0 } }),
    /** Where a resell partner link goes (the API redirects to the partner). */
    resellPartnerUrl: (flow: string) => `${baseUrl}/api/resellpartner.php?flow=${encodeURIComponent(flow)}`,
    // acquisition and content
    lander: (query: K.LanderQuery) => call(K.LanderResponseSchema, 'GET', 'lander.php', { query: K.LanderQuerySchema.parse(query) as Query }),
    /** Members of the site's target group with a photo, for a visitor's home (public). */
    homeFaces: () => call(K.HomeFacesResponseSchema, 'GET', 'home_faces.php'),
    /** Development only (404 in production): the member's own signup date `days_ago` days back. */
    devSetSignupDate: (req: A.DevSignupDateRequest) =>
      call(UserResponseSchema, 'PUT', 'dev/signup_date.php', { body: A.DevSignupDateRequestSchema.parse(req) }),
    // The back office (an operator session, the `osid` cookie): accounts, audit log, moderation.
    operatorLogin: (req: O.OperatorLoginRequest) =>
      call(O.OperatorLoginResponseSchema, 'POST', 'operator/login.php', { body: O.OperatorLoginRequestSchema.parse(req) }),
    operatorLoginTotp: (req: O.OperatorLoginTotpRequest) =>
      call(O.OperatorLoginResponseSchema, 'POST', 'operator/login_totp.php', { body: req }),
    operatorLogout: () => call(O.OperatorLogoutResponseSchema, 'POST', 'operator/logout.php'),
    operatorMe: () => call(O.OperatorMeResponseSchema, 'GET', 'operator/me.php'),
    operatorSwitchSite: (site: number) => call(O.OperatorMeResponseSchema, 'PUT', 'operator/site.php', { body: { site } }),
    operatorSessions: () => call(O.OperatorSessionsResponseSchema, 'GET', 'operator/sessions.php'),
    operatorEndSession: (id: number) => call(O.OperatorSessionEndResponseSchema, 'DELETE', 'operator/sessions.php', { body: { id } }),
    operatorSignOutEverywhere: () => call(O.OperatorSessionEndResponseSchema, 'DELETE', 'operator/sessions.php', { body: { all: true } }),
    operatorTotpSetup: () => call(O.OperatorTotpSetupResponseSchema, 'POST', 'operator/totp.php'),
    operatorTotpConfirm: (code: string) => call(O.OperatorRecoveryCodesResponseSchema, 'PUT', 'operator/totp.php', { body: { code } }),
    operatorRecoveryCodes: (code: string) => call(O.OperatorRecoveryCodesResponseSchema, 'POST', 'operator/recovery_codes.php', { body: { code } }),
    operators: () => call(O.OperatorListResponseSchema, 'GET', 'operator/operators.php'),
    inviteOperator: (req: O.OperatorInvite) => call(O.OperatorInviteResponseSchema, 'POST', 'operator/operators.php', { body: req }),
    updateOperator: (req: O.OperatorUpdate) => call(O.OperatorUpdateResponseSchema, 'PUT', 'operator/operators.php', { body: req }),
    operatorEnrolInfo: (token: string) => call(O.OperatorEnrolInfoResponseSchema, 'GET', 'operator/enrol.php', { query: { token } }),
    operatorEnrol: (req: O.OperatorEnrolRequest) => call(O.OperatorEnrolResponseSchema, 'POST', 'operator/enrol.php', { body: req }),
    auditLog: (query: O.AuditQuery = {}) => call(O.AuditResponseSchema, 'GET', 'operator/audit.php', { query: query as Query }),
    /** Where the audit log downloads as CSV with these filters (a link the browser follows). */
    auditExportUrl: (query: O.AuditQuery = {}) => {
      const params = new URLSearchParams(Object.entries(query).filter(([, v]) => v !== undefined && v !== null).map(([k, v]) => [k, String(v)]));
      return `${baseUrl}/api/operator/audit_export.php${params.size ? `?${params}` : ''}`;
    },
    moderationQueue: (query: O.ModerationQueueQuery = {}) =>
      call(O.ModerationQueueResponseSchema, 'GET', 'operator/moderation.php', { query: query as Query }),
    moderate: (req: O.ModerationDecision) => call(O.ModerationDecisionResponseSchema, 'POST', 'operator/moderation.php', { body: req }),
    moderationUndo: () => call(O.ModerationUndoResponseSchema, 'POST', 'operator/moderation_undo.php'),
    moderationReasons: () => call(O.ModerationReasonsResponseSchema, 'GET', 'operator/moderation_reasons.php'),
    createModerationReason: (texts: z.input<typeof O.ModerationReasonTextsSchema>) =>
      call(O.ModerationReasonResponseSchema, 'POST', 'operator/moderation_reasons.php', { body: { texts } }),
    updateModerationReason: (req: z.input<typeof O.ModerationReasonUpdateSchema>) =>
      call(O.ModerationReasonResponseSchema, 'PUT', 'operator/moderation_reasons.php', { body: req }),
    moderationSettings: () => call(O.ModerationSettingsSchema, 'GET', 'operator/moderation_settings.php'),
    updateModerationSettings: (req: z.input<typeof O.ModerationSettingsUpdateSchema>) =>
      call(O.ModerationSettingsSchema, 'PUT', 'operator/moderation_settings.php', { body: req }),
    /** The member's own photos and texts in review or rejected (with the reason in their language). */
    myModeration: () => call(O.MemberModerationResponseSchema, 'GET', 'moderation.php'),
    // The desks (an operator session): reports and complaints, members, payments.
    deskReports: (query: D.ReportsQuery = {}) => call(D.ReportsResponseSchema, 'GET', 'operator/reports.php', { query: query as Query }),
    deskReport: (id: number) => call(D.ReportDetailSchema, 'GET', 'operator/report.php', { query: { id } }),
    /** The reported conversation's last messages; the reason is audited. */
    deskReportMessages: (id: number, reason: string) =>
      call(D.ReportMessagesResponseSchema, 'GET', 'operator/report_messages.php', { query: { id, reason } }),
    deskHandleReport: (req: D.ReportAction) => call(D.ReportActionResponseSchema, 'POST', 'operator/report.php', { body: req }),
    deskMembers: (q: string) => call(D.MemberSearchResponseSchema, 'GET', 'operator/members.php', { query: { q } }),
    deskMember: (id: number) => call(D.MemberPageSchema, 'GET', 'operator/member.php', { query: { id } }),
    deskMemberAction: (req: D.MemberAction) => call(D.MemberActionResponseSchema, 'POST', 'operator/member.php', { body: req }),
    deskRefund: (req: D.RefundRequest) => call(D.RefundResponseSchema, 'POST', 'operator/refund.php', { body: req }),
    deskEraseMember: (req: { id: number; reason: string }) => call(D.MemberEraseResponseSchema, 'POST', 'operator/member_erase.php', { body: req }),
    /** The dashboards of the current site or of all the operator's sites (docs/dashboards.md). */
    operatorDashboard: (query: B.DashboardQuery = {}) => call(B.DashboardResponseSchema, 'GET', 'operator/dashboard.php', { query: query as Query }),
    deskPayments: (query: D.PaymentsQuery = {}) => call(D.PaymentsResponseSchema, 'GET', 'operator/payments.php', { query: query as Query }),
    deskSubscriptions: (query: z.input<typeof D.SubscriptionsQuerySchema> = {}) =>
      call(D.SubscriptionsResponseSchema, 'GET', 'operator/subscriptions.php', { query: query as Query }),
    // Prices, packages and codes of the current site (finance and admins).
    operatorPrices: () => call(P.PricesResponseSchema, 'GET', 'operator/prices.php'),
    operatorPricesPreview: (book: P.PriceBook) => call(P.PricePreviewResponseSchema, 'POST', 'operator/prices_preview.php', { body: { book } }),
    operatorSavePrices: (req: P.PricesSave) => call(P.PricesResponseSchema, 'PUT', 'operator/prices.php', { body: req }),
    operatorDiscountCodes: () => call(P.DiscountCodesResponseSchema, 'GET', 'operator/discount_codes.php'),
    operatorCreateDiscountCode: (req: P.DiscountCodeCreate) => call(P.OperatorDiscountCodeResponseSchema, 'POST', 'operator/discount_codes.php', { body: req }),
    operatorUpdateDiscountCode: (req: P.DiscountCodeUpdate) => call(P.OperatorDiscountCodeResponseSchema, 'PUT', 'operator/discount_codes.php', { body: req }),
    // Site-run profiles (an operator session): the profiles, the console that answers them.
    siteRunProfiles: () => call(R.SiteRunProfilesResponseSchema, 'GET', 'operator/site_run_profiles.php'),
    createSiteRunProfile: (req: R.SiteRunProfileInput) =>
      call(R.SiteRunProfileResponseSchema, 'POST', 'operator/site_run_profiles.php', { body: req }),
    updateSiteRunProfile: (req: R.SiteRunProfileUpdate) =>
      call(R.SiteRunProfileResponseSchema, 'PUT', 'operator/site_run_profiles.php', { body: req }),
    /** A photo for a site-run profile: the same pipeline and moderation queue as a member's. */
    uploadSiteRunPhoto: (id: number, file: Blob) => {
      const form = new FormData();
      form.append('file', file);
      return call(A.ProfileImageResponseSchema, 'POST', 'operator/site_run_photo.php', { query: { id }, body: form });
    },
    siteRunQueue: () => call(R.SiteRunQueueResponseSchema, 'GET', 'operator/site_run_queue.php'),
    siteRunConversation: (conversation: number) =>
      call(R.SiteRunConversationSchema, 'GET', 'operator/site_run_conversation.php', { query: { conversation } }),
    siteRunAnswer: (req: R.SiteRunAnswerRequest) => call(R.SiteRunAnswerResponseSchema, 'POST', 'operator/site_run_answer.php', { body: req }),
    siteRunRelease: (conversation: number) =>
      call(R.SiteRunReleaseResponseSchema, 'POST', 'operator/site_run_release.php', { body: { conversation } }),
    siteRunNote: (member: number, body: string) => call(R.SiteRunNoteResponseSchema, 'POST', 'operator/site_run_notes.php', { body: { member, body } }),
    siteRunSupportProtection: (req: z.input<typeof R.SiteRunSupportProtectionSchema>) =>
      call(R.SiteRunProtectionStateSchema, 'PUT', 'operator/site_run_protection.php', { body: req }),
    /** The member's own protection from site-run profiles. */
    siteRunProtection: () => call(R.SiteRunProtectionStateSchema, 'GET', 'site_run_protection.php'),
    setSiteRunProtection: (by_member: boolean) =>
      call(R.SiteRunProtectionStateSchema, 'PUT', 'site_run_protection.php', { body: { by_member } }),
    /** What the shell saw of this page's remotes (shell/src/federation/health.ts). */
    reportRemotes: (req: RemoteReport) => call(RemoteReportAnswerSchema, 'POST', 'remote_report.php', { body: RemoteReportSchema.parse(req) }),
    // Operators whose role may run campaigns: the current site's lander campaigns as data.
    listCampaigns: () => call(K.OperatorCampaignsResponseSchema, 'GET', 'admin/campaigns.php'),
    createCampaign: (campaign: K.CampaignCreate) =>
      call(K.OperatorCampaignResponseSchema, 'POST', 'admin/campaigns.php', { body: K.CampaignCreateSchema.parse(campaign) }),
    updateCampaign: (change: K.CampaignUpdate) =>
      call(K.OperatorCampaignResponseSchema, 'PUT', 'admin/campaigns.php', { body: K.CampaignUpdateSchema.parse(change) }),
    deactivateCampaign: (slug: string) =>
      call(K.OperatorCampaignResponseSchema, 'DELETE', 'admin/campaigns.php', { query: K.CampaignSlugQuerySchema.parse({ slug }) }),
    complain: async (req: K.ComplaintRequest) =>
      call(K.ComplaintResponseSchema, 'POST', 'complaints.php', { body: K.ComplaintRequestSchema.parse(req) }),
    /** URL of the live event stream (server-sent events). */
    eventsUrl: () => `${baseUrl}/api/events.php`,
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
