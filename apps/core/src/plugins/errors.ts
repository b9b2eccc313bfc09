/**
 * One error envelope for every failure: `{ error: { code, message, fields?, deviceCode? } }` with
 * the spec's text. Client mistakes never answer 500; unexpected failures answer "Generic Error".
 */
import { ServerResponse, STATUS_CODES, type IncomingMessage, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_CATALOGUE, statedBy, type EndpointId, type ErrorEnvelope, type StatedRule } from '@fleet/contracts';
import { AppError } from '../errors.js';
import { isDocumentedStatus } from './call-statuses.js';
import { openApiDocument } from './openapi.js';

export function envelope(e: AppError): ErrorEnvelope {
  return {
    error: {
      code: e.code,
      message: e.message,
      ...(e.fields ? { fields: e.fields } : {}),
      ...(e.deviceCode !== undefined ? { deviceCode: e.deviceCode } : {}),
    },
  };
}

/** A size in bytes as people read it: whole MB or KB where it is one (1024-based, as the overlay limit), else bytes. */
export function sizeText(bytes: number): string {
  const MB = 1024 * 1024;
  if (bytes >= MB && bytes % MB === 0) return `${bytes / MB} MB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return `${bytes} bytes`;
}

/**
 * A call's 400 for a rule beyond its schemas (its own code's, or a refinement's) that the OpenAPI document
 * does not state for it (`x-rules`: the field and the message), or that names no rule (the bare "Invalid
 * field", no field at all): what is wrong, else null. A schema's own refusal (`bySchema`) is not one.
 */
function unstatedRefusal(req: FastifyRequest, err: AppError): { callId: EndpointId; what: string } | null {
  const callId = (req.routeOptions.config as { callId?: EndpointId }).callId;
  if (callId === undefined || err.code !== 'VALIDATION_FAILED' || err.bySchema) return null;
  const rules = statedRules(callId, req.server.config.CORE_PREFIX);
  const fields = err.fields ?? [];
  if (fields.length === 0) return { callId, what: 'a 400 naming no field' };
  const wrong = fields.find((f) => !statedBy(rules, f));
  return wrong ? { callId, what: `${JSON.stringify(wrong.message)} at ${wrong.path}` } : null;
}

let rulesByCall: Map<string, readonly StatedRule[]> | null = null;
/** The rules the document states for a call (its `x-rules`), read from the document once. */
function statedRules(id: EndpointId, prefix: string): readonly StatedRule[] {
  if (rulesByCall === null) {
    const doc = openApiDocument(prefix) as { paths: Record<string, Record<string, { operationId: string; 'x-rules'?: StatedRule[] }>> };
    rulesByCall = new Map(
      Object.values(doc.paths)
        .flatMap((byMethod) => Object.values(byMethod))
        .map((op) => [op.operationId, op['x-rules'] ?? []]),
    );
  }
  return rulesByCall.get(id) ?? [];
}

/** The answer to a body over the limit: what is wrong, and the limit. */
export function bodyTooLargeMessage(limitBytes: number | undefined): string {
  const text = ERROR_CATALOGUE.BODY_TOO_LARGE.message;
  return limitBytes === undefined ? text : `${text} (at most ${sizeText(limitBytes)})`;
}

/**
 * The answer to a request Node refuses before Fastify sees it (Fastify's `clientErrorHandler`): headers
 * over the limit (431), a request that did not arrive in time (408), anything malformed (400), in the
 * product's envelope rather than Fastify's default body. A reset connection gets nothing.
 */
export function answerClientError(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? ([431, 'REQUEST_TOO_LARGE'] as const)
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? ([408, 'REQUEST_TIMEOUT'] as const)
        : ([400, 'VALIDATION_FAILED'] as const);
  const body = JSON.stringify({ error: { code, message: ERROR_CATALOGUE[code].message } } satisfies ErrorEnvelope);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

/**
 * CONNECT: Node hands a CONNECT request's connection to the server's `connect` listeners and, with none,
 * closes it unanswered. Here it is answered like any other method, by the server's own request listener
 * (the mounts, then Fastify: 405 with `Allow` on a catalogue path, 404 elsewhere), on a response written
 * to that connection, which closes once the answer is out. No tunnel is ever opened.
 */
export function answerConnect(server: Server): (req: IncomingMessage, socket: Duplex) => void {
  return (req, socket) => {
    // The connection Node hands over is a net.Socket (Duplex is the event's declared type).
    const connection = socket as Socket;
    connection.on('error', () => connection.destroy());
    const res = new ServerResponse(req);
    res.shouldKeepAlive = false;
    res.assignSocket(connection);
    res.on('finish', () => {
      res.detachSocket(connection);
      connection.end();
    });
    server.emit('request', req, res);
  };
}

export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    // Whatever NODE_ENV says: no stack, no storage or library wording in any answer; the log keeps them.
    /** The error answer of `req`; with RESPONSE_VALIDATION, a status the call's document does not list is a fault (500, logged). */
    const answer = (req: FastifyRequest, reply: FastifyReply, status: number, body: ErrorEnvelope): FastifyReply => {
      const callId = (req.routeOptions.config as { callId?: EndpointId }).callId;
      if (callId !== undefined && req.server.config.RESPONSE_VALIDATION && !isDocumentedStatus(callId, status)) {
        req.log.error({ callId, status, code: body.error.code }, 'an error status the OpenAPI document does not list for this call (run pnpm openapi)');
        return reply.code(500).send({
          error: { code: 'GENERIC', message: `${ERROR_CATALOGUE.GENERIC.message}: ${status} ${body.error.code} is not documented on ${callId}` },
        } satisfies ErrorEnvelope);
      }
      return reply.code(status).send(body);
    };
    // Whatever NODE_ENV says: no stack, no storage or library wording in any answer; the log keeps them.
    app.setErrorHandler((err: FastifyError | AppError | Error, req, reply) => {
      if (err instanceof AppError) {
        const unstated = req.server.config.RESPONSE_VALIDATION ? unstatedRefusal(req, err) : null;
        if (unstated !== null) {
          req.log.error({ callId: unstated.callId, fields: err.fields }, 'a 400 for a rule the OpenAPI document does not state for this call (x-rules)');
          return reply.code(500).send({
            error: { code: 'GENERIC', message: `${ERROR_CATALOGUE.GENERIC.message}: ${unstated.what} is not a rule the document states on ${unstated.callId}` },
          } satisfies ErrorEnvelope);
        }
        return answer(req, reply, err.status, envelope(err));
      }
      // Anything can be thrown (a string, null): only an object has a status of its own.
      const status = typeof err === 'object' && err !== null && 'statusCode' in err && typeof err.statusCode === 'number' ? err.statusCode : 500;
      if (status === 413) {
        // A body over the route's limit (the core's, or a larger one a route allows).
        return answer(req, reply, 413, { error: { code: 'BODY_TOO_LARGE', message: bodyTooLargeMessage(req.routeOptions.bodyLimit) } });
      }
      if (status >= 400 && status < 500) {
        // Fastify's own rejections (bad JSON, wrong content type, ...).
        const code = status === 404 ? 'NOT_FOUND' : 'VALIDATION_FAILED';
        const message = status === 404 ? ERROR_CATALOGUE.NOT_FOUND.message : ERROR_CATALOGUE.VALIDATION_FAILED.message;
        return answer(req, reply, status, { error: { code, message } });
      }
      req.log.error({ err }, 'unhandled error');
      return reply.code(500).send({ error: { code: 'GENERIC', message: ERROR_CATALOGUE.GENERIC.message } } satisfies ErrorEnvelope);
    });
  },
  { name: 'errors' },
);
