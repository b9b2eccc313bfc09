/**
 * The project's OpenAPI document (docs/openapi.json, written by `pnpm openapi`) as Prism is given
 * it: the committed document, with
 * - local references repaired: a schema with shared parts carries its own `$defs` and refers to
 *   them as `#/$defs/…`, which in an OpenAPI document points at the document's root, where there
 *   is no `$defs` — Prism stops at the first one ("token "$defs" … does not exist"). Each such
 *   reference is rewritten to the JSON pointer of the `$defs` it meant;
 * - the given answers as the examples of the given GET operations (Prism's static mode answers
 *   with an operation's example when there is one).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const DOCUMENT = fileURLToPath(new URL('../../docs/openapi.json', import.meta.url));

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const pointerToken = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1');

/** Rewrite `#/$defs/x` references to the pointer of the nearest enclosing object that has `$defs`. */
function repairLocalRefs(node: Json, pointer: string, defsAt: string | null): number {
  if (Array.isArray(node)) return node.reduce<number>((n, item, i) => n + repairLocalRefs(item, `${pointer}/${i}`, defsAt), 0);
  if (node === null || typeof node !== 'object') return 0;
  const scope = '$defs' in node ? pointer : defsAt;
  let repaired = 0;
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string' && value.startsWith('#/$defs/') && scope !== null) {
      node[key] = `${scope}${value.slice(1)}`;
      repaired++;
    } else repaired += repairLocalRefs(value, `${pointer}/${pointerToken(key)}`, scope);
  }
  return repaired;
}

/** The document for Prism; `examples` maps a document path (with its prefix) to its GET answer. */
export function prismDocument(examples: Record<string, unknown>): Json {
  const doc = JSON.parse(readFileSync(DOCUMENT, 'utf8')) as { [key: string]: Json };
  repairLocalRefs(doc, '#', null);
  const paths = doc.paths as Record<string, { get?: { responses: Record<string, { content?: Record<string, { example?: unknown }> }> } }>;
  for (const [path, example] of Object.entries(examples)) {
    const content = paths[path]?.get?.responses['200']?.content?.['application/json'];
    if (!content) throw new Error(`docs/openapi.json has no JSON answer for GET ${path}`);
    content.example = example;
  }
  return doc;
}
