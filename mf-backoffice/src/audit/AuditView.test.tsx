import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { AuditEntry } from '@dating/shared';
import { answer, operator, renderView } from '../testing/renderView';

function entry(id: number, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id,
    at: '2026-11-27T09:00:00Z',
    operator: { id: 1, email: 'admin@example.com' },
    site: 'amora',
    action: 'report.suspend',
    target_type: 'member',
    target_id: String(100 + id),
    before: { status: 'active' },
    after: { status: 'suspended' },
    reason: `Reason ${id}`,
    ...overrides,
  };
}

const admin = operator({ role: 'admin' });
const operators = {
  operators: [
    { id: 1, email: 'admin@example.com', name: 'Ada Admin', role: 'admin', status: 'active', all_sites: true, sites: [], totp: true, created_at: '2026-11-01T10:00:00Z', last_login_at: null },
    { id: 3, email: 'mod@example.com', name: 'Mia Moderator', role: 'moderator', status: 'active', all_sites: false, sites: [], totp: true, created_at: '2026-11-01T10:00:00Z', last_login_at: null },
  ],
};

function setup(handlers: Record<string, unknown> = {}, options: Parameters<typeof renderView>[1] = {}) {
  const { api, sent } = answer({
    'GET operator/me.php': { operator: admin },
    'GET operator/operators.php': operators,
    'GET operator/audit.php': ({ query }: { query: Record<string, string> }) =>
      query.before ? { entries: [entry(1, { action: 'moderation.reject', reason: 'Older one' })], next_before: null } : { entries: [entry(3), entry(2, { operator: null, action: 'member.restrict', reason: 'Reported by 3 members' })], next_before: 2 },
    ...handlers,
  });
  const result = renderView('audit', { routeName: 'backoffice-audit', api, ...options });
  return { ...result, sent, user: userEvent.setup() };
}

const audits = (sent: ReturnType<typeof setup>['sent']) => sent.filter((s) => s.path === 'operator/audit.php').map((s) => s.query);

describe('/backoffice/audit', () => {
  it('lists who did what, where and why, newest first, with the change before and after', async () => {
    setup();
    const table = await screen.findByRole('table', { name: 'Entries, newest first (page 1)' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]).getByText('admin@example.com')).toBeInTheDocument();
    expect(within(rows[1]).getByText('report.suspend')).toBeInTheDocument();
    expect(within(rows[1]).getByText('member 103')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Reason 3')).toBeInTheDocument();
    expect(within(rows[1]).getByText(/"suspended"/)).toBeInTheDocument();
    expect(within(rows[2]).getByText('the system')).toBeInTheDocument();
  });

  it('filters by operator, action, site and days; the CSV link carries the same filters', async () => {
    const { user, sent } = setup();
    await screen.findByRole('table');
    await user.selectOptions(screen.getByLabelText('Operator'), 'Mia Moderator (mod@example.com)');
    await user.type(screen.getByLabelText('Action'), 'report.');
    await user.selectOptions(screen.getByLabelText('Site acted on'), 'Velvet');
    await user.type(screen.getByLabelText('From (day)'), '2026-11-01');
    await user.type(screen.getByLabelText('To (day)'), '2026-11-30');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(audits(sent)).toHaveLength(2));
    const q = audits(sent)[1];
    expect(q).toMatchObject({ operator: '3', action: 'report.', site: '2', limit: '50' });
    expect(new Date(q.from).getDate()).toBe(1);
    expect(new Date(q.to).getDate()).toBe(30);
    const link = screen.getByRole('link', { name: 'Download these entries as CSV' });
    const url = new URL(link.getAttribute('href')!, 'http://test');
    expect(url.pathname).toBe('/api/operator/audit_export.php');
    expect(Object.fromEntries(url.searchParams)).toEqual({ operator: '3', action: 'report.', site: '2', from: q.from, to: q.to });
  });

  it('refuses a malformed action or a reversed range before asking the server', async () => {
    const { user, sent } = setup();
    await screen.findByRole('table');
    await user.type(screen.getByLabelText('Action'), 'Report Suspend');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Use lower-case letters, dots and underscores only, e.g. report.suspend.');
    expect(screen.getByLabelText('Action')).toHaveAttribute('aria-invalid', 'true');
    await user.clear(screen.getByLabelText('Action'));
    await user.type(screen.getByLabelText('From (day)'), '2026-11-30');
    await user.type(screen.getByLabelText('To (day)'), '2026-11-01');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The first day must come before the last.');
    expect(audits(sent)).toHaveLength(1);
  });

  it('pages to older entries and back', async () => {
    const { user, sent } = setup();
    await screen.findByRole('table', { name: 'Entries, newest first (page 1)' });
    const paging = screen.getByRole('navigation', { name: 'Pages of the log' });
    expect(within(paging).getByRole('button', { name: 'Newer entries' })).toBeDisabled();
    await user.click(within(paging).getByRole('button', { name: 'Older entries' }));
    expect(await screen.findByText('Older one')).toBeInTheDocument();
    expect(audits(sent)[1]).toMatchObject({ before: '2' });
    expect(screen.getByRole('button', { name: 'Older entries' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Newer entries' }));
    expect(await screen.findByText('Reason 3')).toBeInTheDocument();
  });

  it('says when nothing matches, in the operator’s language', async () => {
    setup({ 'GET operator/audit.php': { entries: [], next_before: null } }, { locale: 'pl' });
    expect(await screen.findByText('Brak wpisów dla tych filtrów.')).toBeInTheDocument();
  });

  it('is for admins only', async () => {
    setup({ 'GET operator/me.php': { operator: operator({ role: 'moderator' }) } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your role does not include this part of the back office.');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
