import { TOAST_DEFAULT_MS, type ToastOptions } from '@dating/shared';

export interface ToastItem extends ToastOptions {
  id: number;
  duration: number;
  /** Why the countdown is paused (pointer over it, focus inside it); empty while it runs. */
  pausedBy: ReadonlyArray<'hover' | 'focus'>;
}

interface Timing {
  remaining: number;
  startedAt: number;
  timer: ReturnType<typeof setTimeout> | null;
}

/**
 * The toasts of the page, outside React so that the same service object serves the shell and every
 * remote. Each toast counts down from its duration; pointer or focus on it pauses the countdown and
 * leaving resumes it with the time that was left.
 */
export function createToastStore(now: () => number = () => Date.now()) {
  let toasts: ToastItem[] = [];
  const timing = new Map<number, Timing>();
  const listeners = new Set<() => void>();
  let nextId = 1;

  const emit = () => listeners.forEach((l) => l());
  const update = (id: number, change: (t: ToastItem) => ToastItem) => {
    toasts = toasts.map((t) => (t.id === id ? change(t) : t));
  };

  function run(id: number) {
    const t = timing.get(id);
    if (!t) return;
    t.startedAt = now();
    t.timer = setTimeout(() => dismiss(id), t.remaining);
  }

  function show(options: ToastOptions): number {
    const id = nextId++;
    const duration = options.duration && options.duration > 0 ? options.duration : TOAST_DEFAULT_MS;
    toasts = [...toasts, { ...options, id, duration, pausedBy: [] }];
    timing.set(id, { remaining: duration, startedAt: now(), timer: null });
    run(id);
    emit();
    return id;
  }

  function dismiss(id: number) {
    const t = timing.get(id);
    if (t?.timer) clearTimeout(t.timer);
    timing.delete(id);
    const before = toasts.length;
    toasts = toasts.filter((x) => x.id !== id);
    if (toasts.length !== before) emit();
  }

  function pause(id: number, reason: 'hover' | 'focus') {
    const t = timing.get(id);
    const item = toasts.find((x) => x.id === id);
    if (!t || !item || item.pausedBy.includes(reason)) return;
    if (item.pausedBy.length === 0 && t.timer) {
      clearTimeout(t.timer);
      t.timer = null;
      t.remaining = Math.max(0, t.remaining - (now() - t.startedAt));
    }
    update(id, (x) => ({ ...x, pausedBy: [...x.pausedBy, reason] }));
    emit();
  }

  function resume(id: number, reason: 'hover' | 'focus') {
    const item = toasts.find((x) => x.id === id);
    if (!item || !item.pausedBy.includes(reason)) return;
    const pausedBy = item.pausedBy.filter((r) => r !== reason);
    update(id, (x) => ({ ...x, pausedBy }));
    if (pausedBy.length === 0) run(id);
    emit();
  }

  return {
    show,
    dismiss,
    pause,
    resume,
    /** ms left before a toast hides (for tests and the progress bar). */
    remaining(id: number): number | undefined {
      const t = timing.get(id);
      if (!t) return undefined;
      return t.timer ? Math.max(0, t.remaining - (now() - t.startedAt)) : t.remaining;
    },
    getSnapshot: () => toasts,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type ToastStore = ReturnType<typeof createToastStore>;
