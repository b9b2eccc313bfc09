import { describe, expect, it } from 'vitest';
import { recordingDownloadUrl, uploadRecording } from './recordingFiles';

function file(bytes: number[], name: string): Blob & { name: string } {
  return Object.assign(new Blob([new Uint8Array(bytes)]), { name });
}

describe('recording files', () => {
  it('links the download under /mock/recordings', () => {
    expect(recordingDownloadUrl('rec 1')).toBe('/mock/recordings/rec%201');
  });

  it('posts the bytes as gzip and gives back the summary', async () => {
    const seen: { url: string; type: string | null; size: number }[] = [];
    const fetchImpl = (async (url: string, init: RequestInit) => {
      seen.push({ url, type: new Headers(init.headers).get('content-type'), size: (init.body as Blob).size });
      return new Response(JSON.stringify({ id: 'r1', name: 'night' }), { status: 201 });
    }) as unknown as typeof fetch;
    const summary = await uploadRecording(file([0x1f, 0x8b, 8, 0], 'night.ndjson.gz'), fetchImpl);
    expect(summary).toMatchObject({ id: 'r1', name: 'night' });
    expect(seen).toEqual([{ url: '/mock/recordings', type: 'application/gzip', size: 4 }]);
  });

  it('throws the core message of a refused file', async () => {
    const fetchImpl = (async () =>
      new Response(JSON.stringify({ error: { code: 'VALIDATION_ERROR', message: 'line 2: not a recording line' } }), {
        status: 400,
        headers: { 'content-type': 'application/json' },
      })) as unknown as typeof fetch;
    await expect(uploadRecording(file([0x7b], 'x.ndjson'), fetchImpl)).rejects.toMatchObject({ status: 400, message: 'line 2: not a recording line' });
  });
});
