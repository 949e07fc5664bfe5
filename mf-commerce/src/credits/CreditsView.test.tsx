import { screen } from '@testing-library/react';
import { member, renderView } from '../testing/renderView';

describe('credits view', () => {
  it('shows the member’s real credit balance', async () => {
    renderView('credits', { routeName: 'credits', user: member({ credits: 25 }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Credits' })).toBeInTheDocument();
    expect(screen.getByText('You have 25 credits.')).toBeInTheDocument();
  });

  it('counts credits with the grammar of the member’s language', async () => {
    renderView('credits', { routeName: 'credits', user: member({ credits: 3 }), locale: 'pl' });
    expect(await screen.findByText('Masz 3 kredyty.')).toBeInTheDocument();
  });

  it('waits for the member before showing a balance', async () => {
    renderView('credits', { routeName: 'credits' });
    expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
    expect(screen.queryByText(/You have/)).not.toBeInTheDocument();
  });
});
