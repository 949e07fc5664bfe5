import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { ApiError, queryKeys } from '@dating/shared';
import { member, mockApi, profile, renderView } from '../testing/renderView';

const NOTIFICATIONS = [
  { id: 1, type: 'like' as const, created_at: '2025-06-01T10:00:00Z', read: true, profile: profile({ id: 4, name: 'Emily' }), notice: null, conversation: null },
  { id: 2, type: 'message' as const, created_at: '2025-06-03T10:00:00Z', read: false, profile: profile({ id: 5, name: 'Max' }), notice: null, conversation: 31 },
  { id: 3, type: 'account' as const, created_at: '2025-06-02T10:00:00Z', read: false, profile: null, notice: 'email-change-incorrect', conversation: null },
];

function open(options: { hash?: string; locale?: 'en' | 'pl' | 'nl'; answer?: Array<(typeof NOTIFICATIONS)[number] & { detail?: string | null }> } = {}) {
  const api = mockApi();
  api.notifications.mockResolvedValue({ notifications: options.answer ?? NOTIFICATIONS });
  api.markNotificationsRead.mockResolvedValue({ notifications: [] });
  return renderView('notifications', { api, routeName: 'notifications', hash: options.hash ?? '', user: member(), locale: options.locale ?? 'en' });
}

describe('notifications view', () => {
  it('shows a new like while open: when the badge\'s count of new likes goes up, the list is loaded again', async () => {
    const api = mockApi();
    const anna = { id: 10, type: 'like' as const, created_at: '2025-06-05T10:00:00Z', read: false, profile: profile({ id: 6, name: 'Anna' }), notice: null, conversation: null };
    api.notifications.mockResolvedValueOnce({ notifications: NOTIFICATIONS }).mockResolvedValue({ notifications: [anna, ...NOTIFICATIONS.map((n) => ({ ...n, read: true }))] });
    api.markNotificationsRead.mockResolvedValue({ notifications: [] });
    const { queryClient } = renderView('notifications', { api, routeName: 'notifications', hash: '', user: member(), locale: 'en' });
    act(() => queryClient.setQueryData(queryKeys.likes(), { profiles: [], liked_by: [] }));
    expect(await screen.findByText('New message from Max')).toBeInTheDocument();
    expect(screen.queryByText('Anna liked you')).not.toBeInTheDocument();
    // The shell's live events (or its polling) bring the new like into the likes the badge counts.
    act(() => queryClient.setQueryData(queryKeys.likes(), { profiles: [], liked_by: [{ ...profile({ id: 6, name: 'Anna' }), like_new: true }] } as never));
    expect(await screen.findByText('Anna liked you')).toBeInTheDocument();
    expect(api.notifications).toHaveBeenCalledTimes(2);
    // Max's message, new when the page opened, keeps its mark although the server now has it read.
    expect(screen.getAllByText('New')).toHaveLength(3);
  });

  it('a reload while open keeps the New marks of this visit, also when the shell\'s first counts bring it', async () => {
    const api = mockApi();
    api.notifications.mockResolvedValueOnce({ notifications: NOTIFICATIONS }).mockResolvedValue({ notifications: NOTIFICATIONS.map((n) => ({ ...n, read: true })) });
    api.markNotificationsRead.mockResolvedValue({ notifications: [] });
    const { queryClient } = renderView('notifications', { api, routeName: 'notifications', hash: '', user: member(), locale: 'en' });
    expect(await screen.findByText('New message from Max')).toBeInTheDocument();
    expect(screen.getAllByText('New')).toHaveLength(2);
    act(() => queryClient.setQueryData(queryKeys.likes(), { profiles: [], liked_by: [{ ...profile({ id: 6, name: 'Anna' }), like_new: true }] } as never));
    await waitFor(() => expect(api.notifications).toHaveBeenCalledTimes(2));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getAllByText('New')).toHaveLength(2);
  });

  it('tells a member in Dutch why their photo was rejected, with the moderator’s reason', async () => {
    const rejected = { id: 9, type: 'account' as const, created_at: '2025-06-04T10:00:00Z', read: false, profile: null, notice: 'moderation-rejected-photo', detail: 'Geen foto van jezelf', conversation: null };
    open({ locale: 'nl', answer: [rejected] });
    expect(await screen.findByText('Je foto is niet goedgekeurd; je kunt een andere uploaden. Reden: Geen foto van jezelf')).toBeInTheDocument();
  });

  it('warns that the email address was not changed when the mail-change link was incorrect', async () => {
    open({ hash: 'email-change-incorrect', answer: [] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The link to change your email address is incorrect or has expired. Your email address has not been changed.',
    );
  });

  it('shows no warning without that hash', async () => {
    open({ answer: [] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('gives the warning in the member’s language', async () => {
    open({ hash: 'email-change-incorrect', locale: 'pl', answer: [] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Powiadomienia' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Twój adres e-mail nie został zmieniony.');
  });

  it('lists new likes, new messages and account notices, newest first, linking to where they lead', async () => {
    open();
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.getAttribute('data-type'))).toEqual(['message', 'account', 'like']);
    expect(within(items[0]).getByRole('link', { name: 'New message from Max' })).toHaveAttribute('href', '/chats-chatId/31');
    expect(within(items[0]).getByText('New')).toBeInTheDocument();
    expect(items[1]).toHaveTextContent('The link to change your email address is incorrect or has expired.');
    expect(within(items[2]).getByRole('link', { name: 'Emily liked you' })).toHaveAttribute('href', '/likes-m-memberId/4');
    expect(within(items[2]).queryByText('New')).not.toBeInTheDocument();
  });

  it('marks them read once shown, keeping this visit’s "New" marks', async () => {
    const { api } = open();
    await screen.findByRole('list', { name: 'Notifications' });
    await waitFor(() => expect(api.markNotificationsRead).toHaveBeenCalledTimes(1));
    expect(screen.getAllByText('New')).toHaveLength(2);
  });

  it('says when there is nothing yet, and has nothing to mark read', async () => {
    const { api } = open({ answer: [] });
    expect(await screen.findByText(/No notifications yet/)).toBeInTheDocument();
    expect(api.markNotificationsRead).not.toHaveBeenCalled();
  });

  it('logs a failure to load and offers Retry', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    const api = mockApi();
    api.notifications.mockRejectedValueOnce(new ApiError(500, 'boom')).mockResolvedValue({ notifications: NOTIFICATIONS });
    renderView('notifications', { api, routeName: 'notifications', user: member() });
    expect(await screen.findByText('Your notifications could not be loaded.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Notifications' })).toBeInTheDocument();
    error.mockRestore();
  });
});
