import { runHarness } from '@dating/shared/harness';
import { lifecycles } from './mount';

runHarness({
  packageName: 'mf-search',
  lifecycles,
  views: [
    { view: 'home', routeName: 'index' },
    { view: 'members', routeName: 'members' },
    { view: 'member', routeName: 'members-memberId', params: { memberId: '1' } },
  ],
});
