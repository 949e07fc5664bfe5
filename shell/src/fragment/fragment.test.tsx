import { act, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import {
  createFragmentMount,
  createRemoteMount,
  Fragment,
  useFragmentOptions,
  useRemote,
  type RemoteLifecycles,
} from '@dating/shared';
import { loadExposed } from '../federation/remotes';
import { renderWithShell, testShell } from '../testing/testShell';
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
