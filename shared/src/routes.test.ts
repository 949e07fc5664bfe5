import { matchPath } from 'react-router';
import { REMOTE_NAMES } from './remoteNames';
import { enabledRoutes, LANDER_KINDS, ROUTES, routesOf } from './routes';

const allOn = {
  templateName: 't', navigation: true, ui: true, signup: true, profileSearch: true, profileSearchProfile: true,
  memberDetails: true, chat: true, myProfile: true, notifications: true, footer: true, devPanelOpen: false,
};

function owner(path: string) {
  const hits = ROUTES.filter((r) => matchPath({ path: r.path, end: true }, path));
  // react-router ranks static segments above dynamic ones; so do we: the most specific wins.
  hits.sort((a, b) => b.path.split(':').length - a.path.split(':').length).reverse();
  return hits[0];
}

describe('the route table', () => {
  it('names every route once and gives every remote at least one view', () => {
    expect(new Set(ROUTES.map((r) => r.name)).size).toBe(ROUTES.length);
    for (const remote of REMOTE_NAMES) expect(routesOf(remote).length).toBeGreaterThan(0);
  });

  it.each([
    ['/chats', 'required', 'chat'],
    ['/signup', 'public', 'default'],
    ['/pages/ban', 'public', 'default'],
    ['/pages/faq', 'public', 'default'],
    ['/pages/terms', 'public', 'default'],
    ['/pages/cookies', 'public', 'default'],
    ['/pages/privacy', 'public', 'default'],
    ['/pages/service', 'public', 'default'],
    ['/pages/return-policy', 'public', 'default'],
    ['/pages/site-run', 'public', 'default'],
    ['/pricing', 'public', 'default'],
    ['/complaints', 'public', 'default'],
    ['/likes', 'required', 'default'],
    ['/activate/done', 'public', 'default'],
    ['/activate/error', 'public', 'default'],
    ['/credits', 'required', 'default'],
    ['/credits/repeat-order', 'required', 'default'],
    ['/notifications', 'required', 'default'],
    ['/mail-change/do', 'public', 'default'],
    ['/complete-signup', 'public', 'default'],
    ['/reset-password', 'optional', 'default'],
    ['/landers/video/summer', 'public', 'lander'],
    ['/chats/12', 'required', 'chat'],
    ['/', 'optional', 'default'],
    ['/login', 'public', 'default'],
    ['/members', 'optional', 'default'],
    ['/search', 'optional', 'default'],
    ['/members/5/chat', 'public', 'chat'],
    ['/members/5', 'optional', 'default'],
    ['/likes/m/5', 'optional', 'default'],
    ['/members/5/signup', 'public', 'lander'],
    ['/members/5/landing', 'public', 'lander'],
    ['/members/5/landing2/a-slug', 'public', 'empty'],
    ['/members/5/landing3/a-slug', 'public', 'empty'],
    ['/premium', 'public', 'default'],
    ['/profile', 'required', 'default'],
    ['/likes/received', 'required', 'default'],
    ['/match-finder', 'public', 'empty'],
    ['/credits/3', 'required', 'default'],
    ['/credits/3/ideal', 'required', 'default'],
    ['/signup-matches', 'public', 'empty'],
    ['/account-deleted', 'optional', 'default'],
    ['/reset-password/do', 'optional', 'default'],
    ['/transactions/99', 'public', 'default'],
    ['/backoffice', 'operator', 'backoffice'],
    ['/backoffice/login', 'operator', 'backoffice'],
    ['/backoffice/moderation', 'operator', 'backoffice'],
    ['/backoffice/sessions', 'operator', 'backoffice'],
  ])('%s is %s with the %s layout', (path, auth, layout) => {
    const def = owner(path);
    expect(def).toBeDefined();
    expect(def!.auth).toBe(auth);
    expect(def!.layout).toBe(layout);
  });

  it('has a lander route for every lander kind', () => {
    for (const kind of LANDER_KINDS) expect(owner(`/landers/${kind}/spring`)?.name).toBe('landers-kind-slug');
  });

  it('drops the routes of a feature whose flag is off', () => {
    const names = enabledRoutes({ ...allOn, chat: false, notifications: false }).map((r) => r.name);
    expect(names).not.toContain('chats');
    expect(names).not.toContain('chats-chatId');
    expect(names).not.toContain('notifications');
    expect(names).toContain('members');
    expect(enabledRoutes(allOn)).toHaveLength(ROUTES.length);
  });
});
