import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, liveEventAtom, liveStreamOpenAtom, MESSAGE_MAX, queryKeys, unreadMessagesCountAtom } from '@dating/shared';
import { member, mockApi, renderView } from '../testing/renderView';
import { chat, cost, giveElementsSize, message, page, publicProfile } from '../testing/fixtures';

const sanne = publicProfile({ id: 100, name: 'Sanne', age: 34, city: 'Utrecht' });
const ME = 7;

beforeEach(() => {
  giveElementsSize();
  sessionStorage.clear();
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

function setup(
  messages = [message({ sender: 100, msg: 'Hoi Anna!' }), message({ sender: ME, msg: 'Hoi Sanne', read: true })],
  opts: { locale?: 'en' | 'de' | 'pl'; balance?: number; hasMore?: boolean; user?: ReturnType<typeof member> } = {},
) {
  const api = mockApi();
  api.messages.mockResolvedValue(page(messages, sanne, opts.hasMore ?? false));
  api.markRead.mockResolvedValue({ num_unread_messages: 0 });
  api.messageCost.mockResolvedValue(cost({ balance: opts.balance ?? 2500 }));
  api.presence.mockResolvedValue({ profile: 100, hidden: false, online: true, last_seen: null, city: 'Utrecht' });
  api.typing.mockResolvedValue({ sent: true });
  const view = renderView('chat', { routeName: 'chats-chatId', params: { chatId: '31' }, user: opts.user ?? member(), api, locale: opts.locale ?? 'en' });
  return { ...view, api };
}

const log = () => screen.getByRole('log');
const composer = () => screen.getByRole('textbox', { name: 'Your message' });

describe('a conversation', () => {
  it('shows the member (linked), presence, the history with a day separator, and marks it read at once', async () => {
    const { api, store, queryClient } = setup();
    queryClient.setQueryData(queryKeys.chats(), [chat(31, sanne, { num_unread_messages: 1 })]);
    expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
    expect(await screen.findByRole('link', { name: 'Sanne, 34' })).toHaveAttribute('href', '/members-memberId/100');
    expect(await screen.findByText('Online now · Utrecht')).toBeInTheDocument();
    expect(within(log()).getByText('Hoi Anna!')).toBeInTheDocument();
    expect(within(log()).getByRole('separator')).toHaveTextContent('today');
    expect(within(log()).getByText('read')).toBeInTheDocument();
    expect(api.messages).toHaveBeenCalledWith(31, undefined, 50);
    expect(api.markRead).toHaveBeenCalledWith(31);
    expect(store.get(unreadMessagesCountAtom)).toBe(0);
  });

  it('a member who skipped gender and date of birth is asked to add them, with the way to the profile, instead of a composer', async () => {
    const incomplete = member({ profile: { ...member().profile, gender: null, date_of_birth: '0000-00-00' } });
    const { api } = setup(undefined, { user: incomplete });
    expect(await screen.findByText('Hoi Anna!')).toBeInTheDocument();
    expect(screen.getByText(/Before you send messages, add your gender and date of birth to your profile/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Complete my profile' })).toHaveAttribute('href', expect.stringContaining('profile'));
    expect(screen.queryByRole('textbox', { name: 'Your message' })).not.toBeInTheDocument();
    expect(api.sendMessage).not.toHaveBeenCalled();
  });

  it('an unknown, foreign or malformed id shows "Conversation not found"', async () => {
    const api = mockApi();
    api.messages.mockRejectedValue(new ApiError(404, 'This conversation does not exist'));
    api.messageCost.mockResolvedValue(cost());
    renderView('chat', { routeName: 'chats-chatId', params: { chatId: '999' }, user: member(), api });
    expect(await screen.findByRole('heading', { name: 'Conversation not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to all chats' })).toHaveAttribute('href', '/chats');
  });

  it('an id that is no number shows "Conversation not found" without asking the server', async () => {
    const api = mockApi();
    renderView('chat', { routeName: 'chats-chatId', params: { chatId: 'abc' }, user: member(), api });
    expect(await screen.findByRole('heading', { name: 'Conversation not found' })).toBeInTheDocument();
    expect(api.messages).not.toHaveBeenCalled();
  });

  it('a load failure offers a retry', async () => {
    const api = mockApi();
    api.messages.mockRejectedValueOnce(new ApiError(0, 'offline', 'network')).mockResolvedValue(page([message({ msg: 'Daar ben ik' })], sanne));
    api.messageCost.mockResolvedValue(cost());
    api.markRead.mockResolvedValue({ num_unread_messages: 0 });
    api.presence.mockResolvedValue({ profile: 100, hidden: true, online: false, last_seen: null, city: null });
    renderView('chat', { routeName: 'chats-chatId', params: { chatId: '31' }, user: member(), api });
    expect(await screen.findByRole('alert')).toHaveTextContent('This conversation could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Daar ben ik')).toBeInTheDocument();
  });

  it('shows markup in a message as text, and only http(s) addresses as (safe) links', async () => {
    setup([message({ msg: '<img src=x onerror="alert(1)"> kijk https://example.com/a?b=1 of javascript:alert(1)' })]);
    const text = await within(await screen.findByRole('log')).findByText(/<img src=x onerror="alert\(1\)">/);
    expect(text).toBeInTheDocument();
    expect(log().querySelector('img')).toBeNull();
    const link = within(log()).getByRole('link', { name: 'https://example.com/a?b=1' });
    expect(link).toHaveAttribute('href', 'https://example.com/a?b=1');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
    expect(within(log()).queryByRole('link', { name: /javascript/ })).toBeNull();
  });

  it('sends optimistically: "sending…", then "sent", then "read" when the other member reads it', async () => {
    const { api, store } = setup([]);
    let answer: (v: unknown) => void = () => {};
    api.sendMessage.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Your message' }), 'Zin in koffie?{Enter}');
    expect(composer()).toHaveValue('');
    expect(within(log()).getByText('Zin in koffie?')).toBeInTheDocument();
    expect(within(log()).getByText('sending…')).toBeInTheDocument();
    const [, , clientId] = api.sendMessage.mock.calls[0]!;
    await act(async () => answer({ message: message({ id: 900, sender: ME, msg: 'Zin in koffie?', client_id: clientId }), credits: 2401 }));
    expect(await within(log()).findByText('sent')).toBeInTheDocument();
    // The same message from the live stream (the sender's other pages): still one.
    act(() => store.set(liveEventAtom, { type: 'message', conversation: 31, message: message({ id: 900, sender: ME, msg: 'Zin in koffie?', client_id: clientId }) }));
    expect(within(log()).getAllByText('Zin in koffie?')).toHaveLength(1);
    act(() => store.set(liveEventAtom, { type: 'read', conversation: 31, reader: 100, up_to: 900 }));
    expect(await within(log()).findByText('read')).toBeInTheDocument();
  });

  it('a failed send shows "not sent — retry"; retry sends the same client id (one message, one charge)', async () => {
    const { api } = setup([]);
    api.sendMessage.mockRejectedValueOnce(new ApiError(0, 'offline', 'network'));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Your message' }), 'Hallo?{Enter}');
    expect(await within(log()).findByText('not sent')).toBeInTheDocument();
    const firstId = api.sendMessage.mock.calls[0]![2];
    api.sendMessage.mockImplementation(async (_c, msg: string, clientId: string) => ({ message: message({ id: 901, sender: ME, msg, client_id: clientId }), credits: 2401 }));
    await userEvent.click(within(log()).getByRole('button', { name: 'retry' }));
    expect(await within(log()).findByText('sent')).toBeInTheDocument();
    expect(api.sendMessage).toHaveBeenLastCalledWith(31, 'Hallo?', firstId);
    expect(within(log()).getAllByText('Hallo?')).toHaveLength(1);
  });

  it('Enter sends, Shift+Enter adds a line; send is disabled while empty or over the limit, with a counter', async () => {
    const { api } = setup([]);
    api.sendMessage.mockImplementation(async (_c, msg: string, clientId: string) => ({ message: message({ sender: ME, msg, client_id: clientId }), credits: 2401 }));
    const box = await screen.findByRole('textbox', { name: 'Your message' });
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    await userEvent.type(box, '   ');
    expect(send).toBeDisabled();
    await userEvent.clear(box);
    await userEvent.type(box, 'regel 1{Shift>}{Enter}{/Shift}regel 2');
    expect(box).toHaveValue('regel 1\nregel 2');
    expect(api.sendMessage).not.toHaveBeenCalled();
    fireEvent.change(box, { target: { value: 'x'.repeat(MESSAGE_MAX + 1) } });
    expect(screen.getByText('4,001 / 4,000')).toBeInTheDocument();
    expect(send).toBeDisabled();
    fireEvent.change(box, { target: { value: 'regel 1\nregel 2' } });
    await userEvent.click(send);
    expect(api.sendMessage).toHaveBeenCalledWith(31, 'regel 1\nregel 2', expect.any(String));
  });

  it('with too few credits: a clear message and a credits link that returns here; the text is kept', async () => {
    const { api } = setup([message({ sender: 100 })], { balance: 50 });
    expect(await screen.findByRole('alert')).toHaveTextContent('You do not have enough credits to send a message. A message costs 99 credits (€0.99). Your balance: 50 credits.');
    expect(screen.getByRole('link', { name: 'Buy credits' })).toHaveAttribute('href', '/credits?next=%2Fchats%2F31');
    await userEvent.type(composer(), 'Bewaar mij');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(api.sendMessage).not.toHaveBeenCalled();
    expect(sessionStorage.getItem('mf-chat:draft:c31')).toBe('Bewaar mij');
  });

  it('a send refused for credits (402) puts the text back and shows the credits link', async () => {
    const { api } = setup([]);
    api.sendMessage.mockRejectedValue(new ApiError(402, 'Not enough credits to send this message', 'insufficient_credits'));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Your message' }), 'Nog één{Enter}');
    expect(await screen.findByRole('link', { name: 'Buy credits' })).toBeInTheDocument();
    expect(composer()).toHaveValue('Nog één');
    expect(screen.queryByText('not sent')).toBeNull();
  });

  it('a first message beyond the day’s quota of new conversations (429) puts the text back and says why', async () => {
    const { api } = setup([]);
    api.sendMessage.mockRejectedValue(new ApiError(429, 'You have started as many new conversations as you can today', 'first_message_quota'));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Your message' }), 'Hallo jij{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('You have started as many new conversations as you can today.');
    expect(composer()).toHaveValue('Hallo jij');
    expect(screen.queryByText('not sent')).toBeNull();
  });

  it('the unsent text comes back after leaving (to buy credits) and returning', async () => {
    sessionStorage.setItem('mf-chat:draft:c31', 'Nog niet verstuurd');
    setup();
    expect(await screen.findByRole('textbox', { name: 'Your message' })).toHaveValue('Nog niet verstuurd');
  });

  it('shows price and balance before the first message', async () => {
    setup([message({ sender: 100 })]);
    expect(await screen.findByText('A message costs 99 credits (€0.99). Your balance: 2,500 credits.')).toBeInTheDocument();
  });

  it('tells the other member I type (throttled), and shows their typing until it expires', async () => {
    const { api, store } = setup();
    const box = await screen.findByRole('textbox', { name: 'Your message' });
    await userEvent.type(box, 'abcdef');
    expect(api.typing).toHaveBeenCalledTimes(1);
    expect(api.typing).toHaveBeenCalledWith(31);
    jest.useFakeTimers();
    act(() => store.set(liveEventAtom, { type: 'typing', conversation: 31, profile: 100 }));
    expect(screen.getByText('Sanne is typing…')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(6_500));
    expect(screen.queryByText('Sanne is typing…')).toBeNull();
    jest.useRealTimers();
  });

  it('a live message from the other member appears and is marked read', async () => {
    const { api, store } = setup();
    await screen.findByText('Hoi Anna!');
    api.markRead.mockClear();
    act(() => store.set(liveEventAtom, { type: 'message', conversation: 31, message: message({ sender: 100, msg: 'Ben je er?' }) }));
    expect(await within(log()).findByText('Ben je er?')).toBeInTheDocument();
    await waitFor(() => expect(api.markRead).toHaveBeenCalledWith(31));
  });

  it('a message the live stream missed arrives with the newest page, polled every 15 s; older pages and a message on its way stay', async () => {
    const older = message({ id: 10, sender: 100, msg: 'Heel oud bericht' });
    const newer = message({ id: 20, sender: 100, msg: 'Nieuw bericht' });
    jest.useFakeTimers({ advanceTimers: true });
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { api } = setup([newer], { hasMore: true });
    await screen.findByText('Nieuw bericht');
    api.messages.mockResolvedValueOnce(page([older], sanne, false));
    await user.click(screen.getByRole('button', { name: 'Show earlier messages' }));
    await within(log()).findByText('Heel oud bericht');
    api.sendMessage.mockReturnValue(new Promise(() => {}));
    await user.type(composer(), 'Onderweg{Enter}');
    expect(within(log()).getByText('sending…')).toBeInTheDocument();
    api.messages.mockClear();
    api.messages.mockResolvedValue(page([newer, message({ id: 21, sender: 100, msg: 'Gemist bericht' })], sanne, true));
    await act(async () => jest.advanceTimersByTime(15_000));
    expect(await within(log()).findByText('Gemist bericht')).toBeInTheDocument();
    jest.useRealTimers();
    // One request (the newest page), not one per page loaded.
    expect(api.messages).toHaveBeenCalledTimes(1);
    expect(api.messages).toHaveBeenCalledWith(31, undefined, 50);
    expect(within(log()).getByText('Heel oud bericht')).toBeInTheDocument();
    expect(within(log()).getByText('Onderweg')).toBeInTheDocument();
    expect(within(log()).getByText('sending…')).toBeInTheDocument();
  });

  it('while the event stream is open the newest page is not polled; a drop brings the poll back, and the reconnect reads once what was missed', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    const { api, store } = setup([message({ id: 20, sender: 100, msg: 'Nieuw bericht' })]);
    act(() => store.set(liveStreamOpenAtom, true));
    await screen.findByText('Nieuw bericht');
    api.messages.mockClear();
    await act(async () => jest.advanceTimersByTime(15_000 * 3));
    expect(api.messages).not.toHaveBeenCalled();

    // The stream drops: the 15 s fallback poll runs again.
    api.messages.mockResolvedValue(page([message({ id: 21, sender: 100, msg: 'Gemist tijdens de storing' })], sanne, false));
    act(() => store.set(liveStreamOpenAtom, false));
    await act(async () => jest.advanceTimersByTime(15_000));
    expect(await within(log()).findByText('Gemist tijdens de storing')).toBeInTheDocument();
    expect(api.messages).toHaveBeenCalledTimes(1);

    // Back on the stream: one read of the newest page at once, then no polling.
    api.messages.mockResolvedValue(page([message({ id: 22, sender: 100, msg: 'Tijdens het herverbinden' })], sanne, false));
    act(() => store.set(liveStreamOpenAtom, true));
    expect(await within(log()).findByText('Tijdens het herverbinden')).toBeInTheDocument();
    await act(async () => jest.advanceTimersByTime(15_000 * 3));
    jest.useRealTimers();
    expect(api.messages).toHaveBeenCalledTimes(2);
  });

  it('loads older messages when asked, keeping the newer ones', async () => {
    const older = message({ id: 10, sender: 100, msg: 'Heel oud bericht' });
    const newer = message({ id: 20, sender: 100, msg: 'Nieuw bericht' });
    const { api } = setup([newer], { hasMore: true });
    await screen.findByText('Nieuw bericht');
    api.messages.mockResolvedValueOnce(page([older], sanne, false));
    await userEvent.click(screen.getByRole('button', { name: 'Show earlier messages' }));
    expect(await within(log()).findByText('Heel oud bericht')).toBeInTheDocument();
    expect(api.messages).toHaveBeenLastCalledWith(31, 20, 50);
    expect(within(log()).getByText('Nieuw bericht')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show earlier messages' })).toBeNull();
  });

  it('renders only the rows in view of a long conversation (virtualized)', async () => {
    const many = Array.from({ length: 2000 }, (_, i) => message({ id: 5000 + i, sender: i % 2 ? ME : 100, msg: `nummer ${i}` }));
    setup(many);
    expect(await within(await screen.findByRole('log')).findByText('nummer 1999')).toBeInTheDocument();
    expect(within(log()).getAllByTestId('message').length).toBeLessThan(100);
    expect(within(log()).queryByText('nummer 0')).toBeNull();
  });

  it('block: after confirmation the member is blocked and the list opens', async () => {
    const { api, services, navigate } = setup();
    await screen.findByText('Hoi Anna!');
    services.modal.confirm.mockResolvedValue(true);
    api.block.mockResolvedValue({ blocked: true });
    await userEvent.click(screen.getByRole('button', { name: 'Block' }));
    expect(services.modal.confirm).toHaveBeenCalledWith(expect.objectContaining({ title: 'Block Sanne?', danger: true }));
    await waitFor(() => expect(api.block).toHaveBeenCalledWith(100));
    expect(navigate).toHaveBeenCalledWith({ name: 'chats' });
    expect(services.toast).toHaveBeenCalledWith({ variant: 'success', message: 'You blocked Sanne.' });
  });

  it('report a message: a category is required; then it is sent and confirmed', async () => {
    const { api, services } = setup([message({ id: 77, sender: 100, msg: 'Stuur me geld' })]);
    await screen.findByText('Stuur me geld');
    api.report.mockResolvedValue({ reported: true });
    await userEvent.click(within(log()).getByRole('button', { name: 'report' }));
    const dialog = screen.getByRole('dialog', { name: 'Report this message from Sanne' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please choose what is wrong.');
    expect(api.report).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Scam or asking for money' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Anything else we should know? (optional)' }), 'Vraagt om geld');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(api.report).toHaveBeenCalledWith({ profile: 100, category: 'scam', message: 77, text: 'Vraagt om geld' }));
    expect(services.toast).toHaveBeenCalledWith({ variant: 'success', message: 'Thank you. Our team will look at your report.' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('speaks German and Polish', async () => {
    setup(undefined, { locale: 'de' });
    expect(await screen.findByRole('textbox', { name: 'Deine Nachricht' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Senden' })).toBeInTheDocument();
    expect(await screen.findByText('Jetzt online · Utrecht')).toBeInTheDocument();
  });
});
