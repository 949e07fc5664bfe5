import { runHarness } from '@dating/shared/harness';

runHarness({
  packageName: 'mf-search',
  container: 'mf_search',
  views: [
    { view: 'home', routeName: 'index' },
    { view: 'members', routeName: 'members' },
    { view: 'member', routeName: 'members-memberId', params: { memberId: '1' } },
    { view: 'member', routeName: 'likes-m-memberId', params: { memberId: '1' } },
  ],
});
