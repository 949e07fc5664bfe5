import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, userAtom } from '@dating/shared';
import { member, renderView } from '../testing/renderView';

async function fillAndSubmit(email = 'anna@example.com', password = 'secret-pass') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('login view', () => {
  it('offers a labelled email and password form with links to sign up and to reset the password', async () => {
    renderView('login', { routeName: 'login', user: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: 'Sign up for free' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/reset-password');
  });

  it('logs the member in, stores the user and goes to the home page', async () => {
    const anna = member();
    const { api, navigate, store } = renderView('login', { routeName: 'login', user: null });
    api.login.mockResolvedValue({ user: anna });
    await fillAndSubmit();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith({ name: 'index' }, { replace: true }));
    expect(api.login).toHaveBeenCalledWith({ email: 'anna@example.com', password: 'secret-pass' });
    expect(store.get(userAtom)).toEqual(anna);
  });

  it('returns the member to the page named in next after logging in', async () => {
    const { api, navigate } = renderView('login', { routeName: 'login', user: null, query: { next: '/chats/12?x=1' } });
    api.login.mockResolvedValue({ user: member() });
    await fillAndSubmit();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/chats/12?x=1', { replace: true }));
  });

  it('never follows a next that points to another site', async () => {
    const { api, navigate } = renderView('login', { routeName: 'login', user: null, query: { next: '//evil.example/phish' } });
    api.login.mockResolvedValue({ user: member() });
    await fillAndSubmit();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith({ name: 'index' }, { replace: true }));
  });

  it('shows the server message when the password is wrong and lets the member try again', async () => {
    const { api, navigate, store } = renderView('login', { routeName: 'login', user: null });
    api.login.mockRejectedValue(new ApiError(401, 'Email address or password is incorrect', 'unauthorized'));
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Email address or password is incorrect');
    expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();
    expect(navigate).not.toHaveBeenCalled();
    expect(store.get(userAtom)).toBeNull();
  });

  it('explains a network failure in the member’s language', async () => {
    const { api } = renderView('login', { routeName: 'login', user: null, locale: 'nl' });
    api.login.mockRejectedValue(new ApiError(0, 'Failed to fetch', 'network'));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('E-mailadres'), 'anna@example.com');
    await user.type(screen.getByLabelText('Wachtwoord'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Inloggen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We konden de server niet bereiken');
  });

  it('tells a suspended member in their language that the account is suspended, not that the password is wrong', async () => {
    const { api, navigate } = renderView('login', { routeName: 'login', user: null, locale: 'nl' });
    api.login.mockRejectedValue(new ApiError(403, 'This account is suspended until 2026-12-31T00:00:00.000Z', 'account_suspended'));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('E-mailadres'), 'anna@example.com');
    await user.type(screen.getByLabelText('Wachtwoord'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Inloggen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Je account is geschorst, daarom kun je nu niet inloggen.');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('disables the button while the login call runs', async () => {
    const { api } = renderView('login', { routeName: 'login', user: null });
    api.login.mockReturnValue(new Promise(() => {}));
    await fillAndSubmit();
    expect(await screen.findByRole('button', { name: 'Logging in…' })).toBeDisabled();
    expect(api.login).toHaveBeenCalledTimes(1);
  });

  it('tells a member who is already logged in who they are, with a link to the members', async () => {
    renderView('login', { routeName: 'login', user: member() });
    expect(await screen.findByText(/You are logged in as/)).toHaveTextContent('You are logged in as Anna.');
    expect(screen.getByRole('link', { name: 'Go to the members' })).toHaveAttribute('href', '/members');
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });
});
