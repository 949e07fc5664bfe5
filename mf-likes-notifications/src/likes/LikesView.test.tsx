import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, likesAtom, newLikesCountAtom } from '@dating/shared';
import { member, mockApi, profile, renderView } from '../testing/renderView';
import { newFirst } from './LikesView';

const LIKES = {
  profiles: [profile({ id: 1, name: 'Jeroen', liked: true }), profile({ id: 2, name: 'Lotte', liked: true, city: 'Antwerpen', country: 'BE' })],
  liked_by: [
    { ...profile({ id: 3, name: 'Max' }), like_new: false },
    { ...profile({ id: 4, name: 'Emily' }), like_new: true },
    { ...profile({ id: 5, name: 'Aoife' }), like_new: false },
    { ...profile({ id: 6, name: 'Mia' }), like_new: true },
  ],
};

function open(params: Record<string, string> = {}) {
  const api = mockApi();
  api.likes.mockResolvedValue(structuredClone(LIKES));
  const view = renderView('likes', { api, routeName: params.type ? 'likes-type' : 'likes', params, user: member() });
  return view;
}

/** The names in a list of likes (the profile links; the chat links are named "Chat with …"). */
const names = (list: HTMLElement) =>
  within(list)
    .getAllByRole('link')
    .filter((a) => !a.getAttribute('aria-label')?.startsWith('Chat with'))
    .map((a) => a.textContent);

describe('likes ordering', () => {
  it('puts new likes first and keeps the order within new and seen ones', () => {
    expect(newFirst(LIKES.liked_by).map((p) => p.name)).toEqual(['Emily', 'Mia', 'Max', 'Aoife']);
    expect(newFirst([])).toEqual([]);
  });
});

describe('likes page', () => {
  it('shows who liked me, new ones first and marked new, and whom I liked', async () => {
    const { store } = open();
    const received = await screen.findByRole('list', { name: /Liked me/ });
    expect(names(received)).toEqual(['Emily, 34', 'Mia, 34', 'Max, 34', 'Aoife, 34']);
    const items = within(received).getAllByRole('listitem');
    expect(within(items[0]).getByText('New')).toBeInTheDocument();
    expect(within(items[1]).getByText('New')).toBeInTheDocument();
    expect(within(items[2]).queryByText('New')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Liked me 2 new' })).toBeInTheDocument();
    expect(names(screen.getByRole('list', { name: 'I liked' }))).toEqual(['Jeroen, 34', 'Lotte, 34']);
    expect(screen.getByText('Antwerpen, Belgium')).toBeInTheDocument();
    expect(store.get(newLikesCountAtom)).toBe(2);
  });

  it('links each like to its profile under /likes/m/, where opening it clears "new"', async () => {
    open();
    const received = await screen.findByRole('list', { name: /Liked me/ });
    expect(within(received).getByRole('link', { name: 'Emily, 34' })).toHaveAttribute('href', '/likes-m-memberId/4');
  });

  it('/likes/received shows only the likes I received, /likes/given only mine', async () => {
    const { unmount } = open({ type: 'received' });
    expect(await screen.findByRole('list', { name: /Liked me/ })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'I liked' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Liked me' })).toHaveAttribute('aria-current', 'page');
    unmount();
    open({ type: 'given' });
    expect(await screen.findByRole('list', { name: 'I liked' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: /Liked me/ })).not.toBeInTheDocument();
  });

  it('says so for a list that does not exist', async () => {
    open({ type: 'everything' });
    expect(await screen.findByText('There is no such list of likes.')).toBeInTheDocument();
  });

  it('unlikes from the list at once', async () => {
    const { api, store } = open();
    let finish: (v: { liked: boolean }) => void = () => {};
    api.unlike.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    const given = await screen.findByRole('list', { name: 'I liked' });
    await userEvent.click(within(given).getByRole('button', { name: 'Unlike Jeroen' }));
    expect(names(given)).toEqual(['Lotte, 34']);
    expect(api.unlike).toHaveBeenCalledWith(1);
    finish({ liked: false });
    await waitFor(() => expect(store.get(likesAtom)?.profiles.map((p) => p.id)).toEqual([2]));
  });

  it('puts an unlike back where it was, with a toast, when it fails', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    const { api, toast } = open();
    api.unlike.mockRejectedValue(new ApiError(500, 'Server error'));
    const given = await screen.findByRole('list', { name: 'I liked' });
    await userEvent.click(within(given).getByRole('button', { name: 'Unlike Jeroen' }));
    await waitFor(() => expect(names(given)).toEqual(['Jeroen, 34', 'Lotte, 34']));
    expect(toast).toHaveBeenCalledWith({
      variant: 'danger',
      title: 'Error',
      message: 'Your like for Jeroen could not be removed. Please try again.',
    });
    error.mockRestore();
  });

  it('each "Liked me" row offers to like back and to chat, by name', async () => {
    open();
    const received = await screen.findByRole('list', { name: /Liked me/ });
    const emily = within(received).getAllByRole('listitem')[0]!;
    expect(within(emily).getByRole('button', { name: 'Like Emily back' })).toHaveAttribute('aria-pressed', 'false');
    expect(within(emily).getByRole('link', { name: 'Chat with Emily' })).toHaveAttribute('href', '/members-memberId-chat/4');
  });

  it('likes back at once, adds them to "I liked", and celebrates the match with the way into the chat', async () => {
    const { api, store, services, navigate } = open();
    let finish: (v: { liked: boolean; match: boolean }) => void = () => {};
    api.like.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    services.modal.open.mockResolvedValue('message');
    const received = await screen.findByRole('list', { name: /Liked me/ });
    await userEvent.click(within(received).getByRole('button', { name: 'Like Emily back' }));
    expect(api.like).toHaveBeenCalledWith(4);
    // Immediate: pressed and shown as liked while the call is under way.
    expect(within(received).getByRole('button', { name: 'Like Emily back' })).toHaveAttribute('aria-pressed', 'true');
    expect(names(screen.getByRole('list', { name: 'I liked' }))).toEqual(['Emily, 34', 'Jeroen, 34', 'Lotte, 34']);
    finish({ liked: true, match: true });
    await waitFor(() => expect(services.modal.open).toHaveBeenCalled());
    const dialog = services.modal.open.mock.calls[0][0];
    expect(dialog.title).toBe('It’s a match!');
    expect(dialog.body).toEqual([
      { type: 'photos', photos: [expect.objectContaining({ alt: 'Your photo' }), expect.objectContaining({ alt: 'Photo of Emily' })] },
      { type: 'paragraph', text: 'You and Emily like each other.' },
    ]);
    expect(dialog.actions.map((a: { label: string }) => a.label)).toEqual(['Send a message', 'Keep browsing']);
    await waitFor(() => expect(navigate).toHaveBeenCalledWith({ name: 'members-memberId-chat', params: { memberId: 4 } }));
    expect(store.get(likesAtom)?.liked_by.find((p) => p.id === 4)?.liked).toBe(true);
  });

  it('takes a like back from the "Liked me" row', async () => {
    const api = mockApi();
    api.likes.mockResolvedValue({ profiles: [profile({ id: 3, name: 'Max', liked: true })], liked_by: [{ ...profile({ id: 3, name: 'Max', liked: true }), like_new: false }] });
    api.unlike.mockResolvedValue({ liked: false });
    renderView('likes', { api, routeName: 'likes', user: member() });
    const received = await screen.findByRole('list', { name: /Liked me/ });
    const button = within(received).getByRole('button', { name: 'Like Max back' });
    expect(button).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(button);
    expect(api.unlike).toHaveBeenCalledWith(3);
    await waitFor(() => expect(within(received).getByRole('button', { name: 'Like Max back' })).toHaveAttribute('aria-pressed', 'false'));
    expect(screen.queryByRole('list', { name: 'I liked' })).not.toBeInTheDocument();
  });

  it('puts a failed like back as it was, with a toast naming the member, and celebrates nothing', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    const { api, toast, services } = open();
    api.like.mockRejectedValue(new ApiError(500, 'Server error'));
    const received = await screen.findByRole('list', { name: /Liked me/ });
    await userEvent.click(within(received).getByRole('button', { name: 'Like Mia back' }));
    await waitFor(() => expect(within(received).getByRole('button', { name: 'Like Mia back' })).toHaveAttribute('aria-pressed', 'false'));
    expect(names(screen.getByRole('list', { name: 'I liked' }))).toEqual(['Jeroen, 34', 'Lotte, 34']);
    expect(toast).toHaveBeenCalledWith({ variant: 'danger', title: 'Error', message: 'Your like for Mia could not be saved. Please try again.' });
    expect(services.modal.open).not.toHaveBeenCalled();
    error.mockRestore();
  });

  it('says when a like is mutual: a match, in both lists', async () => {
    const api = mockApi();
    const likes = structuredClone(LIKES);
    likes.liked_by[0] = { ...likes.liked_by[0]!, liked: true }; // Max liked me, and I liked Max
    likes.profiles.push(profile({ id: 3, name: 'Max', liked: true }));
    api.likes.mockResolvedValue(likes);
    renderView('likes', { api, routeName: 'likes', params: {}, user: member() });
    const received = await screen.findByRole('list', { name: /Liked me/ });
    const given = screen.getByRole('list', { name: /I liked/ });
    const row = (list: HTMLElement, name: string) => within(list).getByRole('link', { name: new RegExp(`^${name}`) }).closest('li')!;
    expect(row(received, 'Max')).toHaveTextContent('It’s a match: you like each other');
    expect(row(given, 'Max')).toHaveTextContent('It’s a match: you like each other');
    // A like that is not returned is no match.
    expect(row(received, 'Emily')).not.toHaveTextContent('match');
    expect(row(given, 'Jeroen')).not.toHaveTextContent('match');
  });

  it('shows empty lists with a way to search', async () => {
    const api = mockApi();
    api.likes.mockResolvedValue({ profiles: [], liked_by: [] });
    renderView('likes', { api, routeName: 'likes', user: member() });
    expect(await screen.findByText(/Nobody has liked you yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search members' })).toHaveAttribute('href', '/members');
  });

  it('logs a failure to load and offers Retry', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    const api = mockApi();
    api.likes.mockRejectedValueOnce(new ApiError(0, 'offline', 'network')).mockResolvedValue(structuredClone(LIKES));
    renderView('likes', { api, routeName: 'likes', user: member() });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your likes could not be loaded.');
    expect(error).toHaveBeenCalledWith('likes could not be loaded', expect.any(ApiError));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'I liked' })).toBeInTheDocument();
    error.mockRestore();
  });
});
