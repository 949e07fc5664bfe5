import { fireEvent, screen, waitFor, within } from '@testing-library/react';
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
    await screen.findByRole('heading', { level: 1, name: 'Sanne, 34' });
    await userEvent.click(screen.getByRole('button', { name: 'Next photo' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(screen.getByText('3 of 3')).toBeInTheDocument();
    const locked = screen.getByRole('button', { name: 'Premium photo 3 of Sanne' });
    // The locked photo has no image to load: only the two others are images.
    expect(screen.getAllByRole('img', { hidden: true }).filter((i) => i.tagName === 'IMG')).toHaveLength(2);
    services.modal.open.mockResolvedValueOnce('premium');
    await userEvent.click(locked);
    expect(services.modal.open).toHaveBeenCalledWith(expect.objectContaining({ title: 'A Premium photo', body: expect.stringContaining('Sanne shares this photo with Premium members only') }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith({ name: 'premium' }), { timeout: 3000 });
  });

  it('shows photos, the profile fields the site shows, and the notes', async () => {
    const { api } = open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sanne, 34' })).toBeInTheDocument();
    expect(api.profile).toHaveBeenCalledWith(42);
    expect(screen.getByRole('img', { name: 'Photo 1 of Sanne' })).toHaveAttribute('src', '/api/images/sanne_t.jpg');
    expect(screen.getByText('1 of 2')).toBeInTheDocument();
    expect(screen.getByText('Gender').nextSibling).toHaveTextContent('Woman');
    expect(screen.getByText('Country').nextSibling).toHaveTextContent('Netherlands');
    expect(screen.queryByText('Region')).not.toBeInTheDocument();
    expect(screen.getByText('Fietsen, festivals en zondagochtend pannenkoeken.')).toBeInTheDocument();
  });

  it("shows the member's \"about you\" answers the site shows, in the viewer's language and the site's order", async () => {
    const api = mockApi();
    api.profile.mockResolvedValue({
      profile: { ...SANNE, fields: { smoking: 'never', relationship: 'single', height: '170_179', eye_color: 'blue' } },
    });
    api.likes.mockResolvedValue({ profiles: [], liked_by: [] });
    renderView('member', {
      api,
      routeName: 'members-memberId',
      params: { memberId: '42' },
      user: member(),
      locale: 'nl',
      // eye_color is not among the site's fields: it is not shown even if an answer came along.
      settings: siteSettings({ settings: { visible_profile_fields: ['gender', 'relationship', 'height', 'smoking'], visible_profile_notes: true } }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Sanne, 34' });
    const facts = [...document.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    expect(facts).toEqual([
      ['Geslacht', 'Vrouw'],
      ['Relatiestatus', 'Single'],
      ['Lengte', '170–179 cm'],
      ['Roken', 'Nooit'],
    ]);
    expect(screen.queryByText('Oogkleur')).not.toBeInTheDocument();
  });

  it('leaves out a question the member skipped', async () => {
    const api = mockApi();
    api.profile.mockResolvedValue({ profile: { ...SANNE, fields: { looking_for: 'relationship' } } });
    api.likes.mockResolvedValue({ profiles: [], liked_by: [] });
    renderView('member', {
      api,
      routeName: 'members-memberId',
      params: { memberId: '42' },
      user: member(),
      settings: siteSettings({ settings: { visible_profile_fields: ['relationship', 'looking_for', 'smoking'], visible_profile_notes: true } }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Sanne, 34' });
    expect(screen.getByText('Looking for').nextSibling).toHaveTextContent('A relationship');
    expect(screen.queryByText('Relationship status')).not.toBeInTheDocument();
    expect(screen.queryByText('Smoking')).not.toBeInTheDocument();
  });

  it('offers the large version of a photo in srcset and keeps the gallery no wider than its smallest photo', async () => {
    const api = mockApi();
    api.profile.mockResolvedValue({
      profile: {
        ...SANNE,
        images: [
          { id: 1, thumb_filename: 'sanne_t.jpg', large: { filename: 'sanne.jpg', width: 1280, height: 960 } },
          { id: 2, thumb_filename: 'sanne_beach_t.jpg', large: { filename: 'sanne_beach.jpg', width: 400, height: 400 } },
        ],
      },
    });
    api.likes.mockResolvedValue({ profiles: [], liked_by: [] });
    renderView('member', { api, routeName: 'members-memberId', params: { memberId: '42' }, user: member(), settings: SETTINGS });
    const photo = await screen.findByRole('img', { name: 'Photo 1 of Sanne' });
    expect(photo).toHaveAttribute('src', '/api/images/sanne_t.jpg');
    // 1280×960 fills a 960 px square (the frame crops by cover): that is the width it offers.
    expect(photo).toHaveAttribute('srcset', '/api/images/sanne_t.jpg 320w, /api/images/sanne.jpg 960w');
    // Its space is reserved before it loads.
    expect(photo).toHaveAttribute('width', '320');
    expect(photo).toHaveAttribute('height', '320');
    // The 400 px photo would be enlarged in a wider frame: the gallery stays at 400 px.
    expect(screen.getByRole('region', { name: 'Photos of Sanne' }).style.maxWidth).toBe('min(28rem, 400px)');
  });

  it('a photo without a known large size offers only its thumbnail, never enlarged beyond 320 px', async () => {
    open();
    const photo = await screen.findByRole('img', { name: 'Photo 1 of Sanne' });
    expect(photo).not.toHaveAttribute('srcset');
    expect(screen.getByRole('region', { name: 'Photos of Sanne' }).style.maxWidth).toBe('min(28rem, 320px)');
  });

  it('opens the photos full screen in a dialog, at the large size, pages with the arrow keys and closes back to the gallery', async () => {
    const api = mockApi();
    api.profile.mockResolvedValue({
      profile: {
        ...SANNE,
        images: [
          { id: 1, thumb_filename: 'sanne_t.jpg', large: { filename: 'sanne.jpg', width: 1280, height: 960 } },
          { id: 2, thumb_filename: 'sanne_beach_t.jpg' },
        ],
      },
    });
    api.likes.mockResolvedValue({ profiles: [], liked_by: [] });
    renderView('member', { api, routeName: 'members-memberId', params: { memberId: '42' }, user: member(), settings: SETTINGS });
    await userEvent.click(await screen.findByRole('button', { name: 'Full screen' }));
    const viewer = screen.getByRole('dialog', { name: 'Photos of Sanne' });
    const big = within(viewer).getByRole('img', { name: 'Photo 1 of Sanne' });
    expect(big).toHaveAttribute('src', '/api/images/sanne.jpg');
    // Never larger than the file.
    expect(big.style.maxWidth).toBe('min(100vw - 1rem, 1280px)');
    expect(big.style.maxHeight).toBe('min(100dvh - 5.5rem, 960px)');
    fireEvent.keyDown(viewer, { key: 'ArrowRight' });
    // A photo without a known large size is shown as its thumbnail, at most 320 px.
    expect(within(viewer).getByRole('img', { name: 'Photo 2 of Sanne' })).toHaveAttribute('src', '/api/images/sanne_beach_t.jpg');
    expect(within(viewer).getByText('2 of 2')).toBeInTheDocument();
    await userEvent.click(within(viewer).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The gallery shows the photo the viewer was at.
    expect(screen.getByText('2 of 2')).toBeInTheDocument();
    // A tap on the photo itself opens it full screen too.
    await userEvent.click(screen.getByRole('img', { name: 'Photo 2 of Sanne' }));
    expect(within(screen.getByRole('dialog', { name: 'Photos of Sanne' })).getByText('2 of 2')).toBeInTheDocument();
  });

  it('pages through all photos with the buttons, the arrow keys and a swipe, saying where it is', async () => {
    const api = mockApi();
    const images = [1, 2, 3, 4, 5].map((id) => ({ id, thumb_filename: `sanne_${id}_t.jpg` }));
    api.profile.mockResolvedValue({ profile: { ...SANNE, main_image: { thumb_filename: 'sanne_3_t.jpg' }, images } });
    api.likes.mockResolvedValue({ profiles: [], liked_by: [] });
    renderView('member', { api, routeName: 'members-memberId', params: { memberId: '42' }, user: member(), settings: SETTINGS });
    const gallery = await screen.findByRole('group', { name: 'Photos of Sanne' });
    const shown = () => screen.getByRole('img', { name: /^Photo \d of Sanne$/ }).getAttribute('src');
    // The main photo comes first, then the others in the API's order.
    expect(screen.getByText('1 of 5')).toBeInTheDocument();
    expect(shown()).toBe('/api/images/sanne_3_t.jpg');
    const previous = screen.getByRole('button', { name: 'Previous photo' });
    expect(previous).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(screen.getByText('2 of 5')).toBeInTheDocument();
    expect(shown()).toBe('/api/images/sanne_1_t.jpg');
    // Keyboard: arrows, End and Home while the gallery has focus.
    gallery.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByText('3 of 5')).toBeInTheDocument();
    await userEvent.keyboard('{End}');
    expect(screen.getByText('5 of 5')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next photo' })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByText('5 of 5')).toBeInTheDocument();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByText('4 of 5')).toBeInTheDocument();
    await userEvent.keyboard('{Home}');
    expect(screen.getByText('1 of 5')).toBeInTheDocument();
    // Touch: a swipe to the left shows the next photo, to the right the previous; a small or vertical move nothing.
    const swipe = (dx: number, dy = 0) => {
      fireEvent.touchStart(gallery, { touches: [{ clientX: 200, clientY: 300 }] });
      fireEvent.touchEnd(gallery, { changedTouches: [{ clientX: 200 + dx, clientY: 300 + dy }] });
    };
    swipe(-120);
    expect(screen.getByText('2 of 5')).toBeInTheDocument();
    swipe(-20);
    swipe(-60, 200);
    expect(screen.getByText('2 of 5')).toBeInTheDocument();
    swipe(120);
    expect(screen.getByText('1 of 5')).toBeInTheDocument();
  });

  it('a member without photos shows the initial, named, and no gallery controls', async () => {
    const api = mockApi();
    api.profile.mockResolvedValue({ profile: { ...SANNE, main_image: null, images: [] } });
    api.likes.mockResolvedValue({ profiles: [], liked_by: [] });
    renderView('member', { api, routeName: 'members-memberId', params: { memberId: '42' }, user: member(), settings: SETTINGS });
    expect(await screen.findByRole('img', { name: 'No photo of Sanne' })).toHaveTextContent('S');
    expect(screen.queryByRole('button', { name: 'Next photo' })).not.toBeInTheDocument();
  });

  it('hides the notes when the site does not show them', async () => {
    open({ settings: siteSettings({ settings: { visible_profile_notes: false, visible_profile_fields: [] } }) });
    await screen.findByRole('heading', { level: 1, name: 'Sanne, 34' });
    expect(screen.queryByText(/pannenkoeken/)).not.toBeInTheDocument();
  });

  it('lets a member like and start a chat', async () => {
    const { api, navigate } = open();
    api.like.mockResolvedValue({ liked: true, match: false });
    api.startChat.mockResolvedValue({ id: 9 });
    await userEvent.click(await screen.findByRole('button', { name: 'Like Sanne' }));
    expect(screen.getByRole('button', { name: 'Unlike Sanne' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Chat with Sanne' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith({ name: 'chats-chatId', params: { chatId: 9 } }));
  });

  it('asks a visitor to sign up or log in instead of offering like and chat', async () => {
    open({ user: null });
    await screen.findByRole('heading', { level: 1, name: 'Sanne, 34' });
    expect(screen.queryByRole('button', { name: /Like/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign up for free' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'log in' })).toHaveAttribute('href', '/login');
  });

  it('a visitor who came with a traffic source opens the profile with it, and goes back to search with it', async () => {
    const api = mockApi();
    api.profile.mockResolvedValue({ profile: SANNE });
    renderView('member', { api, routeName: 'members-memberId', params: { memberId: '42' }, user: null, query: { network: 'aff1' }, settings: SETTINGS });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sanne, 34' })).toBeInTheDocument();
    // Without it, a site that lets only visitors with a traffic source look (velvet) answers 403.
    expect(api.profile).toHaveBeenCalledWith(42, { trafficsource: 'aff1' });
    expect(screen.getByRole('link', { name: 'Back to search' })).toHaveAttribute('href', '/members?network=aff1');
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
