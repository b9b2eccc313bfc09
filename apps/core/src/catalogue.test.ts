import { describe, expect, it } from 'vitest';
import { catalogue, ENDPOINT_IDS } from '@fleet/contracts';
import { bindings, handlers } from './routes/bindings.js';
import { buildOpenApi } from './plugins/openapi.js';
import { toFastifyPath } from './routes/catalogue.js';

describe('endpoint catalogue wiring', () => {
  it('has a handler for every declared call (and none undeclared)', () => {
    expect(Object.keys(handlers).sort()).toEqual([...ENDPOINT_IDS].sort());
    for (const id of ENDPOINT_IDS) expect(typeof handlers[id], id).toBe('function');
  });

  it('binds every call to exactly one service', () => {
    const bound = bindings.flatMap((b) => [...b.ids]);
    expect(bound.filter((id, i) => bound.indexOf(id) !== i)).toEqual([]);
    expect(bound.length).toBe(ENDPOINT_IDS.length);
  });

  it('declares each method + path once', () => {
    const keys = ENDPOINT_IDS.map((id) => `${catalogue[id].method} ${toFastifyPath(catalogue[id].path)}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('lists every declared call in the OpenAPI document with its schemas', () => {
    const doc = buildOpenApi('/api') as {
      paths: Record<string, Record<string, { operationId: string; responses: Record<string, { content?: unknown }>; requestBody?: unknown }>>;
    };
    const ops = Object.values(doc.paths).flatMap((p) => Object.values(p));
    expect(ops.map((o) => o.operationId).sort()).toEqual([...ENDPOINT_IDS].sort());
    for (const id of ENDPOINT_IDS) {
      const def = catalogue[id];
      const op = doc.paths[`/api${def.path}`]?.[def.method.toLowerCase()];
      const success = String('successStatus' in def && def.successStatus !== undefined ? def.successStatus : 200);
      expect(op?.responses[success]?.content, id).toBeDefined();
      if ('body' in def) expect(op?.requestBody, id).toBeDefined();
    }
  });
});

describe('committed OpenAPI document', () => {
  it('is up to date with the catalogue (regenerate with `pnpm openapi`)', async () => {
    const { readFileSync } = await import('node:fs');
    const committed = JSON.parse(readFileSync(new URL('../../../docs/openapi.json', import.meta.url), 'utf8'));
    expect(committed).toEqual(JSON.parse(JSON.stringify(buildOpenApi('/api'))));
  });
});
