/**
 * One error envelope for every failure: `{ error: { code, message, fields?, deviceCode? } }` with
 * the spec's text. Client mistakes never answer 500; unexpected failures answer "Generic Error".
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_CATALOGUE, type ErrorEnvelope } from '@fleet/contracts';
import { AppError } from '../errors.js';

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

export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    // Whatever NODE_ENV says: no stack, no storage or library wording in any answer; the log keeps them.
    app.setErrorHandler((err: FastifyError | AppError | Error, req, reply) => {
      if (err instanceof AppError) {
        return reply.code(err.status).send(envelope(err));
      }
      // Anything can be thrown (a string, null): only an object has a status of its own.
      const status = typeof err === 'object' && err !== null && 'statusCode' in err && typeof err.statusCode === 'number' ? err.statusCode : 500;
      if (status >= 400 && status < 500) {
        // Fastify's own rejections (bad JSON, wrong content type, body too large, ...).
        const code = status === 413 ? 'VALIDATION_FAILED' : status === 404 ? 'NOT_FOUND' : 'VALIDATION_FAILED';
        const message = status === 404 ? ERROR_CATALOGUE.NOT_FOUND.message : ERROR_CATALOGUE.VALIDATION_FAILED.message;
        return reply.code(status).send({ error: { code, message } } satisfies ErrorEnvelope);
      }
      req.log.error({ err }, 'unhandled error');
      return reply.code(500).send({ error: { code: 'GENERIC', message: ERROR_CATALOGUE.GENERIC.message } } satisfies ErrorEnvelope);
    });
  },
  { name: 'errors' },
);
