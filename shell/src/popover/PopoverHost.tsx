import * as React from 'react';
import { positionPopover } from './position';
import type { PopoverStore } from './popoverStore';
import styles from './popover.module.css';
import { POPOVER_THROTTLE_MS } from '@dating/shared';

/** Draws the one visible tooltip or popover next to its anchor; Floating UI keeps it there. */
export function PopoverHost({ store }: { store: PopoverStore }) {
  const active = React.useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const ref = React.useRef<HTMLDivElement>(null);

  React.useLayoutEffect(() => {
    const el = ref.current;
    if (!active || !el) return;
    let live = true;
    let lastCheck = -Infinity;
    let recheck: ReturnType<typeof setTimeout> | null = null;
    const update = () => {
      if (!active.anchor.isConnected) {
        store.hide();
        return;
      }
      void positionPopover(active.anchor, el, active.options.kind, active.options.placement).then((pos) => {
        if (!live) return;
        // Written to the element at once (before the next paint), not through React state.
        el.style.top = `${pos.top}px`;
        el.style.left = `${pos.left}px`;
        el.dataset.placement = pos.placement;
        if (!pos.anchorOutOfView) return;
        // An anchor scrolled out of view hides its popover; checked at most once per 500 ms.
        const wait = lastCheck + POPOVER_THROTTLE_MS - Date.now();
        if (wait <= 0) {
          lastCheck = Date.now();
          store.hide();
        } else if (!recheck) {
          recheck = setTimeout(() => {
            recheck = null;
            update();
          }, wait);
        }
      });
    };
    // Scroll of any ancestor, resize of anchor or popover, layout shifts: Floating UI listens. It
    // is loaded with the first popover, not at start-up (the start-up budget).
    let stop = () => {};
    void import('@floating-ui/dom').then(({ autoUpdate }) => {
      if (live) stop = autoUpdate(active.anchor, el, update);
    });
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && store.hide();
    const onPointer = (e: PointerEvent) => {
      const target = e.target as Node;
      if (active.options.kind === 'popover' && !active.anchor.contains(target) && !el.contains(target)) store.hide();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      live = false;
      stop();
      if (recheck) clearTimeout(recheck);
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [active, store]);

  if (!active) return null;
  const { kind, title, content } = active.options;
  return (
    <div
      ref={ref}
      key={active.id}
      id={active.id}
      role={kind === 'tooltip' ? 'tooltip' : 'dialog'}
      aria-label={kind === 'popover' ? title ?? content : undefined}
      className={`${styles.popover} ${kind === 'tooltip' ? styles.tooltip : styles.panel}`}
      onMouseEnter={() => store.keep()}
      onMouseLeave={() => store.leave()}
    >
      {kind === 'popover' && title ? <strong className={styles.title}>{title}</strong> : null}
      <span>{content}</span>
    </div>
  );
}
