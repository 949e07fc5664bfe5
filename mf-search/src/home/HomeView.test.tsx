import { screen, waitFor, within } from '@testing-library/react';
import { userAtom } from '@dating/shared';
import { member, mockApi, renderView, searchAnswer, siteSettings } from '../testing/renderView';

describe('index page', () => {
  it('welcomes a member back with a first page of members from their country', async () => {
    const api = mockApi();
    api.search.mockImplementation(searchAnswer(40));
    renderView('home', { api, routeName: 'index', user: member({ profile: { ...member().profile, name: 'Anna', country: 'NL' } }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Anna' })).toBeInTheDocument();
    const grid = await screen.findByRole('list', { name: 'Members you may like' });
    await waitFor(() => expect(within(grid).getAllByRole('article')).toHaveLength(12));
    expect(api.search).toHaveBeenCalledWith(expect.objectContaining({ country: 'NL', page: 1, source: 'home' }));
    expect(screen.getByRole('link', { name: 'Search all members' })).toHaveAttribute('href', '/members');
  });

  it('invites a visitor to sign up, keeping the traffic source', async () => {
    const api = mockApi();
    renderView('home', { api, routeName: 'index', user: null, query: { network: 'aff7' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Test Dating' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign up for free' })).toHaveAttribute('href', '/signup?network=aff7');
    expect(screen.getByRole('link', { name: 'I already have an account' })).toHaveAttribute('href', '/login');
    expect(api.search).not.toHaveBeenCalled();
  });

  it('shows the site’s tagline in the visitor’s language', async () => {
    const settings = siteSettings();
    settings.theme = { ...settings.theme, tagline: 'Meet someone', taglines: { nl: 'Ontmoet iemand' } };
    renderView('home', { routeName: 'index', user: null, settings, locale: 'nl' });
    expect(await screen.findByText('Ontmoet iemand')).toBeInTheDocument();
  });

  it('an invite-only site does not offer signup on its home page', async () => {
    renderView('home', { routeName: 'index', user: null, settings: siteSettings({ settings: { signups: 'other' } }) });
    expect(await screen.findByRole('link', { name: 'I already have an account' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign up for free' })).toBeNull();
  });

  it('asks the API who is there when the shell does not know yet, and shares the answer', async () => {
    const api = mockApi();
    api.getUser.mockResolvedValue({ user: null });
    const { store } = renderView('home', { api, routeName: 'index' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Test Dating' })).toBeInTheDocument();
    expect(api.getUser).toHaveBeenCalledTimes(1);
    expect(store.get(userAtom)).toBeNull();
  });
});
