import { act, screen, waitFor } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import { createFragmentMount, preloadRemoteCatalog, queryKeys, RemoteRoot, useRemote, type FragmentSpec, type RemoteLifecycles } from '@dating/shared';
import { member } from '@dating/shared/testing';
import { loadExposed } from '../federation/remotes';
import { FragmentPortals } from '../fragment/FragmentPortals';
import { ServerFragmentMarkup } from '../remote/serverFragment';
import { renderWithShell, ShellWrapper, testShell } from '../testing/testShell';
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
  // As the router renders a page: FragmentPortals beside it renders the fragments it asks for.
  const router = createMemoryRouter([{ path: '*', element: <><ErrorPage status={status} message={message} /><FragmentPortals /></> }]);
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
    const router = createMemoryRouter([{ path: '*', element: <BotContext.Provider value={false}><ErrorPage status={404} /><FragmentPortals /></BotContext.Provider> }]);
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

describe('the 404 page rendered on the server (shell/src/serverRender.tsx)', () => {
  /** The signup form's stand-in: a field, whose text typed before hydration must stay. */
  function EmailForm() {
    return (
      <form aria-label="Signup">
        <input aria-label="Email" name="email" />
      </form>
    );
  }
  const emailForm = createFragmentMount('mf_auth_signup/signup-form', EmailForm, async () => ({})) as RemoteLifecycles;

  /** The page as the server renders it: the fragment service's `render` puts the form's markup in. */
  async function serverMarkup(bot: boolean) {
    const shell = testShell();
    shell.queryClient.setQueryData(queryKeys.user(), null);
    await preloadRemoteCatalog(emailForm.definition, 'en');
    const rendered: FragmentSpec[] = [];
    const render = (spec: FragmentSpec) => {
      rendered.push(spec);
      const props = {
        store: shell.store, api: shell.api, queryClient: shell.queryClient, navigate: jest.fn(), href: () => '/', locale: 'en' as const,
        flags: shell.settings.flags, settings: shell.settings, services: shell.services, reportError: jest.fn(),
        options: {}, view: 'fragment', routeName: 'index' as const, params: {}, query: {}, hash: '', notFound: jest.fn(),
      };
      const html = renderToString(<RemoteRoot definition={emailForm.definition} props={props} />);
      return <ServerFragmentMarkup remote={spec.remote} expose={spec.name} label={spec.label} html={html} />;
    };
    const server = { ...shell, services: { ...shell.services, fragment: { ...shell.services.fragment, render } } };
    const html = renderToString(
      <ShellWrapper shell={server}>
        <MemoryRouter>
          <BotContext.Provider value={bot}>
            <ErrorPage status={404} />
          </BotContext.Provider>
        </MemoryRouter>
      </ShellWrapper>,
    );
    return { html, rendered };
  }

  it("has the signup form's fields for a person, and nothing of it for a bot", async () => {
    const person = await serverMarkup(false);
    expect(person.rendered.map((s) => `${s.remote}/${s.name}`)).toEqual(['mf_auth_signup/signup-form']);
    expect(person.html).toContain('aria-label="Sign up for free"');
    expect(person.html).toContain('aria-label="Email"');
    expect(person.html).not.toContain('aria-busy');
    const bot = await serverMarkup(true);
    expect(bot.rendered).toEqual([]);
    expect(bot.html).not.toContain('Sign up for free');
    expect(bot.html).not.toContain('<form');
  });

  it('hydrates the form in place: the same field, what was typed kept, no warning', async () => {
    load.mockImplementation(async () => emailForm);
    const { html } = await serverMarkup(false);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    const input = container.querySelector('input')!;
    input.value = 'early@example.test';
    const errors = jest.spyOn(console, 'error');

    const shell = testShell();
    shell.queryClient.setQueryData(queryKeys.user(), null);
    let root!: ReturnType<typeof hydrateRoot>;
    await act(async () => {
      root = hydrateRoot(
        container,
        <ShellWrapper shell={shell}>
          <MemoryRouter>
            <BotContext.Provider value={false}>
              <ErrorPage status={404} />
              <FragmentPortals />
            </BotContext.Provider>
          </MemoryRouter>
        </ShellWrapper>,
      );
    });
    await waitFor(() => expect(container.querySelector('[data-mounting]')).toBeNull());

    expect(load).toHaveBeenCalledWith('mf_auth_signup', 'signup-form', { fresh: false });
    expect(container.querySelector('input')).toBe(input);
    expect(input.value).toBe('early@example.test');
    expect(container.querySelectorAll('section[data-fragment]')).toHaveLength(1);
    expect(errors.mock.calls.filter((c) => /hydrat|did not match|dangerouslySetInnerHTML/i.test(String(c[0])))).toEqual([]);
    await act(async () => root.unmount());
    container.remove();
  });
});
