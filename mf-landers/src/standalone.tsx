import { runHarness } from '@dating/shared/harness';

runHarness({
  packageName: 'mf-landers',
  container: 'mf_landers',
  views: [
    { view: 'lander', routeName: 'landers-kind-slug', params: { kind: 'video', slug: 'summer' } },
    { view: 'member-landing', routeName: 'members-memberId-landing', params: { memberId: '1' } },
    { view: 'member-landing2', routeName: 'members-memberId-landing2-slug', params: { memberId: '1', slug: 'summer' } },
    { view: 'member-landing3', routeName: 'members-memberId-landing3-slug', params: { memberId: '1', slug: 'summer' } },
    { view: 'match-finder', routeName: 'match-finder' },
    { view: 'signup-matches', routeName: 'signup-matches' },
    { view: 'complaints', routeName: 'complaints' },
    { view: 'page-ban', routeName: 'pages-ban' },
    { view: 'page-faq', routeName: 'pages-faq' },
    { view: 'page-terms', routeName: 'pages-terms' },
    { view: 'page-cookies', routeName: 'pages-cookies' },
    { view: 'page-privacy', routeName: 'pages-privacy' },
    { view: 'page-service', routeName: 'pages-service' },
    { view: 'page-return-policy', routeName: 'pages-return-policy' },
  ],
});
