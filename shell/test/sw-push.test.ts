// The push script the service worker imports (shell/public/sw-push.js), run against a fake worker
// scope: what a member sees for a push, and where a click takes them.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const source = readFileSync(path.join(__dirname, '../public/sw-push.js'), 'utf8');

function worker(windows: Array<{ url: string; focused?: boolean; visibilityState?: string }> = []) {
  const handlers: Record<string, (event: unknown) => void> = {};
  const clients = windows.map((w) => ({ visibilityState: 'hidden', focused: false, ...w, postMessage: jest.fn(), focus: jest.fn().mockResolvedValue(undefined) }));
  const self = {
    location: { origin: 'https://amora.example' },
    addEventListener: (type: string, fn: (event: unknown) => void) => (handlers[type] = fn),
    registration: { scope: 'https://amora.example/', showNotification: jest.fn().mockResolvedValue(undefined) },
    clients: { matchAll: jest.fn().mockResolvedValue(clients), openWindow: jest.fn().mockResolvedValue(null) },
    navigator: { setAppBadge: jest.fn().mockResolvedValue(undefined) },
  };
  new Function('self', source)(self);
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    let pending: Promise<unknown> = Promise.resolve();
    handlers[type]!({ ...event, waitUntil: (p: Promise<unknown>) => (pending = p) });
    await pending;
  };
  return { self, clients, dispatch };
}

const payload = {
  type: 'message',
  title: 'Nieuw bericht',
  body: 'Bo heeft je een bericht gestuurd',
  url: '/chats/12',
  tag: 'conversation-12',
  sender: { id: 9, name: 'Bo' },
  conversation: 12,
};
const pushEvent = (data: unknown) => ({ data: { json: () => data, text: () => JSON.stringify(data) } });

describe('a push notice', () => {
  it('shows a notification in the member’s language, one per conversation, and marks the app badge', async () => {
    const w = worker([{ url: 'https://amora.example/members' }]);
    await w.dispatch('push', pushEvent(payload));
    expect(w.self.registration.showNotification).toHaveBeenCalledWith('Nieuw bericht', expect.objectContaining({
      body: 'Bo heeft je een bericht gestuurd',
      tag: 'conversation-12',
      data: { url: '/chats/12' },
      icon: '/api/icons/192.png',
    }));
    expect(w.self.navigator.setAppBadge).toHaveBeenCalled();
    // The open page refreshes its chats at once.
    expect(w.clients[0]!.postMessage).toHaveBeenCalledWith({ type: 'push', payload });
  });

  it('shows no system notification while the member looks at the site', async () => {
    const w = worker([{ url: 'https://amora.example/chats', focused: true, visibilityState: 'visible' }]);
    await w.dispatch('push', pushEvent({ ...payload, type: 'like', url: '/likes', tag: 'likes' }));
    expect(w.self.registration.showNotification).not.toHaveBeenCalled();
    expect(w.clients[0]!.postMessage).toHaveBeenCalled();
  });

  it('never carries a link to another site', async () => {
    const w = worker();
    await w.dispatch('push', pushEvent({ ...payload, url: 'https://evil.example/phish' }));
    expect(w.self.registration.showNotification.mock.calls[0][1].data).toEqual({ url: '/' });
  });
});

describe('a click on the notification', () => {
  const click = (url: string) => ({ notification: { data: { url }, close: jest.fn() } });

  it('routes an open page of the site to the chat and brings it to the front', async () => {
    const w = worker([{ url: 'https://amora.example/members' }]);
    const event = click('/chats/12');
    await w.dispatch('notificationclick', event);
    expect(event.notification.close).toHaveBeenCalled();
    expect(w.clients[0]!.postMessage).toHaveBeenCalledWith({ type: 'navigate', url: '/chats/12' });
    expect(w.clients[0]!.focus).toHaveBeenCalled();
    expect(w.self.clients.openWindow).not.toHaveBeenCalled();
  });

  it('opens the likes page in a new window when no page of the site is open', async () => {
    const w = worker();
    await w.dispatch('notificationclick', click('/likes'));
    expect(w.self.clients.openWindow).toHaveBeenCalledWith('https://amora.example/likes');
  });
});
