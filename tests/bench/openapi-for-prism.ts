/**
 * The project's OpenAPI document (docs/openapi.json, written by `pnpm openapi`) as Prism is given
 * it: the committed document with the given answers as the examples of the given GET operations
 * (Prism's static mode answers with an operation's example when there is one).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const DOCUMENT = fileURLToPath(new URL('../../docs/openapi.json', import.meta.url));

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The document for Prism; `examples` maps a document path (with its prefix) to its GET answer. */
export function prismDocument(examples: Record<string, unknown>): Json {
  const doc = JSON.parse(readFileSync(DOCUMENT, 'utf8')) as { [key: string]: Json };
  const paths = doc.paths as Record<string, { get?: { responses: Record<string, { content?: Record<string, { example?: unknown }> }> } }>;
  for (const [path, example] of Object.entries(examples)) {
    const content = paths[path]?.get?.responses['200']?.content?.['application/json'];
    if (!content) throw new Error(`docs/openapi.json has no JSON answer for GET ${path}`);
    content.example = example;
  }
  return doc;
}
