import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildOpenApi, OpenApiComponents } from './openapi.js';

type Node = null | boolean | number | string | Node[] | { [key: string]: Node };

/** Every `$ref` under `node`, with where it is. */
function refsOf(node: unknown, at = '#', out: { at: string; ref: string }[] = []): { at: string; ref: string }[] {
  if (Array.isArray(node)) node.forEach((v, i) => refsOf(v, `${at}/${i}`, out));
  else if (node !== null && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string') out.push({ at, ref: v });
      else refsOf(v, `${at}/${k}`, out);
    }
  }
  return out;
}

/** What a local JSON pointer (`#/a/b~1c`) points at in `doc`, or undefined. */
function resolve(doc: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  let node: unknown = doc;
  for (const raw of ref
    .slice(2)
    .split('/')
    .filter((p) => p !== '')) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (node === null || typeof node !== 'object' || !(key in node)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

describe('OpenAPI document references', () => {
  it("resolves every $ref of the catalogue's document inside the document, none to the root or a schema's own $defs", () => {
    const doc = JSON.parse(JSON.stringify(buildOpenApi('/api'))) as Node;
    const refs = refsOf(doc);
    expect(refs.length).toBeGreaterThan(0);
    expect(refs.filter((r) => !/^#\/components\/(schemas|responses)\//.test(r.ref))).toEqual([]);
    expect(refs.filter((r) => resolve(doc, r.ref) === undefined)).toEqual([]);
    expect(JSON.stringify(doc)).not.toContain('"$defs"');
    // The recursive JSON value (z.json()) is one named component, shared by every call that takes or answers one.
    const schemas = (doc as { components: { schemas: Record<string, Node> } }).components.schemas;
    expect(Object.keys(schemas)).toContain('JsonValue');
    expect(refsOf(schemas.JsonValue).map((r) => r.ref)).toEqual(['#/components/schemas/JsonValue', '#/components/schemas/JsonValue']);
  });

  it('hoists nested and root-recursive definitions under stable names, once per content', () => {
    interface Tree {
      name: string;
      children: Tree[];
    }
    const Tree: z.ZodType<Tree> = z.object({ name: z.string(), children: z.array(z.lazy(() => Tree)) });
    const make = () => {
      const c = new OpenApiComponents();
      return {
        c,
        nested: c.schemaOf(z.object({ a: z.json(), b: z.array(z.json()), tree: Tree }), 'input'),
        root: c.schemaOf(Tree, 'output'),
        json: c.schemaOf(z.json(), 'output'),
      };
    };
    const first = make();
    const doc = { components: { schemas: first.c.schemas }, nested: first.nested, root: first.root, json: first.json };
    expect(refsOf(doc).filter((r) => resolve(doc, r.ref) === undefined)).toEqual([]);
    // One JSON value however often it is used; a root that refers to itself becomes a reference.
    expect(first.nested).toMatchObject({
      properties: { a: { $ref: '#/components/schemas/JsonValue' }, b: { items: { $ref: '#/components/schemas/JsonValue' } } },
    });
    expect(first.json).toEqual({ $ref: '#/components/schemas/JsonValue' });
    expect(first.root).toEqual({ $ref: expect.stringMatching(/^#\/components\/schemas\/Schema[0-9a-f]{10}$/) });
    // The same content gets the same name in another document.
    const again = make();
    expect(again.c.schemas).toEqual(first.c.schemas);
    expect(again.root).toEqual(first.root);
  });
});

describe('OpenAPI document sharing', () => {
  it('keeps a schema that stands in several places once, under its contracts name, and each error answer once', () => {
    const doc = JSON.parse(JSON.stringify(buildOpenApi('/api'))) as {
      paths: Record<string, Record<string, { responses: Record<string, { $ref?: string; content?: Record<string, { schema: Node }> }> }>>;
      components: { schemas: Record<string, Node>; responses: Record<string, Node> };
    };
    const refs = refsOf(doc).map((r) => r.ref);
    // The channel live state is answered by many calls; it stands once, and every answer refers to it.
    expect(doc.components.schemas.ChannelLive).toMatchObject({ type: 'object', properties: { isDistributor: { type: 'boolean' } } });
    expect(refs.filter((r) => r === '#/components/schemas/ChannelLive').length).toBeGreaterThan(1);
    // No schema worth a reference stands twice anywhere in the document.
    const seen = new Map<string, number>();
    const walk = (node: unknown): void => {
      if (node === null || typeof node !== 'object') return;
      const key = JSON.stringify(node);
      if (!Array.isArray(node) && 'type' in node && key.length >= 200) seen.set(key, (seen.get(key) ?? 0) + 1);
      Object.values(node).forEach(walk);
    };
    walk(doc);
    expect([...seen.entries()].filter(([, n]) => n > 1).map(([key]) => key.slice(0, 80))).toEqual([]);
    // Every call's 401 is the one shared answer.
    const unauthorised = Object.values(doc.paths).flatMap((byMethod) => Object.values(byMethod).map((op) => op.responses['401']));
    expect(new Set(unauthorised.map((r) => r?.$ref))).toEqual(new Set(['#/components/responses/NoSession']));
    expect(doc.components.responses.NoSession).toMatchObject({ description: 'No valid session' });
  });
});
