/**
 * GET /downloads/channels/{channelId}/files/{fileId}[/chunks/{index}]?name&expires&sig: the signed
 * links GET channels/{id}/downloadUrls hands out (modules/files/download-links.ts). No session: the
 * signature is the capability. 403 when any part of the link was changed or it has expired, 404
 * when the file (or chunk) is gone; otherwise the body is streamed with its length, type and name,
 * and a single `Range` is answered 206 (416 when it lies past the end).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CATALOGUE, type ErrorEnvelope } from '@fleet/contracts';
import {
  attachmentOf,
  bodyStream,
  contentTypeOf,
  downloadRefused,
  DOWNLOADS_PATH,
  parseRange,
  type DownloadQuery,
  type DownloadTarget,
} from '../modules/files/download-links.js';

interface Params {
  channelId: string;
  fileId: string;
  index?: string;
}

/** A link whose query is not exactly name, expires and sig (one each) was not made by us. */
function queryOf(raw: unknown): DownloadQuery | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const q = raw as Record<string, unknown>;
  const keys = Object.keys(q).sort();
  if (keys.join(',') !== 'expires,name,sig') return null;
  const { name, expires, sig } = q;
  if (typeof name !== 'string' || typeof sig !== 'string' || typeof expires !== 'string' || !/^\d{1,15}$/.test(expires)) return null;
  return { name, expires: Number(expires), sig };
}

function targetOf(params: Params): DownloadTarget | null {
  if (params.index === undefined) return { channelId: params.channelId, fileId: params.fileId, chunk: null };
  if (!/^\d{1,9}$/.test(params.index)) return null;
  return { channelId: params.channelId, fileId: params.fileId, chunk: Number(params.index) };
}

export async function downloadRoutes(app: FastifyInstance): Promise<void> {
  const serve = async (req: FastifyRequest<{ Params: Params }>, reply: FastifyReply) => {
    const target = targetOf(req.params);
    const query = queryOf(req.query);
    if (!target || !query) throw downloadRefused();
    const { fileName, sizeBytes } = await app.services.files.openDownload(target, query);
    void reply.header('accept-ranges', 'bytes').header('cache-control', 'private, no-store');
    const range = parseRange(req.headers.range, sizeBytes);
    if (range === 'unsatisfiable') {
      const body: ErrorEnvelope = { error: { code: 'VALIDATION_FAILED', message: ERROR_CATALOGUE.VALIDATION_FAILED.message } };
      return reply.code(416).header('content-range', `bytes */${sizeBytes}`).send(body);
    }
    void reply.header('content-type', contentTypeOf(fileName)).header('content-disposition', attachmentOf(fileName));
    const { start, end } = range ?? { start: 0, end: sizeBytes - 1 };
    if (range) void reply.code(206).header('content-range', `bytes ${start}-${end}/${sizeBytes}`);
    return reply.header('content-length', String(end - start + 1)).send(bodyStream(target, start, end + 1));
  };
  app.get<{ Params: Params }>(`${DOWNLOADS_PATH}/channels/:channelId/files/:fileId`, serve);
  app.get<{ Params: Params }>(`${DOWNLOADS_PATH}/channels/:channelId/files/:fileId/chunks/:index`, serve);
}
