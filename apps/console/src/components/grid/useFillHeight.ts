import { useLayoutEffect } from 'react';

/** Space kept under a grid that fills the window (the page's bottom padding). */
const FILL_GAP_PX = 16;

/**
 * The height that makes the grid's viewport reach the window's bottom edge from where it starts on
 * the page (at least 320 px), measured again when the window or the page above it changes size (a
 * filter panel opening). Until it is measured: the window less a typical page header.
 *
 * The measured offset is written to the element's `--fill-top` custom property, not into React
 * state: a change of the page above the grid moves its bottom edge without rendering the grid (and
 * its rows) again.
 */
export function useFillHeight(ref: { readonly current: HTMLElement | null }, enabled: boolean): string {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!enabled || element === null) return;
    let top = -1;
    const measure = () => {
      const next = Math.round(element.getBoundingClientRect().top + window.scrollY) + FILL_GAP_PX;
      if (next === top) return;
      top = next;
      element.style.setProperty('--fill-top', `${next}px`);
    };
    window.addEventListener('resize', measure);
    // The observer's first call comes after the next layout, before its paint: measuring here at once
    // would force a layout of the whole page in the middle of the commit.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    if (observer === null) measure();
    observer?.observe(document.body);
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
      element.style.removeProperty('--fill-top');
    };
  }, [ref, enabled]);
  return 'max(320px, calc(100dvh - var(--fill-top, 300px)))';
}
