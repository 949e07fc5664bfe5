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

const names = (list: HTMLElement) => within(list).getAllByRole('link').map((a) => a.textContent);

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
