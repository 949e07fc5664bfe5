import { createRemoteMount, type RemoteDefinition } from '@dating/shared';
import { AuditView } from './audit/AuditView';
import { CampaignsView } from './campaigns/CampaignsView';
import { EnrolView } from './enrol/EnrolView';
import { HomeView } from './home/HomeView';
import { LoginView } from './login/LoginView';
import { MemberView } from './members/MemberView';
import { MembersView } from './members/MembersView';
import { OperatorsView } from './operators/OperatorsView';
import { ModerationView } from './moderation/ModerationView';
import { ReportsView } from './reports/ReportsView';
import { PaymentsView } from './payments/PaymentsView';
import { PricesView } from './prices/PricesView';
import { SessionsView } from './sessions/SessionsView';
import { SiteRunConsoleView } from './site-run/SiteRunConsoleView';
import { SiteRunProfilesView } from './site-run/SiteRunProfilesView';
import { loadMessages } from './messages';

/** Every view of the shell's route table that mf_backoffice owns: the operators' screens. */
export const definition: RemoteDefinition<'mf_backoffice'> = {
  name: 'mf_backoffice',
  views: {
    home: HomeView,
    login: LoginView,
    enrol: EnrolView,
    moderation: ModerationView,
    reports: ReportsView,
    members: MembersView,
    member: MemberView,
    payments: PaymentsView,
    prices: PricesView,
    campaigns: CampaignsView,
    audit: AuditView,
    operators: OperatorsView,
    sessions: SessionsView,
    'site-run': SiteRunConsoleView,
    'site-run-profiles': SiteRunProfilesView,
  },
  loadMessages,
  build: process.env.BUILD_LABEL,
};

export const lifecycles = createRemoteMount(definition);

export const { bootstrap, mount, update, unmount } = lifecycles;
