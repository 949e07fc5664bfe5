import { screen } from '@testing-library/react';
import { ApiError } from '@dating/shared';
import { member, mockApi, renderView } from '../testing/renderView';
import { pricingFixture } from '../testing/fixtures';

function setup(prepare: (api: ReturnType<typeof mockApi>) => void, user: ReturnType<typeof member> | null = null, locale: 'en' | 'es' | 'pl' = 'en') {
  const api = mockApi();
  prepare(api);
  return renderView('pricing', { routeName: 'pricing', user, api, locale });
}

describe('pricing view', () => {
  it('shows the message price, packages and plans of the visitor’s country', async () => {
    const { api } = setup((a) => a.pricing.mockResolvedValue(pricingFixture()));
    expect(await screen.findByText('Sending a message costs €0.99.')).toBeInTheDocument();
    expect(screen.getByText('Most chosen')).toBeInTheDocument();
    expect(screen.getByText('€24.99')).toBeInTheDocument();
    expect(screen.getByText('€119.99')).toBeInTheDocument();
    expect(api.pricing).toHaveBeenCalledWith('NL');
    expect(screen.queryByRole('link', { name: 'Choose' })).not.toBeInTheDocument();
  });

  it('in Polish złoty for a Polish member', async () => {
    const { api } = setup(
      (a) => a.pricing.mockResolvedValue(pricingFixture({ country: 'PL', currency: 'PLN', message_cost: 399, packages: [{ id: 'starter', credits: 4000, amount_cents: 3999, currency: 'PLN', badge: null }], plans: [] })),
      member({ profile: { ...member().profile, country: 'PL' } }),
      'pl',
    );
    expect(await screen.findByText(/Wysłanie wiadomości kosztuje 3,99\szł\./)).toBeInTheDocument();
    expect(api.pricing).toHaveBeenCalledWith(undefined);
  });

  it('empty and error states', async () => {
    setup((a) => a.pricing.mockResolvedValue(pricingFixture({ packages: [], plans: [] })));
    expect(await screen.findByText('Nothing is sold in your country yet.')).toBeInTheDocument();
  });

  it('error', async () => {
    setup((a) => a.pricing.mockRejectedValue(new ApiError(0, 'offline')), null, 'es');
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });
});
