jest.setTimeout(30_000);
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { ALL_FEATURES_ON, ApiError, type OperatorSiteSettings } from '@dating/shared';
import { answer, operator, renderView } from '../testing/renderView';

const loaded = (): OperatorSiteSettings => ({
  template_name: 'amora',
  hosts: ['amora.example', 'localhost'],
  updated_at: '2026-11-27 10:00:00.123456+00',
  site: {
    theme: { brandName: 'Amora', tagline: 'Find love', logoText: 'amora', primaryColor: '#c2185b', accentColor: '#ff80ab', backgroundColor: '#ffffff', textColor: '#1a1a1a' },
    domain_language: 'nl',
    languages: ['en', 'nl', 'de'],
    signups: 'all',
    logged_out_search: true,
    logged_out_search_trafficsource: false,
    fictional_icon: true,
    flags: { ...ALL_FEATURES_ON },
    company: {
      name: 'Amora B.V.',
      address: 'Keizersgracht 1',
      kvk: '12345678',
      city: 'Amsterdam',
      country: 'NL',
      tradenames: ['Amora', 'Amora Dating'],
      vat_numbers: ['NL123456789B01'],
      support_phone: '+31 20 123 4567',
      support_email: 'support@amora.example',
      delete_discount: 20,
    },
  },
});

function setup(role: 'admin' | 'support', handlers: Record<string, unknown> = {}) {
  const { api, sent } = answer({
    'GET operator/me.php': { operator: operator({ role }) },
    'GET operator/site_settings.php': loaded(),
    ...handlers,
  });
  renderView('site', { routeName: 'backoffice-site', api });
  return { sent, user: userEvent.setup() };
}

describe('/backoffice/site', () => {
  it("an admin makes the site invite-only, turns the footer off and renames the company: the save sends the whole site with the reading's version", async () => {
    const { user, sent } = setup('admin', { 'PUT operator/site_settings.php': ({ body }: { body: unknown }) => ({ ...loaded(), ...(body as object), updated_at: 'later' }) });
    const form = await screen.findByRole('form', { name: 'Site and flags' });
    expect(within(form).getByText(/amora\.example, localhost/)).toBeInTheDocument();
    expect(within(form).getByRole('radio', { name: 'Every visitor' })).toBeChecked();
    expect(within(form).getByRole('checkbox', { name: 'Polski' })).not.toBeChecked();
    await user.click(within(form).getByRole('radio', { name: /invite only/ }));
    await user.click(within(form).getByRole('checkbox', { name: 'Footer' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Polski' }));
    const name = within(form).getByLabelText('Company name');
    await user.clear(name);
    await user.type(name, 'Amora Media B.V.');
    await user.clear(within(form).getByLabelText('Trade names (separated by commas)'));
    await user.type(within(form).getByLabelText('Trade names (separated by commas)'), 'Amora,  Amora Chat ,');
    await user.click(within(form).getByRole('button', { name: 'Save site' }));
    await waitFor(() => expect(sent.some((s) => s.method === 'PUT')).toBe(true));
    const body = sent.find((s) => s.method === 'PUT')!.body as { updated_at: string; site: OperatorSiteSettings['site'] };
    expect(body.updated_at).toBe('2026-11-27 10:00:00.123456+00');
    expect(body.site.signups).toBe('other');
    expect(body.site.flags.footer).toBe(false);
    expect(body.site.flags.chat).toBe(true);
    expect(body.site.languages).toEqual(['en', 'nl', 'de', 'pl']);
    expect(body.site.company).toMatchObject({ name: 'Amora Media B.V.', tradenames: ['Amora', 'Amora Chat'], delete_discount: 20 });
  });

  it('a field the API refuses is marked and named in the alert', async () => {
    const { user } = setup('admin', { 'PUT operator/site_settings.php': new ApiError(400, 'site.company.support_email: Invalid email address', 'invalid_input', 'site.company.support_email') });
    const form = await screen.findByRole('form', { name: 'Site and flags' });
    await user.click(within(form).getByRole('button', { name: 'Save site' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('site.company.support_email');
    expect(within(form).getByLabelText('Support email')).toHaveAttribute('aria-invalid', 'true');
  });

  it('a support operator is told the screen is not theirs, and the site is not even read', async () => {
    const { sent } = setup('support');
    expect(await screen.findByText('Your role does not include this part of the back office.')).toBeInTheDocument();
    expect(sent.some((s) => s.path === 'operator/site_settings.php')).toBe(false);
    expect(screen.queryByRole('link', { name: 'Site' })).not.toBeInTheDocument();
  });
});
