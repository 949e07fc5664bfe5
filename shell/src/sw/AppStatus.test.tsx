import { act, screen } from '@testing-library/react';
import { renderWithShell, testShell } from '../testing/testShell';
import { AppStatus, STATUS_VISIBLE_MS } from './AppStatus';
import { swStateAtom } from './serviceWorker';

describe('the app status bar', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('a first visit says nothing while the worker installs and becomes ready: it would lie over the page', () => {
    const shell = testShell();
    const { container } = renderWithShell(<AppStatus />, shell);
    for (const state of ['registered', 'offline_ready', 'activated'] as const) {
      act(() => shell.store.set(swStateAtom, state));
      expect(container.querySelector('[data-status]')).toBeNull();
    }
  });

  it('a new version waits for the member, with Reload', () => {
    const shell = testShell();
    renderWithShell(<AppStatus />, shell);
    act(() => shell.store.set(swStateAtom, 'needs_refresh'));
    act(() => jest.advanceTimersByTime(STATUS_VISIBLE_MS * 5));
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });
});
