import { screen } from '@testing-library/react';
import { renderView } from '../testing/renderView';

const pages: [view: Parameters<typeof renderView>[0], heading: string][] = [
  ['page-terms', 'Terms and conditions'],
  ['page-privacy', 'Privacy statement'],
  ['page-cookies', 'Cookie policy'],
  ['page-faq', 'Frequently asked questions'],
  ['page-return-policy', 'Return policy'],
  ['page-ban', 'Access blocked'],
];

describe('content pages', () => {
  it.each(pages)('%s shows its heading and a way to customer service', async (view, heading) => {
    renderView(view);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact customer service' })).toHaveAttribute('href', '/pages-service');
  });
});
