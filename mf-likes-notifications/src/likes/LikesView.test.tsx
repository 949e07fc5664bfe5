import { screen } from '@testing-library/react';
import { renderView } from '../testing/renderView';

describe('likes view', () => {
  it('shows which likes the route asks for, with a way back to all likes', async () => {
    renderView('likes', { routeName: 'likes-type', params: { type: 'received' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Likes' })).toBeInTheDocument();
    expect(screen.getByText('received')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All likes' })).toHaveAttribute('href', '/likes');
  });

  it('lists nothing it does not have yet', async () => {
    renderView('likes', { routeName: 'likes' });
    expect(await screen.findByText(/will be listed here soon/)).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'All likes' })).not.toBeInTheDocument();
  });
});
