// Where the one tooltip or popover goes: Floating UI computes it (loaded on first use) (offset, flip to the other side,
// shift into the viewport, and whether the anchor left the view); this file only states spec §9.
import type { Side } from '@floating-ui/dom';
import { POPOVER_HIDE_MARGIN, POPOVER_OFFSET, TOOLTIP_OFFSET, type PopoverOptions } from '@dating/shared';

export type Placement = NonNullable<PopoverOptions['placement']>;

/** Distance kept from the viewport's edges when a popover is shifted into view. */
const VIEWPORT_PADDING = 4;

/** start/end follow the writing direction. */
function physical(placement: Placement, rtl: boolean): Side {
  if (placement === 'start') return rtl ? 'right' : 'left';
  if (placement === 'end') return rtl ? 'left' : 'right';
  return placement;
}

function logical(side: Side, rtl: boolean): Placement {
  if (side === 'left') return rtl ? 'end' : 'start';
  if (side === 'right') return rtl ? 'start' : 'end';
  return side;
}

export interface PopoverPosition {
  top: number;
  left: number;
  placement: Placement;
  /** The anchor is out of the viewport by more than the hide margin (2 px): hide the popover. */
  anchorOutOfView: boolean;
}

/**
 * The wanted side if it has room, else the opposite one; 6 px from the anchor for a tooltip, 8 px
 * for a popover; kept inside the viewport along the other axis.
 */
export async function positionPopover(
  anchor: HTMLElement,
  floating: HTMLElement,
  kind: 'tooltip' | 'popover',
  wanted: Placement = 'top',
): Promise<PopoverPosition> {
  const rtl = getComputedStyle(anchor).direction === 'rtl';
  // Loaded with the first popover, not at start-up (the start-up budget).
  const { computePosition, flip, hide, offset, shift } = await import('@floating-ui/dom');
  const { x, y, placement, middlewareData } = await computePosition(anchor, floating, {
    strategy: 'fixed',
    placement: physical(wanted, rtl),
    middleware: [
      offset(kind === 'tooltip' ? TOOLTIP_OFFSET : POPOVER_OFFSET),
      flip({ fallbackStrategy: 'initialPlacement' }),
      shift({ padding: VIEWPORT_PADDING }),
      hide({ strategy: 'referenceHidden' }),
    ],
  });
  // referenceHiddenOffsets: how far past each clipping edge the whole anchor is (≥ 0: fully out).
  const past = middlewareData.hide?.referenceHiddenOffsets;
  const anchorOutOfView = past ? Object.values(past).some((d) => d > POPOVER_HIDE_MARGIN) : false;
  return { top: y, left: x, placement: logical(placement.split('-')[0] as Side, rtl), anchorOutOfView };
}
