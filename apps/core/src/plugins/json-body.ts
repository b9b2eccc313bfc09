/**
 * Bounds on the JSON clients send, applied to the text before anything parses or walks it.
 *
 * `JSON.parse` itself copes with any depth, but everything after it recurses: the NUL check, zod
 * (`z.json()` fields), Prisma's JSON columns and `JSON.stringify`. A body of a few thousand nested
 * arrays used to overflow the stack (500, or a crashed process when it came over a websocket).
 * Size is already bounded (bodyLimit, websocket maxPayload); depth is bounded here, by a scan that
 * counts brackets outside strings without recursion.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { VALIDATION } from '@fleet/contracts';
import { AppError } from '../errors.js';

/** Deepest nesting of arrays and objects read from a client (a top-level `[]` is depth 1). */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether a JSON text nests arrays/objects deeper than `limit`. Brackets inside strings do not
 * count. Malformed text is not judged here: the parser refuses it afterwards.
 */
export function nestsDeeperThan(text: string, limit: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // Skip the string up to its closing quote (a backslash escapes the next character).
      for (i++; i < n; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c) i++;
        else if (d === 0x22) break;
      }
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return false;
}

/** 400 naming where the over-deep JSON was (`body`, `query.input`). */
export function tooDeeplyNested(path: string): AppError {
  const message = VALIDATION.tooDeeplyNested(MAX_JSON_DEPTH);
  const refused = new AppError('VALIDATION_FAILED', [{ path, message }], message);
  // A limit of every body, which the document's heading states (plugins/openapi.ts), not a call's rule.
  refused.bySchema = true;
  return refused;
}

/**
 * The application/json parser of the whole app: Fastify's own (same prototype-poisoning
 * handling, same errors for empty or invalid JSON), preceded by the depth bound.
 */
export const jsonBodyPlugin = fp(
  async (app: FastifyInstance) => {
    const parseJson = app.getDefaultJsonParser('error', 'ignore');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
      const text = body as string;
      if (nestsDeeperThan(text)) {
        done(tooDeeplyNested('body'), undefined);
        return;
      }
      parseJson(req, text, done);
    });
  },
  { name: 'json-body', dependencies: ['errors'] },
);

/**
 * For routes that parse JSON themselves (tRPC takes its body as text and its `?input=` from the
 * query): the same bound, as a preValidation hook of their scope.
 */
export async function refuseDeepJsonText(req: FastifyRequest): Promise<void> {
  if (typeof req.body === 'string' && nestsDeeperThan(req.body)) throw tooDeeplyNested('body');
  const input = (req.query as Record<string, unknown> | undefined)?.input;
  if (typeof input === 'string' && nestsDeeperThan(input)) throw tooDeeplyNested('query.input');
}
