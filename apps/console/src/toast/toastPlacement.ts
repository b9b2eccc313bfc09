/**
 * Where the toast stack sits (spec 000 §2: top-right; shared/UX.md: below the header, never over a
 * control or a modal's buttons). Pure, so the rule is tested without a layout engine:
 * - the stack starts below the header's bottom edge, at the right;
 * - an open modal, or an open drop-down (a header picker's options, a menu), is kept clear: the
 *   stack narrows into the room right of it when at least {@link TOAST_MIN_WIDTH} px are left,
 *   otherwise it moves below it.
 */

export interface Box {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

export interface ToastPlacement {
  readonly top: number;
  readonly right: number;
  readonly width: number;
}

export const TOAST_WIDTH = 360;
export const TOAST_MIN_WIDTH = 240;
/** Distance from the window's edges and from what the stack keeps clear of. */
export const TOAST_EDGE = 16;
export const TOAST_GAP = 8;

export function toastPlacement(viewportWidth: number, headerBottom: number, obstacles: readonly Box[]): ToastPlacement {
  let top = headerBottom > 0 ? headerBottom + TOAST_GAP : TOAST_EDGE;
  let width = Math.max(0, Math.min(TOAST_WIDTH, viewportWidth - 2 * TOAST_EDGE));
  const right = TOAST_EDGE;
  const stackRight = viewportWidth - right;
  // Highest first: moving below one obstacle may bring the stack level with a lower one.
  for (const box of [...obstacles].sort((a, b) => a.top - b.top)) {
    const stackLeft = stackRight - width;
    if (box.bottom <= top || box.right <= stackLeft || box.left >= stackRight) continue;
    const room = stackRight - (box.right + TOAST_GAP);
    if (room >= TOAST_MIN_WIDTH) width = Math.min(width, room);
    else top = box.bottom + TOAST_GAP;
  }
  return { top, right, width };
}
