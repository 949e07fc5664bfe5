import { screen } from '@testing-library/react';
import { renderView } from '../testing/renderView';

describe('transaction view', () => {
  it('names the transaction from the route without inventing its status', async () => {
    renderView('transaction', { routeName: 'transactions-transactionId', params: { transactionId: 'tx-9' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Transaction #tx-9' })).toBeInTheDocument();
    expect(screen.getByText('The status of this payment will be shown here soon.')).toBeInTheDocument();
  });
});
