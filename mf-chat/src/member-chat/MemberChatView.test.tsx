import { screen } from '@testing-library/react';
import { member, renderView } from '../testing/renderView';

describe('member chat view', () => {
  it('invites a visitor to log in or sign up for that member', async () => {
    renderView('member-chat', { routeName: 'members-memberId-chat', params: { memberId: '42' }, user: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Chat with member #42' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Sign up for free' })).toHaveAttribute('href', '/members-memberId-signup/42');
    expect(screen.getByRole('link', { name: 'View this member’s profile' })).toHaveAttribute('href', '/members-memberId/42');
  });

  it('does not ask a logged-in member to log in', async () => {
    renderView('member-chat', { routeName: 'members-memberId-chat', params: { memberId: '42' }, user: member() });
    expect(await screen.findByText(/Starting a chat with this member/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
  });

  it('waits for the session before deciding', async () => {
    renderView('member-chat', { routeName: 'members-memberId-chat', params: { memberId: '42' } });
    expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
  });
});
