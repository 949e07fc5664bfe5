import { screen } from '@testing-library/react';
import { renderView } from '../testing/renderView';

describe('chat view', () => {
  it('names the conversation from the route and links back to all chats', async () => {
    renderView('chat', { routeName: 'chats-chatId', params: { chatId: '31' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Conversation #31' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to all chats' })).toHaveAttribute('href', '/chats');
  });

  it('says honestly that the messages are not shown yet', async () => {
    renderView('chat', { routeName: 'chats-chatId', params: { chatId: '31' }, locale: 'fr' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Conversation n° 31' })).toBeInTheDocument();
    expect(screen.getByText('Les messages de cette conversation s’afficheront bientôt ici.')).toBeInTheDocument();
  });
});
