import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, type MemberSession } from '@dating/shared';
import { member, renderView } from '../testing/renderView';

const THIS: MemberSession = { id: 1, browser: 'Firefox', os: 'Windows', created_at: '2026-11-20T09:30:00.000Z', current: true };
const PHONE: MemberSession = { id: 2, browser: 'Safari', os: 'iOS', created_at: '2026-11-18T20:15:00.000Z', current: false };
const TABLET: MemberSession = { id: 3, browser: '', os: '', created_at: '2026-11-01T08:00:00.000Z', current: false };

const section = () => screen.findByRole('region', { name: 'Where you are logged in' });

function open(sessions: MemberSession[]) {
  const view = renderView('profile', { routeName: 'profile', user: member() });
  view.api.sessions.mockResolvedValue({ sessions });
  return view;
}

describe('where you are logged in (/profile)', () => {
  it('lists the devices by browser and system, marks this one, and logs one out by name', async () => {
    const user = userEvent.setup();
    const { api } = open([THIS, PHONE, TABLET]);
    const s = await section();
    const list = await within(s).findByRole('list', { name: 'Devices where you are logged in' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Firefox on Windows (this device)');
    expect(items[1]).toHaveTextContent('Safari on iOS');
    expect(items[2]).toHaveTextContent('Unknown browser');
    // This device is logged out with the site's own Log out, not from the list.
    expect(within(items[0]!).queryByRole('button')).not.toBeInTheDocument();
    api.endSession.mockResolvedValue({ ended: 1 });
    api.sessions.mockResolvedValue({ sessions: [THIS, TABLET] });
    await user.click(within(s).getByRole('button', { name: /^Log out Safari on iOS, logged in since/ }));
    expect(api.endSession).toHaveBeenCalledWith(2);
    expect(await within(s).findByRole('status')).toHaveTextContent('Safari on iOS is logged out.');
    expect(await within(s).findAllByRole('listitem')).toHaveLength(2);
  });

  it('"Log out everywhere else" ends every other session and says how many', async () => {
    const user = userEvent.setup();
    const { api } = open([THIS, PHONE, TABLET]);
    const s = await section();
    api.endOtherSessions.mockResolvedValue({ ended: 2 });
    api.sessions.mockResolvedValue({ sessions: [THIS] });
    await user.click(await within(s).findByRole('button', { name: 'Log out everywhere else' }));
    expect(api.endOtherSessions).toHaveBeenCalledTimes(1);
    expect(await within(s).findByRole('status')).toHaveTextContent('Logged out on 2 other devices.');
    expect(await within(s).findByText('You are logged in on this device only.')).toBeInTheDocument();
    expect(within(s).queryByRole('button', { name: 'Log out everywhere else' })).not.toBeInTheDocument();
  });

  it('says so when a device could not be logged out, and keeps the list', async () => {
    const user = userEvent.setup();
    const { api } = open([THIS, PHONE]);
    const s = await section();
    api.endSession.mockRejectedValue(new ApiError(0, 'Network error', 'network'));
    await user.click(await within(s).findByRole('button', { name: /^Log out Safari on iOS/ }));
    expect(await within(s).findByRole('alert')).toHaveTextContent('The device could not be logged out. Please try again.');
    expect(within(s).getAllByRole('listitem')).toHaveLength(2);
  });

  it('shows an error with Try again when the list cannot be loaded', async () => {
    const user = userEvent.setup();
    const view = renderView('profile', { routeName: 'profile', user: member() });
    view.api.sessions.mockRejectedValueOnce(new ApiError(500, 'Something went wrong on our side', 'internal'));
    const s = await section();
    expect(await within(s).findByRole('alert')).toHaveTextContent('This could not be loaded');
    view.api.sessions.mockResolvedValue({ sessions: [THIS] });
    await user.click(within(s).getByRole('button', { name: 'Try again' }));
    expect(await within(s).findByText('You are logged in on this device only.')).toBeInTheDocument();
  });

  it('is in the member’s language', async () => {
    renderView('profile', { routeName: 'profile', user: member(), locale: 'nl' }).api.sessions.mockResolvedValue({ sessions: [THIS, PHONE] });
    const s = await screen.findByRole('region', { name: 'Waar je bent ingelogd' });
    expect(await within(s).findByText('Safari op iOS')).toBeInTheDocument();
    expect(within(s).getByRole('button', { name: 'Overal elders uitloggen' })).toBeInTheDocument();
  });

  it('offers the data download as a link the browser follows (a ZIP of everything kept about the member)', async () => {
    open([THIS]);
    const data = await screen.findByRole('region', { name: 'Your data' });
    expect(within(data).getByRole('link', { name: 'Download my data (ZIP)' })).toHaveAttribute('href', '/api/export.php');
  });
});
