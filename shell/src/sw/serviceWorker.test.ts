import { registerServiceWorker, RELOAD_KEY, shouldReload, type SwState } from './serviceWorker';
import { RELOAD_GUARD_MS } from '@dating/shared';

class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installing';
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

function setup(withController: boolean) {
  const registration = new FakeRegistration();
  const container = Object.assign(new EventTarget(), {
    controller: withController ? new FakeWorker() : null,
    register: jest.fn().mockResolvedValue(registration),
  });
  const session = new Map<string, string>();
  const states: SwState[] = [];
  let now = 1_000_000;
  const reload = jest.fn();
  const control = registerServiceWorker((s) => states.push(s), {
    container: container as unknown as ServiceWorkerContainer,
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

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('the service worker', () => {
  it('registers /sw.js with scope / and reports offline ready after the first install, without reloading', async () => {
    const sw = setup(false);
    await settle();
    expect(sw.container.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    const worker = sw.registration.newWorker();
    worker.to('installed');
    worker.to('activated');
    sw.takeControl(); // clientsClaim: the first worker takes the page
    expect(sw.states).toEqual(['registered', 'offline_ready', 'offline_ready']);
    expect(sw.reload).not.toHaveBeenCalled();
  });

  it('reports a new version as needs refresh; applying it reloads the page exactly once', async () => {
    const sw = setup(true);
    await settle();
    const worker = sw.registration.newWorker();
    worker.to('installed');
    sw.registration.waiting = worker;
    expect(sw.states.at(-1)).toBe('needs_refresh');
    sw.control.applyUpdate();
    expect(worker.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
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
    const container = Object.assign(new EventTarget(), { controller: new FakeWorker(), register: jest.fn().mockResolvedValue(registration) });
    const states: SwState[] = [];
    registerServiceWorker((s) => states.push(s), { container: container as unknown as ServiceWorkerContainer, session: null, reload: jest.fn(), now: Date.now });
    await settle();
    expect(states).toEqual(['registered', 'needs_refresh']);
  });

  it('the reload guard compares with the last reload', () => {
    expect(shouldReload(null, 5)).toBe(true);
    expect(shouldReload(1000, 1000 + RELOAD_GUARD_MS - 1)).toBe(false);
    expect(shouldReload(1000, 1000 + RELOAD_GUARD_MS)).toBe(true);
    expect(shouldReload(50_000, 1000)).toBe(true); // clock went back
  });
});
