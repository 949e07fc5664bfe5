import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRemoteView, type RenderViewOptions } from '@dating/shared/testing';
import { member, mockApi } from '../testing/renderView';
import { MemberSafetyFragment } from './member-safety';
import { PresenceSetting } from './PresenceSetting';
import { loadMessages } from '../messages';

const safety = (options: RenderViewOptions) =>
  renderRemoteView({ name: 'mf_chat/member-safety', views: { fragment: MemberSafetyFragment }, loadMessages }, 'fragment', options);
const presence = (options: RenderViewOptions) =>
  renderRemoteView({ name: 'mf_chat/presence-setting', views: { fragment: PresenceSetting }, loadMessages }, 'fragment', options);

describe('member-safety fragment (on a profile page)', () => {
  it('blocks after confirmation, then offers to unblock', async () => {
    const api = mockApi();
    api.blocks.mockResolvedValue({ blocked: [] });
    api.block.mockResolvedValue({ blocked: true });
    api.unblock.mockResolvedValue({ blocked: false });
    const { services } = safety({ api, user: member(), options: { profileId: 100, name: 'Sanne' } } as RenderViewOptions);
    services.modal.confirm.mockResolvedValue(true);
    await userEvent.click(await screen.findByRole('button', { name: 'Block Sanne' }));
    await waitFor(() => expect(api.block).toHaveBeenCalledWith(100));
    expect(await screen.findByText('You blocked Sanne.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Unblock Sanne' }));
    await waitFor(() => expect(api.unblock).toHaveBeenCalledWith(100));
    expect(await screen.findByRole('button', { name: 'Block Sanne' })).toBeInTheDocument();
    expect(services.toast).toHaveBeenLastCalledWith({ variant: 'success', message: 'You unblocked Sanne.' });
  });

  it('shows a member one blocked as blocked, with Unblock, in Polish too', async () => {
    const api = mockApi();
    api.blocks.mockResolvedValue({ blocked: [100] });
    safety({ api, user: member(), locale: 'pl', options: { profileId: 100, name: 'Sanne' } } as RenderViewOptions);
    expect(await screen.findByRole('button', { name: 'Odblokuj użytkownika Sanne' })).toBeInTheDocument();
    expect(screen.getByText('Zablokowano użytkownika Sanne.')).toBeInTheDocument();
  });

  it('opens the report form from the profile', async () => {
    const api = mockApi();
    api.blocks.mockResolvedValue({ blocked: [] });
    api.report.mockResolvedValue({ reported: true });
    safety({ api, user: member(), options: { profileId: 100, name: 'Sanne' } } as RenderViewOptions);
    await userEvent.click(await screen.findByRole('button', { name: 'Report Sanne' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Spam or advertising' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(api.report).toHaveBeenCalledWith({ profile: 100, category: 'spam' }));
  });
});

describe('presence-setting fragment (on /profile)', () => {
  it('shows the setting and hides presence when switched off', async () => {
    const api = mockApi();
    api.privacy.mockResolvedValue({ hide_presence: false });
    api.updatePrivacy.mockResolvedValue({ hide_presence: true });
    presence({ api, user: member() });
    const box = await screen.findByRole('checkbox', { name: 'Show members I chat with when I am online' });
    expect(box).toBeChecked();
    await userEvent.click(box);
    expect(api.updatePrivacy).toHaveBeenCalledWith({ hide_presence: true });
    await waitFor(() => expect(box).not.toBeChecked());
  });
});
