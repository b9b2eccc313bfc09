import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderRoutesModule, ROUTES_FILE } from '../../scripts/routes.js';
import { catalogue } from './index.js';
import { ENDPOINT_ROUTES, endpointRoles } from './routes.js';

describe('ENDPOINT_ROUTES (generated from the catalogue)', () => {
  it('is up to date: run `pnpm routes` after changing the catalogue', () => {
    expect(readFileSync(ROUTES_FILE, 'utf8')).toBe(renderRoutesModule());
  });

  it('gives every call its catalogue method, path and roles, and nothing else', () => {
    expect(Object.keys(ENDPOINT_ROUTES).sort()).toEqual(Object.keys(catalogue).sort());
    for (const [id, def] of Object.entries(catalogue)) {
      const [method, path] = ENDPOINT_ROUTES[id as keyof typeof ENDPOINT_ROUTES];
      expect([method, path], id).toEqual([def.method, def.path]);
      expect(endpointRoles(id as keyof typeof ENDPOINT_ROUTES), id).toEqual(def.roles);
    }
  });
});
