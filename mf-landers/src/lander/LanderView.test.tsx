import { screen } from '@testing-library/react';
import { renderView } from '../testing/renderView';

describe('lander view', () => {
  it('shows the lander kind and slug from the route', async () => {
    renderView('lander', { routeName: 'landers-kind-slug', params: { kind: 'maplanding', slug: 'summer-2025' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Meet new people near you' })).toBeInTheDocument();
    expect(screen.getByText('Members on the map')).toBeInTheDocument();
    expect(screen.getByText('summer-2025')).toBeInTheDocument();
  });

  it('keeps the visitor’s traffic source on the way to signup', async () => {
    renderView('lander', {
      routeName: 'landers-kind-slug',
      params: { kind: 'video', slug: 'spring' },
      query: { network: 'partner-1', sub1: 'abc', utm_other: 'dropped' },
    });
    expect(await screen.findByRole('link', { name: 'Sign up for free' })).toHaveAttribute(
      'href',
      '/signup?network=partner-1&sub1=abc',
    );
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it('names the kind in the visitor’s language and admits a kind it does not know', async () => {
    const { unmount } = renderView('lander', { routeName: 'landers-kind-slug', params: { kind: 'gallery', slug: 's' }, locale: 'de' });
    expect(await screen.findByText('Fotogalerie')).toBeInTheDocument();
    unmount();
    renderView('lander', { routeName: 'landers-kind-slug', params: { kind: 'hologram', slug: 's' } });
    expect(await screen.findByText('Unknown type (hologram)')).toBeInTheDocument();
  });
});
