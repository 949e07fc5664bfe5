import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { renderView, siteSettings } from '../testing/renderView';

const velvet = siteSettings({
  company: { name: 'Velvet Media GmbH', address: 'Friedrichstraße 68', city: 'Berlin', country: 'DE', kvk: 'HRB 219876 B', vat_numbers: ['DE318765432'], support_phone: '+49 30 2555 8100', support_email: 'service@velvet.example' },
  settings: { fictional_icon: false },
});

describe('legal and help pages', () => {
  it.each([
    ['page-terms', 'Terms and conditions'],
    ['page-privacy', 'Privacy statement'],
    ['page-cookies', 'Cookie policy'],
    ['page-faq', 'Frequently asked questions'],
    ['page-return-policy', 'Return policy'],
    ['page-service', 'Customer service'],
    ['page-ban', 'Access blocked'],
  ] as const)('%s: its full text with the company’s details and the way to help', async (view, heading) => {
    renderView(view);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Company details' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Make a complaint' })).toHaveAttribute('href', '/complaints');
    expect(document.body.textContent!.length).toBeGreaterThan(600);
  });

  it('privacy: the right of access links to the data download on the profile page, in every language', async () => {
    const { unmount } = renderView('page-privacy');
    expect(await screen.findByRole('link', { name: /^Download your data yourself/ })).toHaveAttribute('href', '/profile#data');
    unmount();
    renderView('page-privacy', { locale: 'pl' });
    expect(await screen.findByRole('link', { name: /^Pobierz swoje dane samodzielnie/ })).toHaveAttribute('href', '/profile#data');
  });

  it('terms are filled with the site’s company: name, address, register and VAT number, governing law', async () => {
    renderView('page-terms', { settings: velvet, locale: 'de' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Allgemeine Geschäftsbedingungen' })).toBeInTheDocument();
    expect(screen.getByText(/ist ein Angebot der Velvet Media GmbH, Friedrichstraße 68, Berlin, Deutschland \(Handelsregister HRB 219876 B, USt-IdNr\. DE318765432\)/)).toBeInTheDocument();
    expect(screen.getByText(/Es gilt das Recht von Deutschland/)).toBeInTheDocument();
    // Velvet does not mark profiles run by the service with an icon: the terms say how to ask.
    expect(screen.queryByText(/deutliches Symbol/)).toBeNull();
    expect(screen.getByText(/frag unseren Kundenservice: Wir sagen es dir/)).toBeInTheDocument();
  });

  it('labels the register number by the company’s country: KvK for a Dutch company, also in Polish', async () => {
    renderView('page-service', { locale: 'pl' });
    await screen.findByRole('heading', { level: 1, name: 'Biuro obsługi klienta' });
    const facts = screen.getByRole('heading', { name: 'Dane firmy' }).closest('section')!;
    expect(within(facts).getByText('KvK')).toBeInTheDocument();
    expect(within(facts).queryByText('KRS')).toBeNull();
    expect(within(facts).getByText('12345678')).toBeInTheDocument();
  });

  it('labels a German HRB number Handelsregister, not Chamber of Commerce', async () => {
    renderView('page-service', { settings: velvet });
    await screen.findByRole('heading', { level: 1, name: 'Customer service' });
    expect(screen.getByText('Handelsregister')).toBeInTheDocument();
    expect(screen.queryByText(/Chamber of Commerce/)).toBeNull();
    expect(screen.getByRole('link', { name: '+49 30 2555 8100' })).toHaveAttribute('href', 'tel:+493025558100');
    expect(screen.getByRole('link', { name: 'service@velvet.example' })).toHaveAttribute('href', 'mailto:service@velvet.example');
  });

  it('cookies: a table of every cookie and storage item with purpose and lifetime', async () => {
    renderView('page-cookies', { locale: 'nl' });
    const table = await screen.findByRole('table', { name: /Alle cookies en opgeslagen gegevens/ });
    for (const name of ['sid', 'device', 'csrf', 'locale', 'client_state', 'shell.site', 'remote-chunks']) {
      expect(within(table).getAllByRole('rowheader').map((c) => c.textContent)).toContain(name);
    }
    // Each row says its own lifetime, in Dutch: the language and device cookies last a year.
    const row = (name: string) => within(table).getByRole('rowheader', { name }).closest('tr')!;
    expect(within(row('locale')).getByText('1 jaar')).toBeInTheDocument();
    expect(within(row('device')).getByText('1 jaar')).toBeInTheDocument();
    expect(within(row('sid')).getByText('30 dagen')).toBeInTheDocument();
  });

  it('FAQ: questions open to their answers, by keyboard too', async () => {
    const user = userEvent.setup();
    renderView('page-faq');
    const question = await screen.findByText('How do I delete my account?');
    const details = question.closest('details')!;
    expect(details.open).toBe(false);
    await user.click(question);
    expect(details.open).toBe(true);
    expect(screen.getAllByRole('group').length).toBeGreaterThanOrEqual(12);
  });

  it('return policy: the EU right of withdrawal for digital content and premium', async () => {
    renderView('page-return-policy', { locale: 'fr' });
    expect(await screen.findByRole('heading', { name: '2. Crédits (contenu numérique)' })).toBeInTheDocument();
    expect(screen.getByText(/perdre ainsi votre droit de rétractation/)).toBeInTheDocument();
    expect(screen.getByText(/Je vous notifie par la présente ma rétractation/)).toBeInTheDocument();
  });
});
