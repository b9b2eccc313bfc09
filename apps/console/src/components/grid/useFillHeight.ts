import { useLayoutEffect, useState } from 'react';

/** Space kept under a grid that fills the window (the page's bottom padding). */
const FILL_GAP_PX = 16;

/**
 * The height that makes the grid's viewport reach the window's bottom edge from where it starts on
 * the page (at least 320 px), measured again when the window or the page above it changes size (a
 * filter panel opening). Until it is measured: the window less a typical page header.
 */
export function useFillHeight(ref: { readonly current: HTMLElement | null }, enabled: boolean): string {
  const [top, setTop] = useState<number | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!enabled || element === null) return;
    const measure = () => setTop(Math.round(element.getBoundingClientRect().top + window.scrollY));
    measure();
    window.addEventListener('resize', measure);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(document.body);
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [ref, enabled]);
  return top === null ? 'max(320px, calc(100dvh - 300px))' : `max(320px, calc(100dvh - ${top + FILL_GAP_PX}px))`;
}
