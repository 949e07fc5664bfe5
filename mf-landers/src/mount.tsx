import { createRemoteMount, type RemoteDefinition } from '@dating/shared';
import { lazyView } from '@dating/shared/ui';
import { legalPageView } from './pages/lazy';
import { loadMessages } from './messages';

/**
 * Every view the shell's route table names for mf_landers, each a chunk of its own (`view-<view>`):
 * a lander loads its templates, not the match finder's or the legal pages' code (the start-up budget).
 */
export const definition: RemoteDefinition<'mf_landers'> = {
  name: 'mf_landers',
  views: {
    lander: lazyView(() => import(/* webpackChunkName: "view-lander" */ './lander/LanderView').then((m) => m.LanderView)),
    'member-landing': lazyView(() => import(/* webpackChunkName: "view-member-landing" */ './member-landing/MemberLandingView').then((m) => m.MemberLandingView)),
    'member-landing2': lazyView(() => import(/* webpackChunkName: "view-member-landing2" */ './member-landing/MemberLandingView').then((m) => m.MemberLanding2View)),
    'member-landing3': lazyView(() => import(/* webpackChunkName: "view-member-landing3" */ './member-landing/MemberLandingView').then((m) => m.MemberLanding3View)),
    'match-finder': lazyView(() => import(/* webpackChunkName: "view-match-finder" */ './match-finder/MatchFinderView').then((m) => m.MatchFinderView)),
    'signup-matches': lazyView(() => import(/* webpackChunkName: "view-signup-matches" */ './signup-matches/SignupMatchesView').then((m) => m.SignupMatchesView)),
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
