/**
 * Resolves once the browser is first idle after the page started (or after `timeoutMs` at the latest),
 * for work a person does not wait for on the first screen: the mock's capability probe and what
 * hangs on it (the control plane's client, the chaos and clock indicators). On a phone's first
 * load this keeps that work out of the way of the page itself. One promise for the whole page.
 */
let first: Promise<void> | undefined;

export function firstIdle(timeoutMs = 2000): Promise<void> {
  first ??= new Promise<void>((done) => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => done(), { timeout: timeoutMs });
    else window.setTimeout(done, 0);
  });
  return first;
}
