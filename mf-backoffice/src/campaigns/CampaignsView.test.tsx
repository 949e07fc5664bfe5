jest.setTimeout(30_000);
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { OperatorCampaign } from '@dating/shared';
import { answer, operator, renderView } from '../testing/renderView';

const campaign = (overrides: Partial<OperatorCampaign> = {}): OperatorCampaign => ({
  slug: 'summer-love',
  kinds: ['gallery', 'video'],
  texts: { en: { headline: 'Summer love', text: 'Meet singles near you.' }, nl: { headline: 'Zomerliefde', text: 'Ontmoet singles bij jou in de buurt.' } },
  target_gender: 'female',
  min_age: 25,
  max_age: 45,
  video_url: null,
  featured_member_ids: [3, 4],
  active: true,
  created_at: '2026-11-01T10:00:00Z',
  paths: ['/landers/gallery/summer-love', '/landers/video/summer-love'],
  figures: { visitors: 1200, signups: 48, activations: 30, first_purchases: 7 },
  ...overrides,
});

function setup(handlers: Record<string, unknown> = {}) {
  const { api, sent } = answer({
    'GET operator/me.php': { operator: operator({ role: 'admin' }) },
    'GET admin/campaigns.php': { campaigns: [campaign()], hosts: ['localhost'], traffic_sources: ['affiliate', 'tiktok'] },
    ...handlers,
  });
  renderView('campaigns', { routeName: 'backoffice-campaigns', api });
  return { sent, user: userEvent.setup() };
}

describe('/backoffice/campaigns', () => {
  it('lists the campaigns with their own figures; editing shows the texts of seven languages side by side and the tracking link', async () => {
    const { user, sent } = setup({ 'PUT admin/campaigns.php': ({ body }: { body: unknown }) => ({ campaign: campaign(body as Partial<OperatorCampaign>) }) });
    const row = await screen.findByRole('row', { name: /summer-love/ });
    expect(row).toHaveTextContent('gallery, video');
    expect(row).toHaveTextContent('1,200');
    expect(row).toHaveTextContent('48');
    await user.click(within(row).getByRole('button', { name: 'Edit summer-love' }));
    const form = screen.getByRole('form', { name: 'Campaign summer-love' });
    expect(within(form).getByLabelText('Headline (NL)')).toHaveValue('Zomerliefde');
    expect(within(form).getByLabelText('Headline (PL)')).toHaveValue('');
    expect(within(form).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['English', 'Nederlands', 'Deutsch', 'Italiano', 'Français', 'Español', 'Polski']);

    const tracking = screen.getByRole('region', { name: 'Tracking link' });
    await user.selectOptions(within(tracking).getByLabelText('Network'), 'tiktok');
    await user.type(within(tracking).getByLabelText('sub1'), 'spring');
    expect(within(tracking).getByLabelText('Link to give the partner')).toHaveValue('http://localhost/landers/gallery/summer-love?network=tiktok&sub1=spring');

    await user.type(within(form).getByLabelText('Headline (PL)'), 'Letnia miłość');
    await user.type(within(form).getByLabelText('Text (PL)'), 'Poznaj singli w pobliżu.');
    await user.click(within(form).getByRole('button', { name: 'Save campaign' }));
    await waitFor(() => expect(sent.some((s) => s.method === 'PUT')).toBe(true));
    const body = sent.find((s) => s.method === 'PUT')!.body as { texts: Record<string, unknown>; featured_member_ids: number[] };
    expect(Object.keys(body.texts)).toEqual(['en', 'nl', 'pl']);
    expect(body.featured_member_ids).toEqual([3, 4]);
  });

  it('deactivates a live campaign; an offline one offers no preview', async () => {
    const { user, sent } = setup({ 'DELETE admin/campaigns.php': { campaign: campaign({ active: false, paths: [] }) } });
    const row = await screen.findByRole('row', { name: /summer-love/ });
    await user.click(within(row).getByRole('button', { name: 'Deactivate summer-love' }));
    await waitFor(() => expect(sent.find((s) => s.method === 'DELETE')?.query).toEqual({ slug: 'summer-love' }));
  });

  it('refuses featured members that are not member numbers before asking', async () => {
    const { user, sent } = setup();
    const form = await screen.findByRole('form', { name: 'New campaign' });
    await user.type(within(form).getByLabelText('Slug'), 'autumn');
    await user.type(within(form).getByLabelText('Featured members (member numbers, separated by commas)'), '3, x');
    await user.click(within(form).getByRole('button', { name: 'Create campaign' }));
    expect(within(form).getByText('Member numbers only, separated by commas.')).toBeInTheDocument();
    expect(sent.filter((s) => s.method === 'POST')).toHaveLength(0);
  });
});
