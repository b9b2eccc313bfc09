/**
 * The recording files over the mock's REST routes (mock only, operators only): the download link
 * and the upload. They are files, not tRPC calls: the browser downloads the gzip itself, and the
 * upload sends the file's bytes as the body.
 */
import type { RecordingSummary } from '@fleet/contracts';
import { errorFromResponse } from '../../api/client';
import { ApiError, CLIENT_ERROR_CODES } from '../../api/ApiError';
import { uploadContentType } from './simulatorView';
import { mockRecordingsUrl } from './trpc';

export function recordingDownloadUrl(id: string): string {
  return `${mockRecordingsUrl()}/${encodeURIComponent(id)}`;
}

/**
 * POSTs a recording file (gzip or plain NDJSON). Throws an ApiError carrying the core's message
 * (for a refused file, the reader's complaint with its line number) or a network failure.
 */
export async function uploadRecording(file: Blob & { readonly name: string }, fetchImpl: typeof fetch = fetch): Promise<RecordingSummary> {
  const head = new Uint8Array(await file.slice(0, 2).arrayBuffer());
  let res: Response;
  try {
    res = await fetchImpl(mockRecordingsUrl(), {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': uploadContentType(file.name, head), accept: 'application/json' },
      body: file,
    });
  } catch (error) {
    throw new ApiError({ status: 0, code: CLIENT_ERROR_CODES.network, message: error instanceof Error ? error.message : String(error) });
  }
  if (!res.ok) throw await errorFromResponse(res);
  return (await res.json()) as RecordingSummary;
}
