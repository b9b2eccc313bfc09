/**
 * The rules beyond a request's schemas that the OpenAPI document states on each operation (`x-rules`, also in
 * its description): those of the schemas' refinements (zod metadata, contracts `statesRules`) and those the
 * call's own code applies (./call-rules.json, written by `pnpm openapi` from the scan in scripts/call-errors.ts).
 */
import { z } from 'zod';
import type { EndpointDef, EndpointId, FieldRule } from '@fleet/contracts';
import callRules from './call-rules.json' with { type: 'json' };

type Json = Record<string, unknown>;

/** Where the document's named schemas are referred to. */
export const COMPONENTS = '#/components/schemas/';

/** A rule beyond a request's schemas, as the document states it on the operation (`x-rules`). */
export interface DocumentRule {
  field: string;
  message: string;
  rule?: string;
}

/**
 * The fields a request schema has (`body.x`, `body.items.name`: items without their index, `body.x.{…}` below a
 * map's keys), and the rules its refinements state (zod metadata, `statesRules`), with their fields under `path`.
 */
function readRequestSchema(
  node: unknown,
  path: string,
  schemas: Record<string, Json>,
  fields: Set<string>,
  rules: DocumentRule[],
  visiting = new Set<string>(),
): void {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return;
  const js = node as Json;
  if (typeof js.$ref === 'string') {
    const name = js.$ref.slice(COMPONENTS.length);
    if (visiting.has(name)) return;
    visiting.add(name);
    readRequestSchema(schemas[name], path, schemas, fields, rules, visiting);
    visiting.delete(name);
    return;
  }
  fields.add(path);
  for (const r of (js['x-rules'] as FieldRule[] | undefined) ?? [])
    rules.push({ field: r.field ? `${path}.${r.field}` : path, message: r.message, rule: r.rule });
  const read = (child: unknown, at: string) => readRequestSchema(child, at, schemas, fields, rules, visiting);
  for (const [key, child] of Object.entries((js.properties as Record<string, unknown> | undefined) ?? {})) read(child, `${path}.${key}`);
  for (const key of ['items', 'not']) read(js[key], path);
  for (const key of ['anyOf', 'oneOf', 'allOf', 'prefixItems']) for (const child of (js[key] as unknown[] | undefined) ?? []) read(child, path);
  if (typeof js.additionalProperties === 'object') read(js.additionalProperties, `${path}.{…}`);
}

/**
 * The rules a call refuses a request the schemas take with (400 at a field): those its schemas' refinements
 * state, and those its own code applies (./call-rules.json, from the scan of the code each call reaches), each
 * kept where the request has that field (the scan follows shared code further than one call goes).
 */
export function rulesOf(id: EndpointId, def: EndpointDef, op: Json, schemas: Record<string, Json>): DocumentRule[] {
  const fields = new Set<string>();
  const rules: DocumentRule[] = [];
  for (const p of op.parameters as Json[]) readRequestSchema(p.schema, `${p.in === 'path' ? 'params' : 'query'}.${String(p.name)}`, schemas, fields, rules);
  // A rule across a query's or a path's parameters is on their object, which the document splits into parameters.
  for (const [where, schema] of [
    ['query', def.query],
    ['params', def.params],
  ] as const) {
    const meta = schema ? (z.globalRegistry.get(schema) as { 'x-rules'?: FieldRule[] } | undefined) : undefined;
    for (const r of meta?.['x-rules'] ?? []) rules.push({ field: `${where}.${r.field}`, message: r.message, rule: r.rule });
  }
  const body = (op.requestBody as Json | undefined)?.content as Record<string, Json> | undefined;
  if (body) readRequestSchema(body['application/json']?.schema, 'body', schemas, fields, rules);
  for (const r of (callRules as Record<string, { field: string; message: string }[]>)[id] ?? []) {
    if (fields.has(r.field.split('.{…}')[0]!)) rules.push({ field: r.field, message: r.message });
  }
  const byKey = new Map<string, DocumentRule>();
  for (const r of rules) {
    const key = `${r.field}\u0000${r.message}`;
    if (!byKey.get(key)?.rule) byKey.set(key, r);
  }
  return [...byKey.values()].sort((a, b) => a.field.localeCompare(b.field) || a.message.localeCompare(b.message));
}

/** `node` and what it holds without their `x-rules` (read onto the operations). */
export function withoutRules(node: unknown): void {
  if (node === null || typeof node !== 'object') return;
  if (Array.isArray(node)) return node.forEach(withoutRules);
  delete (node as Json)['x-rules'];
  Object.values(node).forEach(withoutRules);
}
