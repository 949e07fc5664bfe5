import { screen, waitFor } from '@testing-library/react';
import { ApiError, userAtom } from '@dating/shared';
import { member, mockApi, renderView } from '../testing/renderView';
import { transactionFixture } from '../testing/fixtures';

const ID = 'txn_aaaaaaaaaaaaaaaaaaaaaaaa';

function setup(prepare: (api: ReturnType<typeof mockApi>) => void, user: ReturnType<typeof member> | null = member()) {
  const api = mockApi();
  api.credits.mockResolvedValue(undefined);
  prepare(api);
  return renderView('transaction', { routeName: 'transactions-transactionId', params: { transactionId: ID }, user, api });
}

describe('transaction view', () => {
  it('paid: the payer sees credits added, the new balance and the way back where they came from', async () => {
    const { api, store } = setup((a) => {
      a.transaction.mockResolvedValue(transactionFixture());
      a.getUser.mockResolvedValue({ user: member({ credits: 3950 }) });
    });
    expect(await screen.findByText('Paid')).toBeInTheDocument();
    expect(screen.getByText('Paid').closest('p')).toHaveTextContent('Paid · €24.99');
    expect(screen.getByText('2,750 credits were added.')).toBeInTheDocument();
    expect(screen.getByText('Your balance: 3,950 credits')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to where you were' })).toHaveAttribute('href', '/chats/7');
    expect(api.transaction).toHaveBeenCalledWith(ID);
    // The page's member is fetched again, so the header shows the new balance.
    await waitFor(() => expect(store.get(userAtom)?.credits).toBe(3950));
  });

  it('stays live while open and shows the final status when it comes', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      setup((a) => {
        a.transaction
          .mockResolvedValueOnce(transactionFixture({ status: 'open', final: false, mine: null }))
          .mockResolvedValue(transactionFixture({ status: 'failed', final: true, mine: null }));
      }, null);
      expect(await screen.findByText('Waiting for your payment…')).toBeInTheDocument();
      expect(screen.getByText('This page updates by itself the moment the bank answers.')).toBeInTheDocument();
      await jest.advanceTimersByTimeAsync(2100);
      expect(await screen.findByText('Failed')).toBeInTheDocument();
      expect(screen.getByText('Nothing was charged and your balance did not change.')).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('without the payer’s session: status and amount only, nothing personal', async () => {
    setup((a) => a.transaction.mockResolvedValue(transactionFixture({ mine: null })), null);
    expect(await screen.findByText('Paid')).toBeInTheDocument();
    expect(screen.queryByText(/balance/i)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Back to where you were' })).not.toBeInTheDocument();
  });

  it('premium paid says so', async () => {
    setup((a) => {
      a.transaction.mockResolvedValue(transactionFixture({ kind: 'premium', mine: { credits: 0, bonus_credits: 0, balance: 0, paid_user: true, return_to: null } }));
      a.getUser.mockResolvedValue({ user: member({ paid_user: true }) });
    });
    expect(await screen.findByText('You are a Premium member now.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your credits' })).toBeInTheDocument();
  });

  it('loading, and an unknown transaction says it does not exist, not to check the connection', async () => {
    setup((a) => a.transaction.mockRejectedValue(new ApiError(404, 'No such transaction', 'not_found')));
    expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This does not exist, or it is no longer here.');
    expect(alert).not.toHaveTextContent(/connection/);
  });

  it.each([
    ['failed', 'credits', '/credits'],
    ['canceled', 'credits', '/credits'],
    ['expired', 'premium', '/premium'],
  ] as const)('%s %s payment: nothing charged, and a way to try again or pay another way', async (status, kind, to) => {
    setup((a) =>
      a.transaction.mockResolvedValue(
        transactionFixture({ status, kind, final: true, mine: { credits: 0, bonus_credits: 0, balance: 0, paid_user: false, return_to: null } }),
      ),
    );
    expect(await screen.findByText('Nothing was charged and your balance did not change.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try again or pay another way' })).toHaveAttribute('href', to);
  });
});
