import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, VISITOR_SEARCH_MAX_PAGE } from '@dating/shared';
import { member, mockApi, renderView, searchAnswer, siteSettings } from '../testing/renderView';

const SETTINGS = siteSettings({
  settings: {
    search_fields: ['gender', 'country', 'countryregion', 'min_age', 'max_age'],
    countries: ['NL', 'BE', 'DE', 'AT', 'FR'],
    region_data: { NL: [{ id: 101, name: 'Utrecht' }, { id: 102, name: 'Zeeland' }] },
  },
});

function setup(options: { total?: number; query?: Record<string, string>; user?: ReturnType<typeof member> | null; settings?: typeof SETTINGS } = {}) {
  const api = mockApi();
  api.search.mockImplementation(searchAnswer(options.total ?? 30));
  const view = renderView('members', {
    api,
    routeName: 'members',
    user: 'user' in options ? options.user : member(),
    query: options.query ?? {},
    settings: options.settings ?? SETTINGS,
  });
  return view;
}

const cards = () => within(screen.getByRole('list', { name: 'Search results' })).getAllByRole('article');
const lastCall = (api: ReturnType<typeof mockApi>) => api.search.mock.calls.at(-1)![0];

describe('search page: loading and paging', () => {
  it('loads the first 12 members by itself, then 12 more on "Load more", keeping the first ones', async () => {
    const { api, navigate } = setup({ total: 30, query: { network: 'aff1', sub1: 'mail-42' } });
    await waitFor(() => expect(cards()).toHaveLength(12));
    expect(api.search).toHaveBeenCalledTimes(1);
    expect(api.search.mock.calls[0][0]).toMatchObject({ page: 1, pp: 12, auto_load: true, trafficsource: 'aff1' });
    expect(screen.getByText('Showing 12 of 30 members')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(cards()).toHaveLength(24));
    expect(lastCall(api)).toMatchObject({ page: 2, manual_search: true });
    // Under the page's h1, each card's name is an h2 (headings go down one level at a time).
    expect(screen.getByRole('heading', { level: 2, name: 'Member 1000, 34' })).toBeInTheDocument();
    expect(navigate).toHaveBeenLastCalledWith(
      { name: 'members', query: { network: 'aff1', sub1: 'mail-42', page: '2' } },
      { replace: true },
    );

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(cards()).toHaveLength(30));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getByText('Showing 30 of 30 members')).toBeInTheDocument();
  });

  it('restores every page up to the one in the URL after a reload', async () => {
    const { api } = setup({ total: 100, query: { page: '3', gender: 'male' } });
    await waitFor(() => expect(cards()).toHaveLength(36));
    expect(api.search.mock.calls.map((c) => [c[0].page, c[0].gender])).toEqual([
      [1, 'male'],
      [2, 'male'],
      [3, 'male'],
    ]);
    expect(screen.getByRole('combobox', { name: 'Looking for' })).toHaveValue('male');
  });

  it('starts again from page 1 when a filter changes, sending the age range of the bucket', async () => {
    const { api, navigate } = setup({ total: 40 });
    await waitFor(() => expect(cards()).toHaveLength(12));
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(cards()).toHaveLength(24));

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Age' }), '26–35');
    await waitFor(() => expect(lastCall(api)).toMatchObject({ page: 1, min_age: 26, max_age: 35, manual_search: true }));
    await waitFor(() => expect(cards()).toHaveLength(12));
    expect(navigate).toHaveBeenLastCalledWith({ name: 'members', query: { age: '26-35', page: '1' } }, { replace: true });

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Looking for' }), 'Women');
    await waitFor(() => expect(lastCall(api)).toMatchObject({ page: 1, gender: 'female', min_age: 26, max_age: 35 }));
  });

  it('orders near you first by default; newest or online now first on request, and online now only as a filter, kept in the URL', async () => {
    const { api, navigate } = setup({ total: 40 });
    await waitFor(() => expect(cards()).toHaveLength(12));
    const order = screen.getByRole('combobox', { name: 'Order' });
    expect(order).toHaveDisplayValue('Near you first');
    expect(api.search.mock.calls[0][0]).not.toHaveProperty('sort', expect.anything());

    await userEvent.selectOptions(order, 'Newest members');
    await waitFor(() => expect(lastCall(api)).toMatchObject({ page: 1, sort: 'newest' }));
    expect(navigate).toHaveBeenLastCalledWith({ name: 'members', query: { sort: 'newest', page: '1' } }, { replace: true });
    await userEvent.selectOptions(order, 'Online now first');
    await waitFor(() => expect(lastCall(api)).toMatchObject({ page: 1, sort: 'online' }));

    await userEvent.click(screen.getByRole('checkbox', { name: 'Online now only' }));
    await waitFor(() => expect(lastCall(api)).toMatchObject({ page: 1, online: true, sort: 'online' }));
    expect(navigate).toHaveBeenLastCalledWith({ name: 'members', query: { online: '1', sort: 'online', page: '1' } }, { replace: true });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Online now only' }));
    await waitFor(() => expect(lastCall(api).online).toBeUndefined());
  });

  it('restores the order and the online filter from the URL', async () => {
    const { api } = setup({ total: 5, query: { sort: 'newest', online: '1' } });
    await waitFor(() => expect(cards()).toHaveLength(5));
    expect(api.search.mock.calls[0][0]).toMatchObject({ sort: 'newest', online: true });
    expect(screen.getByRole('combobox', { name: 'Order' })).toHaveDisplayValue('Newest members');
    expect(screen.getByRole('checkbox', { name: 'Online now only' })).toBeChecked();
  });

  it('offers the regions of the chosen country, and forgets the region when the country changes', async () => {
    const { api } = setup();
    await waitFor(() => expect(cards()).toHaveLength(12));
    expect(screen.queryByRole('combobox', { name: 'Region' })).not.toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'Netherlands');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Region' }), 'Zeeland');
    await waitFor(() => expect(lastCall(api)).toMatchObject({ country: 'NL', countryregion: 'Zeeland' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'Germany');
    await waitFor(() => expect(lastCall(api)).toMatchObject({ country: 'DE', countryregion: undefined }));
    expect(screen.queryByRole('combobox', { name: 'Region' })).not.toBeInTheDocument();
  });

  it('offers the member’s country and its neighbour together, first', async () => {
    setup({ user: member() });
    const country = await screen.findByRole('combobox', { name: 'Country' });
    const nearby = within(country).getByRole('group', { name: 'Near you' });
    expect(within(nearby).getAllByRole('option').map((o) => o.textContent)).toEqual(['Netherlands', 'Belgium']);
    const other = within(country).getByRole('group', { name: 'Other countries' });
    expect(within(other).getAllByRole('option').map((o) => o.textContent)).toEqual(['Austria', 'France', 'Germany']);
  });

  it('shows only the filters the site offers', async () => {
    setup({ settings: siteSettings({ settings: { ...SETTINGS.settings, search_fields: ['gender', 'min_age', 'max_age'] } }) });
    expect(await screen.findByRole('combobox', { name: 'Looking for' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Age' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Country' })).not.toBeInTheDocument();
  });

  it('offers a similar search 5 years wider on each side once every result is shown', async () => {
    const { api, navigate } = setup({ total: 5, query: { age: '26-35' } });
    await waitFor(() => expect(cards()).toHaveLength(5));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    api.search.mockImplementation(searchAnswer(20, 5000));
    await userEvent.click(screen.getByRole('button', { name: 'Show similar members aged 21–40' }));
    const similar = await screen.findByRole('list', { name: 'Similar members' });
    await waitFor(() => expect(within(similar).getAllByRole('article')).toHaveLength(12));
    expect(lastCall(api)).toMatchObject({ page: 1, min_age: 21, max_age: 40 });
    expect(navigate).toHaveBeenLastCalledWith({ name: 'members', query: { age: '26-35', page: '1', similarpage: '1' } }, { replace: true });
    await userEvent.click(screen.getByRole('button', { name: 'More similar members' }));
    await waitFor(() => expect(within(similar).getAllByRole('article')).toHaveLength(20));
    expect(lastCall(api)).toMatchObject({ page: 2, min_age: 21, max_age: 40 });
  });

  it('restores the similar pages the URL names too, after every result', async () => {
    const api = mockApi();
    const normal = searchAnswer(5);
    const wider = searchAnswer(30, 5000);
    api.search.mockImplementation((q) => (q.min_age === 21 ? wider(q) : normal(q)));
    renderView('members', { api, routeName: 'members', user: member(), query: { age: '26-35', similarpage: '2' }, settings: SETTINGS });
    const similar = await screen.findByRole('list', { name: 'Similar members' });
    await waitFor(() => expect(within(similar).getAllByRole('article')).toHaveLength(24));
    expect(cards()).toHaveLength(5);
    expect(api.search.mock.calls.map((c) => [c[0].page, c[0].min_age])).toEqual([
      [1, 26],
      [1, 21],
      [2, 21],
    ]);
    expect(screen.getByRole('button', { name: 'More similar members' })).toBeInTheDocument();
  });

  it('says so when nobody matches', async () => {
    setup({ total: 0 });
    expect(await screen.findByText(/No members match these filters/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('logs a failed search and offers Retry, which loads the page', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    const api = mockApi();
    api.search.mockRejectedValueOnce(new Error('down')).mockImplementation(searchAnswer(30));
    renderView('members', { api, routeName: 'members', user: member(), settings: SETTINGS });
    expect(await screen.findByRole('alert')).toHaveTextContent('Members could not be loaded.');
    expect(error).toHaveBeenCalledWith('search failed', expect.any(Error));
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(cards()).toHaveLength(12));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    error.mockRestore();
  });

  it('keeps the shown results when loading more fails, and retries that page', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    const { api } = setup({ total: 30 });
    await waitFor(() => expect(cards()).toHaveLength(12));
    api.search.mockRejectedValueOnce(new Error('down'));
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Members could not be loaded.');
    expect(cards()).toHaveLength(12);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(cards()).toHaveLength(24));
    expect(lastCall(api)).toMatchObject({ page: 2 });
    error.mockRestore();
  });
});

describe('search page: webcam tiles', () => {
  const cams = {
    a: { account: 'cam-anna', name: 'Anna', age: 29, thumb: 'https://cams.example/anna.jpg', online: true },
    b: { account: 'cam-bea', name: 'Bea', age: 33, thumb: 'https://cams.example/bea.jpg', online: false },
    c: { account: 'cam-cleo', name: 'Cleo', age: 41, thumb: 'https://cams.example/cleo.jpg', online: true },
  };
  const resell = siteSettings({ settings: { ...SETTINGS.settings, member_resell: ['cams'] } });
  const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString();

  function results() {
    return within(screen.getByRole('list', { name: 'Search results' }))
      .getAllByRole('listitem')
      .map((li) => (li.querySelector('[data-tile]') ? 'tile' : 'card'));
  }

  it('a free member who signed up more than 4 days ago sees tiles at positions 1 and 5, linking through xcams/redirect', async () => {
    const { api } = setup({ settings: resell, user: member({ paid_user: false, signup_date: daysAgo(5) }) });
    api.xcams.mockResolvedValue({ cams });
    api.xcamsRedirectUrl.mockImplementation((account: string) => `/api/xcams/redirect.php?account=${account}`);
    await waitFor(() => expect(results()).toHaveLength(14));
    expect(results().slice(0, 7)).toEqual(['card', 'tile', 'card', 'card', 'card', 'tile', 'card']);
    // Every word the tile shows is in its name, in order (WCAG 2.5.3).
    const tile = screen.getByRole('link', { name: 'Live webcam: Anna, 29, Online now (opens in a new tab)' });
    expect(tile).toHaveAttribute('href', '/api/xcams/redirect.php?account=cam-anna');
    expect(tile).toHaveAttribute('target', '_blank');
    expect(tile).toHaveAttribute('rel', 'noopener');
  });

  it('a paid member sees no tiles', async () => {
    const { api } = setup({ settings: resell, user: member({ paid_user: true, signup_date: daysAgo(30) }) });
    await waitFor(() => expect(cards()).toHaveLength(12));
    expect(results()).not.toContain('tile');
    expect(api.xcams).not.toHaveBeenCalled();
  });

  it('a member who signed up 3 days ago sees no tiles', async () => {
    const { api } = setup({ settings: resell, user: member({ signup_date: daysAgo(3) }) });
    await waitFor(() => expect(cards()).toHaveLength(12));
    expect(results()).not.toContain('tile');
    expect(api.xcams).not.toHaveBeenCalled();
  });

  it('no tiles on a site that does not resell cams', async () => {
    const { api } = setup({ user: member({ signup_date: daysAgo(30) }) });
    await waitFor(() => expect(cards()).toHaveLength(12));
    expect(api.xcams).not.toHaveBeenCalled();
  });
});

describe('search page: visitors', () => {
  it('sends a visitor to login when the site does not allow logged-out search', async () => {
    const { api, navigate } = setup({ user: null, query: { page: '2' } });
    await waitFor(() =>
      expect(navigate).toHaveBeenCalledWith({ name: 'login', query: { next: '/members?page=2' } }, { replace: true }),
    );
    expect(api.search).not.toHaveBeenCalled();
  });

  it('lets a visitor from a traffic source search when logged_out_search_trafficsource allows it', async () => {
    const settings = siteSettings({ settings: { ...SETTINGS.settings, logged_out_search_trafficsource: true } });
    const { navigate } = setup({ user: null, settings, query: { network: 'aff9' } });
    await waitFor(() => expect(cards()).toHaveLength(12));
    expect(navigate).not.toHaveBeenCalledWith(expect.objectContaining({ name: 'login' }), expect.anything());
  });

  it('sends a visitor to login when the site does not know their traffic source (403 login_required), without an error', async () => {
    const settings = siteSettings({ settings: { ...SETTINGS.settings, logged_out_search_trafficsource: true } });
    const api = mockApi();
    api.search.mockRejectedValue(new ApiError(403, 'Log in to search', 'login_required'));
    const { navigate } = renderView('members', { api, routeName: 'members', user: null, query: { network: 'made-up' }, settings });
    await waitFor(() =>
      expect(navigate).toHaveBeenCalledWith({ name: 'login', query: { next: '/members?network=made-up' } }, { replace: true }),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it(`after ${VISITOR_SEARCH_MAX_PAGE} pages a visitor is invited to sign up instead of "Load more"`, async () => {
    const settings = siteSettings({ settings: { ...SETTINGS.settings, logged_out_search: true } });
    const { api } = setup({ user: null, settings, total: 200, query: { network: 'affiliate' } });
    await waitFor(() => expect(cards()).toHaveLength(12));
    for (let page = 2; page <= VISITOR_SEARCH_MAX_PAGE; page++) {
      await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
      await waitFor(() => expect(cards()).toHaveLength(12 * page));
    }
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Want to see everyone?' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign up for free' })).toHaveAttribute('href', '/signup?network=affiliate');
    expect(api.search).toHaveBeenCalledTimes(VISITOR_SEARCH_MAX_PAGE);
  });

  it('a visitor who reads too fast (429) is invited to sign up, not shown an error', async () => {
    const settings = siteSettings({ settings: { ...SETTINGS.settings, logged_out_search: true } });
    const { api } = setup({ user: null, settings, total: 200 });
    await waitFor(() => expect(cards()).toHaveLength(12));
    jest.spyOn(console, 'error').mockImplementation(() => {});
    api.search.mockRejectedValue(new ApiError(429, 'Too many requests: try again in 40 s', 'rate_limited'));
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('heading', { name: 'Want to see everyone?' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(cards()).toHaveLength(12);
  });

  it('shows results without like and chat buttons to a visitor when logged_out_search allows it', async () => {
    const settings = siteSettings({ settings: { ...SETTINGS.settings, logged_out_search: true } });
    setup({ user: null, settings });
    await waitFor(() => expect(cards()).toHaveLength(12));
    const first = cards()[0];
    expect(within(first).getByRole('link', { name: 'View profile of Member 1000' })).toHaveAttribute('href', '/members-memberId/1000');
    expect(within(first).queryByRole('button', { name: /Like/ })).not.toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: /conversation/ })).not.toBeInTheDocument();
  });
});
