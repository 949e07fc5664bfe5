jest.setTimeout(30_000);
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { ApiError, type OperatorDiscountCode, type PriceBook, type PricePreview, type PricesResponse } from '@dating/shared';
import { answer, operator, renderView } from '../testing/renderView';

const book = (starter = 999): PriceBook => ({
  countries: {
    NL: {
      currency: 'EUR',
      message_cost: 99,
      packages: [
        { id: 'starter', credits: 1000, amount_cents: starter, badge: null },
        { id: 'popular', credits: 2750, amount_cents: 2499, badge: 'most_chosen' },
      ],
      plans: [{ id: '1m', months: 1, amount_cents: 1999 }],
    },
    PL: { currency: 'PLN', message_cost: 396, packages: [{ id: 'starter', credits: 4000, amount_cents: 3999, badge: null }], plans: [] },
  },
  time_bonus: { percent: 20, hours: 72 },
});

const prices = (version = 3, starter = 999): PricesResponse => ({
  version,
  book: book(starter),
  history: [{ version, created_at: '2026-11-26T10:00:00Z', operator: 'fin@example.com', reason: 'Autumn' }],
});

/** The preview the API would answer for a draft: NL members see the NL starter's before and after. */
function previewOf(draft: PriceBook): { preview: PricePreview[] } {
  const after = draft.countries.NL!.packages.find((p) => p.id === 'starter')!.amount_cents;
  const row = (member: string): PricePreview => ({
    member_country: member,
    country: member === 'PL' ? 'PL' : 'NL',
    currency: member === 'PL' ? 'PLN' : 'EUR',
    currency_before: member === 'PL' ? 'PLN' : 'EUR',
    message_cost_before: 99,
    message_cost_after: 99,
    packages: member === 'PL' ? [] : [{ id: 'starter', credits: 1000, months: null, before_cents: 999, after_cents: after }],
    plans: [],
  });
  return { preview: ['NL', 'BE', 'DE', 'PL'].map(row) };
}

const code = (overrides: Partial<OperatorDiscountCode> = {}): OperatorDiscountCode => ({
  id: 7,
  code: 'WELCOME25',
  percentage: 25,
  extra_credits: null,
  welcome: true,
  welcome_days: 7,
  starts_at: null,
  expires_at: null,
  max_uses: null,
  networks: [],
  countries: [],
  active: true,
  uses: 3,
  reserved: 1,
  created_at: '2026-11-01T10:00:00Z',
  ...overrides,
});

function setup(handlers: Record<string, unknown> = {}) {
  const { api, sent } = answer({
    'GET operator/me.php': { operator: operator({ role: 'finance' }) },
    'GET operator/prices.php': prices(),
    'POST operator/prices_preview.php': ({ body }: { body: unknown }) => previewOf((body as { book: PriceBook }).book),
    'PUT operator/prices.php': prices(4, 1299),
    'GET operator/discount_codes.php': { codes: [code()] },
    ...handlers,
  });
  renderView('prices', { routeName: 'backoffice-prices', api });
  return { sent, user: userEvent.setup() };
}

describe('/backoffice/prices', () => {
  it('shows the effect of a change for members in NL, BE, DE and PL before saving; saves it with a reason as a new version', async () => {
    const { user, sent } = setup();
    const price = await screen.findByLabelText('Price of starter');
    await user.clear(price);
    await user.type(price, '12,99');
    const preview = screen.getByRole('region', { name: 'What members pay after this change' });
    const nl = await within(preview).findByRole('table', { name: 'A member in NL pays the NL prices (EUR)' });
    await waitFor(() => expect(within(nl).getByRole('row', { name: /1,000 credits €9\.99 €12\.99 \(changed\)/ })).toBeInTheDocument(), { timeout: 5000 });
    expect(within(preview).getByRole('table', { name: 'A member in BE pays the NL prices (EUR)' })).toBeInTheDocument();

    // Without a reason nothing is sent.
    await user.click(screen.getByRole('button', { name: 'Save prices' }));
    expect(screen.getByText('Say why: the reason is kept in the audit log.')).toBeInTheDocument();
    expect(sent.filter((s) => s.method === 'PUT')).toHaveLength(0);
    await user.type(within(screen.getByRole('form', { name: 'Save prices' })).getByLabelText('Why (kept in the audit log)'), 'NL starter up');
    await user.click(screen.getByRole('button', { name: 'Save prices' }));
    expect(await screen.findByText('Saved as version 4. New checkouts pay these prices now.')).toBeInTheDocument();
    const put = sent.find((s) => s.method === 'PUT')!.body as { version: number; book: PriceBook; reason: string };
    expect(put.version).toBe(3);
    expect(put.reason).toBe('NL starter up');
    expect(put.book.countries.NL!.packages[0]!.amount_cents).toBe(1299);
    expect(put.book.countries.PL).toEqual(book().countries.PL);
  });

  it('refuses a malformed price before asking and names the field', async () => {
    const { user, sent } = setup();
    const price = await screen.findByLabelText('Price of starter');
    await user.clear(price);
    await user.type(price, '12.999');
    expect(price).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('NL.packages.0.amount_cents');
    expect(screen.getByRole('button', { name: 'Save prices' })).toBeDisabled();
    expect(screen.getByText('Correct the marked fields to see the effect.')).toBeInTheDocument();
    const previews = sent.filter((s) => s.path === 'operator/prices_preview.php').length;
    await new Promise((r) => setTimeout(r, 400));
    expect(sent.filter((s) => s.path === 'operator/prices_preview.php')).toHaveLength(previews);
  });

  it('lists the codes with their uses and creates a welcome code; the replaced one is named', async () => {
    const created = code({ id: 8, code: 'HELLO30', percentage: 30, uses: 0, reserved: 0 });
    const { user, sent } = setup({ 'POST operator/discount_codes.php': { code: created, replaced: 'WELCOME25' } });
    const row = await screen.findByRole('row', { name: /WELCOME25/ });
    expect(row).toHaveTextContent('25% off; welcome code, first 7 days');
    expect(row).toHaveTextContent('3, 1 in open checkouts');
    const form = screen.getByRole('form', { name: 'New code' });
    await user.type(within(form).getByLabelText('Code'), 'hello30');
    await user.type(within(form).getByLabelText('Percent off'), '30');
    await user.click(within(form).getByLabelText(/^Welcome code/));
    await user.type(within(form).getByLabelText('Days after signup'), '7');
    await user.type(within(form).getByLabelText('Only billing countries'), 'nl, be');
    await user.type(within(form).getByLabelText('Why (kept in the audit log)'), 'Autumn welcome');
    await user.click(within(form).getByRole('button', { name: 'Create code' }));
    await waitFor(() => expect(sent.some((s) => s.method === 'POST' && s.path === 'operator/discount_codes.php')).toBe(true));
    expect(sent.find((s) => s.method === 'POST' && s.path === 'operator/discount_codes.php')!.body).toMatchObject({
      code: 'HELLO30',
      percentage: 30,
      welcome: true,
      welcome_days: 7,
      countries: ['NL', 'BE'],
      reason: 'Autumn welcome',
    });
  });

  it('a field the API refuses is marked', async () => {
    const { user } = setup({ 'POST operator/discount_codes.php': new ApiError(409, 'code: the site has a code SPRING20 already', 'code_taken', 'code') });
    const form = await screen.findByRole('form', { name: 'New code' });
    await user.type(within(form).getByLabelText('Code'), 'SPRING20');
    await user.type(within(form).getByLabelText('Percent off'), '5');
    await user.type(within(form).getByLabelText('Why (kept in the audit log)'), 'x');
    await user.click(within(form).getByRole('button', { name: 'Create code' }));
    expect(await within(form).findByRole('alert')).toBeInTheDocument();
    expect(within(form).getByLabelText('Code')).toHaveAttribute('aria-invalid', 'true');
  });

  it('a moderator is told the screen is not theirs', async () => {
    const { api } = answer({ 'GET operator/me.php': { operator: operator({ role: 'moderator' }) } });
    renderView('prices', { routeName: 'backoffice-prices', api });
    expect(await screen.findByText('Your role does not include this part of the back office.')).toBeInTheDocument();
  });
});
