import { useEffect, useState } from 'react';

const SCROLLING = ['wheel', 'scroll', 'touchmove'] as const;

/**
 * Whether the person scrolled anything on the page (wheel, touch or a scroll, inside any element)
 * within the last `quietMs`: a live list holds its redraws meanwhile, so that a frame of the scroll
 * never also carries a redraw of thousands of rows. Returns a stable function to ask it.
 */
export function useScrollActivity(quietMs = 250): () => boolean {
  const [activity] = useState(() => ({ last: Number.NEGATIVE_INFINITY }));
  useEffect(() => {
    const mark = () => {
      activity.last = performance.now();
    };
    const options = { capture: true, passive: true } as const;
    for (const type of SCROLLING) document.addEventListener(type, mark, options);
    return () => {
      for (const type of SCROLLING) document.removeEventListener(type, mark, options);
    };
  }, [activity]);
  const [scrolling] = useState(() => () => performance.now() - activity.last < quietMs);
  return scrolling;
}
