import { act, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createFragmentMount, queryKeys, useRemote, type RemoteLifecycles } from '@dating/shared';
import { member } from '@dating/shared/testing';
import { loadExposed } from '../federation/remotes';
import { renderWithShell, testShell } from '../testing/testShell';
import { ErrorPage } from './ErrorPage';
import { BotContext } from './useBot';

jest.mock('../federation/remotes', () => ({ ...jest.requireActual('../federation/remotes'), loadExposed: jest.fn() }));
const load = loadExposed as jest.MockedFunction<typeof loadExposed>;

function Fragment() {
  const { locale } = useRemote();
  return <p>fragment in {locale}</p>;
}
const fragment = createFragmentMount('mf_test', Fragment, async () => ({})) as RemoteLifecycles;

const realAgent = navigator.userAgent;
function setUserAgent(ua: string) {
  Object.defineProperty(window.navigator, 'userAgent', { value: ua, configurable: true });
}

function renderError(user: ReturnType<typeof member> | null, status = 404, message?: string) {
  const shell = testShell();
  shell.queryClient.setQueryData(queryKeys.user(), user);
  const router = createMemoryRouter([{ path: '*', element: <ErrorPage status={status} message={message} /> }]);
  renderWithShell(<RouterProvider router={router} />, shell);
  return shell;
}

beforeEach(() => {
  load.mockReset();
  load.mockResolvedValue(fragment);
});
afterEach(() => setUserAgent(realAgent));

describe('the error page', () => {
  it('shows the status code and "Page not found" for 404', () => {
    renderError(null);
    expect(screen.getByText('Error 404')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });

  it('shows another status with its message', () => {
    renderError(null, 500, 'The server had a problem');
    expect(screen.getByText('Error 500')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('The server had a problem')).toBeInTheDocument();
  });

  it('shows a member the members grid of mf-search', async () => {
    renderError(member());
    expect(await screen.findByText('fragment in en')).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith('mf_search', 'members-grid', { fresh: false });
    expect(screen.getByRole('region', { name: 'Members you may like' })).toBeInTheDocument();
  });

  it('shows a visitor the signup form of mf-auth-signup', async () => {
    renderError(null);
    expect(await screen.findByText('fragment in en')).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith('mf_auth_signup', 'signup-form', { fresh: false });
    expect(screen.getByRole('region', { name: 'Sign up for free' })).toBeInTheDocument();
  });

  it('shows a bot neither', async () => {
    setUserAgent('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)');
    renderError(null);
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    // The rule is loaded on demand: past that, still neither.
    await act(() => import('./bots'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByRole('region', { name: /Members you may like|Sign up for free/ })).not.toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
  });

  it('renders as the server decided, for a bot or a person, without asking the browser', async () => {
    setUserAgent('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)');
    const shell = testShell();
    shell.queryClient.setQueryData(queryKeys.user(), null);
    const router = createMemoryRouter([{ path: '*', element: <BotContext.Provider value={false}><ErrorPage status={404} /></BotContext.Provider> }]);
    renderWithShell(<RouterProvider router={router} />, shell);
    // Decided at the first render (the server's markup): the form's region is there at once.
    expect(screen.getByRole('region', { name: 'Sign up for free' })).toBeInTheDocument();
    expect(await screen.findByText('fragment in en')).toBeInTheDocument();
  });

  it('a fragment that cannot load shows the fallback with Retry in its place', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    load.mockRejectedValue(new Error('manifest unreachable'));
    renderError(member());
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });
});
