import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { member, mockApi, renderView } from '../testing/renderView';
import { chat, cost, giveElementsSize, message, page, publicProfile } from '../testing/fixtures';
import { TWO_PANES_QUERY } from './ChatPanes';

const sanne = publicProfile({ id: 100, name: 'Sanne', age: 34, city: 'Utrecht' });
const pieter = publicProfile({ id: 101, name: 'Pieter', age: 40, city: 'Gouda' });
const realMatchMedia = window.matchMedia;

/** A screen `width` px wide, as matchMedia answers the two-pane query (64rem = 1024 px). */
function screenWidth(width: number) {
  window.matchMedia = ((query: string) => ({
    matches: query === TWO_PANES_QUERY && width >= 1024,
    media: query,
    addEventListener() {},
    removeEventListener() {},
  })) as never;
}

function api() {
  const a = mockApi();
  a.chats.mockResolvedValue({ chats: [chat(31, sanne, { conversation: { id: 31, last_message: 'Hoi Anna!', last_message_at: null } }), chat(32, pieter)] });
  a.messages.mockResolvedValue(page([message({ sender: 100, msg: 'Hoi Anna!' })], sanne, false));
  a.markRead.mockResolvedValue({ num_unread_messages: 0 });
  a.messageCost.mockResolvedValue(cost({ balance: 2500 }));
  a.presence.mockResolvedValue({ profile: 100, hidden: false, online: true, last_seen: null, city: 'Utrecht' });
  return a;
}

beforeEach(() => giveElementsSize());
afterEach(() => {
  window.matchMedia = realMatchMedia;
});

describe('the chats on a wide screen', () => {
  it('show the list beside the open conversation, its row marked as the current page', async () => {
    screenWidth(1280);
    renderView('chat', { routeName: 'chats-chatId', params: { chatId: '31' }, user: member(), api: api() });
    const list = await screen.findByRole('list', { name: 'Your conversations' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sanne, 34' })).toBeInTheDocument();
    // The list's heading ranks under the conversation's.
    expect(screen.getByRole('heading', { level: 2, name: 'Chats' })).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: /Sanne, 34/ })).toHaveAttribute('aria-current', 'page');
    expect(within(list).getByRole('link', { name: /Pieter, 40/ })).not.toHaveAttribute('aria-current');
    expect(within(list).getByRole('link', { name: /Pieter, 40/ })).toHaveAttribute('href', '/chats-chatId/32');
    // The list is the way back: no "back to all chats" arrow is offered beside it.
    expect(screen.getByRole('textbox', { name: 'Your message' })).toBeInTheDocument();
  });

  it('/chats asks to choose a conversation beside the list', async () => {
    screenWidth(1280);
    renderView('chats', { routeName: 'chats', user: member(), api: api() });
    expect(await screen.findByText('Choose a conversation to read it here.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Chats' })).toBeInTheDocument();
  });

  it('on a phone a conversation is alone on the screen and the list is /chats', async () => {
    screenWidth(390);
    renderView('chat', { routeName: 'chats-chatId', params: { chatId: '31' }, user: member(), api: api() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sanne, 34' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Your conversations' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to all chats' })).toBeInTheDocument();
  });
  it('the first message to someone is written beside the list too, no row marked open', async () => {
    screenWidth(1280);
    const a = api();
    const nina = publicProfile({ id: 102, name: 'Nina', age: 29, city: 'Delft' });
    a.profile.mockResolvedValue({ profile: nina });
    a.startChat.mockResolvedValue({ id: null });
    renderView('member-chat', { routeName: 'members-memberId-chat', params: { memberId: '102' }, user: member(), api: a });
    const list = await screen.findByRole('list', { name: 'Your conversations' });
    expect(await screen.findByText('No messages yet. Say hello to Nina!')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Chats' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your message' })).toBeInTheDocument();
    expect(within(list).queryAllByRole('link', { current: 'page' })).toHaveLength(0);
    expect(within(list).getByRole('link', { name: /Sanne, 34/ })).toBeInTheDocument();

    // Sent, the conversation exists: the list is asked again, so its row is there when it opens.
    a.sendMessage.mockImplementation(async (_to, msg: string, clientId: string) => ({
      message: message({ conversation: 55, sender: 7, msg, client_id: clientId }),
      credits: 2401,
    }));
    expect(a.chats).toHaveBeenCalledTimes(1);
    await userEvent.type(screen.getByRole('textbox', { name: 'Your message' }), 'Hoi Nina!{Enter}');
    await waitFor(() => expect(a.chats).toHaveBeenCalledTimes(2));
  });

  it('a visitor and a phone see the first-message page alone', async () => {
    screenWidth(1280);
    const a = api();
    a.profile.mockResolvedValue({ profile: sanne });
    const visitor = renderView('member-chat', { routeName: 'members-memberId-chat', params: { memberId: '100' }, user: null, api: a });
    expect(await screen.findByRole('heading', { level: 1, name: 'Chat with Sanne' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Your conversations' })).not.toBeInTheDocument();
    visitor.unmount();

    screenWidth(390);
    a.startChat.mockResolvedValue({ id: null });
    renderView('member-chat', { routeName: 'members-memberId-chat', params: { memberId: '100' }, user: member(), api: a });
    expect(await screen.findByText('No messages yet. Say hello to Sanne!')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Your conversations' })).not.toBeInTheDocument();
  });
});
