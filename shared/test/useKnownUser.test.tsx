import { screen, waitFor } from '@testing-library/react';
import { ApiError } from '../src/api/client';
import { userAtom } from '../src/atoms';
import { queryKeys } from '../src/query';
import { member, mockApi, renderRemoteView } from '../src/testing';
import { useKnownUser } from '../src/useKnownUser';

function Greeting() {
  const user = useKnownUser();
  if (user === undefined) return <p>Checking who you are…</p>;
  return <p>{user ? `Hello ${user.profile.name}` : 'Hello visitor'}</p>;
}

const definition = { name: 'test', views: { greeting: Greeting }, loadMessages: async () => ({}) };

describe('useKnownUser (one for every remote)', () => {
  it('asks user.php once when nobody knows the member yet, and keeps the answer in the shared store', async () => {
    const api = mockApi();
    api.getUser.mockResolvedValue({ user: member({ profile: { ...member().profile, name: 'Anna' } }) });
    const { store } = renderRemoteView(definition, 'greeting', { api, user: undefined });
    expect(await screen.findByText('Hello Anna')).toBeInTheDocument();
    expect(api.getUser).toHaveBeenCalledTimes(1);
    expect(store.get(userAtom)?.profile.name).toBe('Anna');
  });

  it('does not ask when the shell already knows', async () => {
    const api = mockApi();
    renderRemoteView(definition, 'greeting', { api, user: null });
    expect(await screen.findByText('Hello visitor')).toBeInTheDocument();
    expect(api.getUser).not.toHaveBeenCalled();
  });

  it('treats a 403 as logged out without logging an error', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    const api = mockApi();
    api.getUser.mockRejectedValue(new ApiError(403, 'forbidden'));
    renderRemoteView(definition, 'greeting', { api, user: undefined });
    expect(await screen.findByText('Hello visitor')).toBeInTheDocument();
    expect(error).not.toHaveBeenCalledWith('user.php failed', expect.anything());
    error.mockRestore();
  });

  it('logs any other failure and shows a visitor', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    const api = mockApi();
    api.getUser.mockRejectedValue(new ApiError(503, 'down'));
    renderRemoteView(definition, 'greeting', { api, user: undefined });
    expect(await screen.findByText('Hello visitor')).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith('user.php failed', expect.any(ApiError));
    error.mockRestore();
  });

  it('never overwrites a member the shell learnt meanwhile', async () => {
    const api = mockApi();
    let answer!: (v: { user: null }) => void;
    api.getUser.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const { store, queryClient } = renderRemoteView(definition, 'greeting', { api, user: undefined });
    await waitFor(() => expect(api.getUser).toHaveBeenCalled());
    queryClient.setQueryData(queryKeys.user(), member({ profile: { ...member().profile, name: 'Bram' } }));
    answer({ user: null });
    expect(await screen.findByText('Hello Bram')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 0));
    expect(store.get(userAtom)?.profile.name).toBe('Bram');
  });
});
