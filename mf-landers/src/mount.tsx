import { createRemoteMount, type RemoteDefinition } from '@dating/shared';
import { lazyView } from '@dating/shared/ui';
import { LanderView } from './lander/LanderView';
import { MemberLandingView, MemberLanding2View, MemberLanding3View } from './member-landing/MemberLandingView';
import { MatchFinderView } from './match-finder/MatchFinderView';
import { SignupMatchesView } from './signup-matches/SignupMatchesView';
import { legalPageView } from './pages/lazy';
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
    // The one form of this remote: react-hook-form loads with it, not with every lander.
    complaints: lazyView(() => import(/* webpackChunkName: "view-complaints" */ './complaints/ComplaintsView').then((m) => m.ComplaintsView)),
    'page-ban': legalPageView('ban'),
    'page-faq': legalPageView('faq'),
    'page-terms': legalPageView('terms'),
    'page-cookies': legalPageView('cookies'),
    'page-privacy': legalPageView('privacy'),
    'page-service': legalPageView('service'),
    'page-return-policy': legalPageView('return-policy'),
    'page-site-run': legalPageView('site-run'),
  },
  loadMessages,
  build: process.env.BUILD_LABEL,
};

export const lifecycles = createRemoteMount(definition);

export const { bootstrap, mount, update, unmount } = lifecycles;
