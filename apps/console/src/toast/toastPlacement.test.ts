import { describe, expect, it } from 'vitest';
import { TOAST_EDGE, TOAST_GAP, TOAST_WIDTH, toastPlacement } from './toastPlacement';
import type { Box } from './toastPlacement';

const HEADER = 56;
const box = (left: number, top: number, right: number, bottom: number): Box => ({ left, top, right, bottom });

describe('toast stack placement', () => {
  it('sits top-right below the header (at the top of the window where there is none)', () => {
    expect(toastPlacement(1440, HEADER, [])).toEqual({ top: HEADER + TOAST_GAP, right: TOAST_EDGE, width: TOAST_WIDTH });
    expect(toastPlacement(1440, 0, [])).toEqual({ top: TOAST_EDGE, right: TOAST_EDGE, width: TOAST_WIDTH });
  });

  it('fits a narrow window', () => {
    expect(toastPlacement(390, HEADER, []).width).toBe(390 - 2 * TOAST_EDGE);
  });

  it('narrows into the room right of an open modal', () => {
    // A 780 px modal centred in 1440 px: 330..1110; 1424 - 1118 = 306 px are left.
    const placement = toastPlacement(1440, HEADER, [box(330, 80, 1110, 700)]);
    expect(placement.top).toBe(HEADER + TOAST_GAP);
    expect(placement.width).toBe(1440 - TOAST_EDGE - (1110 + TOAST_GAP));
    expect(1440 - TOAST_EDGE - placement.width).toBeGreaterThanOrEqual(1110 + TOAST_GAP);
  });

  it('moves below a modal that leaves too little room beside it', () => {
    expect(toastPlacement(1280, HEADER, [box(100, 60, 1180, 500)])).toMatchObject({ top: 500 + TOAST_GAP, width: TOAST_WIDTH });
    expect(toastPlacement(390, HEADER, [box(0, 0, 390, 844)]).top).toBe(844 + TOAST_GAP);
  });

  it('ignores what lies left of or above the stack, and keeps clear of an open header drop-down', () => {
    expect(toastPlacement(1440, HEADER, [box(100, 80, 500, 400), box(1200, 0, 1440, HEADER)]).top).toBe(HEADER + TOAST_GAP);
    expect(toastPlacement(1440, HEADER, [box(1150, 60, 1400, 320)]).top).toBe(320 + TOAST_GAP);
  });
});
