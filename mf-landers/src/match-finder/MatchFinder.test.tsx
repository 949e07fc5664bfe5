jest.setTimeout(30_000);

import { act, screen, within } from '@testing-library/react';
import { queryKeys, signupCompleteAtom } from '@dating/shared';
import { userEvent } from '@testing-library/user-event';
import { member, mockApi, publicProfile, renderView, siteSettings } from '../testing/renderView';

const settings = siteSettings({ settings: { countries: ['NL', 'BE'], region_data: { NL: [{ id: 1, name: 'Utrecht' }, { id: 2, name: 'Limburg' }] } } });
const found = {
  profiles: [publicProfile({ id: 5, name: 'Eva', age: 31, city: 'Utrecht', main_image: { thumb_filename: 'e.jpg' } }), publicProfile({ id: 6, name: 'Lotte', age: 35, city: 'Zeist' })],
  paging: { num_results: 2, page: 1, page_size: 12 },
  filter_options: { gender: [], min_age: 18, max_age: 99, country: [], countryregion: [] },
};

describe('/match-finder', () => {
  it('asks four questions, shows real matching members, then signs up with the answers', async () => {
    const user = userEvent.setup();
    const api = mockApi();
    api.search.mockResolvedValue(found);
    const { services, store, queryClient } = renderView('match-finder', { user: null, api, settings, query: { network: 'partner-1' } });
    expect(await screen.findByText('Question 1 of 4')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'a man' }));
    expect(screen.getByText('Question 2 of 4')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'a woman' }));
    await user.selectOptions(screen.getByLabelText('From'), '28');
    await user.selectOptions(screen.getByLabelText('To'), '40');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.selectOptions(screen.getByLabelText('Country'), 'NL');
    await user.selectOptions(screen.getByLabelText('Region'), 'Utrecht');
    await user.click(screen.getByRole('button', { name: 'Show my matches' }));

    expect(await screen.findByRole('heading', { name: '2 members match your answers' })).toBeInTheDocument();
    expect(api.search).toHaveBeenCalledWith(expect.objectContaining({ gender: 'female', min_age: 28, max_age: 40, country: 'NL', countryregion: 'Utrecht', trafficsource: 'partner-1' }));
    const results = screen.getByRole('list');
    expect(within(results).getByRole('link', { name: /Eva 31, Utrecht/ })).toHaveAttribute('href', '/members-memberId/5');
    const answers = { gender: 'male', seeking: 'female', min_age: 28, max_age: 40, country: 'NL', countryregion: 'Utrecht' };
    expect(services.storage.set).toHaveBeenCalledWith('matchAnswers', answers);
    expect(services.fragment.mount).toHaveBeenCalledWith(expect.any(HTMLElement), expect.objectContaining({ name: 'signup-form', options: { headingLevel: 2, answers } }));

    // The account is created: the form stays for its next steps; the matches follow when it is done.
    act(() => queryClient.setQueryData(queryKeys.user(), member()));
    expect(screen.getByRole('region', { name: 'Sign up for free' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'See the members who match your answers' })).toBeNull();
    act(() => store.set(signupCompleteAtom, true));
    expect(screen.getByRole('link', { name: 'See the members who match your answers' })).toHaveAttribute('href', '/signup-matches');
  });

  it('refuses an age range upside down', async () => {
    const user = userEvent.setup();
    renderView('match-finder', { user: null, settings });
    await user.click(await screen.findByRole('button', { name: 'a woman' }));
    await user.click(screen.getByRole('button', { name: 'a man' }));
    await user.selectOptions(screen.getByLabelText('From'), '50');
    await user.selectOptions(screen.getByLabelText('To'), '30');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The first age must not be above the second.');
    expect(screen.getByText('Question 3 of 4')).toBeInTheDocument();
  });
});

describe('/signup-matches', () => {
  it('suggests members from the stored answers', async () => {
    const api = mockApi();
    api.search.mockResolvedValue(found);
    const { services } = renderView('signup-matches', { user: member(), api, settings });
    services.storage.set('matchAnswers', { gender: 'male', seeking: 'female', min_age: 28, max_age: 40, country: 'NL' });
    // The view read the storage on its first render: render once more with the answers there.
    const again = renderView('signup-matches', { user: member(), api, settings, services });
    expect(await within(again.container).findByText('Chosen from your answers: women, 28 to 40 years, Netherlands.')).toBeInTheDocument();
    expect(await within(again.container).findByRole('link', { name: /Eva/ })).toBeInTheDocument();
  });

  it('without answers leads to the match finder', async () => {
    renderView('signup-matches', { user: member() });
    expect(await screen.findByText('We have no answers from the match finder in this browser yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Take the match finder' })).toHaveAttribute('href', '/match-finder');
  });
});
