jest.setTimeout(30_000);

import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { PaymentsResponse } from '@dating/shared';
import { answer, operator, renderView } from '../testing/renderView';

type Row = PaymentsResponse['payments'][number];
function payment(id: string, overrides: Partial<Row> = {}): Row {
  return {
    id,
    site_id: 1,
    kind: 'credits',
    status: 'paid',
    amount_cents: 1999,
    currency: 'EUR',
    refunded_cents: 0,
    charged_back_cents: 0,
    credits: 100,
    created_at: '2026-11-26T10:00:00Z',
    paid_at: '2026-11-26T10:01:00Z',
    method: 'ideal',
    country: 'NL',
    provider_id: `tr_${id}`,
    refunds: [],
    member_id: 42,
    member_name: 'Lotte',
    ...overrides,
  };
}

const page = (offset: number): PaymentsResponse => ({
  payments: offset
    ? [payment('t60', { member_name: 'Page two' })]
    : [
        payment('t1', { refunded_cents: 500, charged_back_cents: 1499, member_name: 'Noor', member_id: 44 }),
        payment('t2', { status: 'failed', kind: 'premium', member_name: 'Sem', member_id: 43 }),
      ],
  total: 51,
  days: [
    { day: '2026-11-26', currency: 'EUR', paid_cents: 3998, refunded_cents: 500, charged_back_cents: 1499, chargebacks: 1, payments: 2 },
    { day: '2026-11-26', currency: 'PLN', paid_cents: 8999, refunded_cents: 0, charged_back_cents: 0, chargebacks: 0, payments: 1 },
  ],
});

function setup(handlers: Record<string, unknown> = {}, options: Parameters<typeof renderView>[1] = {}) {
  const { api, sent } = answer({
    'GET operator/me.php': { operator: operator({ role: 'finance' }) },
    'GET operator/payments.php': ({ query }: { query: Record<string, string> }) => page(Number(query.offset ?? 0)),
    'GET operator/subscriptions.php': ({ query }: { query: Record<string, string> }) => ({
      subscriptions: query.status === 'past_due' ? [] : [{ id: 5, plan_id: 'premium-month', status: 'active', current_period_end: '2026-12-26T10:00:00Z', cancel_at_period_end: true, created_at: '2026-11-26T10:00:00Z', member_id: 42, member_name: 'Lotte' }],
      total: 1,
    }),
    ...handlers,
  });
  const result = renderView('payments', { routeName: 'backoffice-payments', api, ...options });
  return { ...result, sent, user: userEvent.setup() };
}

const calls = (sent: ReturnType<typeof setup>['sent'], path: string) => sent.filter((s) => s.path === path).map((s) => s.query);

describe('/backoffice/payments', () => {
  it('shows the totals per day, the payments with their member and status, and the subscriptions', async () => {
    setup();
    const totals = await screen.findByRole('region', { name: 'Totals per day' });
    // Per day and currency, refunds and chargebacks apart.
    expect(within(totals).getByRole('row', { name: /Nov 26, 2026 2 €39\.98 €5\.00 €14\.99 \(1 chargeback\)/ })).toBeInTheDocument();
    expect(within(totals).getByRole('row', { name: /Nov 26, 2026 1 PLN\s?89\.99 PLN\s?0\.00 PLN\s?0\.00$/ })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: '51 payments, newest first; 1–2 shown' });
    const noor = within(table).getByRole('row', { name: /Noor/ });
    expect(within(noor).getByText('€5.00')).toBeInTheDocument();
    expect(within(noor).getByText('€14.99')).toBeInTheDocument();
    const sem = within(table).getByRole('row', { name: /Sem/ });
    expect(within(sem).getByText('failed')).toBeInTheDocument();
    expect(within(sem).getByText(/^Premium/)).toBeInTheDocument();
    expect(within(sem).getByRole('link', { name: 'Sem' })).toHaveAttribute('href', expect.stringContaining('43'));
    const subs = screen.getByRole('region', { name: 'Subscriptions' });
    expect(await within(subs).findByText('ends at the period’s end', { exact: false })).toBeInTheDocument();
  });

  it('filters by status, method, country and days; refuses a malformed country before asking', async () => {
    const { user, sent } = setup();
    await screen.findByRole('region', { name: 'Totals per day' });
    await user.selectOptions(screen.getByLabelText('Status'), 'paid');
    await user.type(screen.getByLabelText('Method'), 'ideal');
    await user.type(screen.getByLabelText('Country'), 'N1');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The country is two letters, e.g. NL.');
    expect(calls(sent, 'operator/payments.php')).toHaveLength(1);
    await user.clear(screen.getByLabelText('Country'));
    await user.type(screen.getByLabelText('Country'), 'nl');
    await user.type(screen.getByLabelText('From (day)'), '2026-11-01');
    await user.type(screen.getByLabelText('To (day)'), '2026-11-30');
    await user.click(screen.getByLabelText('Only chargebacks'));
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(calls(sent, 'operator/payments.php')).toHaveLength(2));
    expect(calls(sent, 'operator/payments.php')[1]).toEqual({ status: 'paid', method: 'ideal', country: 'NL', from: '2026-11-01', to: '2026-11-30', chargeback: '1', limit: '50', offset: '0' });
  });

  it('pages through the payments and filters the subscriptions', async () => {
    const { user, sent } = setup();
    await screen.findByRole('table', { name: '51 payments, newest first; 1–2 shown' });
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('table', { name: '51 payments, newest first; 51–51 shown' })).toBeInTheDocument();
    expect(screen.getByText('Page two')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Subscriptions to show'), 'past_due');
    expect(await screen.findByText('No subscriptions.')).toBeInTheDocument();
    expect(calls(sent, 'operator/subscriptions.php').at(-1)).toMatchObject({ status: 'past_due' });
  });

  it('speaks the operator’s language', async () => {
    setup({}, { locale: 'nl' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Totalen per dag' })).toBeInTheDocument();
    expect(screen.getAllByText('mislukt').length).toBeGreaterThan(0);
  });

  it('is not support’s: they are told so and nothing is fetched', async () => {
    const { sent } = setup({ 'GET operator/me.php': { operator: operator({ role: 'support' }) } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your role does not include this part of the back office.');
    expect(calls(sent, 'operator/payments.php')).toHaveLength(0);
    expect(screen.getByRole('navigation', { name: 'Back office screens' })).not.toHaveTextContent('Payments');
  });
});
