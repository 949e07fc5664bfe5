import { act, screen } from '@testing-library/react';
import { renderWithShell, testShell } from '../testing/testShell';
import { AppStatus, STATUS_VISIBLE_MS } from './AppStatus';
import { swStateAtom } from './serviceWorker';

describe('the app status bar', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('"Ready to work offline" goes away after a few seconds, even when the worker then activates', () => {
    const shell = testShell();
    renderWithShell(<AppStatus />, shell);
    act(() => shell.store.set(swStateAtom, 'offline_ready'));
    expect(screen.getByText('Ready to work offline.')).toBeInTheDocument();
    act(() => shell.store.set(swStateAtom, 'activated'));
    expect(screen.getByText('Ready to work offline.')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(STATUS_VISIBLE_MS));
    expect(screen.queryByText('Ready to work offline.')).not.toBeInTheDocument();
  });

  it('"Preparing offline use" stays while the worker installs and ends when it is ready', () => {
    const shell = testShell();
    renderWithShell(<AppStatus />, shell);
    act(() => shell.store.set(swStateAtom, 'registered'));
    expect(screen.getByText('Preparing offline use…')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(STATUS_VISIBLE_MS * 5));
    expect(screen.getByText('Preparing offline use…')).toBeInTheDocument();
    act(() => shell.store.set(swStateAtom, 'activated'));
    expect(screen.queryByText('Preparing offline use…')).not.toBeInTheDocument();
  });

  it('a new version waits for the member, with Reload', () => {
    const shell = testShell();
    renderWithShell(<AppStatus />, shell);
    act(() => shell.store.set(swStateAtom, 'needs_refresh'));
    act(() => jest.advanceTimersByTime(STATUS_VISIBLE_MS * 5));
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });
});
