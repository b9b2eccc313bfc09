/**
 * Set-up of the console's component tests (vitest project `console`, jsdom): the jest-dom
 * matchers, the browser APIs Mantine and the grid use that jsdom lacks, and the clean-up after
 * each test (unmount, the fake core's checks, module state the app keeps between renders).
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure, getConfig, prettyDOM } from '@testing-library/react';
import * as React from 'react';
import { afterEach, beforeAll, vi } from 'vitest';
import { preloadLazyChunks } from './lazyChunks';
import { resetRenderState } from './render';
import { forgetReportTimes } from '../kit/cache';
import { liveness } from '../realtime/livenessStore';

beforeAll(() => preloadLazyChunks(), 60_000);

/**
 * A query that finds nothing inside `waitFor` (every `findBy…`, polled until it matches) builds an
 * error that is thrown away unless it is the last one; testing-library printed the whole document into
 * each (about a twentieth of the project's CPU). Inside `waitFor` the message is left bare: on a timeout
 * `waitFor` prints the document into the last one itself. Elsewhere (a failing `getBy…`, the elements a
 * query found several of) the error is testing-library's own.
 */
function elementError(message: string | null, container: Element): Error {
  const polled = (getConfig() as { _disableExpensiveErrorDiagnostics?: boolean })._disableExpensiveErrorDiagnostics === true;
  const text =
    polled && message !== null
      ? message
      : [message, `Ignored nodes: comments, ${getConfig().defaultIgnore}\n${prettyDOM(container)}`].filter(Boolean).join('\n\n');
  const error = new Error(text);
  error.name = 'TestingLibraryElementError';
  return error;
}
configure({ getElementError: elementError });

// Mantine reads media queries (color scheme, breakpoints); in a test only reduced motion matches (see render.tsx).
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: (query: string): MediaQueryList => ({
    matches: query.includes('prefers-reduced-motion: reduce'),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

class NoopResizeObserver implements ResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
window.ResizeObserver = NoopResizeObserver;

class NoopIntersectionObserver implements IntersectionObserver {
  readonly root = null;
  readonly rootMargin = '0px';
  readonly scrollMargin = '0px';
  readonly thresholds: readonly number[] = [];
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }
}
window.IntersectionObserver = NoopIntersectionObserver;

// Combobox options and the grid's scrollToKey scroll into view; jsdom has no layout to scroll.
window.HTMLElement.prototype.scrollIntoView = function scrollIntoView() {};
window.HTMLElement.prototype.scrollTo = function scrollTo() {};

// A growing textarea (Mantine's autosize) measures again when web fonts load; jsdom has no FontFaceSet.
if ((document as { fonts?: unknown }).fonts === undefined) {
  Object.defineProperty(document, 'fonts', { configurable: true, value: Object.assign(new EventTarget(), { ready: Promise.resolve() }) });
}

// Pointer capture (the grid's resize handles) is not in jsdom.
window.HTMLElement.prototype.hasPointerCapture ??= () => false;
window.HTMLElement.prototype.setPointerCapture ??= () => undefined;
window.HTMLElement.prototype.releasePointerCapture ??= () => undefined;

/**
 * jsdom lays nothing out, so every element is 0 × 0 and the virtualised grid (DataGrid,
 * @tanstack/react-virtual reads its viewport's clientHeight) would show no row. A grid viewport
 * reports a window of 1,000 × 1,600 px: 36 rows of 44 px, with the overscan about 44; so does any
 * other virtualised list's viewport, marked `data-virtual-viewport` (Multiview's unit panel).
 */
const GRID_VIEWPORT = { width: 1600, height: 1000 };
const isGridViewport = (element: HTMLElement) => element.getAttribute('role') === 'grid' || element.hasAttribute('data-virtual-viewport');
// The project shares one jsdom between its files (isolate: false): patch the prototype once.
const PATCHED = Symbol.for('fleet.console.gridViewportSize');
if (!(PATCHED in window.HTMLElement.prototype)) {
  const clientHeight = Object.getOwnPropertyDescriptor(window.Element.prototype, 'clientHeight');
  const clientWidth = Object.getOwnPropertyDescriptor(window.Element.prototype, 'clientWidth');
  Object.defineProperty(window.HTMLElement.prototype, PATCHED, { value: true });
  Object.defineProperty(window.HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement): number {
      return isGridViewport(this) ? GRID_VIEWPORT.height : Number(clientHeight?.get?.call(this) ?? 0);
    },
  });
  Object.defineProperty(window.HTMLElement.prototype, 'clientWidth', {
    configurable: true,
    get(this: HTMLElement): number {
      return isGridViewport(this) ? GRID_VIEWPORT.width : Number(clientWidth?.get?.call(this) ?? 0);
    },
  });
}

afterEach(() => {
  // A test of drifted answers turns the client's answer check off (fakeApi.ts `drifted`).
  vi.unstubAllEnvs();
  forgetReportTimes();
  liveness.reset();
  cleanup();
  dropDetachedStyleSheets();
  resetRenderState();
  window.localStorage.clear();
  document.documentElement.removeAttribute('lang');
});

/**
 * jsdom keeps the style sheet of a <style> that left the document inside a removed subtree (Mantine's
 * CSS variables, one per render): the files share the worker's document, so document.styleSheets
 * grew by a sheet a test and every getComputedStyle (user-event's pointer checks, Floating UI) read
 * them all, each test slower than the last. Attached and detached again, the element takes its
 * sheet with it.
 */
function dropDetachedStyleSheets(): void {
  for (const sheet of Array.from(document.styleSheets)) {
    const node = sheet.ownerNode;
    if (node instanceof HTMLStyleElement && !node.isConnected) {
      document.head.appendChild(node);
      node.remove();
    }
  }
}

/**
 * React's development build captures a stack (an Error) and a console task for every element it creates,
 * to print the owner of a component in its warnings: about a tenth of the project's CPU. React stops
 * doing so after 10,000 elements in a render; here it never starts. A warning still names the component
 * it is about (a missing key: "Check the render method of `List`"); `TEST_OWNER_STACKS=1` brings the
 * owners' stacks back.
 */
if (process.env.TEST_OWNER_STACKS !== '1') {
  const internals = (React as unknown as Record<string, Record<string, unknown> | undefined>).__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
  if (internals && !Object.getOwnPropertyDescriptor(internals, 'recentlyCreatedOwnerStacks')?.get) {
    Object.defineProperty(internals, 'recentlyCreatedOwnerStacks', { configurable: true, get: () => Number.MAX_SAFE_INTEGER, set: () => undefined });
  }
}
