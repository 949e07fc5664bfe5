import { createRemoteMount, type RemoteDefinition } from '@dating/shared';
import { LanderView } from './lander/LanderView';
import { MemberLandingView, MemberLanding2View, MemberLanding3View } from './member-landing/MemberLandingView';
import { MatchFinderView } from './match-finder/MatchFinderView';
import { SignupMatchesView } from './signup-matches/SignupMatchesView';
import { ComplaintsView } from './complaints/ComplaintsView';
import {
  BanPageView,
  CookiesPageView,
  FaqPageView,
  PrivacyPageView,
  ReturnPolicyPageView,
  ServicePageView,
  TermsPageView,
} from './pages/LegalPage';
import { loadMessages } from './messages';

/** Every view the shell's route table names for mf_landers. */
export const definition: RemoteDefinition<'mf_landers'> = {
  name: 'mf_landers',
  views: {
    lander: LanderView,
    'member-landing': MemberLandingView,
    'member-landing2': MemberLanding2View,
    'member-landing3': MemberLanding3View,
    'match-finder': MatchFinderView,
    'signup-matches': SignupMatchesView,
    complaints: ComplaintsView,
    'page-ban': BanPageView,
    'page-faq': FaqPageView,
    'page-terms': TermsPageView,
    'page-cookies': CookiesPageView,
    'page-privacy': PrivacyPageView,
    'page-service': ServicePageView,
    'page-return-policy': ReturnPolicyPageView,
  },
  loadMessages,
  build: process.env.BUILD_LABEL,
};

export const lifecycles = createRemoteMount(definition);

export const { bootstrap, mount, update, unmount } = lifecycles;
