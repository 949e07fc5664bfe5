import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithShell, testShell } from '../testing/testShell';
import { ToastHost } from './toasts';
import { TOAST_DEFAULT_MS } from '@dating/shared';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

function setup() {
  const shell = testShell();
  renderWithShell(<ToastHost store={shell.toasts} />, shell);
  return shell;
}

describe('toasts', () => {
  it('hide after 5000 ms by default', () => {
    const { services } = setup();
    act(() => services.toast({ message: 'Saved' }));
    expect(screen.getByText('Saved')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(TOAST_DEFAULT_MS - 1));
    expect(screen.getByText('Saved')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });

  it('take their own duration and show the countdown as a progress bar of that length', () => {
    const { services } = setup();
    act(() => services.toast({ message: 'Quick', duration: 1500 }));
    const bar = screen.getByText('Quick').closest('[data-variant]')!.querySelector('[aria-hidden="true"][style]') as HTMLElement;
    expect(bar.style.animationDuration).toBe('1500ms');
    act(() => jest.advanceTimersByTime(1500));
    expect(screen.queryByText('Quick')).not.toBeInTheDocument();
  });

  it('pause their countdown while the pointer is over them and resume with the time that was left', () => {
    const { services } = setup();
    act(() => services.toast({ message: 'Hover me' }));
    act(() => jest.advanceTimersByTime(3000));
    const toast = screen.getByText('Hover me').closest('[data-variant]')!;
    fireEvent.mouseEnter(toast);
    expect(toast).toHaveAttribute('data-paused', 'true');
    act(() => jest.advanceTimersByTime(60_000));
    expect(screen.getByText('Hover me')).toBeInTheDocument();
    fireEvent.mouseLeave(toast);
    act(() => jest.advanceTimersByTime(1999));
    expect(screen.getByText('Hover me')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByText('Hover me')).not.toBeInTheDocument();
  });

  it('pause while keyboard focus is inside them (the close button)', () => {
    const { services } = setup();
    act(() => services.toast({ message: 'Focus me' }));
    const close = screen.getByRole('button', { name: 'Close' });
    act(() => close.focus());
    act(() => jest.advanceTimersByTime(TOAST_DEFAULT_MS * 2));
    expect(screen.getByText('Focus me')).toBeInTheDocument();
    act(() => close.blur());
    act(() => jest.advanceTimersByTime(TOAST_DEFAULT_MS));
    expect(screen.queryByText('Focus me')).not.toBeInTheDocument();
  });

  it('close with their close button', () => {
    const { services } = setup();
    act(() => services.toast({ title: 'Error', message: 'Cannot start chat', variant: 'danger' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Cannot start chat')).not.toBeInTheDocument();
  });

  it('are announced: danger assertively, others politely', () => {
    const { services } = setup();
    act(() => {
      services.toast({ title: 'Error', message: 'Cannot start chat, try again later', variant: 'danger' });
      services.toast({ message: 'Liked', variant: 'success' });
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Cannot start chat, try again later');
    expect(screen.getByRole('alert')).toHaveAttribute('aria-live', 'assertive');
    expect(screen.getByRole('status')).toHaveTextContent('Liked');
    expect(screen.getByRole('status')).toHaveAttribute('aria-live', 'polite');
  });
});
