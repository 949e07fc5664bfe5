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

  it('shows a visitor faces of the site’s members: photo in WebP with srcset, first name and age, space reserved', async () => {
    const api = mockApi();
    api.homeFaces.mockResolvedValue({
      members: [
        { id: 7, name: 'Anna', age: 31, fictional: false, main_image: { thumb_filename: 'a_t.jpg', large: { filename: 'a.jpg', width: 900, height: 600 }, formats: ['webp'] } },
        { id: 8, name: 'Eva', age: 27, fictional: true, main_image: { thumb_filename: 'e_t.jpg' } },
      ],
    });
    renderView('home', { api, routeName: 'index', user: null });
    const faces = await screen.findByRole('list', { name: 'Some of our members' });
    const items = within(faces).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([expect.stringMatching(/^Anna, 31/), expect.stringMatching(/^Eva, 27/)]);
    const anna = within(items[0]!).getByRole('img', { name: 'Photo of Anna' });
    expect(anna).toHaveAttribute('width', '320');
    expect(anna).toHaveAttribute('srcset', expect.stringContaining('a.jpg 600w'));
    expect(anna).toHaveStyle({ maxWidth: '600px' });
    expect(anna.parentElement!.querySelector('source[type="image/webp"]')).toHaveAttribute('srcset', expect.stringContaining('a.webp 600w'));
    // A photo stored before WebP: JPEG only, never shown above its 320 px.
    const eva = within(items[1]!).getByRole('img', { name: 'Photo of Eva' });
    expect(eva.parentElement!.querySelector('source')).toBeNull();
    expect(eva).toHaveStyle({ maxWidth: '320px' });
    // The signup stays beside them.
    expect(screen.getByRole('link', { name: 'Sign up for free' })).toBeInTheDocument();
  });

  it('a visitor’s home without faces (none to show, or the call failed) still offers signup', async () => {
    const api = mockApi();
    api.homeFaces.mockRejectedValue(new Error('down'));
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    renderView('home', { api, routeName: 'index', user: null });
    expect(await screen.findByRole('link', { name: 'Sign up for free' })).toBeInTheDocument();
    await waitFor(() => expect(error).toHaveBeenCalledWith('home faces could not be loaded', expect.any(Error)));
    expect(screen.queryByRole('list', { name: 'Some of our members' })).toBeNull();
    error.mockRestore();
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
