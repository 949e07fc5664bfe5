import { createRemoteMount, type RemoteDefinition } from '@dating/shared';
import { lazyView } from '@dating/shared/ui';
import { loadMessages } from './messages';

/**
 * Every view of the shell's route table that mf_backoffice owns: the operators' screens. Each
 * screen is its own chunk, loaded when its route is opened: an operator who moderates does not
 * download the price book, the campaign editor or the console (the route budgets, scripts/budgets.mjs).
 */
export const definition: RemoteDefinition<'mf_backoffice'> = {
  name: 'mf_backoffice',
  views: {
    home: lazyView(() => import(/* webpackChunkName: "view-home" */ './home/HomeView').then((m) => m.HomeView)),
    login: lazyView(() => import(/* webpackChunkName: "view-login" */ './login/LoginView').then((m) => m.LoginView)),
    enrol: lazyView(() => import(/* webpackChunkName: "view-enrol" */ './enrol/EnrolView').then((m) => m.EnrolView)),
    moderation: lazyView(() => import(/* webpackChunkName: "view-moderation" */ './moderation/ModerationView').then((m) => m.ModerationView)),
    reports: lazyView(() => import(/* webpackChunkName: "view-reports" */ './reports/ReportsView').then((m) => m.ReportsView)),
    members: lazyView(() => import(/* webpackChunkName: "view-members" */ './members/MembersView').then((m) => m.MembersView)),
    member: lazyView(() => import(/* webpackChunkName: "view-member" */ './members/MemberView').then((m) => m.MemberView)),
    payments: lazyView(() => import(/* webpackChunkName: "view-payments" */ './payments/PaymentsView').then((m) => m.PaymentsView)),
    prices: lazyView(() => import(/* webpackChunkName: "view-prices" */ './prices/PricesView').then((m) => m.PricesView)),
    campaigns: lazyView(() => import(/* webpackChunkName: "view-campaigns" */ './campaigns/CampaignsView').then((m) => m.CampaignsView)),
    dashboards: lazyView(() => import(/* webpackChunkName: "view-dashboards" */ './dashboards/DashboardsView').then((m) => m.DashboardsView)),
    site: lazyView(() => import(/* webpackChunkName: "view-site" */ './sites/SiteView').then((m) => m.SiteView)),
    remotes: lazyView(() => import(/* webpackChunkName: "view-remotes" */ './remotes/RemotesView').then((m) => m.RemotesView)),
    audit: lazyView(() => import(/* webpackChunkName: "view-audit" */ './audit/AuditView').then((m) => m.AuditView)),
    operators: lazyView(() => import(/* webpackChunkName: "view-operators" */ './operators/OperatorsView').then((m) => m.OperatorsView)),
    sessions: lazyView(() => import(/* webpackChunkName: "view-sessions" */ './sessions/SessionsView').then((m) => m.SessionsView)),
    'site-run': lazyView(() => import(/* webpackChunkName: "view-site-run" */ './site-run/SiteRunConsoleView').then((m) => m.SiteRunConsoleView)),
    'site-run-profiles': lazyView(() => import(/* webpackChunkName: "view-site-run-profiles" */ './site-run/SiteRunProfilesView').then((m) => m.SiteRunProfilesView)),
  },
  loadMessages,
  build: process.env.BUILD_LABEL,
};

export const lifecycles = createRemoteMount(definition);

export const { bootstrap, mount, update, unmount } = lifecycles;
