import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';

type Module<P> = { default: ComponentType<P> };

export interface PreloadableLazy<P> {
  readonly Component: LazyExoticComponent<ComponentType<P>>;
  /** Loads the module now; a render after it resolved shows the component without suspending. */
  readonly preload: () => Promise<Module<P>>;
}

/**
 * `React.lazy` whose module, once loaded (by {@link PreloadableLazy.preload} or an earlier render),
 * renders in the same pass. React's lazy waits on what its loader returns only if that does not call
 * back at once: with the module at hand the loader returns a thenable that does, so a page whose code
 * was fetched while the configuration and the session loaded does not suspend once more (a commit of
 * the fallback, then a render of its own in a later task, for each lazy level on the way).
 */
export function preloadableLazy<P>(load: () => Promise<Module<P>>): PreloadableLazy<P> {
  let loaded: Module<P> | undefined;
  const preload = () =>
    load().then((module) => {
      loaded = module;
      return module;
    });
  const Component = lazy(() => {
    const module = loaded;
    if (module === undefined) return preload();
    // A thenable, not a Promise: a Promise calls back only after the current task's render.
    const resolved: PromiseLike<Module<P>> = { then: (fulfilled) => Promise.resolve(fulfilled ? fulfilled(module) : module) as never };
    return resolved as Promise<Module<P>>;
  });
  return { Component, preload };
}
