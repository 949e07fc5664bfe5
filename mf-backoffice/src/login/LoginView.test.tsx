import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { ApiError } from '@dating/shared';
import { answer, operator, renderView } from '../testing/renderView';

function setup(handlers: Record<string, unknown>, options: Parameters<typeof renderView>[1] = {}) {
  const { api, sent } = answer({ 'GET operator/me.php': { operator: null }, ...handlers });
  const result = renderView('login', { routeName: 'backoffice-login', api, ...options });
  return { ...result, sent, user: userEvent.setup() };
}

describe('/backoffice/login', () => {
  it('asks for both fields before sending anything', async () => {
    const { user, sent } = setup({});
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(sent.filter((c) => c.path === 'operator/login.php')).toEqual([]);
  });

  it('signs in with the second factor and goes on to the page it came from', async () => {
    const me = operator();
    const { user, sent, navigate } = setup(
      {
        'POST operator/login.php': { step: 'totp', challenge: 'ch-1' },
        'POST operator/login_totp.php': { step: 'done', operator: me },
      },
      { query: { next: '/backoffice/moderation' } },
    );
    await user.type(await screen.findByLabelText('Email'), 'mod@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const code = await screen.findByLabelText('Code from your authenticator app');
    expect(code).toHaveFocus();
    await user.type(code, '123456{Enter}');
    expect(sent).toContainEqual({ method: 'POST', path: 'operator/login_totp.php', query: {}, body: { challenge: 'ch-1', code: '123456' } });
    expect(navigate).toHaveBeenCalledWith('/backoffice/moderation', { replace: true });
  });

  it('says in Dutch that the email and password do not match', async () => {
    const { user } = setup({ 'POST operator/login.php': new ApiError(401, 'wrong', 'unauthorized') }, { locale: 'nl' });
    await user.type(await screen.findByLabelText('E-mail'), 'x@example.com');
    await user.type(screen.getByLabelText('Wachtwoord'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Inloggen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Dit e-mailadres en wachtwoord horen niet bij een medewerkersaccount.');
  });

  it('never follows a `next` outside the back office', async () => {
    const { user, navigate } = setup({ 'POST operator/login.php': { step: 'done', operator: operator() } }, { query: { next: 'https://evil.example/' } });
    await user.type(await screen.findByLabelText('Email'), 'mod@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-password{Enter}');
    await screen.findByRole('button', { name: 'Sign in' });
    expect(navigate).toHaveBeenCalledWith({ name: 'backoffice' }, { replace: true });
  });
});
