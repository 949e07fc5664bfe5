import {
  POPOVER_HIDE_DELAY_MS,
  POPOVER_HIDE_MARGIN,
  POPOVER_OFFSET,
  POPOVER_SHOW_DELAY_MS,
  POPOVER_THROTTLE_MS,
  TOOLTIP_OFFSET,
  type PopoverOptions,
} from '@dating/shared';

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

export type Placement = NonNullable<PopoverOptions['placement']>;
interface Rect { top: number; left: number; width: number; height: number }

/**
 * Where a popover of `size` goes next to `anchor` inside `viewport`: the wanted side if it fits,
 * else the opposite side, kept inside the viewport along the other axis. `rtl` swaps start/end.
 */
export function placePopover(
  anchor: Rect,
  size: { width: number; height: number },
  viewport: { width: number; height: number },
  wanted: Placement,
  offset: number,
  rtl = false,
): { top: number; left: number; placement: Placement } {
  const physical = (p: Placement): 'top' | 'bottom' | 'left' | 'right' =>
    p === 'start' ? (rtl ? 'right' : 'left') : p === 'end' ? (rtl ? 'left' : 'right') : p;
  const opposite: Record<Placement, Placement> = { top: 'bottom', bottom: 'top', start: 'end', end: 'start' };
  const at = (p: Placement) => {
    const side = physical(p);
    const cx = anchor.left + anchor.width / 2 - size.width / 2;
    const cy = anchor.top + anchor.height / 2 - size.height / 2;
    switch (side) {
      case 'top': return { top: anchor.top - size.height - offset, left: cx };
      case 'bottom': return { top: anchor.top + anchor.height + offset, left: cx };
      case 'left': return { top: cy, left: anchor.left - size.width - offset };
      default: return { top: cy, left: anchor.left + anchor.width + offset };
    }
  };
  const fits = (pos: { top: number; left: number }, p: Placement) => {
    const side = physical(p);
    if (side === 'top' || side === 'bottom') return pos.top >= 0 && pos.top + size.height <= viewport.height;
    return pos.left >= 0 && pos.left + size.width <= viewport.width;
  };
  let placement = wanted;
  let pos = at(wanted);
  if (!fits(pos, wanted)) {
    const alt = at(opposite[wanted]);
    if (fits(alt, opposite[wanted])) {
      placement = opposite[wanted];
      pos = alt;
    }
  }
  const clamp = (v: number, max: number) => Math.min(Math.max(4, v), Math.max(4, max - 4));
  return { top: clamp(pos.top, viewport.height - size.height), left: clamp(pos.left, viewport.width - size.width), placement };
}

/** Whether an anchor left the viewport by more than the hide margin. */
export function outOfView(anchor: Rect, viewport: { width: number; height: number }, margin = POPOVER_HIDE_MARGIN): boolean {
  return (
    anchor.top + anchor.height < -margin ||
    anchor.top > viewport.height + margin ||
    anchor.left + anchor.width < -margin ||
    anchor.left > viewport.width + margin
  );
}
