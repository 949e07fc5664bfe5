import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@dating/shared';
import { member, mockApi, profile, renderView, searchAnswer, siteSettings } from '../testing/renderView';

// Cards are exercised where members meet them: in the search results.
function renderCards(
  profiles: ReturnType<typeof profile>[],
  options: { user?: ReturnType<typeof member> | null; settings?: ReturnType<typeof siteSettings>; locale?: 'en' | 'nl'; query?: Record<string, string> } = {},
) {
  const api = mockApi();
  api.search.mockImplementation(async (q) => ({
    ...(await searchAnswer(0)(q)),
    profiles,
    paging: { num_results: profiles.length, page: 1, page_size: 12 },
  }));
  const view = renderView('members', {
    api,
    routeName: 'members',
    user: 'user' in options ? options.user : member(),
    settings: options.settings ?? siteSettings({ settings: { search_fields: ['gender'] } }),
    locale: options.locale ?? 'en',
    query: options.query ?? {},
  });
  return view;
}

const card = async (name: RegExp | string) => screen.findByRole('article', { name });

describe('profile card', () => {
  it('shows name, age, city and country, in the member’s language', async () => {
    renderCards([profile({ name: 'Lotte', age: 28, city: 'Antwerpen', country: 'BE', language: 'nl' })], { locale: 'nl' });
    const c = await card('Lotte, 28');
    expect(within(c).getByText('Antwerpen, België')).toBeInTheDocument();
  });

  it("a visitor's traffic source goes along to the profile (velvet lets only visitors with one look)", async () => {
    renderCards([profile({ id: 42, name: 'Lotte', age: 28 })], {
      user: null,
      query: { network: 'aff1' },
      settings: siteSettings({ settings: { search_fields: ['gender'], logged_out_search: false, logged_out_search_trafficsource: true } }),
    });
    const c = await card('Lotte, 28');
    expect(within(c).getByRole('link', { name: 'View profile of Lotte' })).toHaveAttribute('href', '/members-memberId/42?network=aff1') // the test kit's href: route name, then params;
  });

  it('shows the thumbnail under the site’s CDN prefix, or a placeholder without a photo', async () => {
    renderCards(
      [
        profile({ id: 1, name: 'Sanne', main_image: { thumb_filename: 'sanne_t.jpg' } }),
        profile({ id: 2, name: 'Jeroen', main_image: null }),
      ],
      { settings: siteSettings({ settings: { cdn_prefix: '/api/images/', search_fields: [] } }) },
    );
    expect(within(await card(/Sanne/)).getByRole('img', { name: 'Photo of Sanne' })).toHaveAttribute('src', '/api/images/sanne_t.jpg');
    expect(within(await card(/Jeroen/)).getByRole('img', { name: 'No photo of Jeroen' })).toBeInTheDocument();
  });

  it('marks a profile the site runs on every site: fictional_icon only chooses an icon beside the words', async () => {
    const mia = profile({ name: 'Mia', fictional: true });
    const { unmount } = renderCards([mia, profile({ id: 2, name: 'Sanne' })], { settings: siteSettings({ settings: { fictional_icon: true } }) });
    const withIcon = within(await card(/Mia/)).getByText('Run by the site');
    expect(withIcon).toHaveAttribute('data-site-run-mark', 'icon');
    expect(within(await card(/Sanne/)).queryByText('Run by the site')).not.toBeInTheDocument();
    unmount();
    renderCards([mia], { settings: siteSettings({ settings: { fictional_icon: false } }) });
    expect(within(await card(/Mia/)).getByText('Run by the site')).toHaveAttribute('data-site-run-mark', 'words');
  });

  it('gives profiles from Belgium, Canada and Switzerland a language badge', async () => {
    renderCards([
      profile({ id: 1, name: 'Sophie', country: 'CA', language: 'fr' }),
      profile({ id: 2, name: 'Sanne', country: 'NL', language: 'nl' }),
    ]);
    expect(within(await card(/Sophie/)).getByText('Speaks French')).toBeInTheDocument();
    expect(within(await card(/Sanne/)).queryByText(/Speaks/)).not.toBeInTheDocument();
  });

  it('likes and unlikes, showing the state at once', async () => {
    const { api } = renderCards([profile({ id: 5, name: 'Sanne', liked: false })]);
    api.like.mockResolvedValue({ liked: true, match: false });
    api.unlike.mockResolvedValue({ liked: false });
    const c = await card(/Sanne/);
    await userEvent.click(within(c).getByRole('button', { name: 'Like Sanne' }));
    expect(within(c).getByRole('button', { name: 'Unlike Sanne' })).toHaveAttribute('aria-pressed', 'true');
    expect(api.like).toHaveBeenCalledWith(5);
    await userEvent.click(within(c).getByRole('button', { name: 'Unlike Sanne' }));
    await waitFor(() => expect(within(c).getByRole('button', { name: 'Like Sanne' })).toHaveAttribute('aria-pressed', 'false'));
    expect(api.unlike).toHaveBeenCalledWith(5);
  });

  it('celebrates a like that makes a match, with both photos, and opens the chat on "Send a message"', async () => {
    const { api, services, navigate } = renderCards([profile({ id: 5, name: 'Sanne', liked: false, main_image: { thumb_filename: 'sanne_t.jpg' } })], {
      settings: siteSettings({ settings: { cdn_prefix: '/api/images/', search_fields: [] } }),
    });
    api.like.mockResolvedValue({ liked: true, match: true });
    services.modal.open.mockResolvedValue('message');
    await userEvent.click(within(await card(/Sanne/)).getByRole('button', { name: 'Like Sanne' }));
    await waitFor(() => expect(services.modal.open).toHaveBeenCalledTimes(1));
    const dialog = services.modal.open.mock.calls[0][0];
    expect(dialog.title).toBe('It’s a match!');
    expect(dialog.body[0].photos[1]).toEqual({ src: '/api/images/sanne_t.jpg', alt: 'Photo of Sanne', initial: 'S' });
    expect(dialog.body[1].text).toBe('You and Sanne like each other.');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith({ name: 'members-memberId-chat', params: { memberId: 5 } }));
  });

  it('a like without a match is not celebrated; "Keep browsing" stays on the page', async () => {
    const { api, services, navigate } = renderCards([profile({ id: 5, name: 'Sanne', liked: false }), profile({ id: 6, name: 'Eva', liked: false })]);
    api.like.mockResolvedValueOnce({ liked: true, match: false }).mockResolvedValueOnce({ liked: true, match: true });
    services.modal.open.mockResolvedValue('browse');
    await userEvent.click(within(await card(/Sanne/)).getByRole('button', { name: 'Like Sanne' }));
    await waitFor(() => expect(api.like).toHaveBeenCalledWith(5));
    await userEvent.click(within(await card(/Eva/)).getByRole('button', { name: 'Like Eva' }));
    await waitFor(() => expect(services.modal.open).toHaveBeenCalledTimes(1));
    expect(services.modal.open.mock.calls[0][0].body[1].text).toBe('You and Eva like each other.');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('puts the like back and says so when it could not be saved', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    const { api, toast } = renderCards([profile({ id: 5, name: 'Sanne', liked: false })]);
    api.like.mockRejectedValue(new ApiError(500, 'Server error'));
    const c = await card(/Sanne/);
    await userEvent.click(within(c).getByRole('button', { name: 'Like Sanne' }));
    await waitFor(() => expect(within(c).getByRole('button', { name: 'Like Sanne' })).toHaveAttribute('aria-pressed', 'false'));
    expect(toast).toHaveBeenCalledWith({
      variant: 'danger',
      title: 'Error',
      message: 'Your like could not be saved. Please try again.',
    });
    error.mockRestore();
  });

  it('starts a conversation and opens it', async () => {
    const { api, navigate } = renderCards([profile({ id: 5, name: 'Sanne' })]);
    api.startChat.mockResolvedValue({ id: 77 });
    await userEvent.click(within(await card(/Sanne/)).getByRole('button', { name: 'Chat with Sanne' }));
    expect(api.startChat).toHaveBeenCalledWith(5);
    await waitFor(() => expect(navigate).toHaveBeenCalledWith({ name: 'chats-chatId', params: { chatId: 77 } }));
  });

  it('before a first message opens the member\'s chat page (nothing is created by looking)', async () => {
    const { api, navigate } = renderCards([profile({ id: 5, name: 'Sanne' })]);
    api.startChat.mockResolvedValue({ id: null });
    await userEvent.click(within(await card(/Sanne/)).getByRole('button', { name: 'Chat with Sanne' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith({ name: 'members-memberId-chat', params: { memberId: 5 } }));
  });

  it('shows the danger toast of spec §8 when a chat cannot be started, in the member’s language', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    const { api, toast, navigate } = renderCards([profile({ id: 5, name: 'Sanne' })], { locale: 'nl' });
    api.startChat.mockRejectedValue(new ApiError(403, 'Forbidden'));
    await userEvent.click(within(await card(/Sanne/)).getByRole('button', { name: 'Chatten met Sanne' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        variant: 'danger',
        title: 'Fout',
        message: 'Kan het gesprek niet starten. Probeer het later opnieuw of neem contact op met de klantenservice.',
      }),
    );
    expect(navigate).not.toHaveBeenCalledWith(expect.objectContaining({ name: 'chats-chatId' }));
    error.mockRestore();
  });

  it('in English the chat failure reads exactly as spec §8 says', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    const { api, toast } = renderCards([profile({ id: 5, name: 'Sanne' })]);
    api.startChat.mockRejectedValue(new ApiError(0, 'Network error', 'network'));
    await userEvent.click(within(await card(/Sanne/)).getByRole('button', { name: 'Chat with Sanne' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        variant: 'danger',
        title: 'Error',
        message: 'Cannot start chat, try again later or contact customer support',
      }),
    );
    error.mockRestore();
  });
});
