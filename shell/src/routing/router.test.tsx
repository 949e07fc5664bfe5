import { act, render, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate, type NavigateFunction } from 'react-router';
import { loggingOutAtom, pageTitleAtom, queryKeys, type User } from '@dating/shared';
import { ShellWrapper, testShell } from '../testing/testShell';
import { buildRoutes, Frame, matchRoute, rootClasses } from './router';

// No remote loads in these tests: a route's view is named in its place; the premium one breaks.
jest.mock('../remote/RemoteOutlet', () => ({
  RemoteOutlet: ({ routeName }: { routeName: string }) => {
    if (routeName === 'premium' && (globalThis as { breakPremium?: boolean }).breakPremium) throw new Error('broken view');
    return <p>view {routeName}</p>;
  },
}));

const flags = {
  templateName: 't', navigation: true, ui: true, signup: true, profileSearch: true, profileSearchProfile: true,
  memberDetails: true, chat: true, myProfile: true, notifications: true, footer: true, devPanelOpen: false,
};
const member = { email: 'a@b.c', profile: { id: 1, name: 'A' } } as unknown as User;

/** The shell's routed frame at `path`, with the location and navigate of the router read back. */
function open(path: string, user: User | null | undefined, routeFlags = flags) {
  const shell = testShell();
  shell.queryClient.setQueryData(queryKeys.user(), user);
  shell.mock.getUser.mockResolvedValue({ user: null });
  // What the session asks once a member is in (chats and likes follow after login).
  shell.mock.chats.mockResolvedValue({ chats: [] });
  shell.mock.likes.mockResolvedValue({ profiles: [], liked_by: [] });
  const seen: { pathname: string; search: string; navigate: NavigateFunction | null } = { pathname: '', search: '', navigate: null };
  function Probe() {
    const location = useLocation();
    seen.pathname = location.pathname;
    seen.search = location.search;
    seen.navigate = useNavigate();
    return null;
  }
  render(
    <ShellWrapper shell={shell}>
      <MemoryRouter initialEntries={[path]}>
        <Frame routes={buildRoutes(routeFlags)} session={shell.session} />
        <Probe />
      </MemoryRouter>
    </ShellWrapper>,
  );
  return { shell, seen };
}

const settle = () => act(() => new Promise((r) => setTimeout(r, 10)));

describe('routing rules', () => {
  it('a required route fetches the user first when the start did not know it, and sends a visitor to /login', async () => {
    const { shell, seen } = open('/likes', undefined);
    await settle();
    expect(shell.mock.getUser).toHaveBeenCalledTimes(1);
    expect(seen.pathname).toBe('/login');
    expect(seen.search).toBe('?next=%2Flikes');
  });

  it('a required route lets a member in', async () => {
    const { shell, seen } = open('/likes', member);
    await settle();
    expect(seen.pathname).toBe('/likes');
    expect(document.body.textContent).toContain('view likes');
    expect(shell.mock.getUser).not.toHaveBeenCalled();
  });

  it('a public route does not wait for the user', async () => {
    const { shell, seen } = open('/premium', undefined);
    await settle();
    expect(seen.pathname).toBe('/premium');
    expect(shell.mock.getUser).not.toHaveBeenCalled();
  });

  it('developer pages redirect to /', async () => {
    const { seen } = open('/_dev/top-nav', null);
    await settle();
    expect(seen.pathname).toBe('/');
  });

  it('an unknown path matches the not-found route', () => {
    expect(matchRoute(buildRoutes(flags), '/nope/nothing')?.handle).toEqual({ notFound: true });
    expect(matchRoute(buildRoutes(flags), '/members/12')?.params).toEqual({ memberId: '12' });
  });

  it('a route whose feature flag is off is not found', () => {
    expect(matchRoute(buildRoutes({ ...flags, chat: false }), '/chats')?.handle).toEqual({ notFound: true });
    expect(matchRoute(buildRoutes(flags), '/chats')?.handle).toMatchObject({ name: 'chats' });
  });

  it('names the page, the index route and the login state on the root element', () => {
    expect(rootClasses('index', false)).toBe('page-index is-index logged-out');
    expect(rootClasses('members-memberId', true)).toBe('page-members-memberId logged-in');
    expect(rootClasses(null, false)).toBe('page-not-found logged-out');
  });
});

describe('a session that ends while a member is on a page that needs login', () => {
  it('sends them to login and back afterwards; their own logout does not', async () => {
    const { shell, seen } = open('/likes', member);
    await settle();
    expect(seen.pathname).toBe('/likes');

    await act(async () => shell.queryClient.setQueryData(queryKeys.user(), null)); // e.g. a 403 from likes.php
    await settle();
    expect(seen.pathname).toBe('/login');
    expect(seen.search).toBe('?next=%2Flikes');

    await act(async () => shell.queryClient.setQueryData(queryKeys.user(), member));
    await act(async () => void seen.navigate!('/chats'));
    await act(async () => {
      shell.store.set(loggingOutAtom, true);
      shell.queryClient.setQueryData(queryKeys.user(), null);
    });
    await settle();
    expect(seen.pathname).toBe('/chats');
  });
});

describe('a route that fails to render', () => {
  it('shows the error page in the layout until the next route', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    (globalThis as { breakPremium?: boolean }).breakPremium = true;
    try {
      const { seen } = open('/premium', null);
      await settle();
      expect(document.body.textContent).toContain('Something went wrong');
      expect(document.body.textContent).not.toContain('view premium');
      // The error page's fragment for a visitor (the signup form) has its place there too.
      await waitFor(() => expect(document.querySelector('section[aria-label="Sign up for free"]')).not.toBeNull());
      await act(async () => void seen.navigate!('/pricing'));
      await settle();
      expect(document.body.textContent).toContain('view pricing');
      expect(document.body.textContent).not.toContain('Something went wrong');
    } finally {
      delete (globalThis as { breakPremium?: boolean }).breakPremium;
      error.mockRestore();
    }
  });
});

describe('the page title', () => {
  it('names each page from the route table and the site (titles loaded after start-up), a profile by the member shown', async () => {
    const { shell, seen } = open('/chats', member);
    const brand = shell.settings.theme.brandName;
    await settle();
    await waitFor(() => expect(document.title).toBe(`Chats – ${brand}`));

    await act(async () => void seen.navigate!('/pages/faq'));
    await waitFor(() => expect(document.title).toBe(`Frequently asked questions – ${brand}`));

    // The profile view names its member for its own address only.
    await act(async () => void seen.navigate!('/members/42'));
    await waitFor(() => expect(document.title).toBe(`Profile – ${brand}`));
    await act(async () => shell.store.set(pageTitleAtom, { path: '/members/42', title: 'Miguel, 31' }));
    await waitFor(() => expect(document.title).toBe(`Miguel, 31 – ${brand}`));
    await act(async () => void seen.navigate!('/likes'));
    await waitFor(() => expect(document.title).toBe(`Likes – ${brand}`));

    await act(async () => void seen.navigate!('/no-such-page'));
    await waitFor(() => expect(document.title).toBe(`Page not found – ${brand}`));
  });
});
