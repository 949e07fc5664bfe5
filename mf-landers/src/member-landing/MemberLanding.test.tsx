import { screen, waitFor } from '@testing-library/react';
import { ApiError } from '@dating/shared';
import { backdropImage } from '../common/FramedPhoto';
import { mockApi, publicProfile, renderView, siteSettings } from '../testing/renderView';

const sanne = publicProfile({ id: 100, name: 'Sanne', age: 34, city: 'Utrecht', images: [{ id: 1, thumb_filename: 'a.jpg' }, { id: 2, thumb_filename: 'b.jpg' }, { id: 3, thumb_filename: 'c.jpg' }], main_image: { thumb_filename: 'a.jpg' }, personal: 'Fietsen en festivals.' });

/** A site where visitors may read profiles (spec §6: logged-out search). */
const openSite = siteSettings({ settings: { logged_out_search: true } });

function renderMember(view: 'member-landing' | 'member-landing2' | 'member-landing3', api = mockApi()) {
  api.profile.mockResolvedValue({ profile: sanne });
  return { ...renderView(view, { params: { memberId: '100', slug: 'spring' }, user: null, api, settings: openSite }), api };
}

describe('member landings', () => {
  it('landing: the member’s public photos, age, city and notes, with the signup fragment for this member', async () => {
    const { services, api } = renderMember('member-landing');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sanne' })).toBeInTheDocument();
    expect(screen.getByText('34, Utrecht')).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: 'Photo of Sanne' })).toHaveLength(3);
    expect(screen.getByText('Fietsen en festivals.')).toBeInTheDocument();
    expect(api.profile).toHaveBeenCalledWith(100);
    expect(services.fragment.mount).toHaveBeenCalledWith(expect.any(HTMLElement), expect.objectContaining({ name: 'signup-form', options: { headingLevel: 2, memberId: 100 } }));
  });

  it('the signup card asks "Already a member?" once: the open form says it (the card adds nothing); invite-only, the card offers the login', async () => {
    renderMember('member-landing');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sanne' })).toBeInTheDocument();
    expect(screen.queryByText('Already a member?', { exact: false })).not.toBeInTheDocument();

    const api = mockApi();
    api.profile.mockResolvedValue({ profile: sanne });
    renderView('member-landing', { params: { memberId: '100' }, user: null, api, settings: siteSettings({ settings: { logged_out_search: true, signups: 'other' } }) });
    expect(await screen.findByText('Already a member?', { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it('landing2: an invitation to chat from the member', async () => {
    renderMember('member-landing2');
    expect(await screen.findByText('Hi! I’m Sanne. Fancy a chat?')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Sanne from Utrecht would like to get to know you.' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Sign up for free' })).toBeInTheDocument();
  });

  it('landing3: the main photo, the others after signing up', async () => {
    renderMember('member-landing3');
    expect(await screen.findByRole('heading', { level: 1, name: 'See all photos of Sanne' })).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: 'Photo of Sanne' })).toHaveLength(1);
    expect(screen.getByText('2 more photos after signing up')).toBeInTheDocument();
  });

  it('photos are responsive pictures (WebP, the large version in srcset, size reserved); landing 2 frames its photo on a blurred copy, never stretched', async () => {
    const api = mockApi();
    const photo = { thumb_filename: 'aa_t.jpg', large: { filename: 'aa.jpg', width: 900, height: 600 }, formats: ['webp' as const] };
    api.profile.mockResolvedValue({ profile: { ...sanne, images: [{ id: 1, ...photo }], main_image: photo } });
    const { unmount } = renderView('member-landing', { params: { memberId: '100' }, user: null, api, settings: openSite });
    const img = await screen.findByRole('img', { name: 'Photo of Sanne' });
    expect(img.parentElement?.tagName).toBe('PICTURE');
    expect(img.parentElement?.querySelector('source')).toHaveAttribute('type', 'image/webp');
    expect(img).toHaveAttribute('srcset', 'aa_t.jpg 320w, aa.jpg 600w');
    expect([img.getAttribute('width'), img.getAttribute('height'), img.style.maxWidth]).toEqual(['320', '320', '600px']);
    unmount();

    const { container } = renderView('member-landing2', { params: { memberId: '100', slug: 'spring' }, user: null, api, settings: openSite });
    await screen.findByText('Hi! I’m Sanne. Fancy a chat?');
    const bg = container.querySelector('[data-template="member-landing2"] picture img') as HTMLImageElement;
    expect(bg.style.maxWidth).toBe('600px');
    // The blurred copy is the thumbnail, WebP first, drawn by CSS on its own element (jsdom keeps no image-set()).
    expect(container.querySelector('[data-template="member-landing2"] span[aria-hidden="true"]')).toBeInTheDocument();
    expect(backdropImage('/cdn/', photo)).toBe('image-set(url("/cdn/aa_t.webp") type("image/webp"), url("/cdn/aa_t.jpg") type("image/jpeg"))');
  });

  it('an unknown or deleted member is the shell’s 404', async () => {
    const api = mockApi();
    api.profile.mockRejectedValue(new ApiError(404, 'This profile does not exist (any more)', 'not_found'));
    const { notFound } = renderView('member-landing', { params: { memberId: '999' }, api, settings: openSite });
    await waitFor(() => expect(notFound).toHaveBeenCalled());
  });

  it('a visitor from a campaign (?network=) reads the member where only such visitors may search', async () => {
    const api = mockApi();
    api.profile.mockResolvedValue({ profile: sanne });
    const settings = siteSettings({ settings: { logged_out_search: false, logged_out_search_trafficsource: true } });
    renderView('member-landing', { params: { memberId: '100' }, query: { network: 'fb' }, user: null, api, settings });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sanne' })).toBeInTheDocument();
    expect(api.profile).toHaveBeenCalledWith(100, { trafficsource: 'fb' });
  });

  it('any other visitor of such a site logs in first and comes back to this page, without a refused call', async () => {
    const api = mockApi();
    const settings = siteSettings({ settings: { logged_out_search: false, logged_out_search_trafficsource: true } });
    const { navigate } = renderView('member-landing', { routeName: 'members-memberId-landing', params: { memberId: '100' }, user: null, api, settings });
    await waitFor(() =>
      expect(navigate).toHaveBeenCalledWith({ name: 'login', query: { next: expect.stringContaining('members-memberId-landing/100') } }, { replace: true }),
    );
    expect(api.profile).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a visitor whose traffic source the site does not know (403 login_required) logs in first, without an error', async () => {
    const api = mockApi();
    api.profile.mockRejectedValue(new ApiError(403, 'Log in to see profiles', 'login_required'));
    const settings = siteSettings({ settings: { logged_out_search: false, logged_out_search_trafficsource: true } });
    const { navigate } = renderView('member-landing', { routeName: 'members-memberId-landing', params: { memberId: '100' }, query: { network: 'made-up' }, user: null, api, settings });
    await waitFor(() =>
      expect(navigate).toHaveBeenCalledWith({ name: 'login', query: { next: expect.stringContaining('members-memberId-landing/100') } }, { replace: true }),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a member id that is not a number is the shell’s 404 without a call', async () => {
    const api = mockApi();
    const { notFound } = renderView('member-landing2', { params: { memberId: 'abc', slug: 'x' }, api });
    await waitFor(() => expect(notFound).toHaveBeenCalled());
    expect(api.profile).not.toHaveBeenCalled();
  });
});
