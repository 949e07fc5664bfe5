import { screen } from '@testing-library/react';
import { renderView } from '../testing/renderView';

describe('/activate/done', () => {
  it('thanks a member whose link just confirmed the address', async () => {
    renderView('activate-done', { routeName: 'activate-done', user: null });
    expect(await screen.findByText('Thank you for confirming your email address.')).toBeInTheDocument();
  });

  it('a second click on the link says the account is already active, not that activation failed', async () => {
    renderView('activate-done', { routeName: 'activate-done', user: null, query: { already: '1' } });
    expect(await screen.findByRole('heading', { name: 'Your account is active' })).toBeInTheDocument();
    expect(screen.getByText('Your email address was already confirmed: you can log in and get started.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toBeInTheDocument();
  });
});
