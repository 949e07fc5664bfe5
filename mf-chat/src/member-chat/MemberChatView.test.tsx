import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@dating/shared';
import { member, mockApi, renderView } from '../testing/renderView';
import { cost, giveElementsSize, message, publicProfile } from '../testing/fixtures';

const sanne = publicProfile({ id: 42, name: 'Sanne', age: 34, city: 'Utrecht' });

beforeEach(() => {
  giveElementsSize();
  sessionStorage.clear();
});
afterEach(() => jest.restoreAllMocks());

describe('/members/:memberId/chat', () => {
  it('a visitor sees the member\'s card and signup/login links that come back to this chat', async () => {
    const api = mockApi();
    api.profile.mockResolvedValue({ profile: sanne });
    renderView('member-chat', { routeName: 'members-memberId-chat', params: { memberId: '42' }, user: null, api });
    expect(await screen.findByRole('heading', { level: 1, name: 'Chat with Sanne' })).toBeInTheDocument();
    expect(screen.getByText('Sanne, 34')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign up for free' })).toHaveAttribute('href', '/members-memberId-signup/42?next=%2Fmembers%2F42%2Fchat');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login?next=%2Fmembers%2F42%2Fchat');
    expect(api.startChat).not.toHaveBeenCalled();
  });

  it('waits for the session before deciding', async () => {
    renderView('member-chat', { routeName: 'members-memberId-chat', params: { memberId: '42' } });
    expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
  });

  it('a member with a conversation already goes straight into it', async () => {
    const api = mockApi();
    api.profile.mockResolvedValue({ profile: sanne });
    api.startChat.mockResolvedValue({ id: 31 });
    const { navigate } = renderView('member-chat', { routeName: 'members-memberId-chat', params: { memberId: '42' }, user: member(), api });
    await waitFor(() => expect(navigate).toHaveBeenCalledWith({ name: 'chats-chatId', params: { chatId: 31 } }, { replace: true }));
  });

  it('a member without one writes the first message here; it creates the conversation, which then opens', async () => {
    const api = mockApi();
    api.profile.mockResolvedValue({ profile: sanne });
    api.startChat.mockResolvedValue({ id: null });
    api.messageCost.mockResolvedValue(cost());
    api.sendMessage.mockImplementation(async (_to, msg: string, clientId: string) => ({
      message: message({ conversation: 55, sender: 7, msg, client_id: clientId }),
      credits: 2401,
    }));
    const { navigate } = renderView('member-chat', { routeName: 'members-memberId-chat', params: { memberId: '42' }, user: member(), api });
    expect(await screen.findByText('No messages yet. Say hello to Sanne!')).toBeInTheDocument();
    expect(await screen.findByText(/A message costs 99 credits \(€0\.99\)\. Your balance: 2,500 credits\./)).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Your message' }), 'Hoi Sanne!{Enter}');
    expect(api.sendMessage).toHaveBeenCalledWith({ profile: 42 }, 'Hoi Sanne!', expect.stringMatching(/^[0-9a-f-]{36}$/));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith({ name: 'chats-chatId', params: { chatId: 55 } }, { replace: true }));
  });

  it('never offers a chat with yourself', async () => {
    const api = mockApi();
    renderView('member-chat', { routeName: 'members-memberId-chat', params: { memberId: '7' }, user: member(), api });
    expect(await screen.findByText('You cannot start a conversation with yourself.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(api.startChat).not.toHaveBeenCalled();
  });

  it('an unknown or blocked member: "Member not found"', async () => {
    const api = mockApi();
    api.profile.mockRejectedValue(new ApiError(404, 'This profile does not exist (any more)'));
    renderView('member-chat', { routeName: 'members-memberId-chat', params: { memberId: '999' }, user: member(), api });
    expect(await screen.findByRole('heading', { name: 'Member not found' })).toBeInTheDocument();
  });

  it('a failure to load offers a retry', async () => {
    const api = mockApi();
    api.profile.mockRejectedValueOnce(new ApiError(0, 'offline', 'network')).mockResolvedValue({ profile: sanne });
    renderView('member-chat', { routeName: 'members-memberId-chat', params: { memberId: '42' }, user: null, api });
    expect(await screen.findByRole('alert')).toHaveTextContent('This page could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Chat with Sanne' })).toBeInTheDocument();
  });
});
