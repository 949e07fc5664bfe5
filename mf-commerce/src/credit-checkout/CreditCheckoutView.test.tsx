import { screen } from '@testing-library/react';
import { renderView } from '../testing/renderView';

describe('credit checkout view', () => {
  it('names the credit package and the payment method from the route', async () => {
    renderView('credit-checkout', {
      routeName: 'credits-creditId-paymentMethod',
      params: { creditId: '3', paymentMethod: 'ideal' },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Credit package #3' })).toBeInTheDocument();
    expect(screen.getByText(/Payment method:/)).toHaveTextContent('Payment method: ideal');
    expect(screen.getByRole('link', { name: 'Back to credits' })).toHaveAttribute('href', '/credits');
  });

  it('says when no payment method has been chosen yet', async () => {
    renderView('credit-checkout', { routeName: 'credits-creditId-paymentMethod', params: { creditId: '3' }, locale: 'es' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Paquete de créditos n.º 3' })).toBeInTheDocument();
    expect(screen.getByText('Aún no has elegido un método de pago.')).toBeInTheDocument();
  });
});
