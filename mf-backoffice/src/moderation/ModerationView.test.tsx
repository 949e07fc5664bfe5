import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { ApiError } from '@dating/shared';
import { answer, moderationItem, operator, renderView } from '../testing/renderView';

const reasons = {
  reasons: [
    { id: 7, texts: { en: 'Not a photo of you', nl: 'Geen foto van jezelf' }, active: true },
    { id: 8, texts: { en: 'Nudity' }, active: true },
    { id: 9, texts: { en: 'Old reason' }, active: false },
  ],
};
const queue = (items = [moderationItem(1), moderationItem(2), moderationItem(3)], extra = {}) => ({
  items,
  pending: items.length,
  oldest_waiting_seconds: 2400,
  settings: { mode: 'post', target_minutes: 30 },
  ...extra,
});

function setup(handlers: Record<string, unknown> = {}, options: Parameters<typeof renderView>[1] = {}) {
  const decisions: unknown[] = [];
  const { api, sent } = answer({
    'GET operator/me.php': { operator: operator() },
    'GET operator/moderation.php': ({ query }: { query: Record<string, string> }) => (query.after ? queue([]) : queue()),
    'GET operator/moderation_reasons.php': reasons,
    'POST operator/moderation.php': ({ body }: { body: unknown }) => {
      decisions.push(body);
      const id = (body as { item: number }).item;
      return { item: moderationItem(id, { status: 'approved' }) };
    },
    ...handlers,
  });
  const result = renderView('moderation', { routeName: 'backoffice-moderation', api, ...options });
  return { ...result, sent, decisions, user: userEvent.setup() };
}

const current = () => screen.getByRole('article');

describe('/backoffice/moderation', () => {
  it('shows the oldest item large, with the member’s age, other photos and waiting time against the target', async () => {
    setup();
    expect(await screen.findByRole('heading', { level: 2, name: 'New photo of Member 1' })).toBeInTheDocument();
    expect(within(current()).getByRole('img', { name: 'New photo of Member 1' })).toHaveAttribute('src', 'p1.jpg');
    expect(within(current()).getByRole('heading', { name: 'Member 1, 31 years' })).toBeInTheDocument();
    expect(within(current()).getByRole('img', { name: 'Other photo of Member 1' })).toBeInTheDocument();
    expect(within(current()).getByText('Waiting 10 min of 30 min')).toBeInTheDocument();
    expect(screen.getByText('3 items waiting; target 30 min per item.')).toBeInTheDocument();
    expect(screen.getByText('Oldest waits 40 min.')).toBeInTheDocument();
  });

  it('approves with A and shows the next item at once', async () => {
    const { user, decisions } = setup();
    await screen.findByRole('heading', { level: 2, name: 'New photo of Member 1' });
    await user.keyboard('a');
    expect(await screen.findByRole('heading', { level: 2, name: 'New photo of Member 2' })).toBeInTheDocument();
    await act(() => Promise.resolve());
    expect(decisions).toEqual([{ item: 1, decision: 'approve' }]);
    expect(await screen.findByText('Approved: Member 1.')).toBeInTheDocument();
  });

  it('rejects with R and the number of a reason (inactive reasons are not offered)', async () => {
    const { user, decisions } = setup();
    await screen.findByRole('heading', { level: 2, name: 'New photo of Member 1' });
    await user.keyboard('r');
    const group = screen.getByRole('group', { name: 'Why is it rejected?' });
    expect(within(group).getAllByRole('radio')).toHaveLength(2);
    expect(within(group).queryByText('Old reason')).not.toBeInTheDocument();
    await user.keyboard('2');
    expect(await screen.findByRole('heading', { level: 2, name: 'New photo of Member 2' })).toBeInTheDocument();
    await act(() => Promise.resolve());
    expect(decisions).toEqual([{ item: 1, decision: 'reject', reason: 8 }]);
  });

  it('Escape cancels a rejection; S skips without deciding', async () => {
    const { user, decisions } = setup();
    await screen.findByRole('heading', { level: 2, name: 'New photo of Member 1' });
    await user.keyboard('r');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Why is it rejected?' })).not.toBeInTheDocument();
    await user.keyboard('s');
    expect(await screen.findByRole('heading', { level: 2, name: 'New photo of Member 2' })).toBeInTheDocument();
    expect(decisions).toEqual([]);
  });

  it('U takes the last decision back: the item is shown again', async () => {
    const { user } = setup({ 'POST operator/moderation_undo.php': { item: moderationItem(1) } });
    await screen.findByRole('heading', { level: 2, name: 'New photo of Member 1' });
    await user.keyboard('a');
    await screen.findByRole('heading', { level: 2, name: 'New photo of Member 2' });
    await user.keyboard('u');
    expect(await screen.findByRole('heading', { level: 2, name: 'New photo of Member 1' })).toBeInTheDocument();
    expect(screen.getByText('Undone: Member 1 is back in the queue.')).toBeInTheDocument();
  });

  it('a decision the server refused brings the item back with the reason in the operator’s language', async () => {
    const { user } = setup({ 'POST operator/moderation.php': new ApiError(403, 'forbidden', 'forbidden') }, { locale: 'de' });
    await screen.findByRole('heading', { level: 2, name: 'Neues Foto von Member 1' });
    await user.keyboard('a');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Die Entscheidung zu Member 1 wurde nicht gespeichert: Das dürfen Sie mit Ihrer Rolle auf dieser Website nicht tun.',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Neues Foto von Member 1' })).toBeInTheDocument();
  });

  it('shows text changes before and after, and an empty queue as such', async () => {
    setup({
      'GET operator/moderation.php': queue([moderationItem(4, { kind: 'text', field: 'personal', photo: null, text_before: 'Hi', text: 'Hello there' })]),
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'New text of Member 4: about me' })).toBeInTheDocument();
    expect(screen.getByText('Hello there')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.keyboard('a');
    expect(await screen.findByText('The queue is empty. New photos and texts appear here as members upload them.')).toBeInTheDocument();
  });

  it('a role without moderation is told so, and sees no queue', async () => {
    setup({ 'GET operator/me.php': { operator: operator({ role: 'finance' }) } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your role does not include this part of the back office.');
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('without an operator session it sends to the login, and back afterwards', async () => {
    const { navigate } = setup({ 'GET operator/me.php': { operator: null } });
    await waitFor(() => expect(navigate).toHaveBeenCalled());
    expect(navigate).toHaveBeenCalledWith({ name: 'backoffice-login', query: { next: expect.stringContaining('backoffice-moderation') } }, { replace: true });
  });
});
