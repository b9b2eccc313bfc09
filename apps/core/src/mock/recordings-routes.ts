/**
 * Fleet recordings over REST (mock only, operators only): download a finished recording's file,
 * upload one made elsewhere. The control plane (trpc/router.ts `recording.*`) starts, stops, lists
 * and removes them; files are binary, so they travel here rather than through tRPC.
 *
 * Also the request tap: while a recording is being made, every REST write under the core prefix
 * that a signed-in user made and the core answered with 2xx becomes a `request` line
 * (mock/recordings.ts), so a replay can run it again as that user.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, onResponseHookHandler, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { GLOBAL_SCOPE_ROLES, hasAnyRole } from '@fleet/contracts';
import { AppError } from '../errors.js';
import type { TappedRequest } from './recordings.js';

export const MOCK_RECORDINGS_PATH = '/mock/recordings';
/** The largest recording file an upload may carry. */
export const MAX_RECORDING_UPLOAD_BYTES = 64 * 1024 * 1024;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the request tap's onSend when this request is to be recorded: the answer's JSON, or null. */
    recordedPayload?: string | Buffer | null;
  }
}

const WRITES = new Set<string>(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A route option's hooks as a list (Fastify takes one hook or a list). */
const hooksOf = <H>(hooks: H | H[] | undefined): H[] => (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]);

/** Whether a content-type header names JSON (application/json, application/problem+json, with parameters). */
function isJson(type: unknown): boolean {
  const value = Array.isArray(type) ? type[0] : type;
  return typeof value === 'string' && /^application\/([a-z0-9.+-]*\+)?json\b/i.test(value.trim());
}

/**
 * The request tap, for the whole app (registered before the routes it watches). Nothing is kept
 * unless a recording is being made: each hook then costs one check.
 */
export const recordingTapPlugin = fp(
  async (app: FastifyInstance) => {
    const prefix = app.config.CORE_PREFIX;
    const recordings = app.services.recordings;
    app.decorateRequest('recordedPayload', undefined);
    const underPrefix = (url: string) => url.startsWith(prefix) && (url.length === prefix.length || url[prefix.length] === '/' || url[prefix.length] === '?');

    const onSend: onSendHookHandler = (req, reply, payload, done) => {
      if (recordings.recording() && WRITES.has(req.method) && reply.statusCode >= 200 && reply.statusCode < 300 && underPrefix(req.url)) {
        const text = typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : null;
        req.recordedPayload = text !== null && isJson(reply.getHeader('content-type')) ? text : null;
      }
      done(null, payload);
    };

    // Not an async hook: without a recording it answers at once, without a promise per request.
    const onResponse: onResponseHookHandler = (req, reply, done) => {
      const payload = req.recordedPayload;
      if (payload === undefined || !recordings.recording()) return done();
      tap(req, reply, payload).then(() => done(), done);
    };

    // Only routes that can write carry the two hooks: a read pays nothing for the tap.
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (!methods.some((m) => WRITES.has(m))) return;
      route.onSend = [...hooksOf(route.onSend), onSend];
      route.onResponse = [...hooksOf(route.onResponse), onResponse];
    });

    const tap = async (req: FastifyRequest, reply: FastifyReply, payload: string | Buffer | null): Promise<void> => {
      // The routes resolved the caller already; only a public write would look it up here (and be left out).
      const user = req.authUser !== undefined ? req.authUser : await app.currentUser(req);
      if (!user) return;
      const tapped: TappedRequest = {
        userId: user.id,
        method: req.method as TappedRequest['method'],
        path: req.url.slice(prefix.length) || '/',
        body: req.body !== undefined && req.body !== null && isJson(req.headers['content-type']) ? req.body : undefined,
        status: reply.statusCode,
        payload,
      };
      recordings.tapRequest(tapped);
    };
  },
  { name: 'recording-tap', dependencies: ['services', 'auth'] },
);

/** The caller, if they run the mock (super user or staff): 401 without a session, 403 for anyone else. */
async function requireOperator(app: FastifyInstance, req: FastifyRequest): Promise<void> {
  const user = await app.requireUser(req);
  if (!hasAnyRole(user.roles, GLOBAL_SCOPE_ROLES)) throw new AppError('NOT_AVAILABLE_FOR_USER_TYPE');
}

export async function mockRecordingRoutes(app: FastifyInstance): Promise<void> {
  // The file as it is: gzip, or plain NDJSON. Only in this scope; the reader checks the rest.
  app.addContentTypeParser(
    ['application/gzip', 'application/x-gzip', 'application/x-ndjson'],
    { parseAs: 'buffer', bodyLimit: MAX_RECORDING_UPLOAD_BYTES },
    (_req, body, done) => {
      done(null, body);
    },
  );
  // Who may, before a byte of a (large) body is read.
  app.addHook('onRequest', async (req) => requireOperator(app, req));

  app.get<{ Params: { id: string } }>(`${MOCK_RECORDINGS_PATH}/:id`, async (req, reply: FastifyReply) => {
    const { name, bytes } = await app.services.recordings.file(req.params.id);
    return reply.type('application/gzip').header('content-disposition', `attachment; filename="${name}"`).send(bytes);
  });

  app.post(MOCK_RECORDINGS_PATH, { bodyLimit: MAX_RECORDING_UPLOAD_BYTES }, async (req, reply) => {
    if (!Buffer.isBuffer(req.body)) throw new AppError('VALIDATION_FAILED', undefined, 'Send the recording file as application/gzip or application/x-ndjson');
    return reply.code(201).send(await app.services.recordings.import(req.body));
  });
}
