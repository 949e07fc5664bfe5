import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { ApiError, type ReportDetail, type ReportItem } from '@dating/shared';
import { answer, operator, renderView } from '../testing/renderView';

function report(id: number, overrides: Partial<ReportItem> = {}): ReportItem {
  return {
    id,
    reference: `R-${id}`,
    source: 'chat',
    category: 'message',
    description: `Text of report ${id}`,
    language: 'en',
    created_at: '2026-11-27T09:00:00Z',
    waiting_minutes: 60 - id,
    reporter: { id: 200 + id, name: `Reporter ${id}`, email: null },
    reported: { id: 100 + id, name: `Member ${id}`, status: 'active', reports: 3, distinct_reporters: 2 },
    concerns_conversation: true,
    status: 'open',
    outcome: null,
    handled_at: null,
    ...overrides,
  };
}

function detail(item: ReportItem): ReportDetail {
  return {
    report: item,
    profile: item.reported
      ? {
          id: item.reported.id,
          name: item.reported.name,
          age: 34,
          gender: 'male',
          city: 'Utrecht',
          country: 'NL',
          language: 'nl',
          personal: 'About me text',
          status: item.reported.status,
          suspended_until: null,
          signup_date: '2026-10-01T10:00:00Z',
          photos: [{ id: 71, url: 'p71.jpg', thumb_url: 'p71_t.jpg', thumb_filename: 'p71_t.jpg', main: true, created_at: '2026-10-02T10:00:00Z' }],
        }
      : null,
    earlier: [report(9, { status: 'closed', outcome: 'warned', category: 'photo', handled_at: '2026-11-01T10:00:00Z' })],
    history: [],
  };
}

function setup(handlers: Record<string, unknown> = {}, options: Parameters<typeof renderView>[1] = {}) {
  const items = [report(1), report(2, { source: 'form', category: 'payment', reported: null, concerns_conversation: false })];
  const actions: unknown[] = [];
  const { api, sent } = answer({
    'GET operator/me.php': { operator: operator() },
    'GET operator/reports.php': { reports: items },
    'GET operator/report.php': ({ query }: { query: Record<string, string> }) => detail(items.find((i) => i.id === Number(query.id))!),
    'GET operator/report_messages.php': {
      messages: [
        { id: 1, sender_id: 101, from_reported: true, body: 'Send me money', created_at: '2026-11-27T08:00:00Z', reported: true },
        { id: 2, sender_id: 201, from_reported: false, body: 'No thanks', created_at: '2026-11-27T08:01:00Z', reported: false },
      ],
    },
    'POST operator/report.php': ({ body }: { body: unknown }) => {
      actions.push(body);
      const b = body as { id: number; action: string };
      const outcome = { dismiss: 'dismissed', suspend: 'suspended', answer: 'answered' }[b.action] ?? 'warned';
      return { report: { ...items.find((i) => i.id === b.id)!, status: 'closed', outcome, handled_at: '2026-11-27T10:00:00Z' } };
    },
    ...handlers,
  });
  const result = renderView('reports', { routeName: 'backoffice-reports', api, ...options });
  return { ...result, sent, actions, user: userEvent.setup() };
}

describe('/backoffice/reports', () => {
  it('shows the oldest open report with the reported member’s profile, photos and earlier reports', async () => {
    setup();
    expect(await screen.findByRole('heading', { level: 2, name: 'About Member 1' })).toBeInTheDocument();
    expect(screen.getByText('2 reports open, oldest first.')).toBeInTheDocument();
    expect(screen.getByText('Text of report 1')).toBeInTheDocument();
    expect(screen.getByText('active; 3 reports by 2 different members')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Photo 1 of Member 1' })).toHaveAttribute('src', 'p71_t.jpg');
    const earlier = screen.getByRole('region', { name: 'Earlier reports about this member' });
    expect(within(earlier).getByText(/a photo — warned/)).toBeInTheDocument();
  });

  it('opens the conversation only with a reason, which it sends to the API', async () => {
    const { user, sent } = setup();
    await screen.findByRole('heading', { level: 2, name: 'About Member 1' });
    const conv = await screen.findByRole('region', { name: 'The reported conversation' });
    expect(within(conv).queryByText(/Send me money/)).not.toBeInTheDocument();
    await user.click(within(conv).getByRole('button', { name: 'Show the last messages' }));
    expect(within(conv).getByRole('alert')).toHaveTextContent('Fill in the fields marked as invalid.');
    expect(sent.some((s) => s.path === 'operator/report_messages.php')).toBe(false);
    await user.type(within(conv).getByLabelText('Why you read this conversation'), 'Scam report');
    await user.click(within(conv).getByRole('button', { name: 'Show the last messages' }));
    expect(await within(conv).findByText(/Send me money/)).toBeInTheDocument();
    expect(within(conv).getByText('Member 1 (reported)')).toBeInTheDocument();
    expect(sent.find((s) => s.path === 'operator/report_messages.php')?.query).toEqual({ id: '1', reason: 'Scam report' });
  });

  it('suspends with S, a date and a reason, then shows the next report', async () => {
    const { user, actions } = setup();
    await screen.findByRole('heading', { level: 2, name: 'About Member 1' });
    await user.keyboard('s');
    const form = screen.getByRole('form', { name: 'Suspend' });
    expect(within(form).getByLabelText('Reason (kept in the audit log)')).toHaveFocus();
    await user.keyboard('Asked for money{Enter}');
    expect(within(form).getByRole('alert')).toHaveTextContent('Fill in the fields marked as invalid.');
    expect(actions).toEqual([]);
    await user.type(within(form).getByLabelText('Suspended until'), '2030-01-31');
    await user.click(within(form).getByRole('button', { name: 'Carry out' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'No member named' })).toBeInTheDocument();
    expect(actions).toEqual([{ id: 1, action: 'suspend', reason: 'Asked for money', until: '2030-01-31' }]);
    expect(screen.getByText('Report R-1 handled: suspended.')).toBeInTheDocument();
    expect(screen.getByText('1 report open, oldest first.')).toBeInTheDocument();
  });

  it('J moves to the next report; a complaint without a member offers only dismiss and answer; Escape cancels', async () => {
    const { user, actions } = setup();
    await screen.findByRole('heading', { level: 2, name: 'About Member 1' });
    await user.keyboard('j');
    expect(await screen.findByRole('heading', { level: 2, name: 'No member named' })).toBeInTheDocument();
    const toolbar = screen.getByRole('toolbar', { name: 'Actions' });
    expect(within(toolbar).getAllByRole('button').map((b) => b.textContent)).toEqual(['Dismiss D', 'Answer A']);
    await user.keyboard('s');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    await user.keyboard('a');
    expect(screen.getByRole('form', { name: 'Answer' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    await user.keyboard('a');
    await user.keyboard('Checked the payment');
    await user.type(screen.getByLabelText('Answer mailed to the sender'), 'Your payment was refunded.');
    await user.click(screen.getByRole('button', { name: 'Carry out' }));
    expect(await screen.findByText('Report R-2 handled: answered.')).toBeInTheDocument();
    expect(actions).toEqual([{ id: 2, action: 'answer', reason: 'Checked the payment', answer: 'Your payment was refunded.' }]);
  });

  it('a refused action stays on the report with the reason in the operator’s language', async () => {
    const { user } = setup({ 'POST operator/report.php': new ApiError(403, 'forbidden', 'forbidden') }, { locale: 'nl' });
    await screen.findByRole('heading', { level: 2, name: 'Over Member 1' });
    await user.keyboard('d');
    await user.keyboard('Geen probleem{Enter}');
    expect(await screen.findByText('Dit mag je met jouw rol op deze site niet doen.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Over Member 1' })).toBeInTheDocument();
  });

  it('says when the queue is empty', async () => {
    setup({ 'GET operator/reports.php': { reports: [] } });
    expect(await screen.findByText('No open reports or complaints. New ones appear here as members send them.')).toBeInTheDocument();
  });

  it('support has no reports', async () => {
    setup({ 'GET operator/me.php': { operator: operator({ role: 'support' }) } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your role does not include this part of the back office.');
    await waitFor(() => expect(screen.queryByRole('toolbar')).not.toBeInTheDocument());
  });
});
