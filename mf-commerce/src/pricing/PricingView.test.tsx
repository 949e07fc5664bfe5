import { screen } from '@testing-library/react';
import { renderView, siteSettings } from '../testing/renderView';

describe('pricing view', () => {
  it('shows the minimum message cost of the visitor’s country from the site settings', async () => {
    renderView('pricing', {
      routeName: 'pricing',
      user: null,
      settings: siteSettings({ settings: { geoip_selected_country: 'NL', minimum_message_costs: { NL: { costs: 1.5, currency: 'EUR' } } } }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Prices' })).toBeInTheDocument();
    expect(screen.getByText(/Sending a message costs at least/)).toHaveTextContent('€1.50');
  });

  it('leaves the cost out when the site has none for the country', async () => {
    renderView('pricing', { routeName: 'pricing', user: null, settings: siteSettings({ settings: { minimum_message_costs: {} } }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Prices' })).toBeInTheDocument();
    expect(screen.queryByText(/Sending a message costs/)).not.toBeInTheDocument();
  });
});
