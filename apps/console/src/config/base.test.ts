import { describe, expect, it } from 'vitest';
import { absoluteJoinLink } from '../features/dialogs/rules';
import { consoleBase, consoleOrigin, pathInConsole, routerBasename, underBase } from './base';

const page = (baseURI: string) => ({ baseURI });

describe("the console's base, read from the page", () => {
  it("is the <base href> the core wrote: '/' at the root, the sandbox's path inside one", () => {
    expect(consoleBase(page('http://stack:8080/'))).toBe('/');
    expect(consoleBase(page('https://stack.example.com/sandboxes/ab12cd34ef/'))).toBe('/sandboxes/ab12cd34ef/');
    // A base written without its last slash still names a folder.
    expect(consoleBase(page('https://stack.example.com/sandboxes/ab12cd34ef'))).toBe('/sandboxes/ab12cd34ef/');
  });

  it('gives the router its basename: none at the root', () => {
    expect(routerBasename('/')).toBeUndefined();
    expect(routerBasename('/sandboxes/ab12cd34ef/')).toBe('/sandboxes/ab12cd34ef');
  });

  it('reads the page path the route table knows from the browser path under the base', () => {
    expect(pathInConsole('/list', '/')).toBe('/list');
    expect(pathInConsole('/sandboxes/ab12cd34ef/list', '/sandboxes/ab12cd34ef/')).toBe('/list');
    expect(pathInConsole('/sandboxes/ab12cd34ef/', '/sandboxes/ab12cd34ef/')).toBe('/');
    expect(pathInConsole('/sandboxes/ab12cd34ef', '/sandboxes/ab12cd34ef/')).toBe('/');
    expect(pathInConsole('/sandboxes/ab12cd34ef/units/LU1/details', '/sandboxes/ab12cd34ef/')).toBe('/units/LU1/details');
  });

  it("makes the console's own addresses under the base (the log-in page, an invitation's link)", () => {
    expect(underBase('/login', '/')).toBe('/login');
    expect(underBase('/login', '/sandboxes/ab12cd34ef/')).toBe('/sandboxes/ab12cd34ef/login');
    expect(consoleOrigin('https://stack.example.com', '/')).toBe('https://stack.example.com');
    const inSandbox = consoleOrigin('https://stack.example.com', '/sandboxes/ab12cd34ef/');
    expect(absoluteJoinLink(inSandbox, '/easy_live?invitation=AB')).toBe('https://stack.example.com/sandboxes/ab12cd34ef/easy_live?invitation=AB');
  });
});
