import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, userAtom, type User } from '@dating/shared';
import { renderRemoteView, type RenderViewOptions } from '@dating/shared/testing';
import { member, mockApi } from '../testing/renderView';
import { loadMessages } from '../messages';
import { PremiumPhotos } from './PremiumPhotos';

const render = (options: RenderViewOptions) =>
  renderRemoteView({ name: 'mf_commerce/premium-photos', views: { fragment: PremiumPhotos }, loadMessages }, 'fragment', options);

/** Anna with a main photo and two more; the third already for Premium members only. */
const anna = (): User =>
  member({
    profile: {
      ...member().profile,
      main_image: { thumb_filename: 'main_t.jpg' },
      images: [
        { id: 11, thumb_filename: 'main_t.jpg' },
        { id: 12, thumb_filename: 'beach_t.jpg' },
        { id: 13, thumb_filename: 'party_t.jpg', premium_only: true },
      ],
    },
  });

const deferred = <T,>() => {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

describe('premium-photos fragment (photo section of /profile)', () => {
  it('explains the rule and shows a switch per photo, named by what it does, with its state; the main photo has none', async () => {
    render({ user: anna() });
    expect(await screen.findByRole('heading', { name: 'Photos for Premium members' })).toBeInTheDocument();
    const second = screen.getByRole('switch', { name: 'Photo 2: Premium members only' });
    const third = screen.getByRole('switch', { name: 'Photo 3: Premium members only' });
    expect(second).not.toBeChecked();
    expect(third).toBeChecked();
    expect(second).toHaveAccessibleDescription(/shown blurred to members without Premium.*Your main photo is always seen by everyone/);
    expect(screen.queryByRole('switch', { name: /Photo 1/ })).not.toBeInTheDocument();
    expect(screen.getByText('Main photo: seen by everyone')).toBeInTheDocument();
    expect(screen.getAllByRole('img').map((i) => i.getAttribute('alt'))).toEqual(['Your photo 1', 'Your photo 2', 'Your photo 3']);
  });

  it('switches at once (optimistic), saves, and says “Saved.”; the profile’s user has the new setting', async () => {
    const api = mockApi();
    const answer = deferred<{ id: number; premium_only: boolean; thumb_filename: string }>();
    api.setPhotoPremiumOnly.mockReturnValue(answer.promise);
    const { store } = render({ api, user: anna() });
    const second = await screen.findByRole('switch', { name: 'Photo 2: Premium members only' });
    await userEvent.click(second);
    // Before the server answers: already on, in the store too, nothing said yet.
    expect(second).toBeChecked();
    expect(api.setPhotoPremiumOnly).toHaveBeenCalledWith(12, true);
    expect(store.get(userAtom)!.profile.images.find((i) => i.id === 12)!.premium_only).toBe(true);
    expect(screen.getByRole('status')).toHaveTextContent('');
    answer.resolve({ id: 12, premium_only: true, thumb_filename: 'renamed_t.jpg' });
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    // Made premium-only, the photo has a new file name: the store's user shows it by that name.
    expect(store.get(userAtom)!.profile.images.find((i) => i.id === 12)!.thumb_filename).toBe('renamed_t.jpg');
    expect(screen.getByRole('status')).toHaveTextContent('Saved.');
    expect(second).toBeChecked();
  });

  it('turns a photo back to everyone', async () => {
    const api = mockApi();
    api.setPhotoPremiumOnly.mockResolvedValue({ id: 13, premium_only: false, thumb_filename: 'party_t.jpg' });
    render({ api, user: anna() });
    const third = await screen.findByRole('switch', { name: 'Photo 3: Premium members only' });
    await userEvent.click(third);
    expect(api.setPhotoPremiumOnly).toHaveBeenCalledWith(13, false);
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(third).not.toBeChecked();
  });

  it('when saving fails, the switch goes back and a toast says so; no “Saved.”', async () => {
    const api = mockApi();
    api.setPhotoPremiumOnly.mockRejectedValue(new ApiError(500, 'boom'));
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const { toast, store } = render({ api, user: anna() });
    const second = await screen.findByRole('switch', { name: 'Photo 2: Premium members only' });
    await userEvent.click(second);
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({ variant: 'danger', message: 'Your photo setting could not be saved. Please try again.' }),
    );
    expect(second).not.toBeChecked();
    expect(store.get(userAtom)!.profile.images.find((i) => i.id === 12)!.premium_only).toBe(false);
    expect(screen.queryByText('Saved.')).not.toBeInTheDocument();
  });

  it('is reachable and usable with the keyboard (Space toggles)', async () => {
    const api = mockApi();
    api.setPhotoPremiumOnly.mockResolvedValue({ id: 12, premium_only: true, thumb_filename: 'beach_t.jpg' });
    render({ api, user: anna() });
    await screen.findByRole('switch', { name: 'Photo 2: Premium members only' });
    await userEvent.tab();
    expect(screen.getByRole('switch', { name: 'Photo 2: Premium members only' })).toHaveFocus();
    await userEvent.keyboard(' ');
    expect(api.setPhotoPremiumOnly).toHaveBeenCalledWith(12, true);
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
  });

  it('with only a main photo: says how to share photos with Premium members, no switch', async () => {
    render({ user: member({ profile: { ...member().profile, main_image: { thumb_filename: 'main_t.jpg' }, images: [{ id: 11, thumb_filename: 'main_t.jpg' }] } }) });
    expect(await screen.findByText('Upload more photos to share some of them with Premium members only.')).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });

  it('in Polish and in Dutch', async () => {
    const { unmount } = render({ user: anna(), locale: 'pl' });
    const list = await screen.findByRole('list');
    expect(within(list).getByRole('switch', { name: 'Zdjęcie 2: tylko dla użytkowników Premium' })).toBeInTheDocument();
    expect(screen.getByText('Zdjęcie główne: widoczne dla wszystkich')).toBeInTheDocument();
    unmount();
    render({ user: anna(), locale: 'nl' });
    expect(await screen.findByRole('switch', { name: 'Foto 3: alleen Premium-leden' })).toBeChecked();
  });

  it('shows nothing for a visitor (the profile page asks them to log in)', async () => {
    const { container } = render({ user: null });
    await waitFor(() => expect(container.querySelector('[role=switch]')).toBeNull());
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });
});
