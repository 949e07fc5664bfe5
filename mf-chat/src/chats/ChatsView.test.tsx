import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, chatsAtom, liveEventAtom, unreadMessagesCountAtom } from '@dating/shared';
import { member, mockApi, renderView } from '../testing/renderView';
import { chat, message, publicProfile } from '../testing/fixtures';

const sanne = publicProfile({ id: 100, name: 'Sanne', age: 34, city: 'Utrecht' });
const pieter = publicProfile({ id: 101, name: 'Pieter', age: 40, city: 'Gouda' });
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

function setup(chats = [chat(1, sanne, { num_unread_messages: 2, conversation: { id: 1, last_message: 'Zin in koffie?', last_message_at: minutesAgo(5) } }), chat(2, pieter, { conversation: { id: 2, last_message: 'Tot morgen', last_message_at: minutesAgo(90) } })], locale: 'en' | 'de' | 'pl' = 'en') {
  const api = mockApi();
  api.chats.mockResolvedValue({ chats });
  const view = renderView('chats', { routeName: 'chats', user: member(), api, locale });
  return { ...view, api };
}

describe('conversation list', () => {
  it('shows photo, name, age, city, last message, relative time and unread count, newest first', async () => {
    // The older one first in the answer: the list still puts the newest on top.
    setup([
      chat(2, pieter, { conversation: { id: 2, last_message: 'Tot morgen', last_message_at: minutesAgo(90) } }),
      chat(1, sanne, { num_unread_messages: 2, conversation: { id: 1, last_message: 'Zin in koffie?', last_message_at: minutesAgo(5) } }),
    ]);
    const list = await screen.findByRole('list', { name: 'Your conversations' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Sanne, 34');
    expect(rows[0]).toHaveTextContent('Utrecht');
    expect(rows[0]).toHaveTextContent('Zin in koffie?');
    expect(rows[0]).toHaveTextContent('5 minutes ago');
    expect(rows[0]).toHaveTextContent('2 unread messages');
    expect(rows[1]).toHaveTextContent('Pieter, 40');
    expect(rows[1]).toHaveTextContent('1 hour ago');
    expect(within(rows[0]!).getByRole('link', { name: /Sanne/ })).toHaveAttribute('href', '/chats-chatId/1');
  });

  it('shows a loading state, then an error with retry when the list cannot be loaded', async () => {
    const api = mockApi();
    api.chats.mockRejectedValueOnce(new ApiError(0, 'offline', 'network')).mockResolvedValue({ chats: [chat(1, sanne)] });
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    renderView('chats', { routeName: 'chats', user: member(), api });
    expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your conversations could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Sanne, 34')).toBeInTheDocument();
    error.mockRestore();
  });

  it('without conversations leads to search', async () => {
    setup([]);
    expect(await screen.findByText('No conversations yet. Say hello to someone you like!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find members to chat with' })).toHaveAttribute('href', '/members');
  });

  it('a new message moves its row to the top and raises the unread count and the badge at once', async () => {
    const { store } = setup();
    await screen.findByText('Sanne, 34');
    expect(store.get(unreadMessagesCountAtom)).toBe(2);
    act(() => {
      store.set(liveEventAtom, { type: 'message', conversation: 2, message: message({ conversation: 2, sender: 101, msg: 'Ben je er nog?' }) });
    });
    const rows = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Pieter, 40');
    expect(rows[0]).toHaveTextContent('Ben je er nog?');
    expect(rows[0]).toHaveTextContent('1 unread message');
    expect(store.get(unreadMessagesCountAtom)).toBe(3);
  });

  it('removes a chat at once after confirmation; on failure alerts the error and reloads the list', async () => {
    const { api, services, store } = setup();
    await screen.findByText('Sanne, 34');
    services.modal.confirm.mockResolvedValue(true);
    let fail: (e: unknown) => void = () => {};
    api.deleteChat.mockReturnValue(new Promise((_, reject) => (fail = reject)));
    await userEvent.click(screen.getByRole('button', { name: 'Delete the conversation with Sanne' }));
    await waitFor(() => expect(screen.queryByText('Sanne, 34')).not.toBeInTheDocument());
    expect(store.get(chatsAtom)?.map((c) => c.conversation.id)).toEqual([2]);
    await act(async () => fail(new ApiError(500, 'Server is down')));
    await waitFor(() => expect(services.modal.alert).toHaveBeenCalledWith({ title: 'The conversation was not deleted', message: 'Server is down' }));
    expect(await screen.findByText('Sanne, 34')).toBeInTheDocument();
    expect(api.chats).toHaveBeenCalledTimes(2);
  });

  it('keeps a chat when the member cancels the confirmation', async () => {
    const { api } = setup();
    await screen.findByText('Sanne, 34');
    await userEvent.click(screen.getByRole('button', { name: 'Delete the conversation with Sanne' }));
    expect(api.deleteChat).not.toHaveBeenCalled();
    expect(screen.getByText('Sanne, 34')).toBeInTheDocument();
  });

  it('speaks German and Polish', async () => {
    setup(undefined, 'de');
    expect(await screen.findByRole('heading', { name: 'Chats' })).toBeInTheDocument();
    const rows = within(await screen.findByRole('list', { name: 'Deine Gespräche' })).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('2 ungelesene Nachrichten');
    expect(rows[0]).toHaveTextContent('vor 5 Minuten');
    expect(screen.getByRole('button', { name: 'Gespräch mit Sanne löschen' })).toBeInTheDocument();
  });
});
