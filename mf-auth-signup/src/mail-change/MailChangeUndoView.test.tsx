import { screen } from '@testing-library/react';
import { ApiError, userAtom } from '@dating/shared';
import { member, renderView } from '../testing/renderView';

describe('undoing an email change from the old address', () => {
  it('puts the old address back with the token, logs out and leads to a new password', async () => {
    const { api, store } = renderView('mail-change-undo', { routeName: 'mail-change-undo', user: member(), query: { token: 'undo-token-1234' } });
    api.undoMailChange.mockResolvedValue({ email: 'anna@example.com' });
    expect(await screen.findByText(/Done: your email address is/)).toHaveTextContent('Done: your email address is anna@example.com again, and every device was logged out.');
    expect(api.undoMailChange).toHaveBeenCalledTimes(1);
    expect(api.undoMailChange).toHaveBeenCalledWith('undo-token-1234');
    expect(store.get(userAtom)).toBeNull();
    expect(screen.getByRole('link', { name: 'Choose a new password' })).toHaveAttribute('href', '/reset-password');
  });

  it('in the member’s language', async () => {
    const { api } = renderView('mail-change-undo', { routeName: 'mail-change-undo', user: null, query: { token: 'undo-token-1234' }, locale: 'de' });
    api.undoMailChange.mockResolvedValue({ email: 'anna@example.com' });
    expect(await screen.findByText(/Erledigt/)).toHaveTextContent('Erledigt: Deine E-Mail-Adresse ist wieder anna@example.com');
  });

  it('explains a used or expired link', async () => {
    const { api } = renderView('mail-change-undo', { routeName: 'mail-change-undo', user: null, query: { token: 'undo-token-1234' } });
    api.undoMailChange.mockRejectedValue(new ApiError(400, 'token: expired', 'invalid_token', 'token'));
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has expired or was used already.');
  });

  it('does not call the API without a token', async () => {
    const { api } = renderView('mail-change-undo', { routeName: 'mail-change-undo', user: null });
    expect(await screen.findByText(/This link is not complete/)).toBeInTheDocument();
    expect(api.undoMailChange).not.toHaveBeenCalled();
  });
});
