import * as React from 'react';
import { outOfView, placePopover, type PopoverStore } from './popoverStore';
import styles from './popover.module.css';
import { POPOVER_OFFSET, POPOVER_THROTTLE_MS, TOOLTIP_OFFSET } from '@dating/shared';

/** Draws the one visible tooltip or popover next to its anchor and keeps it there. */
export function PopoverHost({ store }: { store: PopoverStore }) {
  const active = React.useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const ref = React.useRef<HTMLDivElement>(null);
  const [pos, setPos] = React.useState<{ top: number; left: number; placement: string } | null>(null);

  React.useLayoutEffect(() => {
    setPos(null);
    if (!active) return;
    let frame = 0;
    let lastCheck = 0;
    const place = () => {
      frame = 0;
      const el = ref.current;
      if (!el || !active.anchor.isConnected) {
        store.hide();
        return;
      }
      const viewport = { width: window.innerWidth, height: window.innerHeight };
      const rect = active.anchor.getBoundingClientRect();
      const now = Date.now();
      if (now - lastCheck >= POPOVER_THROTTLE_MS) {
        lastCheck = now;
        if (outOfView(rect, viewport)) {
          store.hide();
          return;
        }
      }
      const offset = active.options.kind === 'tooltip' ? TOOLTIP_OFFSET : POPOVER_OFFSET;
      const rtl = getComputedStyle(active.anchor).direction === 'rtl';
      setPos(placePopover(rect, { width: el.offsetWidth, height: el.offsetHeight }, viewport, active.options.placement ?? 'top', offset, rtl));
    };
    place();
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(place);
    };
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && store.hide();
    const onPointer = (e: PointerEvent) => {
      const target = e.target as Node;
      if (active.options.kind === 'popover' && !active.anchor.contains(target) && !ref.current?.contains(target)) store.hide();
    };
    window.addEventListener('scroll', schedule, true);
    window.addEventListener('resize', schedule);
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      if (frame) cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule, true);
      window.removeEventListener('resize', schedule);
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [active, store]);

  if (!active) return null;
  const { kind, title, content } = active.options;
  return (
    <div
      ref={ref}
      id={active.id}
      role={kind === 'tooltip' ? 'tooltip' : 'dialog'}
      aria-label={kind === 'popover' ? title ?? content : undefined}
      className={`${styles.popover} ${kind === "tooltip" ? styles.tooltip : styles.panel}`}
      data-placement={pos?.placement}
      style={pos ? { top: pos.top, left: pos.left } : { top: 0, left: 0, visibility: 'hidden' }}
      onMouseEnter={() => store.keep()}
      onMouseLeave={() => store.leave()}
    >
      {kind === 'popover' && title ? <strong className={styles.title}>{title}</strong> : null}
      <span>{content}</span>
    </div>
  );
}
