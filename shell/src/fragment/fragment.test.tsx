import { act, screen, waitFor } from '@testing-library/react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import {
  createFragmentMount,
  createRemoteMount,
  Fragment,
  preloadRemoteCatalog,
  RemoteRoot,
  useFragmentOptions,
  useRemote,
  type RemoteLifecycles,
} from '@dating/shared';
import { loadExposed } from '../federation/remotes';
import { renderWithShell, testShell } from '../testing/testShell';
import { ServerFragmentMarkup } from '../remote/serverFragment';
import { RemoteOutlet } from '../remote/RemoteOutlet';
import { FragmentPortals } from './FragmentPortals';

jest.mock('../federation/remotes', () => ({ loadExposed: jest.fn() }));
const load = loadExposed as jest.MockedFunction<typeof loadExposed>;

/** The fragment another remote exposes: shows the options its host passed. */
function SignupForm() {
  const options = useFragmentOptions();
  return <p>signup form for {String(options.campaign)}</p>;
}
const signupForm = createFragmentMount('mf_auth_signup/signup-form', SignupForm, async () => ({})) as RemoteLifecycles;

/** A lander view that mounts it through the contract, and one that says its page does not exist. */
function Lander() {
  const { params, notFound } = useRemote();
  if (params.kind === 'bogus') {
    notFound();
    return null;
  }
  return (
    <main>
      <h1>Lander {params.kind}</h1>
      <Fragment remote="mf_auth_signup" name="signup-form" label="Sign up now" options={{ campaign: params.kind }} />
    </main>
  );
}
const landers = createRemoteMount({ name: 'mf_landers', views: { lander: Lander } as never, loadMessages: async () => ({}) }) as RemoteLifecycles;

beforeEach(() => {
  load.mockReset();
  load.mockImplementation(async (remote, expose) => (expose === 'mount' ? landers : signupForm));
});

function renderLander(kind: string) {
  const shell = testShell();
  const router = createMemoryRouter(
    [
      {
        path: '/landers/:kind',
        element: (
          <>
            <RemoteOutlet remote="mf_landers" view="lander" routeName="landers-kind-slug" params={{ kind }} search="" hash="" />
            <FragmentPortals />
          </>
        ),
      },
      { path: '/elsewhere', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [`/landers/${kind}`] },
  );
  renderWithShell(<RouterProvider router={router} />, shell);
  return Object.assign(shell, { router });
}

describe('services.fragment: a remote mounts another remote’s exposed fragment', () => {
  it('renders the fragment inside the remote’s view, in a labelled region, with the host’s options', async () => {
    renderLander('gallery');
    expect(await screen.findByRole('heading', { name: 'Lander gallery' })).toBeInTheDocument();
    expect(await screen.findByText('signup form for gallery')).toBeInTheDocument();
    const region = screen.getByRole('region', { name: 'Sign up now' });
    expect(region.closest('[data-view="lander"]')).not.toBeNull();
    expect(load).toHaveBeenCalledWith('mf_auth_signup', 'signup-form', { fresh: false });
  });

  it('shows the shell’s fallback with Retry when the fragment cannot load, the view stays', async () => {
    load.mockImplementation(async (remote, expose) => {
      if (expose === 'mount') return landers;
      throw new Error('offline');
    });
    jest.spyOn(console, 'error').mockImplementation(() => {});
    renderLander('video');
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Lander video' })).toBeInTheDocument();
  });

  it('unmounts the fragment with the view', async () => {
    const shell = renderLander('collagelanding');
    await screen.findByText('signup form for collagelanding');
    expect(shell.fragments.get()).toHaveLength(1);
    await act(() => shell.router.navigate('/elsewhere'));
    await screen.findByText('Elsewhere');
    await waitFor(() => expect(shell.fragments.get()).toHaveLength(0));
    expect(screen.queryByText('signup form for collagelanding')).toBeNull();
  });
});

describe('props.notFound()', () => {
  it('replaces the view with the shell’s 404 page', async () => {
    renderLander('bogus');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText('Error 404')).toBeInTheDocument();
  });
});

describe('a fragment rendered on the server (a public page rendered in Node)', () => {
  /** A fragment with a field: what is typed before hydration must stay. */
  function EmailForm() {
    const options = useFragmentOptions();
    return (
      <form aria-label={`Signup for ${String(options.campaign)}`}>
        <input aria-label="Email" name="email" />
      </form>
    );
  }
  const emailForm = createFragmentMount('mf_auth_signup/signup-form', EmailForm, async () => ({})) as RemoteLifecycles;

  /** The fragment's own tree as shell/src/serverRender.tsx renders it (then put inside ServerFragmentMarkup). */
  async function fragmentHtml(shell: ReturnType<typeof testShell>, options: Record<string, unknown>) {
    await preloadRemoteCatalog(emailForm.definition, 'en');
    const props = {
      store: shell.store, api: shell.api, queryClient: shell.queryClient, navigate: jest.fn(), href: () => '/', locale: 'en' as const,
      flags: shell.settings.flags, settings: shell.settings, services: shell.services, reportError: jest.fn(),
      options, view: 'fragment', routeName: 'index' as const, params: {}, query: {}, hash: '', notFound: jest.fn(),
    };
    return renderToString(<RemoteRoot definition={emailForm.definition} props={props} />);
  }

  it('is hydrated in place: the same elements, what was typed kept, no second region, no warning', async () => {
    load.mockImplementation(async () => emailForm);
    const shell = testShell();
    const spec = { remote: 'mf_auth_signup' as const, name: 'signup-form', label: 'Sign up now', options: { campaign: 'video' } };
    // As shell/src/serverRender.tsx renders it: the fragment's own tree, inside the section FragmentOutlet makes.
    const inner = await fragmentHtml(shell, spec.options);
    const container = document.createElement('div');
    container.innerHTML = renderToStaticMarkup(<ServerFragmentMarkup remote={spec.remote} expose={spec.name} label={spec.label} html={inner} />);
    document.body.appendChild(container);
    const input = container.querySelector('input')!;
    input.value = 'early@example.test';
    const errors = jest.spyOn(console, 'error');

    const router = createMemoryRouter([{ path: '/', element: <FragmentPortals /> }]);
    renderWithShell(<RouterProvider router={router} />, shell);
    act(() => void shell.services.fragment.mount(container, spec));
    await waitFor(() => expect(container.querySelector('[data-mounting]')).toBeNull());

    expect(container.querySelector('input')).toBe(input);
    expect(input.value).toBe('early@example.test');
    expect(container.querySelectorAll('section[data-fragment]')).toHaveLength(1);
    expect(screen.getByRole('form', { name: 'Signup for video' })).toBe(container.querySelector('form'));
    expect(errors.mock.calls.filter((c) => /hydrat|did not match|dangerouslySetInnerHTML/i.test(String(c[0])))).toEqual([]);
    container.remove();
  });

  it("keeps the server's region named as its host says, and takes the markup away with it", async () => {
    load.mockImplementation(async () => emailForm);
    const shell = testShell();
    const spec = { remote: 'mf_auth_signup' as const, name: 'signup-form', label: 'Sign up for free', options: {} };
    const inner = await fragmentHtml(shell, spec.options);
    const container = document.createElement('div');
    container.innerHTML = renderToStaticMarkup(<ServerFragmentMarkup remote={spec.remote} expose={spec.name} label={spec.label} html={inner} />);
    document.body.appendChild(container);
    const router = createMemoryRouter([{ path: '/', element: <FragmentPortals /> }]);
    renderWithShell(<RouterProvider router={router} />, shell);
    let handle!: ReturnType<typeof shell.services.fragment.mount>;
    act(() => void (handle = shell.services.fragment.mount(container, spec)));
    await waitFor(() => expect(container.querySelector('[data-mounting]')).toBeNull());

    // A language switch: the host's label in German.
    act(() => handle.update({ ...spec, label: 'Kostenlos registrieren' }));
    await waitFor(() => expect(container.querySelector('section')).toHaveAttribute('aria-label', 'Kostenlos registrieren'));

    // Gone (a visitor who logged in on the 404 page gets the members grid there): the container is empty for it.
    act(() => handle.unmount());
    expect(container.querySelector('section[data-fragment]')).toBeNull();
    container.remove();
  });
});
