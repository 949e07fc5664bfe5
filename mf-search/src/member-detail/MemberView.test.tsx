import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, likesAtom, newLikesCountAtom } from '@dating/shared';
import { member, mockApi, profile, renderView, siteSettings } from '../testing/renderView';

const SANNE = profile({
  id: 42,
  name: 'Sanne',
  age: 34,
  city: 'Utrecht',
  country: 'NL',
  countryregion: 'Utrecht',
  main_image: { thumb_filename: 'sanne_t.jpg' },
  images: [
    { id: 1, thumb_filename: 'sanne_t.jpg' },
    { id: 2, thumb_filename: 'sanne_beach_t.jpg' },
  ],
  personal: 'Fietsen, festivals en zondagochtend pannenkoeken.',
});
const SETTINGS = siteSettings({
  settings: { cdn_prefix: '/api/images/', visible_profile_fields: ['gender', 'age', 'city', 'country'], visible_profile_notes: true },
});

function open(options: { routeName?: 'members-memberId' | 'likes-m-memberId'; user?: ReturnType<typeof member> | null; likeNew?: boolean; settings?: typeof SETTINGS } = {}) {
  const api = mockApi();
  api.profile.mockResolvedValue({ profile: SANNE });
  api.likes.mockResolvedValue({
    profiles: [],
    liked_by: [
      { ...SANNE, like_new: options.likeNew ?? true },
      { ...profile({ id: 43, name: 'Lotte' }), like_new: true },
    ],
  });
  api.markLikeSeen.mockResolvedValue({ liked: true });
  return renderView('member', {
    api,
    routeName: options.routeName ?? 'members-memberId',
    params: { memberId: '42' },
    user: 'user' in options ? options.user : member(),
    settings: options.settings ?? SETTINGS,
  });
}

describe('member detail', () => {
  it('a Premium-only photo is blurred for a viewer without Premium; opening it offers Premium', async () => {
    const api = mockApi();
    api.profile.mockResolvedValue({
      profile: { ...SANNE, images: [...SANNE.images, { id: 3, thumb_filename: '', premium_only: true }] },
    });
    api.likes.mockResolvedValue({ profiles: [], liked_by: [] });
    const { services, navigate } = renderView('member', { api, routeName: 'members-memberId', params: { memberId: '42' }, user: member(), settings: SETTINGS });
    const locked = await screen.findByRole('button', { name: 'Premium photo 3 of Sanne' });
    expect(screen.getAllByRole('img')).toHaveLength(2); // the locked photo has no image to load
    services.modal.open.mockResolvedValueOnce('premium');
    await userEvent.click(locked);
    expect(services.modal.open).toHaveBeenCalledWith(expect.objectContaining({ title: 'A Premium photo', body: expect.stringContaining('Sanne shares this photo with Premium members only') }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith({ name: 'premium' }), { timeout: 3000 });
  });

  it('shows photos, the profile fields the site shows, and the notes', async () => {
    const { api } = open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sanne, 34' })).toBeInTheDocument();
    expect(api.profile).toHaveBeenCalledWith(42);
    expect(screen.getByRole('img', { name: 'Photo of Sanne' })).toHaveAttribute('src', '/api/images/sanne_t.jpg');
    expect(screen.getByRole('img', { name: 'Photo 2 of Sanne' })).toHaveAttribute('src', '/api/images/sanne_beach_t.jpg');
    expect(screen.getByText('Gender').nextSibling).toHaveTextContent('Woman');
    expect(screen.getByText('Country').nextSibling).toHaveTextContent('Netherlands');
    expect(screen.queryByText('Region')).not.toBeInTheDocument();
    expect(screen.getByText('Fietsen, festivals en zondagochtend pannenkoeken.')).toBeInTheDocument();
  });

  it('hides the notes when the site does not show them', async () => {
    open({ settings: siteSettings({ settings: { visible_profile_notes: false, visible_profile_fields: [] } }) });
    await screen.findByRole('heading', { level: 1, name: 'Sanne, 34' });
    expect(screen.queryByText(/pannenkoeken/)).not.toBeInTheDocument();
  });

  it('lets a member like and start a chat', async () => {
    const { api, navigate } = open();
    api.like.mockResolvedValue({ liked: true });
    api.startChat.mockResolvedValue({ id: 9 });
    await userEvent.click(await screen.findByRole('button', { name: 'Like Sanne' }));
    expect(screen.getByRole('button', { name: 'Unlike Sanne' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Start a conversation with Sanne' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith({ name: 'chats-chatId', params: { chatId: 9 } }));
  });

  it('asks a visitor to sign up or log in instead of offering like and chat', async () => {
    open({ user: null });
    await screen.findByRole('heading', { level: 1, name: 'Sanne, 34' });
    expect(screen.queryByRole('button', { name: /Like/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign up for free' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'log in' })).toHaveAttribute('href', '/login');
  });

  it('says so when the member does not exist', async () => {
    const api = mockApi();
    api.profile.mockRejectedValue(new ApiError(404, 'Not found', 'not_found'));
    renderView('member', { api, routeName: 'members-memberId', params: { memberId: '999' }, user: member() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile not found' })).toBeInTheDocument();
  });

  it('offers Retry when the profile could not be loaded', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    const api = mockApi();
    api.profile.mockRejectedValueOnce(new ApiError(0, 'offline', 'network')).mockResolvedValue({ profile: SANNE });
    renderView('member', { api, routeName: 'members-memberId', params: { memberId: '42' }, user: member() });
    expect(await screen.findByRole('alert')).toHaveTextContent('This profile could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sanne, 34' })).toBeInTheDocument();
    error.mockRestore();
  });
});

describe('opening a like’s profile', () => {
  it('from the likes page clears the like’s "new" mark', async () => {
    const { api, store } = open({ routeName: 'likes-m-memberId', likeNew: true });
    await waitFor(() => expect(api.markLikeSeen).toHaveBeenCalledWith(42));
    await waitFor(() => expect(store.get(likesAtom)?.liked_by.find((p) => p.id === 42)?.like_new).toBe(false));
    expect(store.get(newLikesCountAtom)).toBe(1);
    expect(screen.getByRole('link', { name: 'Back to likes' })).toHaveAttribute('href', '/likes');
  });

  it('does not mark a like that is no longer new', async () => {
    const { api } = open({ routeName: 'likes-m-memberId', likeNew: false });
    await screen.findByRole('heading', { level: 1, name: 'Sanne, 34' });
    await waitFor(() => expect(api.likes).toHaveBeenCalled());
    expect(api.markLikeSeen).not.toHaveBeenCalled();
  });

  it('from search leaves the like new', async () => {
    const { api } = open({ routeName: 'members-memberId', likeNew: true });
    await screen.findByRole('heading', { level: 1, name: 'Sanne, 34' });
    expect(api.likes).not.toHaveBeenCalled();
    expect(api.markLikeSeen).not.toHaveBeenCalled();
  });
});
