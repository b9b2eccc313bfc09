/**
 * Where the toast stack sits (shared/UX.md: below the header, never over a control or a modal's
 * buttons). Pure, so the rule is tested without a layout engine.
 *
 * The stack is a rectangle of the stack's height, TOAST_WIDTH wide (TOAST_MIN_WIDTH where that
 * does not fit), inside the page's area (below the header, right of the menu) and at least
 * TOAST_GAP clear of every obstacle: every control in view (buttons, links, fields, tabs, markers: ToastProvider measures
 * them) and every open modal, drawer or drop-down. Of the free places, the one nearest the top-right
 * corner (the spec's place) is taken: the candidates are the page's right edge and the edges beside
 * each obstacle, at the area's top and below each obstacle. Where no place holds the whole stack,
 * the caller asks again for fewer toasts (null: none fits).
 */

export interface Box {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

export interface ToastPlacement {
  readonly top: number;
  readonly left: number;
  readonly width: number;
}

/** The page's area the stack may use. */
export interface ToastArea {
  readonly viewportWidth: number;
  readonly viewportHeight: number;
  /** The header's bottom edge (0: none). */
  readonly headerBottom: number;
  /** The menu's right edge where it is shown beside the page (0: none). */
  readonly navbarRight: number;
}

export const TOAST_WIDTH = 360;
export const TOAST_MIN_WIDTH = 260;
/** Distance from the window's edges and from what the stack keeps clear of. */
export const TOAST_EDGE = 16;
export const TOAST_GAP = 8;
/** How much nearer the corner the narrow stack must be to be taken. */
const NARROW_PENALTY = 48;

const overlaps = (a: Box, b: Box): boolean => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** An obstacle with the room the stack keeps round it (a fraction of a pixel, a height rounded, never lays the stack over a control). */
const grown = (b: Box): Box => ({ left: b.left - TOAST_GAP, top: b.top - TOAST_GAP, right: b.right + TOAST_GAP, bottom: b.bottom + TOAST_GAP });

function placeOfWidth(area: ToastArea, kept: readonly Box[], height: number, width: number): { place: ToastPlacement; score: number } | null {
  const minLeft = (area.navbarRight > 0 ? area.navbarRight : 0) + TOAST_EDGE;
  const maxRight = area.viewportWidth - TOAST_EDGE;
  const top0 = area.headerBottom > 0 ? area.headerBottom + TOAST_GAP : TOAST_EDGE;
  const maxBottom = area.viewportHeight - TOAST_EDGE;
  if (maxRight - minLeft < width || maxBottom - top0 < height) return null;
  const obstacles = kept.map(grown);
  const lefts = new Set<number>([maxRight - width]);
  for (const box of obstacles) {
    lefts.add(Math.floor(box.left - width));
    lefts.add(Math.ceil(box.right));
  }
  let best: ToastPlacement | null = null;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const left of lefts) {
    if (left < minLeft || left + width > maxRight) continue;
    const right = left + width;
    // Only what this column crosses can stop the stack in it.
    const column = obstacles.filter((box) => box.left < right && left < box.right && box.bottom > top0 && box.top < maxBottom);
    const tops = [top0, ...column.map((box) => Math.ceil(box.bottom))].filter((top) => top >= top0).sort((a, b) => a - b);
    for (const top of tops) {
      const bottom = top + height;
      if (bottom > maxBottom) break;
      const rect = { left, top, right, bottom };
      if (column.some((box) => overlaps(rect, box))) continue;
      // Nearest the top-right corner: a step down counts as much as a step left.
      const score = top - top0 + (maxRight - right);
      if (score < bestScore) {
        best = { top, left, width };
        bestScore = score;
      }
      break;
    }
  }
  return best === null ? null : { place: best, score: bestScore };
}

/** The stack's place for `height` px of toasts, or null when none holds them. */
export function toastPlacement(area: ToastArea, obstacles: readonly Box[], height: number): ToastPlacement | null {
  const width = Math.min(TOAST_WIDTH, area.viewportWidth - 2 * TOAST_EDGE);
  const wide = placeOfWidth(area, obstacles, height, width);
  const narrow = width > TOAST_MIN_WIDTH ? placeOfWidth(area, obstacles, height, TOAST_MIN_WIDTH) : null;
  // The narrow stack only where it sits clearly nearer the corner (its text wraps more).
  if (narrow !== null && (wide === null || narrow.score + NARROW_PENALTY < wide.score)) return narrow.place;
  return wide?.place ?? null;
}
