import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { ApiError, type SiteRunConversation, type SiteRunQueueItem } from '@dating/shared';
import { answer, operator, renderView } from '../testing/renderView';

const item = (conversation: number, overrides: Partial<SiteRunQueueItem> = {}): SiteRunQueueItem => ({
  conversation,
  profile: { id: 900, name: 'Sanne', main_image: null },
  member: { id: 40 + conversation, name: `Bram ${conversation}`, age: 41, city: 'Breda', country: 'NL', language: 'nl' },
  waiting_since: '2026-11-27T07:00:00Z',
  waiting_seconds: 600 * conversation,
  last_message: `Bericht ${conversation}`,
  locked_by: null,
  ...overrides,
});

const conversation = (overrides: Partial<SiteRunConversation> = {}): SiteRunConversation => ({
  conversation: 1,
  profile: { id: 900, name: 'Sanne', main_image: null },
  member: { id: 41, name: 'Bram 1', age: 41, city: 'Breda', country: 'NL', language: 'nl', protected: false, protected_by: null },
  messages: [
    { id: 1, from: 'member', msg: 'Hoi Sanne', created_at: '2026-11-27T07:00:00Z', operator: null },
    { id: 2, from: 'profile', msg: 'Hoi Bram!', created_at: '2026-11-27T07:01:00Z', operator: 'Sam Support' },
    { id: 3, from: 'member', msg: 'Ben je wel echt?', created_at: '2026-11-27T07:02:00Z', operator: null },
  ],
  notes: [],
  honest_answer: 'Een eerlijk antwoord op je vraag: dit profiel wordt door Amora zelf beheerd.',
  asks_if_real: true,
  locked_until: '2026-11-27T07:20:00Z',
  ...overrides,
});

function setup(handlers: Record<string, unknown> = {}) {
  const { api, sent } = answer({
    'GET operator/me.php': { operator: operator({ role: 'support', name: 'Sam Support' }) },
    'GET operator/site_run_queue.php': { items: [item(1), item(2, { locked_by: 'Otto' })], protected_left_out: 1 },
    'GET operator/site_run_conversation.php': conversation(),
    ...handlers,
  });
  const result = renderView('site-run', { routeName: 'backoffice-site-run', api });
  return { ...result, sent, user: userEvent.setup() };
}

describe('the site-run console (/backoffice/site-run)', () => {
  it('lists waiting conversations oldest first, one held by another operator, and those left out for protection', async () => {
    setup();
    const queue = await screen.findByRole('region', { name: 'Waiting for an answer, oldest first' });
    const buttons = await within(queue).findAllByRole('button');
    expect(buttons[0]).toHaveTextContent('Bram 1 to Sanne');
    expect(buttons[1]).toHaveTextContent('Otto is answering');
    expect(buttons[1]).toBeDisabled();
    expect(within(queue).getByText(/1 conversation is left out/)).toBeInTheDocument();
  });

  it('opens a conversation, offers the honest answer in the member’s language when asked, and sends it as the profile', async () => {
    const { user, sent } = setup({
      'POST operator/site_run_answer.php': ({ body }: { body: { msg: string } }) => ({
        message: { id: 4, from: 'profile', msg: body.msg, created_at: '2026-11-27T07:03:00Z', operator: 'Sam Support' },
      }),
    });
    await user.click(await screen.findByRole('button', { name: /Bram 1 to Sanne/ }));
    const pane = await screen.findByRole('region', { name: 'Bram 1 writes to Sanne' });
    expect(within(pane).getByText(/seems to ask whether this profile is real/)).toBeInTheDocument();
    expect(within(pane).getByText('Sanne (profile, written by Sam Support)', { exact: false })).toBeInTheDocument();
    await user.click(within(pane).getByRole('button', { name: 'Insert the honest answer (Dutch)' }));
    const box = within(pane).getByRole('textbox', { name: 'Your answer as Sanne' });
    expect(box).toHaveValue('Een eerlijk antwoord op je vraag: dit profiel wordt door Amora zelf beheerd.');
    await user.click(within(pane).getByRole('button', { name: 'Send as Sanne' }));
    await waitFor(() => expect(sent.filter((s) => s.path === 'operator/site_run_answer.php')).toHaveLength(1));
    expect(sent.find((s) => s.path === 'operator/site_run_answer.php')!.body).toEqual({ conversation: 1, msg: 'Een eerlijk antwoord op je vraag: dit profiel wordt door Amora zelf beheerd.' });
    expect(await screen.findByText('Sent to Bram 1.')).toBeInTheDocument();
  });

  it('says so when another operator holds the conversation', async () => {
    const { user } = setup({ 'GET operator/site_run_conversation.php': new ApiError(409, 'conversation: Otto is answering it', 'locked', 'conversation') });
    await user.click(await screen.findByRole('button', { name: /Bram 1 to Sanne/ }));
    expect(await screen.findByText('Someone else changed this meanwhile. Reload and try again.')).toBeInTheDocument();
  });

  it('sends nothing to a protected member; support protects a member with a reason', async () => {
    const { user, sent } = setup({
      'GET operator/site_run_conversation.php': conversation({ asks_if_real: false }),
      'PUT operator/site_run_protection.php': { by_member: false, by_support: true },
    });
    await user.click(await screen.findByRole('button', { name: /Bram 1 to Sanne/ }));
    const pane = await screen.findByRole('region', { name: 'Bram 1 writes to Sanne' });
    await user.type(within(pane).getByRole('textbox', { name: 'Reason (kept in the audit log)' }), 'Says they spend too much');
    await user.click(within(pane).getByRole('button', { name: 'Protect this member' }));
    expect(await within(pane).findByText(/no answer can be sent/)).toBeInTheDocument();
    expect(within(pane).queryByRole('button', { name: 'Send as Sanne' })).not.toBeInTheDocument();
    expect(sent.find((s) => s.path === 'operator/site_run_protection.php')!.body).toEqual({ member: 41, protected: true, reason: 'Says they spend too much' });
  });

  it('is not for finance', async () => {
    const { api } = answer({ 'GET operator/me.php': { operator: operator({ role: 'finance' }) } });
    renderView('site-run', { routeName: 'backoffice-site-run', api });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your role does not include this part of the back office.');
  });
});
