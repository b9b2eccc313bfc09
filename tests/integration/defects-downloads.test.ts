/**
 * Download links of channel files (GET channels/{id}/downloadUrls), fetched over real HTTP from a
 * listening core on real SQLite and PostgreSQL, as a browser or a download manager would — with no
 * session: the whole body at its stated size with length, type, name and Accept-Ranges; a single
 * Range (206, 416 past the end) cut from the same bytes; a large file streamed without the core
 * holding it in memory; 403 once expired or when any part of the link was changed; 404 once the
 * file is gone; and the links live outside the core prefix.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RECEIVED_FILES_ROOT, type DownloadUrls } from '@fleet/contracts';
import { providers, startTestStack, type TestStack } from '../support/stack.js';

const CH = 'MMH-0001-CH1';
const OTHER_CH = 'MMH-0001-CH2';
const REFUSED = { error: { code: 'FORBIDDEN', message: 'This download link is not valid or has expired' } };

describe.each(providers())('download links on %s', (provider) => {
  let s: TestStack;
  let base: string;
  let regular: string;

  beforeAll(async () => {
    s = await startTestStack({ provider, simulator: false });
    base = await s.app.listen({ host: '127.0.0.1', port: 0 });
    regular = await s.login('luc_regular');
  });
  afterAll(async () => s?.close());

  let n = 0;
  /** A channel file of the given stated size (8000 kbps: 1,000,000 bytes last one second). */
  const freshFile = async (sizeBytes: number, channelId = CH) => {
    n += 1;
    const row = await s.app.services.db.channelFile.create({
      data: {
        id: `chf-dl-${provider}-${n}`,
        channelId,
        fileName: `clip_${n}.mp4`,
        mmhId: 'MMH-0001',
        mmhName: 'MMH-0001',
        sizeBytes: BigInt(sizeBytes),
        lastModified: new Date(),
        rootDirectory: RECEIVED_FILES_ROOT,
        metadata: { bitrate: 8000 },
      },
    });
    return row.id;
  };
  const urlsOf = async (fileId: string, channelId = CH): Promise<DownloadUrls> => {
    const res = await s.app.inject({ method: 'GET', url: `/api/channels/${channelId}/downloadUrls?fileId=${fileId}`, headers: { cookie: regular } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const linkOf = async (fileId: string, kind: 'file' | 'chunk' = 'file') => {
    const body = await urlsOf(fileId);
    const link = body.files[0]!.urls.find((u) => u.kind === kind)!;
    return { ...link, expiresAt: body.expiresAt };
  };
  /** No cookie: the signature is the capability. */
  const get = (path: string, headers: Record<string, string> = {}) => fetch(new URL(path, base), { headers });
  const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());

  it('serves a file and its chunk at their stated sizes, with length, type, name and Accept-Ranges, without a session', async () => {
    const id = await freshFile(3_000_001);
    const chunk = await s.app.inject({ method: 'POST', url: '/api/channelfiles/chunk', headers: { cookie: regular }, payload: { id, startSec: 0, endSec: 1 } });
    expect(chunk.statusCode, chunk.body).toBe(200);
    const body = await urlsOf(id);
    const urls = body.files[0]!.urls;
    expect(urls.map((u) => u.kind)).toEqual(['file', 'chunk']);
    for (const u of urls) {
      // Outside the core prefix (only spec calls live there), on the core's origin.
      expect(u.url.startsWith('/downloads/')).toBe(true);
      const res = await get(u.url);
      expect(res.status, u.url).toBe(200);
      expect(res.headers.get('content-length')).toBe(String(u.sizeBytes));
      expect(res.headers.get('content-type')).toBe('video/mp4');
      expect(res.headers.get('accept-ranges')).toBe('bytes');
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${u.fileName}"; filename*=UTF-8''${u.fileName}`);
      const got = await bytes(res);
      expect(got.length).toBe(u.sizeBytes);
      // Deterministic: the same bytes on every request.
      expect((await bytes(await get(u.url))).equals(got)).toBe(true);
    }
    // HEAD: the same headers, no body.
    const head = await fetch(new URL(urls[0]!.url, base), { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('3000001');
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  it('answers a single Range with 206 and the same bytes, and 416 past the end', async () => {
    const size = 200_000;
    const id = await freshFile(size);
    const { url } = await linkOf(id);
    const full = await bytes(await get(url));
    const cases: [string, number, number][] = [
      ['bytes=0-0', 0, 0],
      ['bytes=100-199', 100, 199],
      ['bytes=65530-65545', 65_530, 65_545], // across the generator's block boundary
      ['bytes=199990-', 199_990, size - 1],
      ['bytes=-10', size - 10, size - 1],
      ['bytes=150000-999999999', 150_000, size - 1],
    ];
    for (const [range, start, end] of cases) {
      const res = await get(url, { range });
      expect(res.status, range).toBe(206);
      expect(res.headers.get('content-range'), range).toBe(`bytes ${start}-${end}/${size}`);
      expect(res.headers.get('content-length'), range).toBe(String(end - start + 1));
      expect((await bytes(res)).equals(full.subarray(start, end + 1)), range).toBe(true);
    }
    for (const range of [`bytes=${size}-`, `bytes=${size + 10}-${size + 20}`, 'bytes=-0']) {
      const res = await get(url, { range });
      expect(res.status, range).toBe(416);
      expect(res.headers.get('content-range'), range).toBe(`bytes */${size}`);
      await res.arrayBuffer();
    }
    // Several ranges or a malformed header: the whole body (RFC 9110 lets a server ignore Range).
    for (const range of ['bytes=0-1,5-6', 'bytes=9-3', 'items=0-5']) {
      const res = await get(url, { range });
      expect(res.status, range).toBe(200);
      expect((await bytes(res)).length, range).toBe(size);
    }
  });

  it('streams a large file without holding it in memory', async () => {
    const size = 512 * 1024 * 1024;
    const { url } = await linkOf(await freshFile(size));
    const res = await get(url);
    expect(res.headers.get('content-length')).toBe(String(size));
    const memory = () => {
      const m = process.memoryUsage();
      return m.heapUsed + m.arrayBuffers;
    };
    const before = memory();
    let peak = before;
    let received = 0;
    const reader = res.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
      peak = Math.max(peak, memory());
    }
    expect(received).toBe(size);
    expect(peak - before).toBeLessThan(128 * 1024 * 1024);
  }, 120_000);

  it('refuses a link once it has expired (403)', async () => {
    const { url, expiresAt } = await linkOf(await freshFile(1000));
    expect((await get(url)).status).toBe(200);
    const later = vi.spyOn(Date, 'now').mockReturnValue(Date.parse(expiresAt) + 1);
    try {
      const res = await get(url);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual(REFUSED);
    } finally {
      later.mockRestore();
    }
  });

  it('refuses a link any part of which was changed (403), and serves nothing of the other file', async () => {
    const id = await freshFile(1_000_000);
    const other = await freshFile(2000);
    const elsewhere = await freshFile(3000, OTHER_CH);
    await s.app.inject({ method: 'POST', url: '/api/channelfiles/chunk', headers: { cookie: regular }, payload: { id, startSec: 0, endSec: 1 } });
    const { url } = await linkOf(id);
    const chunkUrl = (await linkOf(id, 'chunk')).url;
    const u = new URL(url, base);
    const sig = u.searchParams.get('sig')!;
    const flip = (c: string) => (c === 'A' ? 'B' : 'A');
    const with_ = (change: (x: URL) => void) => {
      const x = new URL(u);
      change(x);
      return `${x.pathname}${x.search}`;
    };
    const tampered: Record<string, string> = {
      'file id': url.replace(`/files/${id}`, `/files/${other}`),
      'channel id': url.replace(`/channels/${CH}/`, `/channels/${OTHER_CH}/`).replace(`/files/${id}`, `/files/${elsewhere}`),
      'expiry later': with_((x) => x.searchParams.set('expires', String(Number(x.searchParams.get('expires')) + 3_600_000))),
      'expiry earlier': with_((x) => x.searchParams.set('expires', String(Number(x.searchParams.get('expires')) - 1))),
      'signature, first character': with_((x) => x.searchParams.set('sig', flip(sig[0]!) + sig.slice(1))),
      'signature, last character': with_((x) => x.searchParams.set('sig', sig.slice(0, -1) + flip(sig.at(-1)!))),
      'signature, padded': with_((x) => x.searchParams.set('sig', `${sig}=`)),
      'signature missing': with_((x) => x.searchParams.delete('sig')),
      'signature empty': with_((x) => x.searchParams.set('sig', '')),
      name: with_((x) => x.searchParams.set('name', 'other.mp4')),
      'an extra parameter': with_((x) => x.searchParams.set('admin', '1')),
      'a repeated parameter': `${url}&name=clip.mp4`,
      'chunk turned into the file': chunkUrl.replace(/\/chunks\/\d+/, ''),
      'file turned into a chunk': url.replace('?', '/chunks/1?'),
      'chunk index': chunkUrl.replace(/\/chunks\/\d+/, '/chunks/2'),
    };
    for (const [what, link] of Object.entries(tampered)) {
      expect(link, what).not.toBe(url);
      const res = await get(link);
      expect(res.status, what).toBe(403);
      expect(await res.json(), what).toEqual(REFUSED);
    }
    // The untouched links still work.
    expect((await get(url)).status).toBe(200);
    expect((await get(chunkUrl)).status).toBe(200);
  });

  it('answers 404 once the file is gone, and serves no download under the core prefix', async () => {
    const id = await freshFile(1000);
    const { url } = await linkOf(id);
    await s.app.services.db.channelFile.delete({ where: { id } });
    const gone = await get(url);
    expect(gone.status).toBe(404);
    expect((await gone.json()).error.code).toBe('NOT_FOUND');
    // The old, never-served shape under /api is not a route; nor is an unknown path under /downloads.
    for (const path of [`/api/channels/${CH}/files/${id}/download`, '/downloads/nothing']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).toMatch(/^application\/json/);
      await res.arrayBuffer();
    }
  });
});
