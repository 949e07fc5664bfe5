import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@dating/shared';
import { member, mockApi, renderView } from '../testing/renderView';
import { creditsFixture, pricingFixture } from '../testing/fixtures';

function setup(prepare: (api: ReturnType<typeof mockApi>) => void, user: ReturnType<typeof member> | null = member(), locale: 'en' | 'it' = 'en') {
  const api = mockApi();
  prepare(api);
  return renderView('premium', { routeName: 'premium', user, api, locale });
}

describe('premium view', () => {
  it('says what Premium gives and lists the plans with their price a month, each leading to its checkout', async () => {
    setup((a) => a.credits.mockResolvedValue(creditsFixture()));
    expect(await screen.findByText(/No webcam or partner ads/)).toBeInTheDocument();
    const plans = await screen.findAllByRole('listitem', { name: /month/ });
    expect(plans).toHaveLength(3);
    expect(within(plans[2]!).getByText('€119.99')).toBeInTheDocument();
    expect(within(plans[2]!).getByText('€10.00 a month')).toBeInTheDocument();
    expect(within(plans[1]!).getByRole('link', { name: 'Choose' })).toHaveAttribute('href', '/credits-creditId-paymentMethod/premium-3m');
  });

  it('says what a message costs with Premium and without, with the site’s prices', async () => {
    setup((a) => a.credits.mockResolvedValue(creditsFixture({ message_cost: 99, premium_message_cost: 50 })));
    expect(await screen.findByText('With Premium a message costs €0.50 instead of €0.99: chat more for the same credits.')).toBeInTheDocument();
  });

  it('visitors see the lower message price too, in their language', async () => {
    setup((a) => a.pricing.mockResolvedValue(pricingFixture({ message_cost: 99, premium_message_cost: 50 })), null, 'it');
    expect(await screen.findByText(/Con Premium un messaggio costa 0,50\s€ invece di 0,99\s€/)).toBeInTheDocument();
  });

  it('says nothing of message prices on a site whose Premium members pay the same', async () => {
    setup((a) => a.credits.mockResolvedValue(creditsFixture({ message_cost: 99, premium_message_cost: 99 })));
    await screen.findAllByRole('listitem', { name: /month/ });
    expect(screen.queryByText(/a message costs/)).not.toBeInTheDocument();
  });

  it('an active member cancels after confirming; premium lasts until the period ends', async () => {
    const active = { paid_user: true, status: 'active' as const, plan_id: '1m' as const, current_period_end: '2026-12-23T10:00:00.000Z', cancel_at_period_end: false };
    const canceled = { ...active, status: 'canceled' as const, cancel_at_period_end: true };
    const { api, services } = setup((a) => {
      a.credits.mockResolvedValueOnce(creditsFixture({ premium: active })).mockResolvedValue(creditsFixture({ premium: canceled }));
      a.cancelPremium.mockResolvedValue(canceled);
      a.getUser.mockResolvedValue({ user: member({ paid_user: true }) });
    });
    expect(await screen.findByText('You are a Premium member. Next renewal: December 23, 2026.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Choose' })).not.toBeInTheDocument();
    services.modal.confirm.mockResolvedValueOnce(false);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel Premium' }));
    await waitFor(() => expect(services.modal.confirm).toHaveBeenCalledTimes(1));
    expect(api.cancelPremium).not.toHaveBeenCalled();
    services.modal.confirm.mockResolvedValueOnce(true);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel Premium' }));
    expect(await screen.findByText('Your Premium is canceled and stays active until December 23, 2026.')).toBeInTheDocument();
    expect(api.cancelPremium).toHaveBeenCalledTimes(1);
  });

  it('past due: says so and offers the plans again', async () => {
    setup((a) => a.credits.mockResolvedValue(creditsFixture({ premium: { paid_user: false, status: 'past_due', plan_id: '1m', current_period_end: null, cancel_at_period_end: false } })));
    expect(await screen.findByRole('alert')).toHaveTextContent('could not be charged');
    expect(screen.getAllByRole('link', { name: 'Choose' })).toHaveLength(3);
  });

  it('visitors see the plans of their country and are asked to log in', async () => {
    const { api } = setup((a) => a.pricing.mockResolvedValue(pricingFixture()), null, 'it');
    expect(await screen.findByRole('link', { name: 'Accedi per attivare Premium' })).toBeInTheDocument();
    expect(api.pricing).toHaveBeenCalledWith('NL');
    expect(screen.queryByRole('link', { name: 'Scegli' })).not.toBeInTheDocument();
  });

  it('loading and error', async () => {
    setup((a) => a.credits.mockRejectedValue(new ApiError(0, 'offline')));
    expect(await screen.findByRole('status')).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('This could not be loaded');
  });
});
