import { screen, within } from '@testing-library/react';
import { ApiError } from '@dating/shared';
import { member, mockApi, renderView } from '../testing/renderView';
import { creditsFixture } from '../testing/fixtures';

const setup = (prepare: (api: ReturnType<typeof mockApi>) => void, locale: 'en' | 'nl' | 'de' | 'pl' = 'en') => {
  const api = mockApi();
  api.discountCode.mockResolvedValue({ discount: null });
  prepare(api);
  return renderView('credits', { routeName: 'credits', user: member(), api, locale });
};

describe('credits view', () => {
  it('shows the balance from the ledger, packages with badges and prices, and the history', async () => {
    setup((api) => api.credits.mockResolvedValue(creditsFixture()));
    expect(await screen.findByText('You have 1,200 credits.')).toBeInTheDocument();
    const cards = screen.getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    expect(within(cards[1]!).getByText('Most chosen')).toBeInTheDocument();
    expect(within(cards[2]!).getByText('Best value')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('€24.99')).toBeInTheDocument();
    expect(within(cards[1]!).getByRole('link', { name: 'Buy' })).toHaveAttribute('href', expect.stringContaining('/credits-creditId-paymentMethod/popular'));
    const rows = screen.getAllByRole('row');
    expect(within(rows[1]!).getByText('Message sent')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('-99')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('+1,000')).toBeInTheDocument();
  });

  it('formats prices in the site’s currency for the member’s language', async () => {
    setup((api) => api.credits.mockResolvedValue(creditsFixture()), 'nl');
    expect(await screen.findByText('Je hebt 1.200 credits.')).toBeInTheDocument();
    expect(screen.getByText('€ 24,99')).toBeInTheDocument();
  });

  it('offers the welcome code, lowering the prices shown', async () => {
    setup((api) => {
      api.credits.mockResolvedValue(creditsFixture());
      api.discountCode.mockResolvedValue({ discount: { code: 'WELCOME25', percentage: 25, extra_credits: null, expires_at: null, welcome: true } });
    });
    expect(await screen.findByText('WELCOME25')).toBeInTheDocument();
    expect(screen.getByText('€7.49')).toBeInTheDocument(); // 9.99 less 25 %
    expect(screen.getAllByRole('link', { name: 'Buy' })[0]).toHaveAttribute('href', expect.stringContaining('code=WELCOME25'));
  });

  it('says nothing when the welcome code cannot be loaded (spec §8)', async () => {
    setup((api) => {
      api.credits.mockResolvedValue(creditsFixture());
      api.discountCode.mockRejectedValue(new ApiError(500, 'boom'));
    });
    expect(await screen.findByText('You have 1,200 credits.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(/welcome code/i)).not.toBeInTheDocument();
  });

  it('shows the time bonus with a countdown and a repeat-order link', async () => {
    const ends = new Date(Date.now() + 3 * 3600_000 + 120_000).toISOString();
    setup((api) =>
      api.credits.mockResolvedValue(
        creditsFixture({ time_bonus: { percent: 20, ends_at: ends }, repeat: { package: creditsFixture().packages[1]!, method: 'directdebit' } }),
      ),
    );
    expect(await screen.findByText(/20% extra credits/)).toBeInTheDocument();
    expect(screen.getByText(/^3:0\d:\d\d left$/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buy 2,750 credits again in one step' })).toHaveAttribute('href', '/credits-repeat-order');
  });

  it('empty: no history and no packages say so', async () => {
    setup((api) => api.credits.mockResolvedValue(creditsFixture({ history: [], packages: [], balance: 0 })));
    expect(await screen.findByText('You have no credits.')).toBeInTheDocument();
    expect(screen.getByText('No purchases or spends yet.')).toBeInTheDocument();
    expect(screen.getByText('There are no credit packages for your country yet.')).toBeInTheDocument();
  });

  it('warns when the balance is negative after a chargeback', async () => {
    setup((api) => api.credits.mockResolvedValue(creditsFixture({ balance: -99 })));
    expect(await screen.findByRole('alert')).toHaveTextContent('below zero');
  });

  it('loading, then error with Try again', async () => {
    let fail: (e: unknown) => void = () => {};
    setup((api) => api.credits.mockReturnValueOnce(new Promise((_, reject) => (fail = reject))).mockResolvedValue(creditsFixture()));
    expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
    fail(new ApiError(0, 'offline', 'network'));
    const alert = await screen.findByRole('alert');
    within(alert).getByRole('button', { name: 'Try again' }).click();
    expect(await screen.findByText('You have 1,200 credits.')).toBeInTheDocument();
  });

  it('counts credits with the grammar of the member’s language', async () => {
    setup((api) => api.credits.mockResolvedValue(creditsFixture({ balance: 3 })), 'pl');
    expect(await screen.findByText('Masz 3 kredyty.')).toBeInTheDocument();
  });
});
