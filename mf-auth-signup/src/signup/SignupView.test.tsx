import { screen } from '@testing-library/react';
import { renderView, siteSettings } from '../testing/renderView';

describe('signup view', () => {
  it('opens signup for everybody when the site allows all signups', async () => {
    renderView('signup', { routeName: 'signup', settings: siteSettings({ settings: { signups: 'all' } }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign up for free' })).toBeInTheDocument();
    expect(screen.getByText(/create your free account here/)).toBeInTheDocument();
    expect(screen.getByText(/sign-up form itself is not available yet/)).toBeInTheDocument();
    expect(screen.queryByText(/by invitation only/)).not.toBeInTheDocument();
  });

  it('shows the invite-only notice with a link to log in when signups are closed', async () => {
    renderView('signup', { routeName: 'signup', settings: siteSettings({ settings: { signups: 'other' } }) });
    expect(await screen.findByText('Signing up for this site is by invitation only.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByText(/create your free account here/)).not.toBeInTheDocument();
  });

  it('opens signup for a traffic-source site only to visitors who bring a network', async () => {
    const settings = siteSettings({ settings: { signups: 'with_trafficsource' } });
    const { unmount } = renderView('signup', { routeName: 'signup', settings });
    expect(await screen.findByText(/by invitation only/)).toBeInTheDocument();
    unmount();
    renderView('signup', { routeName: 'signup', settings, query: { network: 'partner-1' } });
    expect(await screen.findByText(/create your free account here/)).toBeInTheDocument();
  });

  it('names the member a visitor signs up for on a member signup page', async () => {
    renderView('signup', { routeName: 'members-memberId-signup', params: { memberId: '42' } });
    expect(await screen.findByText('You are signing up to meet member #42.')).toBeInTheDocument();
  });

  it('speaks the active locale', async () => {
    renderView('signup', { routeName: 'signup', locale: 'de', settings: siteSettings({ settings: { signups: 'other' } }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Kostenlos registrieren' })).toBeInTheDocument();
    expect(screen.getByText('Die Registrierung auf dieser Website ist nur auf Einladung möglich.')).toBeInTheDocument();
  });
});
