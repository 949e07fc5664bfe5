import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { pushStateAtom, type PushState } from '@dating/shared';
import type { Push } from '../push/push';
import { renderWithShell, testShell } from '../testing/testShell';
import { PushControl } from './PushControl';

function setup(state: PushState, subscribeAnswer: PushState = 'subscribed') {
  const push = {
    detect: jest.fn(),
    subscribe: jest.fn(async () => subscribeAnswer),
    unsubscribe: jest.fn(async () => 'not_subscribed' as PushState),
    service: {},
  } as unknown as Push;
  const shell = { ...testShell(), push };
  const alert = jest.spyOn(shell.services.modal, 'alert').mockResolvedValue();
  const confirm = jest.spyOn(shell.services.modal, 'confirm').mockResolvedValue(true);
  const toast = jest.spyOn(shell.services, 'toast');
  shell.store.set(pushStateAtom, state);
  renderWithShell(<PushControl />, shell);
  return { shell, push, alert, confirm, toast };
}

describe('the push switch shows its four states and answers every click', () => {
  it('not subscribed: turning on subscribes and says so', async () => {
    const { push, toast } = setup('not_subscribed');
    const button = screen.getByRole('button', { name: 'Turn on push notifications' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(button);
    expect(push.subscribe).toHaveBeenCalled();
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ variant: 'success', message: 'Push notifications are on for this device.' }));
  });

  it('the browser blocks the request: the member is told how to allow it', async () => {
    const { alert } = setup('not_subscribed', 'denied');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on push notifications' }));
    expect(alert).toHaveBeenCalledWith(expect.objectContaining({ title: 'Notifications are blocked in your browser' }));
  });

  it('the prompt is dismissed: the member hears that nothing changed', async () => {
    const { toast } = setup('not_subscribed', 'not_subscribed');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on push notifications' }));
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ message: 'Notifications stay off. Turn them on any time with the bell.' }));
  });

  it('subscribed: pressed, and turning off asks first and confirms', async () => {
    const { push, confirm, toast } = setup('subscribed');
    const button = screen.getByRole('button', { name: 'Push notifications are on' });
    expect(button).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(button);
    expect(confirm).toHaveBeenCalled();
    expect(push.unsubscribe).toHaveBeenCalled();
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ message: 'Push notifications are off for this device.' }));
  });

  it('denied: explains how to allow notifications in the browser', async () => {
    const { alert, push } = setup('denied');
    await userEvent.click(screen.getByRole('button', { name: 'Notifications are blocked in your browser' }));
    expect(alert).toHaveBeenCalledWith(expect.objectContaining({ message: expect.stringContaining('browser settings') }));
    expect(push.subscribe).not.toHaveBeenCalled();
  });

  it('unsupported: says why, with the home-screen way on iPhone', async () => {
    const { alert, shell } = setup('unsupported');
    act(() => shell.store.set(pushStateAtom, 'unsupported'));
    await userEvent.click(screen.getByRole('button', { name: 'This browser cannot show notifications' }));
    expect(alert).toHaveBeenCalledWith(expect.objectContaining({ message: expect.stringContaining('home screen') }));
  });
});
