/**
 * The API docs page at /docs (apps/core/docs-page: an HTML page, its script and its styles, no
 * framework): every call of the OpenAPI document listed by area as soon as the document arrives, a
 * call's schemas written out when it is opened. Swagger UI stays at /docs/swagger to try calls.
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

export async function docsPageRoutes(app: FastifyInstance): Promise<void> {
  for (const [url, [file, type]] of Object.entries(FILES)) {
    const body = readFileSync(join(DIR, file));
    app.get(url, async (_req, reply) => reply.type(type).header('cache-control', 'no-cache').send(body));
  }
}
