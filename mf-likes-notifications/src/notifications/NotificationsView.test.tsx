import { screen } from '@testing-library/react';
import { member, renderView } from '../testing/renderView';

describe('notifications view', () => {
  it('warns that the email address was not changed when the mail-change link was incorrect', async () => {
    renderView('notifications', { routeName: 'notifications', hash: 'email-change-incorrect', user: member() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The link to change your email address is incorrect or has expired. Your email address has not been changed.',
    );
  });

  it('shows no warning without that hash', async () => {
    renderView('notifications', { routeName: 'notifications', user: member() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('gives the warning in the member’s language', async () => {
    renderView('notifications', { routeName: 'notifications', hash: 'email-change-incorrect', locale: 'pl' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Powiadomienia' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Twój adres e-mail nie został zmieniony.');
  });
});
