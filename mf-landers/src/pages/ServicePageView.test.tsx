import { screen } from '@testing-library/react';
import { renderView, siteSettings } from '../testing/renderView';

describe('customer service page', () => {
  it('shows the company’s name, address, city and support phone from the site settings', async () => {
    renderView('page-service', {
      routeName: 'pages-service',
      settings: siteSettings({
        company: { name: 'Amore Media B.V.', address: 'Herengracht 12', city: '1015 BZ Amsterdam', support_phone: '+31 20 555 0101' },
      }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Customer service' })).toBeInTheDocument();
    const address = screen.getByText(/Herengracht 12/);
    expect(address).toHaveTextContent('1015 BZ Amsterdam');
    expect(address).toHaveTextContent('Netherlands');
    expect(screen.getAllByText('Amore Media B.V.').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: '+31 20 555 0101' })).toHaveAttribute('href', 'tel:+31205550101');
  });

  it('speaks the visitor’s language', async () => {
    renderView('page-service', { routeName: 'pages-service', locale: 'it' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Servizio clienti' })).toBeInTheDocument();
    expect(screen.getByText(/Keizersgracht 1/)).toHaveTextContent('Paesi Bassi');
  });
});
