import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, trackingAtom, userAtom } from '@dating/shared';
import { member, renderView } from '../testing/renderView';

const newAddress = (email = 'anna@example.com') => ({ token: 'tok-123', status: 'new', email, request_email: email });

function setup(options: Parameters<typeof renderView>[1] = {}) {
  jest.useFakeTimers();
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const rendered = renderView('signup', { routeName: 'signup', user: null, ...options });
  rendered.api.validateEmail.mockImplementation(async (email: string) => newAddress(email));
  rendered.api.updateUser.mockImplementation(async () => ({ user: member() }));
  return { ...rendered, user };
}

const email = () => screen.getByLabelText('Email address');
const name = () => screen.getByLabelText('Name');
const password = () => screen.getByLabelText('Password');
const submit = () => screen.getByRole('button', { name: 'Create my free account' });
const adult = () => screen.getByRole('checkbox', { name: 'I am 18 years or older' });
const wait = (ms: number) => act(async () => void jest.advanceTimersByTime(ms));

async function fillIn(user: ReturnType<typeof userEvent.setup>, values = { email: 'anna@example.com', name: '', password: 'secret-pass' }) {
  await user.type(await screen.findByLabelText('Email address'), values.email);
  if (values.name) {
    await user.clear(name());
    await user.type(name(), values.name);
  }
  await user.type(password(), values.password);
  await user.click(adult());
  await wait(500);
}

afterEach(() => jest.useRealTimers());

describe('signup step 0: the email address (spec §5)', () => {
  it('checks the address on the server 500 ms after the last change, once', async () => {
    const { user, api } = setup();
    await user.type(await screen.findByLabelText('Email address'), 'anna@example.com');
    await wait(499);
    expect(api.validateEmail).not.toHaveBeenCalled();
    await wait(1);
    expect(api.validateEmail).toHaveBeenCalledTimes(1);
    expect(api.validateEmail).toHaveBeenCalledWith('anna@example.com');
  });

  it('does not ask the server while the value has no at sign or no dot', async () => {
    const { user, api } = setup();
    await user.type(await screen.findByLabelText('Email address'), 'anna@example');
    await wait(2000);
    await user.clear(email());
    await user.type(email(), 'anna.example');
    await wait(2000);
    expect(api.validateEmail).not.toHaveBeenCalled();
  });

  it('says "Value is not a valid email address" once the member leaves a malformed address', async () => {
    const { user } = setup();
    await user.type(await screen.findByLabelText('Email address'), 'anna@');
    expect(screen.queryByText('Value is not a valid email address')).not.toBeInTheDocument();
    await user.tab();
    expect(await screen.findByText('Value is not a valid email address')).toBeInTheDocument();
    expect(email()).toHaveAttribute('aria-invalid', 'true');
  });

  it.each(['active', 'not_confirmed'] as const)('offers to log in when the address is %s', async (status) => {
    const { user, api } = setup();
    api.validateEmail.mockResolvedValue({ ...newAddress(), status });
    await fillIn(user);
    const message = await screen.findByText(status === 'active' ? /already an account/ : /only needs confirming/);
    expect(within(message).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(email()).toHaveAttribute('aria-invalid', 'true');
    expect(submit()).toBeDisabled();
  });

  it('points to customer service when the address belonged to a deleted account', async () => {
    const { user, api } = setup();
    api.validateEmail.mockResolvedValue({ ...newAddress(), status: 'deleted' });
    await fillIn(user);
    expect(await screen.findByText(/belonged to an account that was deleted/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact customer service' })).toHaveAttribute('href', '/pages-service');
    expect(submit()).toBeDisabled();
  });

  it('shows signup.invalid_email when the server calls the address invalid', async () => {
    const { user, api } = setup();
    api.validateEmail.mockResolvedValue({ ...newAddress(), status: 'invalid' });
    await fillIn(user);
    expect(await screen.findByText('We cannot send email to this address. Please check it.')).toBeInTheDocument();
    expect(submit()).toBeDisabled();
  });

  it('treats a failed check as an invalid address (spec §8)', async () => {
    const { user, api } = setup();
    api.validateEmail.mockRejectedValue(new ApiError(0, 'Failed to fetch', 'network'));
    jest.spyOn(console, 'error').mockImplementation(() => {});
    await fillIn(user);
    expect(await screen.findByText('We cannot send email to this address. Please check it.')).toBeInTheDocument();
    expect(submit()).toBeDisabled();
  });

  it('suggests a common provider for a typo and replaces the entry when clicked', async () => {
    const { user, api } = setup();
    await user.type(await screen.findByLabelText('Email address'), 'anna@gmial.com');
    const fix = screen.getByRole('button', { name: 'anna@gmail.com' });
    expect(fix.closest('p')).toHaveTextContent('Did you mean anna@gmail.com?');
    await user.click(fix);
    expect(email()).toHaveValue('anna@gmail.com');
    expect(screen.queryByText(/Did you mean/)).not.toBeInTheDocument();
    await wait(500);
    expect(api.validateEmail).toHaveBeenLastCalledWith('anna@gmail.com');
  });
});

describe('signup step 0: the name (spec §5)', () => {
  it('takes the part of the address before the at sign while the name is empty, and follows the address', async () => {
    const { user } = setup();
    await user.type(await screen.findByLabelText('Email address'), 'anna@example.com');
    expect(name()).toHaveValue('anna');
    await user.clear(email());
    await user.type(email(), 'anouk@example.com');
    expect(name()).toHaveValue('anouk');
  });

  it('keeps a name the member typed when the address changes', async () => {
    const { user } = setup();
    await user.type(await screen.findByLabelText('Name'), 'Anna S.');
    await user.type(email(), 'anna@example.com');
    expect(name()).toHaveValue('Anna S.');
  });

  it('requires a name', async () => {
    const { user } = setup();
    await user.click(await screen.findByLabelText('Name'));
    await user.tab();
    expect(await screen.findByText('Value is required')).toBeInTheDocument();
    expect(name()).toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses a name that starts with @', async () => {
    const { user } = setup();
    await user.type(await screen.findByLabelText('Name'), '@anna');
    expect(await screen.findByText('Your name cannot start with @')).toBeInTheDocument();
  });

  it('refuses a name equal to the email address', async () => {
    const { user } = setup();
    await user.type(await screen.findByLabelText('Email address'), 'anna@example.com');
    await user.clear(name());
    await user.type(name(), 'anna@example.com');
    expect(await screen.findByText('Your name cannot be your email address')).toBeInTheDocument();
  });

  it('refuses a name longer than 150 characters', async () => {
    const { user } = setup();
    const input = await screen.findByLabelText('Name');
    await user.click(input);
    await user.paste('x'.repeat(151));
    expect(await screen.findByText('Use at most 150 characters')).toBeInTheDocument();
    await user.keyboard('{Backspace}');
    await waitFor(() => expect(screen.queryByText('Use at most 150 characters')).not.toBeInTheDocument());
  });
});

describe('signup step 0: password and submit (spec §5, §8)', () => {
  it('requires a password', async () => {
    const { user } = setup();
    await user.click(await screen.findByLabelText('Password'));
    await user.tab();
    expect(await screen.findByText('Value is required')).toBeInTheDocument();
  });

  it('keeps submit disabled while a field has an error or the address is not checked yet', async () => {
    const { user } = setup();
    expect(await screen.findByRole('button', { name: 'Create my free account' })).toBeDisabled();
    await user.type(email(), 'anna@example.com');
    await user.type(password(), 'secret-pass');
    await user.click(adult());
    expect(submit()).toBeDisabled(); // the check is still waiting for its 500 ms
    await wait(500);
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.clear(password());
    await waitFor(() => expect(submit()).toBeDisabled());
  });

  it('creates no account until the visitor confirms being 18 or older, and says why once they leave it unticked', async () => {
    const { user, api } = setup();
    api.signup.mockResolvedValue({ user: member() });
    await user.type(await screen.findByLabelText('Email address'), 'anna@example.com');
    await user.type(password(), 'secret-pass');
    await wait(500);
    expect(adult()).not.toBeChecked();
    expect(submit()).toBeDisabled();
    await user.click(adult());
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(adult());
    await waitFor(() => expect(submit()).toBeDisabled());
    expect(await screen.findByText('Confirm that you are 18 or older to create an account')).toBeInTheDocument();
    expect(adult()).toHaveAttribute('aria-invalid', 'true');
    expect(adult()).toHaveAccessibleDescription('Confirm that you are 18 or older to create an account');
    await user.click(adult());
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());
    await waitFor(() => expect(api.signup).toHaveBeenCalledWith(expect.objectContaining({ adult: true })));
  });

  it('disables submit while the signup runs, and sends it once', async () => {
    const { user, api } = setup();
    api.signup.mockReturnValue(new Promise(() => {}));
    await fillIn(user);
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());
    expect(await screen.findByRole('button', { name: 'Creating your account…' })).toBeDisabled();
    expect(api.signup).toHaveBeenCalledTimes(1);
  });

  it('alerts the error of a failed signup and lets the member try again', async () => {
    const { user, api, store } = setup();
    api.signup.mockRejectedValue(new ApiError(400, 'Password is too short', 'bad_request', 'password'));
    await fillIn(user);
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('Password is too short');
    expect(submit()).toBeEnabled();
    expect(password()).toHaveAttribute('aria-invalid', 'true');
    expect(store.get(userAtom)).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Create your free account' })).toBeInTheDocument();
  });

  it('says so in the member’s words when the server cannot be reached', async () => {
    const { user, api } = setup();
    api.signup.mockRejectedValue(new ApiError(0, 'Failed to fetch', 'network'));
    await fillIn(user);
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not reach the server');
  });

  it('sends the payload of spec §7: tracking, time zone, language, profile, token, browser facts', async () => {
    const { user, api, store } = setup({
      routeName: 'members-memberId-signup',
      params: { memberId: '42' },
      query: { network: 'partner-1', sub2: 'campaign' },
      locale: 'nl',
    });
    store.set(trackingAtom, { network: 'earlier', ref: 'lander-7' });
    api.signup.mockResolvedValue({ user: member({ email: 'anna@example.com' }) });
    await user.type(await screen.findByLabelText('E-mailadres'), 'anna@example.com');
    await user.type(screen.getByLabelText('Wachtwoord'), 'secret-pass');
    await user.click(screen.getByRole('checkbox', { name: 'Ik ben 18 jaar of ouder' }));
    await wait(500);
    const button = screen.getByRole('button', { name: 'Maak mijn gratis account' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    await waitFor(() => expect(api.signup).toHaveBeenCalledTimes(1));
    const payload = api.signup.mock.calls[0][0];
    expect(payload).toMatchObject({
      email: 'anna@example.com',
      name: 'anna',
      password: 'secret-pass',
      adult: true,
      trafficsource: { network: 'partner-1', ref: 'lander-7', sub2: 'campaign' },
      language: 'nl',
      profile: 42,
      token: 'tok-123',
      country: 'NL',
      n: navigator.userAgent,
      form_path: location.pathname,
    });
    expect(payload.timezone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(payload.csrf).toMatch(/^([0-9a-f]{64}|fnv1a-[0-9a-f]{8})$/);
  });

  it('logs the new member in and moves on past the push step when push is not offered', async () => {
    const { user, api, store } = setup();
    const anna = member({ email: 'anna@example.com' });
    api.signup.mockResolvedValue({ user: anna });
    await fillIn(user);
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());
    expect(await screen.findByRole('heading', { level: 2, name: 'Add a photo' })).toHaveFocus();
    expect(store.get(userAtom)).toEqual(anna);
    expect(api.updateUser).toHaveBeenCalledWith({ profile: { lastSignupStep: 2 } });
  });
});

describe('signup step 0: terms and privacy', () => {
  it('opens the terms in the shell’s modal', async () => {
    const { user, services } = setup();
    await user.click(await screen.findByRole('button', { name: 'terms and conditions' }));
    expect(services.modal.open).toHaveBeenCalledWith(expect.objectContaining({ title: 'Terms and conditions' }));
    // The full terms of /pages/terms: mf-landers' legal-document fragment, and a link to the page.
    expect(services.modal.open.mock.calls[0][0].body).toEqual([
      { type: 'fragment', fragment: { remote: 'mf_landers', name: 'legal-document', label: 'Terms and conditions', options: { page: 'terms' } } },
      { type: 'link', text: 'Read the full terms and conditions', href: '/pages-terms' },
    ]);
  });

  it('opens the privacy statement in the shell’s modal too (remotes render no dialogs of their own)', async () => {
    const { user, services } = setup();
    await user.click(await screen.findByRole('button', { name: 'privacy statement' }));
    expect(services.modal.open).toHaveBeenCalledWith(expect.objectContaining({ title: 'Privacy statement', size: 'lg' }));
    expect(services.modal.open.mock.calls[0][0].body[0]).toEqual(
      { type: 'fragment', fragment: expect.objectContaining({ remote: 'mf_landers', name: 'legal-document', options: { page: 'privacy' } }) },
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
