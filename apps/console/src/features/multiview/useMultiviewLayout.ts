import { useCallback, useState } from 'react';
import { parseLayout } from './multiviewState';
import type { MultiviewLayout } from './multiviewState';

/** Where the wall's layout is kept: in this browser (a layout belongs to the screen it is shown on; the spec's preferences have no field for it). */
export const LAYOUT_STORAGE_KEY = 'fleet.multiview.layout';

function stored(): MultiviewLayout {
  try {
    return parseLayout(window.localStorage.getItem(LAYOUT_STORAGE_KEY));
  } catch {
    return parseLayout(null);
  }
}

/** The wall's layout (2 × 2, 3 × 3, 4 × 4), remembered in this browser. */
export function useMultiviewLayout(): { layout: MultiviewLayout; setLayout: (layout: MultiviewLayout) => void } {
  const [layout, setState] = useState<MultiviewLayout>(stored);
  const setLayout = useCallback((next: MultiviewLayout) => {
    setState(next);
    try {
      window.localStorage.setItem(LAYOUT_STORAGE_KEY, String(next));
    } catch {
      // Storage refused (private mode, quota): the layout holds for this visit only.
    }
  }, []);
  return { layout, setLayout };
}
