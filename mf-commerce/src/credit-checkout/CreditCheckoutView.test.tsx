import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@dating/shared';
import { member, mockApi, renderView } from '../testing/renderView';
import { creditsFixture } from '../testing/fixtures';
import { redirectTo } from './CreditCheckoutView';

const NL_METHODS = [
  { id: 'ideal', description: 'iDEAL' },
  { id: 'creditcard', description: 'Card' },
  { id: 'paypal', description: 'PayPal' },
];

function setup(params: Record<string, string>, prepare: (api: ReturnType<typeof mockApi>) => void = () => {}, locale: 'en' | 'de' = 'en', query: Record<string, string> = {}) {
  const api = mockApi();
  api.credits.mockResolvedValue(creditsFixture());
  api.discountCode.mockResolvedValue({ discount: null });
  api.paymentMethods.mockResolvedValue({ methods: NL_METHODS });
  prepare(api);
  return renderView('credit-checkout', { routeName: 'credits-creditId-paymentMethod', params, query, user: member(), api, locale });
}

/** Clicks Pay once the form is valid (react-hook-form validates asynchronously). */
async function pay(name: string | RegExp) {
  const button = await screen.findByRole('button', { name });
  await waitFor(() => expect(button).toBeEnabled());
  fireEvent.click(button);
}

describe('credit checkout view', () => {
  let assign: jest.SpyInstance;
  beforeEach(() => {
    assign = jest.spyOn(redirectTo, 'assign').mockImplementation(() => {});
  });
  afterEach(() => assign.mockRestore());

  it('offers the country’s methods with localized names and logos, requires consent, then goes to the provider', async () => {
    const { api } = setup({ creditId: 'popular' }, (a) =>
      a.createPayment.mockResolvedValue({ transaction_id: 'txn_x', checkout_url: 'http://localhost/api/dev/mollie/checkout/tr_1', status: 'open' }),
    'en', { next: '/chats/7' });
    const group = await screen.findByRole('group', { name: 'Pay with' });
    expect(within(group).getAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual(['ideal', 'creditcard', 'paypal']);
    expect(within(group).getByLabelText('Credit or debit card')).toBeInTheDocument();
    expect(group.querySelectorAll('svg')).toHaveLength(3);
    expect(screen.getByRole('radio', { name: 'iDEAL' })).toBeChecked();
    // Paying needs the withdrawal consent: the button waits for it.
    expect(screen.getByRole('button', { name: 'Pay €24.99' })).toBeDisabled();
    const consent = screen.getByRole('checkbox', { name: /lose my 14-day right of withdrawal/ });
    fireEvent.click(consent);
    fireEvent.click(consent);
    fireEvent.blur(consent);
    expect(await screen.findByText('Please confirm that delivery may start right away.')).toBeInTheDocument();
    expect(api.createPayment).not.toHaveBeenCalled();
    fireEvent.click(consent);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pay €24.99' })).toBeEnabled());
    fireEvent.click(screen.getByRole('radio', { name: 'PayPal' }));
    await pay('Pay €24.99');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/api/dev/mollie/checkout/tr_1'));
    expect(api.createPayment).toHaveBeenCalledWith({
      kind: 'credits', package_id: 'popular', method: 'paypal', expected_amount_cents: 2499, consent: true, return_to: '/chats/7',
      idempotency_key: expect.stringMatching(/^[A-Za-z0-9_-]{16,64}$/),
      // The prices it showed: a price change after the page opened does not change what this checkout pays.
      price_version: 0,
    });
    expect(screen.getByRole('link', { name: 'Return policy' })).toHaveAttribute('href', '/pages-return-policy');
  });

  it('applies a typed discount code and pays the lowered price; an unknown code says so', async () => {
    const { api } = setup({ creditId: 'starter', paymentMethod: 'creditcard' }, (a) => {
      a.discountCode.mockImplementation(async (q: Record<string, string>) =>
        q.code === 'SPRING20' ? { discount: { code: 'SPRING20', percentage: 20, extra_credits: null, expires_at: null, welcome: false } } : { discount: null },
      );
      a.createPayment.mockResolvedValue({ transaction_id: 'txn_x', checkout_url: 'http://x/checkout', status: 'open' });
    });
    const code = await screen.findByLabelText('Discount code');
    fireEvent.change(code, { target: { value: 'NOPE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This code is not valid (any more).');
    fireEvent.change(code, { target: { value: 'SPRING20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('SPRING20: 20% off.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Credit or debit card' })).toBeChecked();
    fireEvent.click(screen.getByRole('checkbox'));
    await pay('Pay €7.99');
    await waitFor(() => expect(api.createPayment).toHaveBeenCalledWith(expect.objectContaining({ discount_code: 'SPRING20', expected_amount_cents: 799, method: 'creditcard' })));
  });

  it('the welcome code applies by itself and lowers the price paid', async () => {
    const { api } = setup({ creditId: 'popular' }, (a) => {
      a.discountCode.mockResolvedValue({ discount: { code: 'WELCOME25', percentage: 25, extra_credits: null, expires_at: null, welcome: true } });
      a.createPayment.mockResolvedValue({ transaction_id: 't', checkout_url: 'http://x/c', status: 'open' });
    });
    expect(await screen.findByText('WELCOME25: 25% off.')).toBeInTheDocument();
    expect(screen.getByLabelText('Discount code')).toHaveValue('WELCOME25');
    fireEvent.click(screen.getByRole('checkbox'));
    await pay('Pay €18.74');
    await waitFor(() => expect(api.createPayment).toHaveBeenCalledWith(expect.objectContaining({ discount_code: 'WELCOME25', expected_amount_cents: 1874 })));
  });

  it('surfaces a discount lookup error (only the welcome code fails silently)', async () => {
    setup({ creditId: 'starter' }, (a) => a.discountCode.mockImplementation(async (q: Record<string, string>) => {
      if (q.welcome) return { discount: null };
      throw new ApiError(503, 'Service unavailable');
    }));
    fireEvent.change(await screen.findByLabelText('Discount code'), { target: { value: 'SPRING20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The code could not be checked: Service unavailable');
  });

  it('a changed price is said and the offer reloaded', async () => {
    const { api } = setup({ creditId: 'starter' }, (a) => a.createPayment.mockRejectedValue(new ApiError(400, 'changed', 'price_changed', 'expected_amount_cents')));
    await screen.findByRole('group', { name: 'Pay with' });
    fireEvent.click(screen.getByRole('checkbox'));
    await pay('Pay €9.99');
    expect(await screen.findByText('The price has changed. Check the new price and pay again.')).toBeInTheDocument();
    await waitFor(() => expect(api.credits).toHaveBeenCalledTimes(2));
  });

  it('a retry of the same payment sends the same idempotency key; another method gets its own', async () => {
    const { api } = setup({ creditId: 'starter' }, (a) => a.createPayment.mockRejectedValue(new ApiError(503, 'Service unavailable')));
    await screen.findByRole('group', { name: 'Pay with' });
    fireEvent.click(screen.getByRole('checkbox'));
    await pay('Pay €9.99');
    await screen.findByRole('alert');
    await pay('Pay €9.99');
    await waitFor(() => expect(api.createPayment).toHaveBeenCalledTimes(2));
    const [first, again] = api.createPayment.mock.calls.map((c) => c[0].idempotency_key);
    expect(again).toBe(first);
    fireEvent.click(screen.getByRole('radio', { name: 'PayPal' }));
    await pay('Pay €9.99');
    await waitFor(() => expect(api.createPayment).toHaveBeenCalledTimes(3));
    expect(api.createPayment.mock.calls[2]![0].idempotency_key).not.toBe(first);
  });

  it('a code held by another open checkout is said in the member’s language', async () => {
    setup({ creditId: 'starter' }, (a) => a.createPayment.mockRejectedValue(new ApiError(409, 'held', 'discount_reserved', 'discount_code')), 'de');
    fireEvent.click(await screen.findByRole('checkbox'));
    await pay(/^9,99\s€ bezahlen$/);
    expect(await screen.findByRole('alert')).toHaveTextContent('Dieser Rabattcode steckt schon in einer Zahlung, die du begonnen und nicht abgeschlossen hast.');
  });

  it('a second Premium checkout while one is open is said', async () => {
    setup({ creditId: 'premium-1m' }, (a) => a.createPayment.mockRejectedValue(new ApiError(409, 'pending', 'premium_pending', 'plan_id')));
    fireEvent.click(await screen.findByRole('checkbox'));
    await pay('Pay €19.99');
    expect(await screen.findByRole('alert')).toHaveTextContent('You have already started a Premium payment. Finish or cancel it first');
  });

  it('premium plans check out the same way', async () => {
    const { api } = setup({ creditId: 'premium-3m' }, (a) => a.createPayment.mockResolvedValue({ transaction_id: 't', checkout_url: 'http://x/c', status: 'open' }));
    expect(await screen.findByText(/Premium for 3 months/)).toBeInTheDocument();
    expect(api.paymentMethods).toHaveBeenCalledWith({ plan: '3m' });
    expect(screen.queryByLabelText('Discount code')).not.toBeInTheDocument();
    fireEvent.click(await screen.findByRole('checkbox'));
    await pay('Pay €44.99');
    await waitFor(() => expect(api.createPayment).toHaveBeenCalledWith(expect.objectContaining({ kind: 'premium', plan_id: '3m', expected_amount_cents: 4499 })));
  });

  it('empty: an unknown package and a country without methods say so', async () => {
    setup({ creditId: 'nothing' });
    expect(await screen.findByText('This package is not offered (any more).')).toBeInTheDocument();
  });

  it('empty methods', async () => {
    setup({ creditId: 'starter' }, (a) => a.paymentMethods.mockResolvedValue({ methods: [] }));
    expect(await screen.findByText('No payment method is available for your country right now.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Pay/ })).toBeDisabled();
  });

  it('loading and error states', async () => {
    setup({ creditId: 'starter' }, (a) => a.credits.mockRejectedValue(new ApiError(0, 'offline', 'network')));
    expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
    expect(await screen.findByRole('alert')).toHaveTextContent('This could not be loaded');
  });

  it('in German: prices and names in the member’s language', async () => {
    setup({ creditId: 'popular' }, () => {}, 'de');
    expect(await screen.findByRole('heading', { level: 1, name: 'Kasse' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /^24,99\s€ bezahlen$/ })).toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: 'Kredit- oder Debitkarte' })).toBeInTheDocument();
  });
});
