import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@dating/shared';
import { renderView } from '../testing/renderView';

describe('asking for a password reset', () => {
  it('sends a link and says the same whether or not the address has an account', async () => {
    const user = userEvent.setup();
    const { api } = renderView('reset-password', { routeName: 'reset-password', user: null });
    api.requestPasswordReset.mockResolvedValue({ sent: true });
    await user.type(await screen.findByLabelText('Email address'), 'anna@example.com');
    await user.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'If there is an account for anna@example.com, we have sent it a link to choose a new password.',
    );
    expect(api.requestPasswordReset).toHaveBeenCalledWith('anna@example.com');
  });

  it('wants a valid address before asking', async () => {
    const user = userEvent.setup();
    const { api } = renderView('reset-password', { routeName: 'reset-password', user: null });
    await user.type(await screen.findByLabelText('Email address'), 'anna@');
    await user.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect(await screen.findByText('Value is not a valid email address')).toBeInTheDocument();
    expect(api.requestPasswordReset).not.toHaveBeenCalled();
  });

  it('says in the member’s words when there were too many attempts', async () => {
    const user = userEvent.setup();
    const { api } = renderView('reset-password', { routeName: 'reset-password', user: null });
    api.requestPasswordReset.mockRejectedValue(new ApiError(429, 'Too many requests: try again in 60 s', 'rate_limited'));
    await user.type(await screen.findByLabelText('Email address'), 'anna@example.com');
    await user.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please wait a few minutes and try again.');
  });
});

describe('choosing a new password with the link', () => {
  it('sets the new password with the token from the link', async () => {
    const user = userEvent.setup();
    const { api } = renderView('reset-password-do', { routeName: 'reset-password-do', user: null, query: { token: 'reset-token-123' } });
    api.resetPassword.mockResolvedValue({ done: true });
    await user.type(await screen.findByLabelText('New password'), 'new-secret');
    await user.type(screen.getByLabelText('New password again'), 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Save my new password' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your password has been changed.');
    expect(api.resetPassword).toHaveBeenCalledWith('reset-token-123', 'new-secret');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it('wants the same password twice', async () => {
    const user = userEvent.setup();
    const { api } = renderView('reset-password-do', { routeName: 'reset-password-do', user: null, query: { token: 'reset-token-123' } });
    await user.type(await screen.findByLabelText('New password'), 'new-secret');
    await user.type(screen.getByLabelText('New password again'), 'new-secreT');
    await user.click(screen.getByRole('button', { name: 'Save my new password' }));
    expect(await screen.findByText('The two passwords are not the same')).toBeInTheDocument();
    expect(api.resetPassword).not.toHaveBeenCalled();
  });

  it('explains an expired link and offers a new one', async () => {
    const user = userEvent.setup();
    const { api } = renderView('reset-password-do', { routeName: 'reset-password-do', user: null, query: { token: 'reset-token-123' } });
    api.resetPassword.mockRejectedValue(new ApiError(400, 'token: this link has expired', 'invalid_token', 'token'));
    await user.type(await screen.findByLabelText('New password'), 'x');
    await user.type(screen.getByLabelText('New password again'), 'x');
    await user.click(screen.getByRole('button', { name: 'Save my new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has expired or was used already. Ask for a new one.');
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/reset-password');
  });

  it('says so when the link has no token', async () => {
    renderView('reset-password-do', { routeName: 'reset-password-do', user: null });
    expect(await screen.findByText(/This link is not complete/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByLabelText('New password')).not.toBeInTheDocument());
  });
});
