import { act, screen, waitFor, within } from '@testing-library/react';
import { queryKeys, userAtom } from '@dating/shared';
import { member, mockApi, profile, renderView, searchAnswer, siteSettings } from '../testing/renderView';

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
  describe('what is new on a member’s home', () => {
    const chat = (id: number, name: string, unread: number) => ({
      conversation: { id, last_message: 'Hoi!', last_message_at: '2026-11-27T10:00:00Z' },
      profile: profile({ id: id + 500, name }),
      num_unread_messages: unread,
    });

    it('lists new likes (with photo, to the profile on the likes page) and unread conversations (to the chat), from the cache, without asking the API', async () => {
      const api = mockApi();
      api.search.mockImplementation(searchAnswer(3));
      renderView('home', {
        api,
        routeName: 'index',
        user: member(),
        likes: {
          profiles: [],
          liked_by: [
            { ...profile({ id: 41, name: 'Lotte', main_image: { thumb_filename: 'l_t.jpg' } }), like_new: true },
            { ...profile({ id: 42, name: 'Old Like' }), like_new: false },
          ],
        },
        chats: [chat(7, 'Miguel', 3), chat(8, 'Read Already', 0)],
      });
      const news = await screen.findByRole('list', { name: 'What’s new' });
      const links = within(news).getAllByRole('link');
      expect(links).toHaveLength(2);
      expect(links[0]).toHaveAccessibleName('3 new messages from Miguel');
      expect(links[0]).toHaveAttribute('href', '/chats-chatId/7');
      expect(links[1]).toHaveAccessibleName('Lotte likes you');
      expect(links[1]).toHaveAttribute('href', '/likes-m-memberId/41');
      expect(links[1]!.querySelector('img')).toHaveAttribute('src', expect.stringContaining('l_t.jpg'));
      expect(api.likes).not.toHaveBeenCalled();
      expect(api.chats).not.toHaveBeenCalled();
    });

    it('says when nothing is new, and keeps the same space while the lists are unknown', async () => {
      const { queryClient } = renderView('home', { routeName: 'index', user: member() });
      const region = await screen.findByRole('region', { name: 'What’s new' });
      expect(within(region).queryByRole('list')).toBeNull();
      expect(region.querySelector('[aria-busy="true"]')).not.toBeNull();
      act(() => {
        queryClient.setQueryData(queryKeys.likes(), { profiles: [], liked_by: [{ ...profile({ id: 9 }), like_new: false }] });
        queryClient.setQueryData(queryKeys.chats(), [chat(3, 'Tim', 0)]);
      });
      expect(await within(region).findByText('Nothing new right now: no new likes and no unread messages.')).toBeInTheDocument();
      // A like arriving live shows at once.
      act(() => queryClient.setQueryData(queryKeys.likes(), { profiles: [], liked_by: [{ ...profile({ id: 9, name: 'Noor' }), like_new: true }] }));
      expect(await within(region).findByRole('link', { name: 'Noor likes you' })).toHaveAttribute('href', '/likes-m-memberId/9');
    });

    it('is not shown to a visitor', async () => {
      renderView('home', { routeName: 'index', user: null });
      expect(await screen.findByRole('link', { name: 'Sign up for free' })).toBeInTheDocument();
      expect(screen.queryByRole('region', { name: 'What’s new' })).toBeNull();
    });
  });
});
