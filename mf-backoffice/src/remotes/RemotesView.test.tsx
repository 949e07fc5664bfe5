jest.setTimeout(30_000);
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { OperatorRegistry, OperatorRemote } from '@dating/shared';
import { answer, operator, renderView } from '../testing/renderView';

const V1 = 'http://localhost:8086/mf-manifest.json';
const V2 = 'http://localhost:8087/mf-manifest.json';
const CHAT = 'https://cdn.example.com/mf-chat/2.0.0/mf-manifest.json';

const landers = (overrides: Partial<OperatorRemote> = {}): OperatorRemote => ({
  remote: 'mf_landers',
  url: V1,
  canary: { url: V2, percent: 50, started_at: '2026-11-27T09:00:00Z' },
  previous: null,
  since: '2026-11-27T09:00:00Z',
  stats: [
    { url: V1, loads: 180, load_failures: 2, view_errors: 0, error_rate: 2 / 182 },
    { url: V2, loads: 170, load_failures: 20, view_errors: 10, error_rate: 30 / 190 },
  ],
  history: [
    { id: 2, url: V2, role: 'canary', action: 'canary', percent: 50, operator: 'operator@example.com', created_at: '2026-11-27T09:00:00Z' },
    { id: 1, url: V1, role: 'live', action: 'seed', percent: null, operator: null, created_at: '2026-11-27T09:00:00Z' },
  ],
  ...overrides,
});
const chat: OperatorRemote = {
  remote: 'mf_chat',
  url: CHAT,
  canary: null,
  previous: 'http://localhost:8083/mf-manifest.json',
  since: '2026-11-26T10:00:00Z',
  stats: [{ url: CHAT, loads: 0, load_failures: 3, view_errors: 0, error_rate: null }],
  history: [],
};

function setup(registry: OperatorRegistry = { remotes: [chat, landers()] }) {
  const { api, sent } = answer({
    'GET operator/me.php': { operator: operator({ role: 'admin' }) },
    'GET operator/registry.php': registry,
    'POST operator/registry.php': registry,
  });
  renderView('remotes', { routeName: 'backoffice-remotes', api });
  return { sent, user: userEvent.setup() };
}

const posted = (sent: ReturnType<typeof setup>['sent']) => sent.filter((s) => s.method === 'POST').map((s) => s.body);

describe('/backoffice/remotes', () => {
  it("shows a canary's two versions side by side with their error rates; rolling the canary back is one click", async () => {
    const { user, sent } = setup();
    const panel = await screen.findByRole('region', { name: 'mf_landers' });
    expect(within(panel).getByText(/Canary: 50 % of visitors/)).toBeInTheDocument();
    const rows = within(within(panel).getByRole('table', { name: /What visitors’ browsers reported of mf_landers/ })).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(`live ${V1}180201.1%`);
    expect(rows[2]).toHaveTextContent(`canary ${V2}170201015.8%`);
    await user.click(within(panel).getByRole('button', { name: 'Roll back the canary of mf_landers' }));
    await waitFor(() => expect(posted(sent)).toEqual([{ action: 'canary_stop', remote: 'mf_landers' }]));
  });

  it('promotes a canary to everyone', async () => {
    const { user, sent } = setup();
    const panel = await screen.findByRole('region', { name: 'mf_landers' });
    await user.click(within(panel).getByRole('button', { name: 'Promote the canary of mf_landers to everyone' }));
    await waitFor(() => expect(posted(sent)).toEqual([{ action: 'promote', remote: 'mf_landers' }]));
  });

  it('rolls a remote back to its previous version in one click, and starts a canary of a new manifest for a share of visitors', async () => {
    const { user, sent } = setup();
    const panel = await screen.findByRole('region', { name: 'mf_chat' });
    expect(within(panel).getByText('no loads yet')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Roll back mf_chat to http://localhost:8083/mf-manifest.json' }));
    const form = within(panel).getByRole('form', { name: 'New version of mf_chat' });
    await user.type(within(form).getByLabelText('Manifest address (mf-manifest.json)'), 'https://cdn.example.com/mf-chat/2.1.0/mf-manifest.json');
    await user.clear(within(form).getByLabelText('Share of visitors (percent)'));
    await user.type(within(form).getByLabelText('Share of visitors (percent)'), '25');
    await user.click(within(form).getByRole('button', { name: 'Start canary' }));
    await waitFor(() =>
      expect(posted(sent)).toEqual([
        { action: 'rollback', remote: 'mf_chat' },
        { action: 'canary', remote: 'mf_chat', url: 'https://cdn.example.com/mf-chat/2.1.0/mf-manifest.json', percent: 25 },
      ]),
    );
  });
});
