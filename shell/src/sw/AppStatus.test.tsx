import { act, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { renderWithShell, ShellWrapper, testShell } from '../testing/testShell';
import { AppStatus, STATUS_VISIBLE_MS } from './AppStatus';
import { onlineAtom, swStateAtom } from './serviceWorker';

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

  it("a page rendered in Node hydrates without a mismatch when the browser is offline, then says so", async () => {
    // The server rendered the bar empty; the browser went offline before the page hydrated.
    const html = renderToString(
      <ShellWrapper shell={testShell()}>
        <AppStatus />
      </ShellWrapper>,
    );
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    const shell = testShell();
    shell.store.set(onlineAtom, false);
    const recoverable = jest.fn();
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    const root = await act(async () =>
      hydrateRoot(
        container,
        <ShellWrapper shell={shell}>
          <AppStatus />
        </ShellWrapper>,
        { onRecoverableError: recoverable },
      ),
    );
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toHaveTextContent('You are offline.');
    errors.mockRestore();
    act(() => root.unmount());
    container.remove();
  });
});
