import { POPOVER_HIDE_DELAY_MS, POPOVER_SHOW_DELAY_MS, POPOVER_THROTTLE_MS, type PopoverOptions } from '@dating/shared';

export interface ActivePopover {
  id: string;
  anchor: HTMLElement;
  options: PopoverOptions & { kind: 'tooltip' | 'popover' };
}

/**
 * One tooltip or popover visible at a time. Hover and focus show a tooltip after 100 ms and hide it
 * 300 ms after leaving (the pointer may move onto it meanwhile); a popover toggles on click, at most
 * once per 500 ms. Escape hides either.
 */
export function createPopoverStore(now: () => number = () => Date.now()) {
  let active: ActivePopover | null = null;
  const listeners = new Set<() => void>();
  let showTimer: ReturnType<typeof setTimeout> | null = null;
  let hideTimer: ReturnType<typeof setTimeout> | null = null;
  let lastToggle = -Infinity;
  let nextId = 1;
  const emit = () => listeners.forEach((l) => l());

  const clearTimers = () => {
    if (showTimer) clearTimeout(showTimer);
    if (hideTimer) clearTimeout(hideTimer);
    showTimer = hideTimer = null;
  };

  function setActive(next: ActivePopover | null) {
    if (active === next) return;
    if (active) describe(active, false);
    active = next;
    if (active) describe(active, true);
    emit();
  }

  function describe(p: ActivePopover, shown: boolean) {
    if (p.options.kind === 'tooltip') {
      // A tooltip that repeats the anchor's name adds nothing for screen readers.
      const name = (p.anchor.getAttribute('aria-label') ?? p.anchor.textContent ?? '').trim();
      if (name === p.options.content.trim()) return;
      const ids = (p.anchor.getAttribute('aria-describedby') ?? '').split(' ').filter((x) => x && x !== p.id);
      if (shown) ids.push(p.id);
      if (ids.length) p.anchor.setAttribute('aria-describedby', ids.join(' '));
      else p.anchor.removeAttribute('aria-describedby');
    } else {
      p.anchor.setAttribute('aria-expanded', String(shown));
    }
  }

  function scheduleShow(p: ActivePopover) {
    if (hideTimer) clearTimeout(hideTimer);
    hideTimer = null;
    if (active?.id === p.id) return;
    if (showTimer) clearTimeout(showTimer);
    showTimer = setTimeout(() => {
      showTimer = null;
      setActive(p);
    }, POPOVER_SHOW_DELAY_MS);
  }

  function scheduleHide(id: string) {
    if (showTimer && active?.id !== id) {
      clearTimeout(showTimer);
      showTimer = null;
    }
    if (active?.id !== id) return;
    if (hideTimer) clearTimeout(hideTimer);
    hideTimer = setTimeout(() => {
      hideTimer = null;
      if (active?.id === id) setActive(null);
    }, POPOVER_HIDE_DELAY_MS);
  }

  function attach(anchor: HTMLElement, options: PopoverOptions): () => void {
    const kind = options.kind ?? 'tooltip';
    const p: ActivePopover = { id: `shell-popover-${nextId++}`, anchor, options: { ...options, kind } };
    const trigger = options.trigger ?? (kind === 'tooltip' ? 'hover' : 'click');
    const cleanups: Array<() => void> = [];
    const on = <K extends keyof HTMLElementEventMap>(type: K, fn: (e: HTMLElementEventMap[K]) => void) => {
      anchor.addEventListener(type, fn);
      cleanups.push(() => anchor.removeEventListener(type, fn));
    };
    if (trigger === 'hover') {
      on('mouseenter', () => scheduleShow(p));
      on('mouseleave', () => scheduleHide(p.id));
      on('focus', () => scheduleShow(p));
      on('blur', () => scheduleHide(p.id));
    } else {
      anchor.setAttribute('aria-expanded', 'false');
      anchor.setAttribute('aria-controls', p.id);
      cleanups.push(() => {
        anchor.removeAttribute('aria-expanded');
        anchor.removeAttribute('aria-controls');
      });
      on('click', () => toggle(p));
    }
    on('keydown', (e) => {
      if (e.key === 'Escape' && active?.id === p.id) {
        e.stopPropagation();
        hide();
      }
    });
    return () => {
      cleanups.forEach((c) => c());
      if (active?.id === p.id) setActive(null);
    };
  }

  function toggle(p: ActivePopover) {
    const t = now();
    if (t - lastToggle < POPOVER_THROTTLE_MS) return;
    lastToggle = t;
    clearTimers();
    setActive(active?.id === p.id ? null : p);
  }

  function hide() {
    clearTimers();
    setActive(null);
  }

  return {
    attach,
    hide,
    /** The pointer entered the popover itself: keep it. */
    keep() {
      if (hideTimer) clearTimeout(hideTimer);
      hideTimer = null;
    },
    /** The pointer left the popover: hide it like leaving the anchor. */
    leave() {
      if (active && active.options.kind === 'tooltip') scheduleHide(active.id);
    },
    getSnapshot: () => active,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type PopoverStore = ReturnType<typeof createPopoverStore>;
