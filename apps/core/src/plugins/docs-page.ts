/**
 * The API docs page at /docs (apps/core/docs-page: an HTML page, its script and its styles, no
 * framework): every call of the OpenAPI document listed by area as soon as the document arrives, a
 * call's schemas written out when it is opened. Swagger UI stays at /docs/swagger to try calls. With the
 * mock endpoints on, the page links the control plane's own document (/docs/mock-openapi.json) and
 * shows it at /docs?document=mock.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';

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
