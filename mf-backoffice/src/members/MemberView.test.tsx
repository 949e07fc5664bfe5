jest.setTimeout(30_000);

import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { MemberPage } from '@dating/shared';
import { answer, operator, renderView } from '../testing/renderView';

function page(overrides: Partial<MemberPage> = {}): MemberPage {
  return {
    member: {
      id: 42, name: 'Sanne', age: 34, gender: 'female', city: 'Utrecht', country: 'NL', language: 'nl', personal: 'Hi', status: 'active',
      suspended_until: null, signup_date: '2026-10-01T10:00:00Z', photos: [], email: 'sanne@example.com', credits: 120, paid_user: true,
      activated: true, last_seen_at: null,
    },
    history: [], sessions: [], devices: [], ledger: [], subscriptions: [], reports_about: [], reports_by: [], notes: [], payment_details: true,
    payments: [
      {
        id: 'txn_abcdefghijklmnopqrstuv', site_id: 1, kind: 'credits', status: 'paid', amount_cents: 1999, currency: 'EUR', refunded_cents: 0, charged_back_cents: 0, credits: 100,
        created_at: '2026-11-01T10:00:00Z', paid_at: '2026-11-01T10:00:00Z', method: 'ideal', country: 'NL', provider_id: 'tr_1', refunds: [],
      },
    ],
    ...overrides,
  };
}

describe('/backoffice/members/:memberId', () => {
  it('refuses an action without a reason, and sends one with it', async () => {
    const user = userEvent.setup();
    const suspended = page();
    suspended.member = { ...suspended.member, status: 'suspended', suspended_until: '2027-01-01T00:00:00Z' };
    const { api, sent } = answer({
      'GET operator/me.php': { operator: operator({ role: 'support' }) },
      'GET operator/member.php': page(),
      'POST operator/member.php': { page: suspended },
    });
    renderView('member', { routeName: 'backoffice-members-memberId', params: { memberId: '42' }, api });
    expect(await screen.findByRole('heading', { level: 1, name: 'Member 42' })).toBeInTheDocument();
    await screen.findByLabelText('Action', undefined, { timeout: 5000 });
    const select = screen.getByLabelText('Action');
    await user.selectOptions(select, 'suspend');
    await user.click(screen.getByRole('button', { name: 'Carry out' }));
    expect(screen.getByText('Fill this in.')).toBeInTheDocument();
    expect(sent.filter((c) => c.method === 'POST')).toEqual([]);
    await user.type(screen.getByLabelText('Suspended until'), '2027-01-01');
    await user.type(screen.getByLabelText('Reason (kept in the audit log)'), 'Harassment in chat');
    await user.click(screen.getByRole('button', { name: 'Carry out' }));
    expect(await screen.findByText('Done.')).toBeInTheDocument();
    expect(sent).toContainEqual({ method: 'POST', path: 'operator/member.php', query: {}, body: { id: 42, action: 'suspend', reason: 'Harassment in chat', until: '2027-01-01' } });
    expect(screen.getByTestId('member-status')).toHaveTextContent('suspended');
  });

  it('refunds part of a payment and shows the new balance', async () => {
    const user = userEvent.setup();
    const { api, sent } = answer({
      'GET operator/me.php': { operator: operator({ role: 'finance' }) },
      'GET operator/member.php': page(),
      'POST operator/refund.php': { refund: { id: 're_1', amount_cents: 500, currency: 'EUR', status: 'pending' }, balance: 95 },
    });
    renderView('member', { routeName: 'backoffice-members-memberId', params: { memberId: '42' }, api });
    const row = (await screen.findByText('€19.99', undefined, { timeout: 5000 })).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Refund' }));
    await user.type(within(row).getByLabelText('Amount in EUR (empty: all that is left)'), '25');
    await user.type(within(row).getByLabelText('Reason (kept in the audit log)'), 'Charged twice');
    await user.click(within(row).getByRole('button', { name: 'Refund' }));
    expect(within(row).getByRole('alert')).toHaveTextContent('Enter an amount such as 4.99, at most what is left.');
    await user.clear(within(row).getByLabelText('Amount in EUR (empty: all that is left)'));
    await user.type(within(row).getByLabelText('Amount in EUR (empty: all that is left)'), '5');
    await user.click(within(row).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Refunded €5.00. The balance is now 95 credits.')).toBeInTheDocument();
    const refund = sent.find((c) => c.path === 'operator/refund.php')!;
    expect(refund.body).toMatchObject({ transaction_id: 'txn_abcdefghijklmnopqrstuv', amount_cents: 500, reason: 'Charged twice' });
  });

  it('keeps the confirmation on screen when a refund in full takes the payment’s form away', async () => {
    const user = userEvent.setup();
    let refunded = false;
    const full = page();
    full.payments = [{ ...full.payments[0], refunded_cents: 1999, refunds: [] }];
    const { api } = answer({
      'GET operator/me.php': { operator: operator({ role: 'support' }) },
      'GET operator/member.php': () => (refunded ? full : page()),
      'POST operator/refund.php': () => {
        refunded = true;
        return { refund: { id: 're_2', amount_cents: 1999, currency: 'EUR', status: 'pending' }, balance: 20 };
      },
    });
    renderView('member', { routeName: 'backoffice-members-memberId', params: { memberId: '42' }, api });
    const row = (await screen.findByText('€19.99', undefined, { timeout: 5000 })).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Refund' }));
    await user.type(within(row).getByLabelText('Reason (kept in the audit log)'), 'Bought by mistake');
    await user.click(within(row).getByRole('button', { name: 'Refund' }));
    // The page is read again: the payment is refunded in full and has no refund form any more.
    await waitFor(() => expect(screen.queryByRole('form', { name: /^Refund payment/ })).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent('Refunded €19.99. The balance is now 20 credits.');
  });
});
