/**
 * The path the console is served under, read at run time from the document: the core writes it into
 * index.html's `<base href>` (`/` at the root, `/sandboxes/<id>/` inside a sandbox), so one build
 * serves both. The build's asset URLs are relative (vite `base: './'`) and resolve against it too.
 */

/** The console's base path: always starts and ends with '/' ('/' at the root). */
export function consoleBase(doc: Pick<Document, 'baseURI'> = document): string {
  let path = '/';
  try {
    path = new URL(doc.baseURI).pathname;
  } catch {
    // An unreadable base (never in a browser): the root.
  }
  return path.endsWith('/') ? path : `${path}/`;
}

/** React Router's basename for a base: none at the root, else the base without its last slash. */
export function routerBasename(base: string): string | undefined {
  return base === '/' ? undefined : base.replace(/\/$/, '');
}

/**
 * A page path as the route table knows it (`/list`), from the browser's path under the base
 * (`/sandboxes/ab12cd34ef/list`). The base itself, with or without its last slash, is `/`; a path
 * outside the base is returned as it is (the route table sends it to its fallback).
 */
export function pathInConsole(pathname: string, base: string): string {
  if (base === '/') return pathname;
  if (pathname === base.slice(0, -1)) return '/';
  return pathname.startsWith(base) ? `/${pathname.slice(base.length)}` : pathname;
}

/** A path of the console's own (`/login`, `/easy_live?…`) as the browser's path under the base. */
export function underBase(path: string, base: string = consoleBase()): string {
  return `${base}${path.replace(/^\//, '')}`;
}

/** The console's own address under its base, without the last slash (`https://host/sandboxes/ab12cd34ef`), to prefix a console path with. */
export function consoleOrigin(origin: string = window.location.origin, base: string = consoleBase()): string {
  return `${origin.replace(/\/$/, '')}${base.replace(/\/$/, '')}`;
}
