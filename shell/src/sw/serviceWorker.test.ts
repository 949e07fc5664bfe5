import { registerServiceWorker } from './register';
import { RELOAD_KEY, shouldReload, type SwState } from './serviceWorker';
import { RELOAD_GUARD_MS } from '@dating/shared';

const SW_URL = 'http://localhost/sw.js';

// jsdom has no MessageChannel; workbox-window sends SKIP_WAITING with a reply port.
globalThis.MessageChannel ??= class {
  port1 = { onmessage: null };
  port2 = {};
} as unknown as typeof MessageChannel;

class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installing';
  scriptURL = SW_URL;
  postMessage = jest.fn();
  to(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  active: FakeWorker | null = null;
  update = jest.fn().mockResolvedValue(undefined);
  newWorker() {
    this.installing = new FakeWorker();
    this.dispatchEvent(new Event('updatefound'));
    return this.installing;
  }
}

/** The browser's navigator.serviceWorker, as workbox-window uses it. */
function fakeContainer(registration: FakeRegistration, controller: FakeWorker | null) {
  const container = Object.assign(new EventTarget(), { controller, register: jest.fn().mockResolvedValue(registration) });
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: container });
  return container;
}

function setup(withController: boolean) {
  const registration = new FakeRegistration();
  const container = fakeContainer(registration, withController ? new FakeWorker() : null);
  const session = new Map<string, string>();
  const states: SwState[] = [];
  let now = 1_000_000;
  const reload = jest.fn();
  const control = registerServiceWorker((s) => states.push(s), {
    session: { getItem: (k) => session.get(k) ?? null, setItem: (k, v) => void session.set(k, v) },
    reload,
    now: () => now,
  });
  const takeControl = () => {
    container.controller = new FakeWorker();
    container.dispatchEvent(new Event('controllerchange'));
  };
  return { registration, container, session, states, reload, control, takeControl, later: (ms: number) => (now += ms) };
}

/** Lets registration finish and workbox-window's 200 ms 'waiting' check run. */
const settle = () => new Promise((r) => setTimeout(r, 250));

describe('the service worker', () => {
  it('registers /sw.js with scope / and reports offline ready after the first install, without reloading', async () => {
    const sw = setup(false);
    await settle();
    expect(sw.container.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    expect(sw.states).toEqual(['registered']);
    const worker = sw.registration.newWorker();
    worker.to('installed');
    worker.to('activated');
    sw.takeControl(); // clientsClaim: the first worker takes the page
    expect(sw.states).toEqual(['registered', 'offline_ready', 'offline_ready']);
    expect(sw.reload).not.toHaveBeenCalled();
  });

  it('the first worker is "offline ready" also when it claims the page before it reports itself activated', async () => {
    const sw = setup(false);
    await settle();
    const worker = sw.registration.newWorker();
    worker.to('installed');
    worker.to('activating');
    sw.takeControl(); // clients.claim() in the worker's activate handler
    worker.to('activated');
    expect(sw.states).toEqual(['registered', 'offline_ready', 'offline_ready']);
    expect(sw.reload).not.toHaveBeenCalled();
  });

  it('reports a new version as needs refresh; applying it reloads the page exactly once', async () => {
    const sw = setup(true);
    await settle();
    const worker = sw.registration.newWorker();
    sw.registration.installing = null;
    sw.registration.waiting = worker;
    worker.to('installed');
    await settle();
    expect(sw.states.at(-1)).toBe('needs_refresh');
    sw.control.applyUpdate();
    expect(worker.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' }, expect.anything());
    sw.takeControl();
    expect(sw.reload).toHaveBeenCalledTimes(1);
    expect(sw.session.get(RELOAD_KEY)).toBeDefined();
  });

  it('reloads at most once per 10 s, however often a new worker takes control', async () => {
    const sw = setup(true);
    await settle();
    sw.takeControl();
    sw.later(RELOAD_GUARD_MS - 1);
    sw.takeControl();
    expect(sw.reload).toHaveBeenCalledTimes(1);
    sw.later(1);
    sw.takeControl();
    expect(sw.reload).toHaveBeenCalledTimes(2);
  });

  it('a worker already waiting when the page opens is reported at once', async () => {
    const registration = new FakeRegistration();
    registration.waiting = new FakeWorker();
    registration.active = new FakeWorker();
    fakeContainer(registration, new FakeWorker());
    const states: SwState[] = [];
    registerServiceWorker((s) => states.push(s), { session: null, reload: jest.fn(), now: Date.now });
    await settle();
    expect(states).toEqual(['registered', 'needs_refresh']);
  });

  it('asks the server for a new worker on update()', async () => {
    const sw = setup(true);
    await settle();
    await sw.control.update();
    expect(sw.registration.update).toHaveBeenCalledTimes(1);
  });

  it('reports a refused registration as error', async () => {
    const registration = new FakeRegistration();
    fakeContainer(registration, null).register.mockRejectedValue(new Error('SecurityError'));
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const states: SwState[] = [];
    registerServiceWorker((s) => states.push(s), { session: null, reload: jest.fn(), now: Date.now });
    await settle();
    expect(states).toEqual(['error']);
  });

  it('the reload guard compares with the last reload', () => {
    expect(shouldReload(null, 5)).toBe(true);
    expect(shouldReload(1000, 1000 + RELOAD_GUARD_MS - 1)).toBe(false);
    expect(shouldReload(1000, 1000 + RELOAD_GUARD_MS)).toBe(true);
    expect(shouldReload(50_000, 1000)).toBe(true); // clock went back
  });
});
