import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@dating/shared';
import { publicProfile } from '@dating/shared/testing';
import { member, mockApi, renderView, siteSettings } from '../testing/renderView';

describe('signup gate (spec §2)', () => {
  it('opens the account step for everybody when the site allows all signups', async () => {
    renderView('signup', { routeName: 'signup', user: null, settings: siteSettings({ settings: { signups: 'all' } }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign up for free' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Create your free account' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toBeInTheDocument();
    expect(screen.queryByText(/by invitation only/)).not.toBeInTheDocument();
  });

  it('shows the invite-only notice with a link to log in when signups are closed', async () => {
    renderView('signup', { routeName: 'signup', user: null, settings: siteSettings({ settings: { signups: 'other' } }) });
    expect(await screen.findByText('Signing up for this site is by invitation only.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByLabelText('Email address')).not.toBeInTheDocument();
  });

  it('opens signup on a traffic-source site only to visitors who bring a network', async () => {
    const settings = siteSettings({ settings: { signups: 'with_trafficsource' } });
    const { unmount } = renderView('signup', { routeName: 'signup', user: null, settings });
    expect(await screen.findByText(/by invitation only/)).toBeInTheDocument();
    unmount();
    renderView('signup', { routeName: 'signup', user: null, settings, query: { network: 'partner-1' } });
    expect(await screen.findByLabelText('Email address')).toBeInTheDocument();
  });

  it('lets a logged-in member continue the steps even where signups are closed', async () => {
    renderView('signup', { routeName: 'signup', user: member(), settings: siteSettings({ settings: { signups: 'other' } }) });
    expect(await screen.findByRole('heading', { level: 2, name: 'Add a photo' })).toBeInTheDocument();
  });

  it('asks who is there when nobody knows yet, then shows the form to a visitor', async () => {
    const { api } = renderView('signup', { routeName: 'signup' });
    expect(await screen.findByLabelText('Email address')).toBeInTheDocument();
    expect(api.getUser).toHaveBeenCalledTimes(1);
  });

  it('names the member a visitor signs up for on a member signup page, by name', async () => {
    const api = mockApi();
    api.profile.mockResolvedValue({ profile: publicProfile({ id: 42, name: 'Sanne' }) });
    renderView('signup', { api, routeName: 'members-memberId-signup', user: null, params: { memberId: '42' } });
    expect(await screen.findByText('You are signing up to meet Sanne.')).toBeInTheDocument();
    expect(api.profile).toHaveBeenCalledWith(42);
  });

  it('names nobody (and never an id) when the visitor may not see that member', async () => {
    const api = mockApi();
    api.profile.mockRejectedValue(new ApiError(403, 'login_required'));
    renderView('signup', { api, routeName: 'members-memberId-signup', user: null, params: { memberId: '42' } });
    expect(await screen.findByLabelText('Email address')).toBeInTheDocument();
    await waitFor(() => expect(api.profile).toHaveBeenCalled());
    expect(screen.queryByText(/signing up to meet/)).not.toBeInTheDocument();
    expect(screen.queryByText(/42/)).not.toBeInTheDocument();
  });

  it('speaks the active locale', async () => {
    renderView('signup', { routeName: 'signup', user: null, locale: 'de', settings: siteSettings({ settings: { signups: 'other' } }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Kostenlos registrieren' })).toBeInTheDocument();
    expect(screen.getByText('Die Registrierung auf dieser Website ist nur auf Einladung möglich.')).toBeInTheDocument();
  });

  it.each([
    ['de', 'E-Mail-Adresse', 'Name', 'Passwort', 'Das ist keine gültige E-Mail-Adresse', 'Dieses Feld ist erforderlich'],
    ['pl', 'Adres e-mail', 'Imię', 'Hasło', 'To nie jest prawidłowy adres e-mail', 'To pole jest wymagane'],
    ['nl', 'E-mailadres', 'Naam', 'Wachtwoord', 'Dit is geen geldig e-mailadres', 'Dit veld is verplicht'],
  ] as const)('labels step 0 and words its errors in %s', async (locale, email, name, password, invalid, required) => {
    const user = userEvent.setup();
    renderView('signup', { routeName: 'signup', user: null, locale });
    await user.type(await screen.findByLabelText(email), 'anna@');
    await user.click(screen.getByLabelText(name));
    await user.click(screen.getByLabelText(password));
    await user.tab();
    expect(screen.getByText(invalid)).toBeInTheDocument();
    expect(screen.getAllByText(required)).toHaveLength(1);
  });
});
