jest.setTimeout(30_000);

import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { DashboardResponse } from '@dating/shared';
import { answer, operator, renderView } from '../testing/renderView';

function period(start: string, overrides: Partial<DashboardResponse['periods'][number]> = {}): DashboardResponse['periods'][number] {
  return {
    start,
    visits: 0,
    signups: 0,
    activations: 0,
    first_messages: 0,
    first_purchases: 0,
    messages: 0,
    credits_spent: 0,
    credits_sold: 0,
    paying_members: 0,
    decided: 0,
    median_wait_minutes: null,
    within_target: 0,
    ...overrides,
  };
}

function dashboard(overrides: Partial<DashboardResponse> = {}): DashboardResponse {
  return {
    scope: 'site',
    grain: 'day',
    from: '2026-11-26',
    to: '2026-11-27',
    sites: [{ id: 1, brand: 'Amora' }],
    periods: [
      period('2026-11-26', { visits: 120, signups: 12, activations: 9, first_messages: 5, first_purchases: 2, messages: 340, credits_spent: 9900, credits_sold: 4500, paying_members: 3, decided: 40, median_wait_minutes: 12.5, within_target: 38 }),
      period('2026-11-27', { visits: 80, signups: 7, activations: 3, first_messages: 1, first_purchases: 1, messages: 200, credits_spent: 5000, credits_sold: 1500, paying_members: 1 }),
    ],
    totals: { visits: 200, signups: 19, activations: 12, first_messages: 6, first_purchases: 3, messages: 540, credits_spent: 14900, credits_sold: 6000, paying_members: 4 },
    revenue: [{ start: '2026-11-26', currency: 'EUR', revenue_cents: 5997, refunded_cents: 1499, charged_back_cents: 0, chargebacks: 0, paying_members: 3 }],
    revenue_totals: [{ currency: 'EUR', revenue_cents: 5997, refunded_cents: 1499, charged_back_cents: 0, chargebacks: 0, paying_members: 3, net_cents: 4498, per_member_cents: 1499 }],
    sources: [{ network: 'partnerx', ref: 'r7', sub1: 'banner', sub2: '', sub3: '', campaign: 'summer', visits: 90, signups: 10, activations: 8, first_messages: 4, first_purchases: 2 }],
    messages_per_hour: Array.from({ length: 24 }, (_, i) => ({ hour: new Date(Date.UTC(2026, 10, 26, 12 + i)).toISOString(), messages: i })),
    online_now: 17,
    moderation: { target_minutes: 30, waiting: 4, oldest_waiting_minutes: 45 },
    ...overrides,
  };
}

function setup(handlers: Record<string, unknown> = {}, options: Parameters<typeof renderView>[1] = {}) {
  const { api, sent } = answer({
    'GET operator/me.php': { operator: operator({ role: 'finance' }) },
    'GET operator/dashboard.php': ({ query }: { query: Record<string, string> }) => dashboard({ grain: (query.grain as 'day' | 'week') ?? 'day', scope: (query.scope as 'site' | 'all') ?? 'site' }),
    ...handlers,
  });
  const result = renderView('dashboards', { routeName: 'backoffice-dashboards', api, ...options });
  return { ...result, sent, user: userEvent.setup() };
}
// jsdom has no media queries; chartist asks for them (a browser always answers).
beforeAll(() => {
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false })) as typeof window.matchMedia;
});

const calls = (sent: ReturnType<typeof setup>['sent']) => sent.filter((s) => s.path === 'operator/dashboard.php').map((s) => s.query);

describe('/backoffice/dashboards', () => {
  it('shows the key figures, the funnel per day with its total, the sources, revenue per currency and the moderation wait against target', async () => {
    setup();
    const funnel = await screen.findByRole('table', { name: 'Funnel' });
    expect(within(funnel).getByRole('row', { name: 'Nov 26 120 12 9 5 2' })).toBeInTheDocument();
    expect(within(funnel).getByRole('row', { name: 'Total 200 19 12 6 3' })).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'In short' });
    expect(within(summary).getByText('Members online now').nextSibling).toHaveTextContent('17');
    expect(within(summary).getByText(/Longest wait: 45 minutes \(target 30 minutes\)/)).toBeInTheDocument();
    expect(within(summary).getByText('over the target')).toBeInTheDocument();
    const sources = screen.getByRole('table', { name: 'By traffic source and campaign' });
    expect(within(sources).getByRole('row', { name: /partnerx r7 banner \(none\) \(none\) summer 90 10 8 4 2/ })).toBeInTheDocument();
    const revenue = screen.getByRole('table', { name: 'Revenue' });
    expect(within(revenue).getByRole('row', { name: 'EUR €59.97 €14.99 €0.00 0 €44.98 3 €14.99' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Messages per hour, last 24 hours' }).querySelectorAll('tbody tr')).toHaveLength(24);
    const moderation = screen.getByRole('table', { name: 'Moderation waiting time' });
    expect(within(moderation).getByRole('row', { name: 'Nov 26 40 12.5 38' })).toBeInTheDocument();
  });

  it('draws each chart as an image named after its table, loaded after the tables', async () => {
    setup();
    await screen.findByRole('table', { name: 'Funnel' });
    const chart = await screen.findByRole('img', { name: 'Chart: Funnel. The same figures are in the table below it.' });
    // chartist drew it: an SVG with one line per stage.
    await waitFor(() => expect(chart.querySelectorAll('svg .ct-series')).toHaveLength(5));
    const legend = within(screen.getByRole('region', { name: 'Funnel' })).getByRole('list', { name: 'Legend' });
    expect(within(legend).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Visits', 'Signups', 'Activations', 'First messages', 'First purchases']);
    expect(screen.getByRole('img', { name: /^Chart: Messages per hour/ })).toBeInTheDocument();
  });

  it('exports a table as CSV with its header, rows and total', async () => {
    const blobs: Blob[] = [];
    const create = jest.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:test';
    });
    Object.assign(URL, { createObjectURL: create, revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = setup();
    const funnel = await screen.findByRole('region', { name: 'Funnel' });
    await user.click(within(funnel).getByRole('button', { name: 'Download as CSV' }));
    expect(click).toHaveBeenCalled();
    const text = await blobs[0]!.text();
    expect(text.replace(/^\ufeff/, '').split('\r\n')).toEqual([
      'Period,Visits,Signups,Activations,First messages,First purchases',
      '2026-11-26,120,12,9,5,2',
      '2026-11-27,80,7,3,1,1',
      'Total,200,19,12,6,3',
      '',
    ]);
    click.mockRestore();
  });

  it('asks by week, for all the operator’s sites, for the days chosen; refuses a range that ends before it starts', async () => {
    const { user, sent } = setup();
    await screen.findByRole('table', { name: 'Funnel' });
    await user.selectOptions(screen.getByLabelText('Per'), 'week');
    await user.selectOptions(screen.getByLabelText('Sites'), 'all');
    await user.type(screen.getByLabelText('From (day)'), '2026-11-20');
    await user.type(screen.getByLabelText('To (day)'), '2026-11-01');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The first day must come before the last, at most 92 days apart.');
    expect(calls(sent)).toHaveLength(1);
    await user.clear(screen.getByLabelText('To (day)'));
    await user.type(screen.getByLabelText('To (day)'), '2026-11-27');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(calls(sent)).toHaveLength(2));
    expect(calls(sent)[1]).toEqual({ scope: 'all', grain: 'week', from: '2026-11-20', to: '2026-11-27' });
  });

  it('speaks the operator’s language', async () => {
    setup({}, { locale: 'de' });
    expect(await screen.findByRole('table', { name: 'Trichter' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Umsatz' })).toBeInTheDocument();
  });

  it('is not a moderator’s: they are told so, nothing is fetched, and the bar has no link to it', async () => {
    const { sent } = setup({ 'GET operator/me.php': { operator: operator({ role: 'moderator' }) } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your role does not include this part of the back office.');
    expect(calls(sent)).toHaveLength(0);
    expect(screen.getByRole('navigation', { name: 'Back office screens' })).not.toHaveTextContent('Dashboards');
  });
});
