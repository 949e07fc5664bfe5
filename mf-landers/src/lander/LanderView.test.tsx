import { screen, waitFor, within } from '@testing-library/react';
import { ApiError, LANDER_KINDS, type LanderResponse, type LanderMember } from '@dating/shared';
import { mockApi, renderView, siteSettings } from '../testing/renderView';

function member(id: number, overrides: Partial<LanderMember> = {}): LanderMember {
  return { id, name: `Member ${id}`, age: 30 + id, city: id % 2 ? 'Utrecht' : 'Amsterdam', country: 'NL', main_image: { thumb_filename: `m${id}.jpg` }, personal: `Note of member ${id}`, online: id === 1, fictional: false, ...overrides };
}

function landerData(kind: LanderResponse['campaign']['kind'], overrides: Partial<LanderResponse> = {}): LanderResponse {
  return {
    campaign: { slug: 'summer-love', kind, kinds: [...LANDER_KINDS], language: 'en', headline: 'Fall in love this summer', text: 'Thousands of singles near you.', target_gender: null, min_age: 18, max_age: 99, video_url: null },
    members: [1, 2, 3, 4, 5].map((i) => member(i)),
    online_count: 1,
    member_count: 1234,
    map: kind === 'maplanding' ? { country: 'NL', width: 800, height: 1000, dots: [[10, 10], [30, 40]], cities: [{ city: 'Amsterdam', count: 6, x: 300, y: 400 }, { city: 'Utrecht', count: 3, x: 420, y: 520 }] } : null,
    ...overrides,
  };
}

function renderLander(kind: string, data?: LanderResponse, options: Parameters<typeof renderView>[1] = {}) {
  const api = mockApi();
  if (data) api.lander.mockResolvedValue(data);
  const result = renderView('lander', { routeName: 'landers-kind-slug', params: { kind, slug: 'summer-love' }, api, ...options });
  return { ...result, api };
}

describe('/landers/:kind/:slug', () => {
  it.each(LANDER_KINDS)('%s renders its own template with the campaign and the signup fragment', async (kind) => {
    const { api, container, services } = renderLander(kind, landerData(kind));
    expect(await screen.findByRole('heading', { level: 1, name: 'Fall in love this summer' })).toBeInTheDocument();
    expect(container.querySelector(`[data-template="${kind}"]`)).not.toBeNull();
    // The only template on the page is this kind's.
    expect(container.querySelectorAll('[data-template]')).toHaveLength(1);
    expect(screen.getByRole('region', { name: 'Sign up for free' })).toHaveTextContent('mf_auth_signup/signup-form');
    expect(services.fragment.mount).toHaveBeenCalledWith(expect.any(HTMLElement), expect.objectContaining({ remote: 'mf_auth_signup', name: 'signup-form' }));
    expect(api.lander).toHaveBeenCalledWith({ kind, slug: 'summer-love', lang: 'en', country: 'NL' });
  });

  it('gallery: the target group’s real photos with name, age and city', async () => {
    renderLander('gallery', landerData('gallery'));
    const list = await screen.findByRole('list');
    expect(within(list).getAllByRole('img')).toHaveLength(5);
    expect(within(list).getByRole('img', { name: 'Photo of Member 2' })).toHaveAttribute('src', expect.stringMatching(/m2\.jpg$/));
    expect(within(list).getByText('32, Amsterdam')).toBeInTheDocument();
  });

  it('maplanding: a map with member counts per city, also as a list', async () => {
    renderLander('maplanding', landerData('maplanding'));
    const map = await screen.findByRole('img', { name: 'Map of Netherlands with the number of members per city' });
    // Every town dot of the country is drawn: one path, a circle (two arcs) around each dot.
    const land = map.querySelector('path')!.getAttribute('d')!;
    expect(land.match(/M/g)).toHaveLength(2);
    expect(land).toContain('M1 10a9 9 0 1 0 18 0a9 9 0 1 0 -18 0');
    expect(land).toContain('M21 40a9 9 0 1 0 18 0');
    expect(screen.getByText('Amsterdam: 6 members')).toBeInTheDocument();
    expect(screen.getByText('Utrecht: 3 members')).toBeInTheDocument();
  });

  it('alonetonight: the real number online now, online members first', async () => {
    renderLander('alonetonight', landerData('alonetonight', { online_count: 7 }));
    expect(await screen.findByText('7 members online now')).toBeInTheDocument();
    expect(screen.getAllByText('Online now')).toHaveLength(1);
  });

  it('socialnetwork: members’ own notes as posts', async () => {
    renderLander('socialnetwork', landerData('socialnetwork'));
    expect(await screen.findByText('Note of member 3')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(5);
  });

  it('video: the campaign video muted and looping with a poster; still under reduced motion', async () => {
    const data = landerData('video');
    data.campaign.video_url = '/media/summer.mp4';
    const matchMedia = window.matchMedia;
    window.matchMedia = ((q: string) => ({ matches: q.includes('reduce'), addEventListener() {}, removeEventListener() {} })) as never;
    try {
      const { container } = renderLander('video', data);
      await screen.findByRole('heading', { level: 1 });
      const video = container.querySelector('video')!;
      expect(video.muted).toBe(true);
      expect(video.loop).toBe(true);
      expect(video.getAttribute('poster')).toMatch(/m1\.jpg$/);
      expect(video.autoplay).toBe(false);
    } finally {
      window.matchMedia = matchMedia;
    }
  });

  it('video without a video file: a moving sequence of member photos that can be paused', async () => {
    renderLander('video', landerData('video'));
    expect(await screen.findByRole('group', { name: `Members of ${siteSettings().theme.brandName}` })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pause the moving pictures' })).toBeInTheDocument();
  });

  it('an unknown kind is the shell’s 404, without asking the API', async () => {
    const { api, notFound } = renderLander('bogus');
    await waitFor(() => expect(notFound).toHaveBeenCalled());
    expect(api.lander).not.toHaveBeenCalled();
  });

  it('an unknown campaign (404 from the API) is the shell’s 404', async () => {
    const api = mockApi();
    api.lander.mockRejectedValue(new ApiError(404, 'There is no such page', 'not_found'));
    const { notFound } = renderView('lander', { routeName: 'landers-kind-slug', params: { kind: 'video', slug: 'nope' }, api });
    await waitFor(() => expect(notFound).toHaveBeenCalled());
  });

  it('a failing API shows the error with Try again, not a 404', async () => {
    const api = mockApi();
    api.lander.mockRejectedValue(new ApiError(0, 'offline', 'network'));
    const { notFound } = renderView('lander', { routeName: 'landers-kind-slug', params: { kind: 'video', slug: 'summer-love' }, api });
    expect(await screen.findByRole('alert', {}, { timeout: 4000 })).toHaveTextContent('Try again');
    expect(notFound).not.toHaveBeenCalled();
  });

  it('an invite-only site offers login instead of the signup form', async () => {
    const settings = siteSettings({ settings: { signups: 'other' } });
    renderLander('gallery', landerData('gallery'), { settings });
    expect(await screen.findByText(/by invitation only/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Sign up for free' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Log in' })).toBeInTheDocument();
  });
});
