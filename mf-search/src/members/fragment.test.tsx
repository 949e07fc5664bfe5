import { screen, waitFor, within } from '@testing-library/react';
import { renderRemoteView } from '@dating/shared/testing';
import { loadMessages } from '../messages';
import { MembersGridFragment } from './fragment';
import { member, mockApi, searchAnswer } from '../testing/renderView';

const definition = { name: 'mf_search/members-grid', views: { fragment: MembersGridFragment }, loadMessages };

describe('members-grid fragment', () => {
  it('shows a logged-in member a grid of members', async () => {
    const api = mockApi();
    api.search.mockImplementation(searchAnswer(20));
    renderRemoteView(definition, 'fragment', { api, user: member() } as never);
    const grid = await screen.findByRole('list', { name: 'Members you may like' });
    await waitFor(() => expect(within(grid).getAllByRole('article')).toHaveLength(12));
    expect(api.search).toHaveBeenCalledWith(expect.objectContaining({ source: 'fragment' }));
  });

  it('shows a visitor nothing (the error page gives visitors the signup form)', async () => {
    const api = mockApi();
    const { container } = renderRemoteView(definition, 'fragment', { api, user: null } as never);
    await waitFor(() => expect(container.querySelector('[data-view="fragment"]')).toBeInTheDocument());
    expect(container.querySelector('[data-view="fragment"]')).toBeEmptyDOMElement();
    expect(api.search).not.toHaveBeenCalled();
  });
});
