import { describe, expect, it } from 'vitest';
import { TOAST_EDGE, TOAST_GAP, TOAST_MIN_WIDTH, TOAST_WIDTH, toastPlacement } from './toastPlacement';
import type { Box, ToastArea } from './toastPlacement';

const HEADER = 56;
const area = (viewportWidth: number, viewportHeight: number, navbarRight = 0): ToastArea => ({
  viewportWidth,
  viewportHeight,
  headerBottom: HEADER,
  navbarRight,
});
const box = (left: number, top: number, right: number, bottom: number): Box => ({ left, top, right, bottom });
const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
const rectOf = (p: { top: number; left: number; width: number }, height: number): Box => ({
  left: p.left,
  top: p.top,
  right: p.left + p.width,
  bottom: p.top + height,
});

describe('toast stack placement', () => {
  it('sits top-right below the header when nothing is in the way', () => {
    expect(toastPlacement(area(1440, 900), [], 200)).toEqual({ top: HEADER + TOAST_GAP, left: 1440 - TOAST_EDGE - TOAST_WIDTH, width: TOAST_WIDTH });
  });

  it('fits a narrow window', () => {
    expect(toastPlacement(area(390, 844), [], 100)?.width).toBe(390 - 2 * TOAST_EDGE);
  });

  it('moves off the page title row’s buttons, down or to the left, whichever is nearer the corner', () => {
    // A button bar at the top right (Add, filters): the stack goes below it.
    const bar = box(1100, 70, 1424, 110);
    const placed = toastPlacement(area(1440, 900, 260), [bar], 200)!;
    expect(placed.top).toBe(110 + TOAST_GAP);
    expect(overlaps(rectOf(placed, 200), bar)).toBe(false);
  });

  it('keeps a gap from a control just below where the stack would end, so a fraction of a pixel never lays it over one', () => {
    // The map's "Fit to units" at 1280 × 720: its top a few tenths of a pixel below a toast's bottom at the top.
    const top = HEADER + TOAST_GAP;
    const fit = box(1180, top + 65.4, 1264, top + 95);
    const placed = toastPlacement(area(1280, 720), [fit], 65)!;
    const rect = rectOf(placed, 65.9);
    expect(overlaps(rect, fit)).toBe(false);
    const inflated = box(fit.left - TOAST_GAP, fit.top - TOAST_GAP, fit.right + TOAST_GAP, fit.bottom + TOAST_GAP);
    expect(overlaps(rect, inflated)).toBe(false);
  });

  it('finds the free middle of a page whose rows have controls at both ends (the unit list)', () => {
    const rows: Box[] = [];
    for (let top = 120; top < 900; top += 40) {
      rows.push(box(280, top, 300, top + 20)); // the row's checkbox
      rows.push(box(1100, top, 1424, top + 28)); // its stream and Simulate buttons, pinned right
    }
    const placed = toastPlacement(area(1440, 900, 260), [box(280, 70, 1424, 110), ...rows], 220)!;
    expect(placed).not.toBeNull();
    for (const control of rows) expect(overlaps(rectOf(placed, 220), control)).toBe(false);
    expect(placed.left + placed.width).toBeLessThanOrEqual(1100 - TOAST_GAP);
  });

  it('keeps clear of an open modal, narrowing into the room beside it', () => {
    const modal = box(330, 80, 1110, 700);
    const placed = toastPlacement(area(1440, 900), [modal], 150)!;
    expect(overlaps(rectOf(placed, 150), modal)).toBe(false);
    expect(placed.width).toBe(TOAST_MIN_WIDTH);
    expect(placed.top).toBe(HEADER + TOAST_GAP);
  });

  it('answers null when no place holds the stack (the caller shows fewer)', () => {
    expect(toastPlacement(area(390, 844), [box(0, 0, 390, 844)], 80)).toBeNull();
    expect(toastPlacement(area(1280, 720), [], 700)).toBeNull();
  });
});
