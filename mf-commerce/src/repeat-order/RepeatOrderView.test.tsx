import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiError } from '@dating/shared';
import { member, mockApi, renderView } from '../testing/renderView';
import { creditsFixture } from '../testing/fixtures';

function setup(prepare: (api: ReturnType<typeof mockApi>) => void, locale: 'en' | 'fr' = 'en') {
  const api = mockApi();
  prepare(api);
  return renderView('repeat-order', { routeName: 'credits-repeat-order', user: member(), api, locale });
}

const repeat = { package: creditsFixture().packages[1]!, method: 'directdebit' };

describe('repeat order view', () => {
  it('confirms before charging through the mandate, then shows the transaction', async () => {
    const { api, navigate } = setup((a) => {
      a.credits.mockResolvedValue(creditsFixture({ repeat }));
      a.repeatOrder.mockResolvedValue({ transaction_id: 'txn_r', checkout_url: null, status: 'paid' });
    });
    // After an iDEAL payment the mandate is a direct debit: the page says so, not "like last time".
    expect(
      await screen.findByText(
        '2,750 credits for €24.99. The amount is collected by direct debit from the bank account you paid from last time; there is nothing to confirm in your banking app.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/like last time/)).not.toBeInTheDocument();
    // Nothing is charged before the member confirms.
    expect(screen.getByRole('button', { name: 'Buy now for €24.99' })).toBeDisabled();
    expect(api.repeatOrder).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('checkbox'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Buy now for €24.99' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Buy now for €24.99' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith({ name: 'transactions-transactionId', params: { transactionId: 'txn_r' } }));
    expect(api.repeatOrder).toHaveBeenCalledWith({
      expected_amount_cents: 2499, consent: true, return_to: undefined, idempotency_key: expect.stringMatching(/^[A-Za-z0-9_-]{16,64}$/),
    });
  });

  it('empty: nothing to repeat yet', async () => {
    setup((a) => a.credits.mockResolvedValue(creditsFixture()));
    expect(await screen.findByText(/There is no earlier purchase to repeat yet/)).toBeInTheDocument();
  });

  it('a refused charge is shown', async () => {
    setup((a) => {
      a.credits.mockResolvedValue(creditsFixture({ repeat }));
      a.repeatOrder.mockRejectedValue(new ApiError(400, 'The price is not what you were shown', 'price_changed'));
    }, 'fr');
    fireEvent.click(await screen.findByRole('checkbox'));
    await waitFor(() => expect(screen.getByRole('button', { name: /Acheter maintenant pour 24,99\s€/ })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: /Acheter maintenant pour 24,99\s€/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Le paiement n');
  });

  it('loading and error', async () => {
    setup((a) => a.credits.mockRejectedValue(new ApiError(0, 'offline')));
    expect(await screen.findByRole('status')).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('This could not be loaded');
  });
});
