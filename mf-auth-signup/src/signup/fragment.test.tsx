import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ApiClient, type FragmentProps } from '@dating/shared';
import { createTestState } from '@dating/shared/testing';
import { member, mockApi, mockServices, siteSettings } from '../testing/renderView';
import { lifecycles } from './fragment';

async function mountFragment(options: Record<string, unknown> = {}, settings = siteSettings()) {
  const api = mockApi();
  const { store, queryClient } = createTestState({ user: null });
  const props: FragmentProps & { name: string; domElement: HTMLElement } = {
    name: 'signup-form-test',
    domElement: document.body.appendChild(document.createElement('div')),
    store,
    api: api as unknown as ApiClient,
    queryClient,
    navigate: jest.fn(),
    href: (to) => `/${to.name}`,
    locale: 'en',
    flags: settings.flags,
    settings,
    services: mockServices(),
    reportError: jest.fn(),
    options,
  };
  // What a host passes: FragmentProps (no view, route or query), plus single-spa's name and element.
  const parcelProps = props as unknown as Parameters<typeof lifecycles.mount>[0];
  await lifecycles.bootstrap(parcelProps);
  // single-spa-react resolves mount once React has committed; outside act, like a host page.
  await lifecycles.mount(parcelProps);
  return { api, store, props, unmount: () => lifecycles.unmount(parcelProps) };
}

describe('the signup-form fragment (./signup-form)', () => {
  // Mounted the way a host page mounts it (single-spa-react, its own React root), not by Testing Library.
  const env = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  let before: boolean | undefined;
  beforeEach(() => {
    before = env.IS_REACT_ACT_ENVIRONMENT;
    env.IS_REACT_ACT_ENVIRONMENT = false;
  });
  afterEach(() => {
    env.IS_REACT_ACT_ENVIRONMENT = before;
  });

  it('mounts the account step in another page with FragmentProps alone', async () => {
    const { unmount, props } = await mountFragment();
    expect(await screen.findByRole('heading', { level: 2, name: 'Create your free account' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toBeInTheDocument();
    expect(props.reportError).not.toHaveBeenCalled();
    await unmount();
  });

  it('shows the invite-only notice where signups are closed', async () => {
    const { unmount } = await mountFragment({}, siteSettings({ settings: { signups: 'other' } }));
    expect(await screen.findByText('Signing up for this site is by invitation only.')).toBeInTheDocument();
    await unmount();
  });

  it('passes the member of the host page (options.memberId) as the signup profile', async () => {
    const { api, unmount } = await mountFragment({ memberId: 42, headingLevel: 3 });
    const user = userEvent.setup();
    api.validateEmail.mockResolvedValue({ token: 't', status: 'new', email: 'a@example.com', request_email: 'a@example.com' });
    api.signup.mockResolvedValue({ user: member() });
    api.updateUser.mockResolvedValue({ user: member() });
    expect(await screen.findByRole('heading', { level: 3, name: 'Create your free account' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email address'), 'a@example.com');
    await user.type(screen.getByLabelText('Password'), 'pw');
    await user.click(screen.getByRole('checkbox', { name: 'I am 18 years or older' }));
    const submit = screen.getByRole('button', { name: 'Create my free account' });
    await waitFor(() => expect(submit).toBeEnabled(), { timeout: 2000 });
    await user.click(submit);
    await waitFor(() => expect(api.signup).toHaveBeenCalledWith(expect.objectContaining({ profile: 42 })));
    await unmount();
  });
});
