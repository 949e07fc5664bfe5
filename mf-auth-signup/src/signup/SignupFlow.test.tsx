import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifyManager } from '@tanstack/react-query';
import { pushStateAtom, signupCompleteAtom, userAtom, type Profile, type SiteSettings, type User } from '@dating/shared';
import { member, mockServices, renderView, siteSettings } from '../testing/renderView';

type ProfilePatch = Partial<Profile>;
function newMember(patch: ProfilePatch = {}, user: Partial<User> = {}): User {
  const m = member(user);
  return {
    ...m,
    profile: {
      ...m.profile,
      gender: null,
      date_of_birth: '0000-00-00',
      age: null,
      city: null,
      country: null,
      countryregion: null,
      personal: '',
      main_image: null,
      lastSignupStep: 1,
      ...patch,
    },
  };
}

const settingsWith = (patch: Partial<SiteSettings['settings']> = {}) =>
  siteSettings({
    settings: {
      countries: ['NL', 'BE'],
      region_data: {
        NL: [{ id: 101, name: 'Utrecht' }, { id: 102, name: 'Zuid-Holland' }],
        BE: [{ id: 201, name: 'Antwerpen' }, { id: 202, name: 'Limburg' }],
      },
      geoip_selected_country: null,
      ...patch,
    },
  });

function render(view: 'signup' | 'complete-signup', user: User, options: Parameters<typeof renderView>[1] = {}) {
  const rendered = renderView(view, { routeName: view, user, settings: settingsWith(), ...options });
  rendered.api.updateUser.mockImplementation(async () => ({ user: rendered.store.get(userAtom) }));
  return rendered;
}

const heading = (name: string) => screen.findByRole('heading', { level: 2, name });

describe('where a logged-in member enters the signup (spec §4)', () => {
  it('starts at the photo step when push is not offered', async () => {
    render('signup', newMember());
    expect(await heading('Add a photo')).toBeInTheDocument();
    expect(screen.getByText('Step 2 of 4')).toBeInTheDocument();
  });

  it('starts at the push step when push is offered', async () => {
    const services = mockServices();
    services.push.state.mockReturnValue('not_subscribed');
    render('signup', newMember(), { services, settings: settingsWith({ push_pub: 'BPubKey' }) });
    expect(await heading('Stay up to date')).toBeInTheDocument();
  });

  it('starts at the location step when the member has a main photo', async () => {
    render('signup', newMember({ main_image: { thumb_filename: 'me.jpg' } }));
    expect(await heading('Where do you live?')).toBeInTheDocument();
  });

  it('does not skip filled-in steps on /signup (auto-skip off)', async () => {
    render('signup', newMember({ city: 'Utrecht', gender: 'female', personal: 'Hi!' }));
    expect(await heading('Add a photo')).toBeInTheDocument();
  });

  it.each([
    [{ city: 'Utrecht' }, 'About you'],
    [{ countryregion: 'Utrecht' }, 'About you'],
    [{ gender: 'male' as const }, 'Describe yourself'],
    [{ date_of_birth: '1990-04-03' }, 'Describe yourself'],
    [{ personal: 'I like long walks.' }, 'Activating your account'],
  ])('with auto-skip (/complete-signup), %o starts at “%s”', async (patch, title) => {
    const { api } = render('complete-signup', newMember(patch));
    api.activationStatus.mockReturnValue(new Promise(() => {}));
    expect(await heading(title)).toBeInTheDocument();
  });

  it('resumes no earlier than the step the member reached last', async () => {
    render('complete-signup', newMember({ lastSignupStep: 5 }));
    expect(await heading('Describe yourself')).toBeInTheDocument();
  });

  it('tells a member whose signup is complete that there is nothing left to do', async () => {
    render('complete-signup', newMember({ lastSignupStep: 7 }));
    expect(await screen.findByText('Your profile is complete, Anna.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the members' })).toHaveAttribute('href', '/members');
  });

  it('asks a visitor to log in first', async () => {
    renderView('complete-signup', { routeName: 'complete-signup', user: null });
    expect(await screen.findByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login?next=%2Fcomplete-signup');
  });
});

describe('step 1: push opt-in (spec §4)', () => {
  function withPush(state: string, settings = settingsWith({ push_pub: 'BPubKey' })) {
    const services = mockServices();
    services.push.state.mockReturnValue(state);
    return { services, settings };
  }

  it('is skipped when the site offers no push (no VAPID key)', async () => {
    const { services } = withPush('not_subscribed');
    render('signup', newMember(), { services, settings: settingsWith({ push_pub: null }) });
    expect(await heading('Add a photo')).toBeInTheDocument();
  });

  it('is skipped when the browser denied notifications', async () => {
    const { services, settings } = withPush('denied');
    render('complete-signup', newMember({ lastSignupStep: 1 }), { services, settings });
    expect(await heading('Add a photo')).toBeInTheDocument();
    expect(services.push.subscribe).not.toHaveBeenCalled();
  });

  it('adds an existing subscription silently and moves on', async () => {
    const { services, settings } = withPush('subscribed');
    services.push.subscribe.mockResolvedValue('subscribed');
    const { api } = render('complete-signup', newMember({ lastSignupStep: 1 }), { services, settings });
    expect(await heading('Add a photo')).toBeInTheDocument();
    expect(services.push.subscribe).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Turn on notifications' })).not.toBeInTheDocument();
    expect(api.updateUser).toHaveBeenCalledWith({ profile: { lastSignupStep: 2 } });
  });

  it('subscribes when the member turns notifications on', async () => {
    const { services, settings } = withPush('not_subscribed');
    services.push.subscribe.mockResolvedValue('subscribed');
    render('signup', newMember(), { services, settings });
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on notifications' }));
    expect(await heading('Add a photo')).toBeInTheDocument();
    expect(services.push.subscribe).toHaveBeenCalledTimes(1);
  });

  it('moves on without subscribing when the member declines', async () => {
    const { services, settings } = withPush('not_subscribed');
    render('signup', newMember(), { services, settings });
    await userEvent.click(await screen.findByRole('button', { name: 'Not now' }));
    expect(await heading('Add a photo')).toBeInTheDocument();
    expect(services.push.subscribe).not.toHaveBeenCalled();
  });

  it('stays when the member closes the browser’s question without answering', async () => {
    const { services, settings } = withPush('not_subscribed');
    services.push.subscribe.mockResolvedValue('not_subscribed');
    render('signup', newMember(), { services, settings });
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on notifications' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Turn on notifications' })).toBeEnabled());
    expect(screen.getByRole('heading', { level: 2, name: 'Stay up to date' })).toBeInTheDocument();
  });

  it('moves on by itself once push is no longer offered', async () => {
    const { services, settings } = withPush('not_subscribed');
    const { store } = render('signup', newMember(), { services, settings });
    expect(await heading('Stay up to date')).toBeInTheDocument();
    services.push.state.mockReturnValue('denied');
    act(() => store.set(pushStateAtom, 'denied'));
    expect(await heading('Add a photo')).toBeInTheDocument();
  });
});

describe('step 2: photo (spec §2, §5)', () => {
  const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });
  const uploaded = { image: { id: 5, thumb_filename: 'thumb-5.jpg' }, main_image: { thumb_filename: 'thumb-5.jpg' } };

  it('uploads a photo chosen with the file picker and moves to the location', async () => {
    const user = userEvent.setup();
    const { api, store } = render('signup', newMember());
    api.uploadProfileImage.mockResolvedValue(uploaded);
    await user.upload(await screen.findByLabelText('Choose a photo'), png());
    expect(screen.getByText('me.png')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await heading('Where do you live?')).toBeInTheDocument();
    expect(api.uploadProfileImage).toHaveBeenCalledWith(expect.any(File), 'me.png');
    expect(store.get(userAtom)?.profile.main_image).toEqual({ thumb_filename: 'thumb-5.jpg' });
  });

  it('takes a photo dropped on the drop zone', async () => {
    const { api } = render('signup', newMember());
    api.uploadProfileImage.mockResolvedValue(uploaded);
    const zone = await screen.findByTestId('photo-dropzone');
    const jpeg = new File(['x'], 'me.jpeg', { type: 'image/jpeg' });
    fireEvent.dragOver(zone, { dataTransfer: { files: [jpeg] } });
    fireEvent.drop(zone, { dataTransfer: { files: [jpeg] } });
    expect(screen.getByText('me.jpeg')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await heading('Where do you live?')).toBeInTheDocument();
  });

  it('refuses files that are not png or jpeg', async () => {
    render('signup', newMember());
    const zone = await screen.findByTestId('photo-dropzone');
    fireEvent.drop(zone, { dataTransfer: { files: [new File(['x'], 'me.gif', { type: 'image/gif' })] } });
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a PNG or JPEG photo');
    expect(screen.getByRole('button', { name: 'Save and continue' })).toBeDisabled();
  });

  it('may be skipped, remembering the step reached', async () => {
    const { api } = render('signup', newMember());
    await userEvent.click(await screen.findByRole('button', { name: 'Skip' }));
    expect(await heading('Where do you live?')).toBeInTheDocument();
    expect(api.updateUser).toHaveBeenCalledWith({ profile: { lastSignupStep: 3 } });
    expect(api.uploadProfileImage).not.toHaveBeenCalled();
  });

  it('only logs a failed upload and lets the member skip (spec §8)', async () => {
    const { api } = render('signup', newMember());
    const log = jest.spyOn(console, 'error').mockImplementation(() => {});
    api.uploadProfileImage.mockRejectedValue(new Error('boom'));
    await userEvent.upload(await screen.findByLabelText('Choose a photo'), png());
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(log).toHaveBeenCalledWith('photo upload failed', expect.any(Error)));
    expect(screen.getByRole('heading', { level: 2, name: 'Add a photo' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    log.mockRestore();
  });
});

describe('step 3: location (spec §4, §5)', () => {
  const getCurrentPosition = jest.fn();
  beforeEach(() => {
    getCurrentPosition.mockReset();
    Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
  });
  afterEach(() => {
    delete (navigator as unknown as Record<string, unknown>).geolocation;
  });
  const atLocation = (patch: ProfilePatch = {}) => newMember({ main_image: { thumb_filename: 'me.jpg' }, ...patch });

  it('looks the member up on entering and fills in country, region and city', async () => {
    getCurrentPosition.mockImplementation((ok) => ok({ coords: { latitude: 51.22, longitude: 4.4 } }));
    const { api, services } = render('signup', atLocation());
    api.geocode.mockResolvedValue({ country: 'BE', countryregion: 'Antwerpen', city: 'Antwerpen' });
    expect(await heading('Where do you live?')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('City (optional)')).toHaveValue('Antwerpen'));
    expect(screen.getByLabelText('Country')).toHaveValue('BE');
    expect(screen.getByLabelText('Region (optional)')).toHaveValue('Antwerpen');
    expect(api.geocode).toHaveBeenCalledWith(51.22, 4.4);
    expect(services.storage.set).toHaveBeenCalledWith('geolocation', expect.objectContaining({ permission: 'granted', geocode: { country: 'BE', countryregion: 'Antwerpen', city: 'Antwerpen' } }));
  });

  it('uses a lookup younger than an hour without asking the browser again', async () => {
    const services = mockServices();
    services.storage.set('geolocation', { permission: 'granted', geocode: { country: 'NL', countryregion: 'Utrecht', city: 'Utrecht' }, at: Date.now() - 59 * 60 * 1000 });
    const { api } = render('signup', atLocation(), { services });
    await waitFor(() => expect(screen.getByLabelText('City (optional)')).toHaveValue('Utrecht'));
    expect(getCurrentPosition).not.toHaveBeenCalled();
    expect(api.geocode).not.toHaveBeenCalled();
  });

  it('looks up again once the cached place is older than an hour', async () => {
    const services = mockServices();
    services.storage.set('geolocation', { permission: 'granted', geocode: { country: 'NL', countryregion: null, city: 'Utrecht' }, at: Date.now() - 61 * 60 * 1000 });
    getCurrentPosition.mockImplementation((_ok, fail) => fail({ code: 1, message: 'denied' }));
    render('signup', atLocation(), { services });
    await waitFor(() => expect(getCurrentPosition).toHaveBeenCalledTimes(1));
    expect(screen.getByLabelText('City (optional)')).toHaveValue('');
  });

  it('needs a country to save, then saves and moves on', async () => {
    getCurrentPosition.mockImplementation((_ok, fail) => fail({ code: 1, message: 'denied' }));
    const user = userEvent.setup();
    const { api } = render('signup', atLocation());
    const save = await screen.findByRole('button', { name: 'Save and continue' });
    expect(save).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Country'), 'NL');
    await user.selectOptions(screen.getByLabelText('Country'), '');
    expect(await screen.findByText('Choose your country')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Country'), 'NL');
    await user.selectOptions(screen.getByLabelText('Region (optional)'), 'Zuid-Holland');
    await user.type(screen.getByLabelText('City (optional)'), 'Delft');
    await user.click(save);
    expect(await heading('About you')).toBeInTheDocument();
    expect(api.updateUser).toHaveBeenCalledWith({ country: 'NL', countryregion: 'Zuid-Holland', city: 'Delft' });
    expect(api.updateUser).toHaveBeenCalledWith({ profile: { lastSignupStep: 4 } });
  });

  it('refuses a city longer than 255 characters', async () => {
    const user = userEvent.setup();
    render('signup', atLocation({ country: 'NL' }));
    await user.click(await screen.findByLabelText('City (optional)'));
    await user.paste('x'.repeat(256));
    expect(await screen.findByText('Use at most 255 characters')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save and continue' })).toBeDisabled();
  });

  it('only logs a failed geocode (spec §8)', async () => {
    getCurrentPosition.mockImplementation((ok) => ok({ coords: { latitude: 1, longitude: 2 } }));
    const log = jest.spyOn(console, 'error').mockImplementation(() => {});
    const { api } = render('signup', atLocation({ country: 'NL' }));
    api.geocode.mockRejectedValue(new Error('down'));
    await waitFor(() => expect(log).toHaveBeenCalledWith('geocode failed', expect.any(Error)));
    expect(screen.getByLabelText('Country')).toHaveValue('NL');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    log.mockRestore();
  });
});

describe('step 4: personal info (spec §2, §5)', () => {
  const atPersonal = () => newMember({ city: 'Utrecht', lastSignupStep: 4 });

  it('asks for gender and a date of birth in three selectors, years 18 to 100 back', async () => {
    render('complete-signup', atPersonal());
    expect(await heading('About you')).toBeInTheDocument();
    const group = screen.getByRole('group', { name: 'Date of birth' });
    const [day, month, year] = within(group).getAllByRole('combobox');
    expect(day).toHaveAccessibleName('Day');
    expect(month).toHaveAccessibleName('Month');
    expect(year).toHaveAccessibleName('Year');
    expect(within(month).getAllByRole('option').map((o) => o.textContent)).toContain('March');
    const years = within(year).getAllByRole('option').slice(1).map((o) => Number(o.textContent));
    const now = new Date().getFullYear();
    expect(years[0]).toBe(now - 18);
    expect(years[years.length - 1]).toBe(now - 100);
    expect(screen.getByRole('group', { name: 'I am a' })).toBeInTheDocument();
  });

  it('names the months and the selectors in the member’s language', async () => {
    render('complete-signup', atPersonal(), { locale: 'nl' });
    const group = await screen.findByRole('group', { name: 'Geboortedatum' });
    const [day, month, year] = within(group).getAllByRole('combobox');
    expect(within(day).getAllByRole('option')[0]).toHaveTextContent('Dag');
    expect(within(month).getAllByRole('option')[0]).toHaveTextContent('Maand');
    expect(within(year).getAllByRole('option')[0]).toHaveTextContent('Jaar');
    expect(within(month).getAllByRole('option').map((o) => o.textContent)).toContain('maart');
  });

  it('judges the date only once all three parts are chosen', async () => {
    const user = userEvent.setup();
    render('complete-signup', atPersonal());
    const group = await screen.findByRole('group', { name: 'Date of birth' });
    const [day, month, year] = within(group).getAllByRole('combobox');
    const young = String(new Date().getFullYear() - 18);
    await user.selectOptions(day, '31');
    await user.selectOptions(month, '12');
    expect(screen.queryByText(/at least 18 years old/)).not.toBeInTheDocument();
    await user.selectOptions(year, young);
    expect(await screen.findByText('Choose a real date of birth; you must be at least 18 years old')).toBeInTheDocument();
  });

  it('refuses a date that is not in the calendar', async () => {
    const user = userEvent.setup();
    render('complete-signup', atPersonal());
    const group = await screen.findByRole('group', { name: 'Date of birth' });
    const [day, month, year] = within(group).getAllByRole('combobox');
    await user.selectOptions(day, '30');
    await user.selectOptions(month, '2');
    await user.selectOptions(year, '1990');
    expect(await screen.findByText(/real date of birth/)).toBeInTheDocument();
    await user.selectOptions(day, '28');
    await waitFor(() => expect(screen.queryByText(/real date of birth/)).not.toBeInTheDocument());
  });

  it('uses the native date input on iOS', async () => {
    const ua = jest.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)');
    render('complete-signup', atPersonal());
    const input = await screen.findByLabelText('Date of birth');
    expect(input).toHaveAttribute('type', 'date');
    expect(screen.queryByRole('group', { name: 'Date of birth' })).not.toBeInTheDocument();
    ua.mockRestore();
  });

  it('shows the site’s configurable fields with the allowed values and saves everything', async () => {
    const user = userEvent.setup();
    const settings = settingsWith({ visible_profile_fields: ['gender', 'age', 'city', 'language', 'relationship'] });
    const { api } = render('complete-signup', atPersonal(), { settings });
    api.profileFields.mockResolvedValue({ allowed_values: { language: ['nl', 'en'], relationship: ['single', 'divorced'] } });
    const save = await screen.findByRole('button', { name: 'Save and continue' });
    expect(save).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Woman' }));
    const [day, month, year] = within(screen.getByRole('group', { name: 'Date of birth' })).getAllByRole('combobox');
    await user.selectOptions(day, '3');
    await user.selectOptions(month, '4');
    await user.selectOptions(year, '1990');
    await user.selectOptions(await screen.findByLabelText('Language'), 'Dutch');
    await user.selectOptions(screen.getByLabelText('Relationship status'), 'Single');
    await user.click(save);
    expect(await heading('Describe yourself')).toBeInTheDocument();
    expect(api.updateUser).toHaveBeenCalledWith({
      profile: { gender: 'female', date_of_birth: '1990-04-03', language: 'nl', fields: { relationship: 'single' }, lastSignupStep: 5 },
    });
  });

  it('may be skipped', async () => {
    render('complete-signup', atPersonal());
    await userEvent.click(await screen.findByRole('button', { name: 'Skip' }));
    expect(await heading('Describe yourself')).toBeInTheDocument();
  });
});

describe('step 5: notes', () => {
  it('offers a 150px textarea of 2 rows and saves the text', async () => {
    const user = userEvent.setup();
    const { api } = render('complete-signup', newMember({ lastSignupStep: 5 }));
    api.activationStatus.mockReturnValue(new Promise(() => {}));
    const notes = await screen.findByLabelText('About me');
    expect(notes.tagName).toBe('TEXTAREA');
    expect(notes).toHaveStyle({ height: '150px' });
    expect(notes).toHaveAttribute('rows', '2');
    await user.type(notes, 'Cycling and pancakes.');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await heading('Activating your account')).toBeInTheDocument();
    expect(api.updateUser).toHaveBeenCalledWith({ profile: { personal: 'Cycling and pancakes.', lastSignupStep: 6 } });
  });

  it('may be skipped', async () => {
    const { api } = render('complete-signup', newMember({ lastSignupStep: 5 }));
    api.activationStatus.mockReturnValue(new Promise(() => {}));
    await userEvent.click(await screen.findByRole('button', { name: 'Skip' }));
    expect(await heading('Activating your account')).toBeInTheDocument();
  });
});

// The poll is a query: its answers reach the view in a microtask (not a 0 ms timer, which fake
// timers would hold back until the next step), so each 900 ms step shows its own answer.
beforeAll(() => notifyManager.setScheduler(queueMicrotask));
afterAll(() => notifyManager.setScheduler((cb) => setTimeout(cb, 0)));

describe('step 6: activation progress (spec §9)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());
  const tick = () => act(() => jest.advanceTimersByTimeAsync(900));

  it('polls every 900 ms and changes its text at steps 4, 7 and 10', async () => {
    const { api } = render('complete-signup', newMember({ personal: 'Hi', lastSignupStep: 6 }));
    api.activationStatus.mockResolvedValue({ delivered: false });
    expect(await heading('Activating your account')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Saving your profile…');
    await tick();
    expect(api.activationStatus).toHaveBeenCalledTimes(1);
    for (let i = 2; i <= 3; i++) await tick();
    expect(screen.getByRole('status')).toHaveTextContent('Saving your profile…');
    await tick(); // step 4
    expect(screen.getByRole('status')).toHaveTextContent('Preparing your activation email…');
    for (let i = 5; i <= 7; i++) await tick();
    expect(screen.getByRole('status')).toHaveTextContent('Sending your activation email…');
    for (let i = 8; i <= 10; i++) await tick();
    expect(screen.getByRole('status')).toHaveTextContent('Almost done…');
    expect(api.activationStatus).toHaveBeenCalledTimes(10);
    expect(screen.getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('value', '10');
  });

  it('moves to the completion as soon as the mail is delivered', async () => {
    const { api } = render('complete-signup', newMember({ personal: 'Hi', lastSignupStep: 6 }));
    api.activationStatus.mockResolvedValueOnce({ delivered: false }).mockResolvedValue({ delivered: true });
    expect(await heading('Activating your account')).toBeInTheDocument();
    await tick();
    expect(screen.queryByRole('heading', { name: 'Check your email' })).not.toBeInTheDocument();
    await tick();
    expect(await heading('Check your email')).toBeInTheDocument();
    expect(api.activationStatus).toHaveBeenCalledTimes(2);
    expect(screen.queryByText(/taking a little longer/)).not.toBeInTheDocument();
  });

  it('gives up waiting after 20 steps and says the mail may take longer', async () => {
    const { api } = render('complete-signup', newMember({ personal: 'Hi', lastSignupStep: 6 }));
    api.activationStatus.mockResolvedValue({ delivered: false });
    expect(await heading('Activating your account')).toBeInTheDocument();
    for (let i = 1; i <= 19; i++) await tick();
    expect(screen.getByRole('heading', { level: 2, name: 'Activating your account' })).toBeInTheDocument();
    await tick();
    expect(await heading('Check your email')).toBeInTheDocument();
    expect(api.activationStatus).toHaveBeenCalledTimes(20);
    expect(screen.getByText(/taking a little longer/)).toBeInTheDocument();
  });
});

describe('step 7: completion (spec §2)', () => {
  async function reachDone(user: User, options: Parameters<typeof renderView>[1] = {}) {
    jest.useFakeTimers();
    const rendered = render('complete-signup', user, options);
    rendered.api.activationStatus.mockResolvedValue({ delivered: true });
    await heading('Activating your account');
    await act(() => jest.advanceTimersByTimeAsync(900));
    jest.useRealTimers();
    await heading('Check your email');
    return rendered;
  }

  it('tells the member to check their email and signals completion to the shell', async () => {
    const { store, api } = await reachDone(newMember({ personal: 'Hi', lastSignupStep: 6 }));
    expect(screen.getByText(/We sent an email to/)).toHaveTextContent('We sent an email to anna@example.com. Click the link in it to activate your account.');
    expect(store.get(signupCompleteAtom)).toBe(true);
    expect(api.updateUser).toHaveBeenCalledWith({ profile: { lastSignupStep: 7 } });
    expect(screen.getByText('Step 4 of 4')).toBeInTheDocument();
  });

  it('links to the inbox search for Gmail users only', async () => {
    const { unmount } = await reachDone(newMember({ personal: 'Hi', lastSignupStep: 6 }, { mailprovider: 2, email: 'anna@gmail.com' }));
    const link = screen.getByRole('link', { name: 'Open Gmail' });
    expect(link.getAttribute('href')).toMatch(/^https:\/\/mail\.google\.com\/mail\/u\/0\/#search\//);
    unmount();
    await reachDone(newMember({ personal: 'Hi', lastSignupStep: 6 }, { mailprovider: 1 }));
    expect(screen.queryByRole('link', { name: 'Open Gmail' })).not.toBeInTheDocument();
  });

  it('links to changing the address and leads to the members', async () => {
    const { navigate } = await reachDone(newMember({ personal: 'Hi', lastSignupStep: 6 }));
    expect(screen.getByRole('link', { name: 'Wrong address? Change your email address' })).toHaveAttribute('href', '/profile#email');
    await userEvent.click(screen.getByRole('button', { name: 'Go to the members' }));
    expect(navigate).toHaveBeenCalledWith({ name: 'members' });
  });

  it('returns to the page the signup started from (a member\'s chat), never to another site', async () => {
    const { navigate, unmount } = await reachDone(newMember({ personal: 'Hi', lastSignupStep: 6 }), { query: { next: '/members/5/chat' } });
    await userEvent.click(screen.getByRole('button', { name: 'Continue where you were' }));
    expect(navigate).toHaveBeenCalledWith('/members/5/chat');
    unmount();
    await reachDone(newMember({ personal: 'Hi', lastSignupStep: 6 }), { query: { next: '//evil.example/x' } });
    expect(screen.getByRole('button', { name: 'Go to the members' })).toBeInTheDocument();
  });
});
