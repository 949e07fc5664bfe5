jest.setTimeout(30_000);

import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { ApiError, type OperatorListItem } from '@dating/shared';
import { answer, operator, renderView } from '../testing/renderView';

const amora = { id: 1, name: 'amora', brand: 'Amora' };
const velvet = { id: 2, name: 'velvet', brand: 'Velvet' };
const admin = operator({ id: 1, role: 'admin', name: 'Ada Admin', email: 'admin@example.com', all_sites: true, sites: [amora, velvet] });

function item(overrides: Partial<OperatorListItem>): OperatorListItem {
  return {
    id: 1, email: 'admin@example.com', name: 'Ada Admin', role: 'admin', status: 'active', all_sites: true, sites: [], totp: true,
    created_at: '2026-11-01T10:00:00Z', last_login_at: '2026-11-27T08:00:00Z', ...overrides,
  };
}

function setup(handlers: Record<string, unknown> = {}) {
  let list = [item({}), item({ id: 5, email: 'sam@example.com', name: 'Sam Support', role: 'support', all_sites: false, sites: [amora], totp: false, last_login_at: null })];
  const { api, sent } = answer({
    'GET operator/me.php': { operator: admin },
    'GET operator/operators.php': () => ({ operators: list }),
    'POST operator/operators.php': ({ body }: { body: { email: string; name: string; role: OperatorListItem['role'] } }) => {
      const invited = item({ id: 9, email: body.email, name: body.name, role: body.role, status: 'invited', all_sites: false, sites: [velvet], totp: false, last_login_at: null });
      list = [...list, invited];
      return { operator: invited, enrolment_link: '/backoffice/enrol?token=abcdefghijklmnopqrstuvwxyz012345' };
    },
    'PUT operator/operators.php': ({ body }: { body: { id: number; status?: 'active' | 'suspended' } }) => {
      list = list.map((o) => (o.id === body.id && body.status ? { ...o, status: body.status } : o));
      return { operator: list.find((o) => o.id === body.id) };
    },
    ...handlers,
  });
  const result = renderView('operators', { routeName: 'backoffice-operators', api });
  return { ...result, sent, user: userEvent.setup() };
}

describe('/backoffice/operators', () => {
  it('lists the operators with role, sites, status and second factor', async () => {
    setup();
    const table = await screen.findByRole('table');
    const sam = within(table).getByRole('row', { name: /Sam Support/ });
    expect(within(sam).getByText('sam@example.com')).toBeInTheDocument();
    expect(within(sam).getByText('support')).toBeInTheDocument();
    expect(within(sam).getByText('Amora')).toBeInTheDocument();
    expect(within(sam).getByText('never')).toBeInTheDocument();
    expect(within(within(table).getByRole('row', { name: /Ada Admin/ })).getByText('all sites')).toBeInTheDocument();
  });

  it('invites with a role and sites; the enrolment link is shown once, as a full address', async () => {
    const { user, sent } = setup();
    const form = (await screen.findByRole('heading', { level: 2, name: 'Invite an operator' })).closest('section')!;
    await user.click(within(form).getByRole('button', { name: 'Invite' }));
    expect(within(form).getAllByText('Fill this in.')).toHaveLength(2);
    await user.type(within(form).getByLabelText('Name'), 'Mila Moderator');
    await user.type(within(form).getByLabelText('Email'), 'mila@example');
    await user.click(within(form).getByLabelText('Only these sites'));
    await user.click(within(form).getByRole('button', { name: 'Invite' }));
    expect(within(form).getByText('Enter an email address such as ann@example.com.')).toBeInTheDocument();
    expect(within(form).getByText('Choose at least one site.')).toBeInTheDocument();
    expect(sent.filter((c) => c.method === 'POST')).toEqual([]);
    await user.type(within(form).getByLabelText('Email'), '.com');
    await user.click(within(form).getByLabelText('Velvet'));
    await user.selectOptions(within(form).getByLabelText('Role'), 'moderator');
    await user.click(within(form).getByRole('button', { name: 'Invite' }));
    expect(await within(form).findByText('Mila Moderator is invited as moderator.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Enrolment link')).toHaveValue('http://localhost/backoffice/enrol?token=abcdefghijklmnopqrstuvwxyz012345');
    expect(sent).toContainEqual({ method: 'POST', path: 'operator/operators.php', query: {}, body: { name: 'Mila Moderator', email: 'mila@example.com', role: 'moderator', sites: [2] } });
    // The new operator is in the list, invited.
    expect(within(await screen.findByRole('row', { name: /Mila Moderator/ })).getByText('invited')).toBeInTheDocument();
  });

  it('an address already taken is named by the API’s 400', async () => {
    const { user } = setup({ 'POST operator/operators.php': new ApiError(400, 'email: an operator with this address exists', 'invalid_input', 'email') });
    const form = (await screen.findByRole('heading', { level: 2, name: 'Invite an operator' })).closest('section')!;
    await user.type(within(form).getByLabelText('Name'), 'Sam');
    await user.type(within(form).getByLabelText('Email'), 'sam@example.com');
    await user.click(within(form).getByRole('button', { name: 'Invite' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Check the field “email”');
  });

  it('suspends an operator with a reason after confirming, and reactivates them', async () => {
    const { user, sent, services } = setup();
    services.modal.confirm.mockResolvedValue(true);
    const sam = await screen.findByRole('row', { name: /Sam Support/ });
    await user.click(within(sam).getByRole('button', { name: 'Change' }));
    const panel = screen.getByRole('region', { name: 'Change Sam Support' });
    await user.click(within(panel).getByRole('button', { name: 'Suspend' }));
    expect(within(panel).getByText('Fill this in.')).toBeInTheDocument();
    expect(services.modal.confirm).not.toHaveBeenCalled();
    await user.type(within(panel).getByLabelText('Reason (kept in the audit log)'), 'Left the company');
    await user.click(within(panel).getByRole('button', { name: 'Suspend' }));
    expect(await within(panel).findByText('Sam Support is suspended and signed out everywhere.')).toBeInTheDocument();
    expect(sent).toContainEqual({ method: 'PUT', path: 'operator/operators.php', query: {}, body: { id: 5, status: 'suspended', reason: 'Left the company' } });
    await waitFor(() => expect(within(screen.getByRole('row', { name: /Sam Support/ })).getByText('suspended')).toBeInTheDocument());
    await user.type(within(panel).getByLabelText('Reason (kept in the audit log)'), 'Back from leave');
    await user.click(within(panel).getByRole('button', { name: 'Reactivate' }));
    expect(await within(panel).findByText('Sam Support may sign in again.')).toBeInTheDocument();
  });

  it('changes role and sites; an admin’s own role is not offered', async () => {
    const { user, sent } = setup();
    const me = await screen.findByRole('row', { name: /Ada Admin/ });
    await user.click(within(me).getByRole('button', { name: 'Change' }));
    let panel = screen.getByRole('region', { name: 'Change Ada Admin' });
    expect(within(panel).getByLabelText('Role')).toBeDisabled();
    expect(within(panel).queryByRole('button', { name: 'Suspend' })).not.toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Close' }));
    await user.click(within(screen.getByRole('row', { name: /Sam Support/ })).getByRole('button', { name: 'Change' }));
    panel = screen.getByRole('region', { name: 'Change Sam Support' });
    await user.selectOptions(within(panel).getByLabelText('Role'), 'finance');
    await user.click(within(panel).getByLabelText('Velvet'));
    await user.type(within(panel).getByLabelText('Reason (kept in the audit log)'), 'Moves to finance');
    await user.click(within(panel).getByRole('button', { name: 'Save role and sites' }));
    expect(await within(panel).findByText('Sam Support: saved.')).toBeInTheDocument();
    expect(sent).toContainEqual({ method: 'PUT', path: 'operator/operators.php', query: {}, body: { id: 5, reason: 'Moves to finance', role: 'finance', sites: [1, 2] } });
  });

  it('is for admins only', async () => {
    const { api } = answer({ 'GET operator/me.php': { operator: operator({ role: 'moderator' }) } });
    renderView('operators', { routeName: 'backoffice-operators', api });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your role does not include this part of the back office.');
  });
});
