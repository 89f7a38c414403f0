/** SPEC section 9: a popover closes 50 ms after the pointer leaves, and keeps 5 px from the edges. */
export const POPOVER_CLOSE_DELAY_MS = 50;
export const POPOVER_EDGE_MARGIN = 5;

export interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

/**
 * Where a popover goes: below its anchor, left-aligned; above when it does not fit below; always
 * inside the viewport with the edge margin.
 */
export function placePopover(
  anchor: Box,
  popover: { width: number; height: number },
  viewport: { width: number; height: number },
  margin = POPOVER_EDGE_MARGIN,
  gap = 4,
): { top: number; left: number } {
  const below = anchor.top + anchor.height + gap;
  const above = anchor.top - gap - popover.height;
  const fitsBelow = below + popover.height <= viewport.height - margin;
  let top = fitsBelow || above < margin ? below : above;
  top = clamp(top, margin, viewport.height - popover.height - margin);
  const left = clamp(anchor.left, margin, viewport.width - popover.width - margin);
  return { top, left };
}

/** Keeps a value in range; when the range is empty the lower bound wins. */
function clamp(value: number, low: number, high: number): number {
  return Math.max(low, Math.min(value, high));
}
