/**
 * The frame's first paint: the console's frame (header, menu, page title) shows before the first
 * screen's data and side requests start, so a phone's slow first load paints what it can at once.
 * The frame calls {@link frameMounted} when it mounts; calls made from then until its first paint
 * wait for that paint (one frame); calls before it (the session, the preferences) and after it do not wait.
 */
let state: 'before' | 'mounted' | 'painted' = 'before';
let painted: () => void = () => {};
const paint = new Promise<void>((done) => {
  painted = done;
});

export function frameMounted(): void {
  if (state !== 'before') return;
  state = 'mounted';
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    state = 'painted';
    painted();
  };
  // The page's first contentful paint, as the browser reports it once shown; on a page that painted
  // before (a sign-in page first), the next frame. At most a second either way.
  const firstPaintSeen = performance.getEntriesByName('first-contentful-paint').length > 0;
  if (!firstPaintSeen && typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      finish();
    });
    observer.observe({ type: 'paint' });
  } else if (typeof requestAnimationFrame === 'function') {
    requestAnimationFrame(() => setTimeout(finish, 0));
  } else {
    finish();
  }
  setTimeout(finish, 1000);
}

/** Resolves at once, except between the frame's mount and its first paint. */
export function afterFramePaint(): Promise<void> | undefined {
  return state === 'mounted' ? paint : undefined;
}
