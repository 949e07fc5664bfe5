import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, userAtom, type User } from '@dating/shared';
import { member, renderView } from '../testing/renderView';

jest.setTimeout(30_000);

const photo = (id: number, extra: Partial<User['profile']['images'][number]> = {}) => ({
  id,
  thumb_filename: `p${id}_t.jpg`,
  large: { filename: `p${id}.jpg`, width: 800, height: 800 },
  formats: ['webp' as const],
  ...extra,
});

function withPhotos(images: User['profile']['images']): User {
  const base = member();
  return { ...base, profile: { ...base.profile, images, main_image: { thumb_filename: images[0]!.thumb_filename } } };
}

/** The answer of the API for photos in this order: the first is the main one. */
const answer = (images: User['profile']['images']) => ({ images, main_image: { thumb_filename: images[0]!.thumb_filename, large: images[0]!.large, formats: images[0]!.formats } });

const order = () => screen.findByRole('list', { name: 'Order of your photos' });
/** The photo order's own part of the page (its list, status and alert). */
const part = async () => (await order()).parentElement!;
const thumbs = async () => within(await order()).getAllByRole('img').map((img) => img.getAttribute('src'));

describe('the order of my photos', () => {
  it('moves a photo earlier and later with buttons that keep the focus, and says where it is now', async () => {
    const user = userEvent.setup();
    const [a, b, c] = [photo(1), photo(2), photo(3)];
    const { api, store } = renderView('profile', { routeName: 'profile', user: withPhotos([a, b, c]) });
    api.setPhotoOrder.mockImplementation(async (ids: number[]) => answer(ids.map((id) => [a, b, c].find((p) => p.id === id)!)));
    const list = await order();
    expect(within(list).getByText('Main photo')).toBeInTheDocument();
    // WebP for the browsers that take it, JPEG for the others.
    expect(list.querySelector('source[type="image/webp"]')).not.toBeNull();

    const later = within(list).getByRole('button', { name: 'Photo 2: move later' });
    await user.click(later);
    expect(api.setPhotoOrder).toHaveBeenCalledWith([1, 3, 2]);
    expect(await within(await part()).findByRole('status')).toHaveTextContent('Saved: this photo is now photo 3 of 3.');
    expect(await thumbs()).toEqual(['p1_t.jpg', 'p3_t.jpg', 'p2_t.jpg']);
    // The moved photo's button still has the focus: now the last one's, which goes no further.
    const moved = within(await order()).getByRole('button', { name: 'Photo 3: move later' });
    expect(moved).toHaveFocus();
    expect(moved).toHaveAttribute('aria-disabled', 'true');

    // With the keyboard: to photo 2's "move earlier", Enter: it becomes the main photo.
    within(await order()).getByRole('button', { name: 'Photo 2: move earlier' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(api.setPhotoOrder).toHaveBeenLastCalledWith([3, 1, 2]));
    expect(await within(await part()).findByRole('status')).toHaveTextContent('Saved: this photo is now your main photo.');
    expect(store.get(userAtom)?.profile.main_image?.thumb_filename).toBe('p3_t.jpg');
    expect(within(await order()).getByRole('button', { name: 'Photo 1: move earlier' })).toHaveFocus();
  });

  it('makes another photo the main one; the first place cannot be given to a Premium-only photo or one in review', async () => {
    const user = userEvent.setup();
    const [a, b, c] = [photo(1), photo(2, { premium_only: true }), photo(3)];
    const { api, store } = renderView('profile', { routeName: 'profile', user: withPhotos([a, b, c]) });
    api.setMainPhoto.mockResolvedValue(answer([c, a, b]));
    const list = await order();
    // The Premium-only photo offers no "make main photo", and cannot move to the first place.
    expect(within(list).queryByRole('button', { name: 'Photo 2: make main photo' })).not.toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Photo 2: move earlier' })).toHaveAttribute('aria-disabled', 'true');
    expect(within(list).getByRole('button', { name: 'Photo 1: move later' })).toHaveAttribute('aria-disabled', 'true');

    await user.click(within(list).getByRole('button', { name: 'Photo 3: make main photo' }));
    expect(api.setMainPhoto).toHaveBeenCalledWith(3);
    expect(await within(await part()).findByRole('status')).toHaveTextContent('Saved: this photo is now your main photo.');
    expect(store.get(userAtom)?.profile.main_image).toEqual({ thumb_filename: 'p3_t.jpg', large: c.large, formats: ['webp'] });
    expect(await thumbs()).toEqual(['p3_t.jpg', 'p1_t.jpg', 'p2_t.jpg']);
    // Focus stays with the photo, on its row's next control.
    expect(within(await order()).getByRole('button', { name: 'Photo 1: move later' })).toHaveFocus();
  });

  it('puts the order back and says so when it cannot be saved', async () => {
    const user = userEvent.setup();
    const [a, b] = [photo(1), photo(2)];
    const { api, store } = renderView('profile', { routeName: 'profile', user: withPhotos([a, b]) });
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => {});
    api.setPhotoOrder.mockRejectedValue(new ApiError(0, 'Network error', 'network'));
    const list = await order();
    await user.click(within(list).getByRole('button', { name: 'Photo 1: move later' }));
    expect(await within(await part()).findByRole('alert')).toHaveTextContent('The order of your photos could not be saved. Please try again.');
    expect(store.get(userAtom)?.profile.images.map((i) => i.id)).toEqual([1, 2]);
    expect(await thumbs()).toEqual(['p1_t.jpg', 'p2_t.jpg']);
    quiet.mockRestore();
  });

  it('is not offered with fewer than two photos', async () => {
    renderView('profile', { routeName: 'profile', user: withPhotos([photo(1)]) });
    await screen.findByRole('region', { name: 'Photo' }, { timeout: 10_000 });
    expect(screen.queryByRole('list', { name: 'Order of your photos' })).not.toBeInTheDocument();
  });
});
