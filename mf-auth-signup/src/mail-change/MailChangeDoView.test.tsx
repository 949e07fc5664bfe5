import { screen } from '@testing-library/react';
import { ApiError, userAtom } from '@dating/shared';
import { member, renderView } from '../testing/renderView';

describe('confirming a new email address', () => {
  it('confirms with the token from the link and shows the new address', async () => {
    const { api, store } = renderView('mail-change-do', { routeName: 'mail-change-do', user: member(), query: { token: 'mail-token-123' } });
    api.confirmMailChange.mockResolvedValue({ email: 'anna.new@example.com' });
    expect(await screen.findByText(/Done: your email address/)).toHaveTextContent('Done: your email address is now anna.new@example.com.');
    expect(api.confirmMailChange).toHaveBeenCalledTimes(1);
    expect(api.confirmMailChange).toHaveBeenCalledWith('mail-token-123');
    expect(store.get(userAtom)?.email).toBe('anna.new@example.com');
  });

  it('explains a used or expired link and leaves the address alone', async () => {
    const { api } = renderView('mail-change-do', { routeName: 'mail-change-do', user: null, query: { token: 'mail-token-123' } });
    api.confirmMailChange.mockRejectedValue(new ApiError(400, 'token: expired', 'invalid_token', 'token'));
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has expired or was used already.');
    expect(screen.getByText('Your email address has not been changed.')).toBeInTheDocument();
  });

  it('does not call the API without a token', async () => {
    const { api } = renderView('mail-change-do', { routeName: 'mail-change-do', user: null });
    expect(await screen.findByText(/This link is not complete/)).toBeInTheDocument();
    expect(api.confirmMailChange).not.toHaveBeenCalled();
  });
});
