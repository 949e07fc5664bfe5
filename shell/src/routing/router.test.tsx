import { act, render, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createStore, loggingOutAtom, pageTitleAtom, userAtom, type ApiClient, type User } from '@dating/shared';
import { ShellWrapper, testShell } from '../testing/testShell';
import { createSession } from '../session/session';
import { buildRoutes, rootClasses } from './router';

// No remote loads in these tests: the content area stays in its loading state.
jest.mock('../federation/remotes', () => ({ loadExposed: () => new Promise(() => {}) }));

const flags = {
  templateName: 't', navigation: true, ui: true, signup: true, profileSearch: true, profileSearchProfile: true,
  memberDetails: true, chat: true, myProfile: true, notifications: true, footer: true, devPanelOpen: false,
};
const member = { email: 'a@b.c', profile: { id: 1, name: 'A' } } as unknown as User;

function setup(user: User | null) {
  const store = createStore();
  const getUser = jest.fn().mockResolvedValue({ user });
  // Everything the session calls once a member is in (chats and likes follow 1 s after login).
  const api = {
    getUser,
    chats: jest.fn().mockResolvedValue({ chats: [] }),
    likes: jest.fn().mockResolvedValue({ profiles: [], liked_by: [] }),
    eventsUrl: () => '/api/events.php',
  };
  const session = createSession(api as unknown as ApiClient, store, { openEvents: () => null });
  return { store, getUser, session };
}

async function settle(router: ReturnType<typeof createMemoryRouter>) {
  for (let i = 0; i < 20 && router.state.navigation.state !== 'idle'; i++) await new Promise((r) => setTimeout(r, 5));
  await new Promise((r) => setTimeout(r, 5));
}

describe('routing rules', () => {
  it('a required route fetches the user first and sends a visitor to /login', async () => {
    const { getUser, session } = setup(null);
    const router = createMemoryRouter(buildRoutes(flags, session), { initialEntries: ['/likes'] });
    await settle(router);
    expect(getUser).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?next=%2Flikes');
  });

  it('a required route lets a member in', async () => {
    const { session } = setup(member);
    const router = createMemoryRouter(buildRoutes(flags, session), { initialEntries: ['/likes'] });
    await settle(router);
    expect(router.state.location.pathname).toBe('/likes');
  });

  it('a public route does not wait for the user', async () => {
    const { getUser, session, store } = setup(null);
    store.set(userAtom, undefined);
    const router = createMemoryRouter(buildRoutes(flags, session), { initialEntries: ['/premium'] });
    await settle(router);
    expect(router.state.location.pathname).toBe('/premium');
    expect(getUser).not.toHaveBeenCalled();
  });

  it('developer pages redirect to /', async () => {
    const { session } = setup(null);
    const router = createMemoryRouter(buildRoutes(flags, session), { initialEntries: ['/_dev/top-nav'] });
    await settle(router);
    expect(router.state.location.pathname).toBe('/');
  });

  it('an unknown path matches the not-found route', async () => {
    const { session } = setup(null);
    const router = createMemoryRouter(buildRoutes(flags, session), { initialEntries: ['/nope/nothing'] });
    await settle(router);
    const leaf = router.state.matches[router.state.matches.length - 1];
    expect(leaf.route.handle).toEqual({ notFound: true });
  });

  it('a route whose feature flag is off is not found', async () => {
    const { session } = setup(member);
    const router = createMemoryRouter(buildRoutes({ ...flags, chat: false }, session), { initialEntries: ['/chats'] });
    await settle(router);
    const leaf = router.state.matches[router.state.matches.length - 1];
    expect(leaf.route.handle).toEqual({ notFound: true });
  });

  it('names the page, the index route and the login state on the root element', () => {
    expect(rootClasses('index', false)).toBe('page-index is-index logged-out');
    expect(rootClasses('members-memberId', true)).toBe('page-members-memberId logged-in');
    expect(rootClasses(null, false)).toBe('page-not-found logged-out');
  });
});

describe('a session that ends while a member is on a page that needs login', () => {
  it('sends them to login and back afterwards; their own logout does not', async () => {
    const shell = testShell();
    shell.store.set(userAtom, member);
    const router = createMemoryRouter(buildRoutes(flags, shell.session), { initialEntries: ['/likes'] });
    render(<ShellWrapper shell={shell}><RouterProvider router={router} /></ShellWrapper>);
    await act(() => settle(router));
    expect(router.state.location.pathname).toBe('/likes');

    await act(async () => shell.store.set(userAtom, null)); // e.g. a 403 from likes.php
    await act(() => settle(router));
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?next=%2Flikes');

    await act(async () => shell.store.set(userAtom, member));
    await act(() => router.navigate('/chats'));
    await act(async () => {
      shell.store.set(loggingOutAtom, true);
      shell.store.set(userAtom, null);
    });
    await act(() => settle(router));
    expect(router.state.location.pathname).toBe('/chats');
  });
});

describe('the page title', () => {
  it('names each page from the route table and the site (titles loaded after start-up), a profile by the member shown', async () => {
    const shell = testShell();
    shell.store.set(userAtom, member);
    const brand = shell.settings.theme.brandName;
    const router = createMemoryRouter(buildRoutes(flags, shell.session), { initialEntries: ['/chats'] });
    render(<ShellWrapper shell={shell}><RouterProvider router={router} /></ShellWrapper>);
    await act(() => settle(router));
    await waitFor(() => expect(document.title).toBe(`Chats – ${brand}`));
    // (What the prerenderer waits for besides the settled view.)
    expect(document.documentElement).toHaveAttribute('data-page-titled');

    await act(() => router.navigate('/pages/faq'));
    await waitFor(() => expect(document.title).toBe(`Frequently asked questions – ${brand}`));

    // The profile view names its member for its own address only.
    await act(() => router.navigate('/members/42'));
    await waitFor(() => expect(document.title).toBe(`Profile – ${brand}`));
    await act(async () => shell.store.set(pageTitleAtom, { path: '/members/42', title: 'Miguel, 31' }));
    await waitFor(() => expect(document.title).toBe(`Miguel, 31 – ${brand}`));
    await act(() => router.navigate('/likes'));
    await waitFor(() => expect(document.title).toBe(`Likes – ${brand}`));

    await act(() => router.navigate('/no-such-page'));
    await waitFor(() => expect(document.title).toBe(`Page not found – ${brand}`));
  });
});
