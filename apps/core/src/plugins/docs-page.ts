/**
 * The API docs page at /docs (apps/core/docs-page: an HTML page, its script and its styles, no
 * framework): every call of the OpenAPI document listed by area as soon as the document arrives, a
 * call's schemas written out when it is opened. With the mock endpoints on, the page links the control
 * plane's own document (/docs/mock-openapi.json) and shows it at /docs?document=mock.
 *
 * Swagger UI is at /docs/swagger, to try calls, one area at a time: its definition selector lists each
 * area's document (/docs/swagger/json?area=<slug>), the first shown, then the whole API's, which its
 * OpenAPI 3.1 resolver is slow to take in.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import { openApiDocument } from './openapi.js';
import { OPENAPI_AREAS, openApiAreaDocument } from './openapi-areas.js';

const DIR = join(import.meta.dirname, '../../docs-page');

const FILES = {
  '/docs': ['index.html', 'text/html; charset=utf-8'],
  '/docs/page/docs.js': ['docs.js', 'text/javascript; charset=utf-8'],
  '/docs/page/docs.css': ['docs.css', 'text/css; charset=utf-8'],
} as const;

/** Between these marks the page links the mock's control-plane document: left out when the mock endpoints are off. */
const MOCK_LINKS = /<!-- mock -->[\s\S]*?<!-- \/mock -->\n?/g;

/** The page's own paths (`/docs…`, absolute in its files) under the core's public base (a sandbox's `/sandboxes/<id>`). */
function underBase(text: string, base: string): string {
  return base === '' ? text : text.replace(/(["'])\/docs/g, `$1${base}/docs`);
}

export async function docsPageRoutes(app: FastifyInstance, { mock, base = '' }: { mock: boolean; base?: string }): Promise<void> {
  for (const [url, [file, type]] of Object.entries(FILES)) {
    const text = readFileSync(join(DIR, file), 'utf8');
    const body = Buffer.from(underBase(file === 'index.html' && !mock ? text.replace(MOCK_LINKS, '') : text, base));
    app.get(url, async (_req, reply) => reply.type(type).header('cache-control', 'no-cache').send(body));
  }
}

/** The whole API's entry in Swagger UI's definition selector: last, and named for what it costs. */
const WHOLE_API_DEFINITION = 'Every call (one document, slow to open)';

/**
 * Swagger UI's definitions (its `urls`: the selector in its top bar, the first one shown): one per
 * area, then the whole API, at absolute paths under the core's public base (a sandbox's `/sandboxes/<id>`).
 */
export function swaggerDefinitions(base: string): { name: string; url: string }[] {
  const json = `${base}/docs/swagger/json`;
  return [...OPENAPI_AREAS.map(({ tag, slug }) => ({ name: tag, url: `${json}?area=${slug}` })), { name: WHOLE_API_DEFINITION, url: json }];
}

/** What Swagger UI's document route answers: `?area=<slug>` that area's document, else the whole one; an unknown area 404. */
export function swaggerDocument(prefix: string, req: FastifyRequest): Record<string, unknown> {
  const { area } = req.query as { area?: unknown };
  if (area === undefined) return openApiDocument(prefix);
  const document = typeof area === 'string' ? openApiAreaDocument(prefix, area) : undefined;
  if (document === undefined) throw new AppError('NOT_FOUND');
  return document;
}
