/**
 * Channel files (spec 001 §7 Channel files, §4 file transfer; spec 000 §2 Files, §3 File, §5) against
 * the real core on real SQLite and PostgreSQL with the real simulator attached: every call's success
 * path, its validation rules with the spec's words, 401 / 403 / 404, that a rejected request
 * changes nothing, the realtime events the console's grid lives on, and that a unit's transfer to a
 * channel creates the file entry (started) and clears its transferring flag (completed).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildPath, catalogue, fileEndpoints, RECEIVED_FILES_ROOT, type ChannelFile, type EndpointDef, type RealtimeEvent } from '@fleet/contracts';
import { eventually, providers, startTestStack, type TestStack, coreCall, type Method } from '../support/stack.js';
import { RecordedFileWrites } from '../../apps/core/src/modules/units/recorded-files.js';

const FILE_IDS = Object.keys(fileEndpoints) as (keyof typeof fileEndpoints)[];
const CH = 'MMH-0001-CH1';
/** A channel of the Metro inventory: luc_regular does not see it. */
const HIDDEN_CH = 'MMH-0002-CH1';

describe.each(providers())('channel files on %s', (provider) => {
  let s: TestStack;
  let regular: string;
  let read: string;
  let superUser: string;
  let curator: string;
  const events: RealtimeEvent[] = [];

  beforeAll(async () => {
    s = await startTestStack({ provider });
    [regular, read, superUser, curator] = await Promise.all([s.login('luc_regular'), s.login('luc_read'), s.login('super_user'), s.login('luc_curator')]);
    const hub = s.app.services.hub;
    const publish = hub.publish.bind(hub);
    vi.spyOn(hub, 'publish').mockImplementation((topics, event) => {
      events.push(event);
      publish(topics, event);
    });
    // A file on a channel luc_regular cannot see, and a channel in a known state.
    await db().channelFile.create({
      data: {
        id: 'chf-hidden',
        channelId: HIDDEN_CH,
        unitId: 'LU800-0005',
        fileName: 'metro_clip.mp4',
        mmhId: 'MMH-0002',
        mmhName: 'MMH-0002',
        sizeBytes: BigInt(10_000_000),
        rootDirectory: RECEIVED_FILES_ROOT,
      },
    });
  });
  afterAll(async () => s?.close());

  const call = (method: Method, url: string, cookie: string | undefined, payload?: unknown) => coreCall(s, method, url, cookie, payload);
  const db = () => s.app.services.db;
  const setChannelStatus = (id: string, status: string) => db().channel.update({ where: { id }, data: { status } });
  const snapshot = async () => {
    const rows = await db().channelFile.findMany({ orderBy: { id: 'asc' } });
    return JSON.stringify(rows, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
  };
  const list = async (cookie: string, query = 'groupId=grp-newsroom'): Promise<{ items: ChannelFile[]; total: number }> => {
    const res = await call('GET', `/channelfiles?${query}`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  /** A fresh, complete file on CH for one test (so tests do not depend on each other). */
  let n = 0;
  const freshFile = async (over: Record<string, unknown> = {}) => {
    n += 1;
    const row = await db().channelFile.create({
      data: {
        id: `chf-test-${n}`,
        channelId: CH,
        unitId: 'LU800-0001',
        fileName: `test_clip_${n}.mp4`,
        luName: 'LU800-0001',
        luAlias: 'LU800-0001',
        mmhId: 'MMH-0001',
        mmhName: 'MMH-0001',
        sizeBytes: BigInt(100_000_000), // 100 s at 8000 kbps
        lastModified: new Date(),
        rootDirectory: RECEIVED_FILES_ROOT,
        metadata: { bitrate: 8000, resolution: '1920x1080', codec: 'h264' },
        ...over,
      },
    });
    return row.id;
  };

  it('answers 401 to every call of this area without a session', async () => {
    for (const id of FILE_IDS) {
      const def: EndpointDef = catalogue[id];
      const res = await call(def.method, buildPath(def.path, { id: CH }), undefined, def.method === 'POST' ? { id: 'chf-1' } : undefined);
      expect(res.statusCode, id).toBe(401);
      expect(res.json().error.code, id).toBe('UNAUTHENTICATED');
    }
  });

  it('answers 403 to roles outside each declaration (limited roles read nothing, luc_read changes nothing)', async () => {
    const before = await snapshot();
    for (const id of FILE_IDS) {
      const def: EndpointDef = catalogue[id];
      const url = buildPath(def.path, { id: CH });
      if (def.method === 'GET') {
        const res = await call('GET', url, curator);
        expect(res.statusCode, id).toBe(403);
        expect((await call('GET', url, read)).statusCode, id).not.toBe(403);
      } else {
        const res = await call('POST', url, read, { id: 'chf-1', ids: ['chf-1'], name: 'x', startSec: 0, endSec: 1 });
        expect(res.statusCode, id).toBe(403);
        expect(res.json().error.code, id).toBe('FORBIDDEN');
      }
    }
    expect(await snapshot()).toBe(before);
  });

  // ── GET channelfiles ───────────────────────────────────────────────────────────────────────

  it('lists the files of the channels of a group, with the seeded files and their fields', async () => {
    const { items, total } = await list(regular);
    expect(total).toBe(items.length);
    const seeded = items.find((f) => f.id === 'chf-1');
    expect(seeded).toMatchObject({
      channelId: CH,
      fileId: { channel: CH, unit: 'LU800-0001' },
      rootDirectory: RECEIVED_FILES_ROOT,
      mmhId: 'MMH-0001',
      isTransferring: false,
      progress: null,
      broadcasting: false,
      chunks: [],
    });
    expect(seeded?.channelName).toMatch(/CH1$/);
    expect(items.some((f) => f.id === 'chf-hidden')).toBe(false);
    // A group with no file channel: empty.
    expect((await list(regular, 'groupId=grp-studio')).items).toEqual([]);
  });

  it('filters by channel, unit, name, date range and transferring, and pages', async () => {
    const id = await freshFile({
      fileName: 'Filter_Me_Special.mp4',
      unitId: 'LU800-0003',
      isTransferring: true,
      lastModified: new Date('2020-01-02T00:00:00Z'),
    });
    const byName = await list(regular, 'groupId=grp-newsroom&search=filter_me');
    expect(byName.items.map((f) => f.id)).toEqual([id]);
    expect(byName.items[0]?.progress).toBe(0);
    expect((await list(regular, 'groupId=grp-newsroom&unitId=LU800-0003')).items.map((f) => f.id)).toContain(id);
    expect((await list(regular, 'groupId=grp-newsroom&transferring=true')).items.map((f) => f.id)).toEqual([id]);
    expect((await list(regular, 'groupId=grp-newsroom&transferring=false')).items.map((f) => f.id)).not.toContain(id);
    expect((await list(regular, 'groupId=grp-newsroom&from=2020-01-01T00:00:00Z&to=2020-01-03T00:00:00Z')).items.map((f) => f.id)).toEqual([id]);
    expect((await list(regular, `groupId=grp-newsroom&channelId=${HIDDEN_CH}`)).items).toEqual([]);
    const page = await list(regular, 'groupId=grp-newsroom&offset=1&limit=2');
    expect(page.items.length).toBeLessThanOrEqual(2);
    expect(page.total).toBe((await list(regular)).total);
    await db().channelFile.delete({ where: { id } });
  });

  it('validates the list query and answers 404 for a group the caller cannot see', async () => {
    const missing = await call('GET', '/channelfiles', regular);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual([{ path: 'query.groupId', message: 'This field is required' }]);
    const badBool = await call('GET', '/channelfiles?groupId=grp-newsroom&transferring=maybe', regular);
    expect(badBool.statusCode).toBe(400);
    const badLimit = await call('GET', '/channelfiles?groupId=grp-newsroom&limit=0', regular);
    expect(badLimit.json().error.fields).toEqual([{ path: 'query.limit', message: 'Must be 1 or more' }]);
    for (const g of ['grp-metro-live', 'grp-nope']) {
      const res = await call('GET', `/channelfiles?groupId=${g}`, regular);
      expect(res.statusCode, g).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    // Super user sees every group.
    expect((await list(superUser, 'groupId=grp-metro-live')).items.map((f) => f.id)).toContain('chf-hidden');
  });

  // ── POST channelfiles/broadcast/start and /stop ────────────────────────────────────────────

  it('plays a file out on an idle channel and stops it, announcing each change', async () => {
    await setChannelStatus(CH, 'idle');
    const id = await freshFile();
    events.length = 0;
    const start = await call('POST', '/channelfiles/broadcast/start', regular, { id });
    expect(start.statusCode, start.body).toBe(200);
    expect(start.json()).toMatchObject({ id, broadcasting: true });
    expect(events.find((e) => e.type === 'channelFile.changed')).toMatchObject({ file: { id, broadcasting: true } });
    // Again: answered as it is.
    expect((await call('POST', '/channelfiles/broadcast/start', regular, { id })).json()).toMatchObject({ broadcasting: true });
    // Another file on the same channel: the channel is busy.
    const other = await freshFile();
    const busy = await call('POST', '/channelfiles/broadcast/start', regular, { id: other });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error).toEqual({ code: 'UNIT_OFFLINE', message: 'Selected channel busy or offline' });
    // A playing file may be renamed: the playout goes on.
    const renamed = await call('POST', '/channelfiles/name', regular, { id, name: `playing_${id}` });
    expect(renamed.json()).toMatchObject({ fileName: `playing_${id}.mp4`, broadcasting: true });
    const stop = await call('POST', '/channelfiles/broadcast/stop', regular, { id });
    expect(stop.statusCode, stop.body).toBe(200);
    expect(stop.json()).toMatchObject({ id, broadcasting: false });
    expect((await call('POST', '/channelfiles/broadcast/stop', regular, { id })).json()).toMatchObject({ broadcasting: false });
  });

  it('refuses playout on an offline or busy channel and of a file still arriving, changing nothing', async () => {
    const id = await freshFile();
    const arriving = await freshFile({ isTransferring: true });
    const before = await snapshot();
    for (const status of ['offline', 'unavailable', 'collecting', 'PlayStoredFile']) {
      await setChannelStatus(CH, status);
      const res = await call('POST', '/channelfiles/broadcast/start', regular, { id });
      expect(res.statusCode, status).toBe(409);
      expect(res.json().error).toEqual({ code: 'UNIT_OFFLINE', message: 'Selected channel busy or offline' });
    }
    await setChannelStatus(CH, 'idle');
    const t = await call('POST', '/channelfiles/broadcast/start', regular, { id: arriving });
    expect(t.json().error).toEqual({ code: 'FILE_UPLOAD_IN_PROGRESS', message: 'The file is being uploaded' });
    expect(await snapshot()).toBe(before);
    const bad = await call('POST', '/channelfiles/broadcast/start', regular, {});
    expect(bad.json().error.fields).toEqual([{ path: 'body.id', message: 'This field is required' }]);
    for (const path of ['/channelfiles/broadcast/start', '/channelfiles/broadcast/stop']) {
      for (const missing of ['chf-hidden', 'chf-nope']) {
        const res = await call('POST', path, regular, { id: missing });
        expect(res.statusCode, `${path} ${missing}`).toBe(404);
      }
    }
    expect(await snapshot()).toBe(before);
  });

  // ── POST channelfiles/name ─────────────────────────────────────────────────────────────────

  it('renames a file keeping its extension, with the spec’s name rules', async () => {
    const id = await freshFile();
    const taken = await freshFile();
    const takenName = (await db().channelFile.findUniqueOrThrow({ where: { id: taken } })).fileName.replace(/\.mp4$/, '');
    const before = await snapshot();
    const cases: [unknown, string][] = [
      ['', 'This field is required'],
      ['   ', 'This field is required'],
      ['bad name', 'Must match the pattern'],
      ['semi;colon', 'Must match the pattern'],
      ['a'.repeat(256), 'Must be no more than 255 characters'],
      [takenName, 'The resulting file name must be unique on the same multimedia hub'],
    ];
    for (const [name, message] of cases) {
      const res = await call('POST', '/channelfiles/name', regular, { id, name });
      expect(res.statusCode, String(name)).toBe(400);
      expect(res.json().error.fields, String(name)).toEqual([{ path: 'body.name', message }]);
    }
    expect((await call('POST', '/channelfiles/name', regular, { id: 'chf-hidden', name: 'x' })).statusCode).toBe(404);
    expect(await snapshot()).toBe(before);
    events.length = 0;
    const ok = await call('POST', '/channelfiles/name', regular, { id, name: 'Evening_news-{cut}+1' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ id, fileName: 'Evening_news-{cut}+1.mp4', fileId: { name: 'Evening_news-{cut}+1.mp4' } });
    expect(events.find((e) => e.type === 'channelFile.changed')).toMatchObject({ file: { id, fileName: 'Evening_news-{cut}+1.mp4' } });
  });

  // ── POST channelfiles/chunk ────────────────────────────────────────────────────────────────

  it('makes chunks within the file length and lists them; refuses ranges outside it', async () => {
    const id = await freshFile(); // 100 s
    const before = await snapshot();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ startSec: -1, endSec: 10 }, 'body.startSec', 'Must be 0 or more'],
      [{ startSec: 10, endSec: 10 }, 'body.endSec', 'The end must be after the start'],
      [{ startSec: 20, endSec: 5 }, 'body.endSec', 'The end must be after the start'],
      [{ startSec: 10, endSec: 101 }, 'body.endSec', 'Must be 100 or less'],
      [{ startSec: 'a', endSec: 5 }, 'body.startSec', 'Must be a number'],
    ];
    for (const [range, path, message] of cases) {
      const res = await call('POST', '/channelfiles/chunk', regular, { id, ...range });
      expect(res.statusCode, JSON.stringify(range)).toBe(400);
      expect(res.json().error.fields, JSON.stringify(range)).toEqual([{ path, message }]);
    }
    expect((await call('POST', '/channelfiles/chunk', regular, { id: 'chf-hidden', startSec: 0, endSec: 1 })).statusCode).toBe(404);
    expect(await snapshot()).toBe(before);
    const ok = await call('POST', '/channelfiles/chunk', regular, { id, startSec: 10, endSec: 35 });
    expect(ok.statusCode, ok.body).toBe(200);
    const { file, chunk } = ok.json();
    expect(chunk).toMatchObject({ index: 1, startSec: 10, endSec: 35, sizeBytes: 25_000_000 });
    expect(chunk.fileName).toMatch(/_chunk1\.mp4$/);
    expect(file).toMatchObject({ id, chunkIndex: 1, chunks: [chunk] });
    const second = await call('POST', '/channelfiles/chunk', regular, { id, startSec: 0, endSec: 100 });
    expect(second.json().chunk.index).toBe(2);
    expect((await list(regular)).items.find((f) => f.id === id)?.chunks.map((c) => c.index)).toEqual([1, 2]);
  });

  // ── GET channels/{id}/downloadUrls ─────────────────────────────────────────────────────────

  it('answers well-formed signed download URLs (outside the core prefix) for a file and its chunks', async () => {
    const id = await freshFile();
    await call('POST', '/channelfiles/chunk', regular, { id, startSec: 0, endSec: 5 });
    const res = await call('GET', `/channels/${CH}/downloadUrls?fileId=${id}`, read);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.channelId).toBe(CH);
    expect(Date.parse(body.expiresAt)).toBeGreaterThan(Date.now());
    expect(body.files).toHaveLength(1);
    const urls = body.files[0].urls as { kind: string; url: string; fileName: string }[];
    expect(urls.map((u) => u.kind)).toEqual(['file', 'chunk']);
    expect(urls[0]?.fileName).toBe(body.files[0].fileName);
    for (const u of urls) {
      const parsed = new URL(u.url, 'http://core.example');
      expect(parsed.pathname.startsWith(`/downloads/channels/${CH}/files/${id}`)).toBe(true);
      expect(parsed.searchParams.get('sig')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(parsed.searchParams.get('name')).toBe(u.fileName);
      expect(Number(parsed.searchParams.get('expires'))).toBe(Date.parse(body.expiresAt));
    }
    const all = await call('GET', `/channels/${CH}/downloadUrls`, regular);
    expect(all.json().files.length).toBeGreaterThan(1);
    expect((await call('GET', `/channels/${HIDDEN_CH}/downloadUrls`, regular)).statusCode).toBe(404);
    expect((await call('GET', `/channels/${CH}/downloadUrls?fileId=chf-hidden`, regular)).statusCode).toBe(404);
    expect((await call('GET', '/channels/nope/downloadUrls', regular)).statusCode).toBe(404);
  });

  // ── GET metadata ───────────────────────────────────────────────────────────────────────────

  it('answers a file’s metadata by channel and path, with the unit and story', async () => {
    const seeded = await db().channelFile.findUniqueOrThrow({ where: { id: 'chf-1' } });
    const path = encodeURIComponent(`${seeded.rootDirectory}/${seeded.fileName}`);
    const res = await call('GET', `/metadata?channelId=${CH}&filePath=${path}`, read);
    expect(res.statusCode, res.body).toBe(200);
    const m = res.json();
    expect(m).toMatchObject({
      channelId: CH,
      fileId: 'chf-1',
      resolution: '1920x1080',
      codec: 'h264',
      bitrateKbps: 8000,
      unitType: 'LU800',
      sizeBytes: Number(seeded.sizeBytes),
    });
    const unit = await db().unit.findUniqueOrThrow({ where: { id: seeded.unitId ?? '' }, select: { name: true } });
    expect(m.unitName).toBe(unit.name);
    expect(m.lengthSec).toBe(Math.round((Number(seeded.sizeBytes) * 8) / 8_000_000));
    // The first seeded file of LU800-0001 carries story sty-1.
    const story = await db().story.findUniqueOrThrow({ where: { id: 'sty-1' }, select: { slugline: true } });
    expect(m.story?.slugline).toBe(story.slugline);
    const missing = await call('GET', `/metadata?channelId=${CH}`, regular);
    expect(missing.json().error.fields).toEqual([{ path: 'query.filePath', message: 'This field is required' }]);
    expect((await call('GET', `/metadata?channelId=${CH}&filePath=%2Fnope.mp4`, regular)).statusCode).toBe(404);
    expect(
      (await call('GET', `/metadata?channelId=${HIDDEN_CH}&filePath=${encodeURIComponent(`${RECEIVED_FILES_ROOT}/metro_clip.mp4`)}`, regular)).statusCode,
    ).toBe(404);
  });

  // ── POST channelfiles/removal ──────────────────────────────────────────────────────────────

  it('removes files all or nothing (a playing file stops) and announces it', async () => {
    await setChannelStatus(CH, 'idle');
    const a = await freshFile();
    const b = await freshFile();
    expect((await call('POST', '/channelfiles/broadcast/start', regular, { id: b })).json()).toMatchObject({ broadcasting: true });
    const arriving = await freshFile({ isTransferring: true });
    const before = await snapshot();
    expect((await call('POST', '/channelfiles/removal', regular, { ids: [] })).json().error.fields).toEqual([
      { path: 'body.ids', message: 'This field is required' },
    ]);
    expect((await call('POST', '/channelfiles/removal', regular, { ids: [a, 'chf-hidden'] })).statusCode).toBe(404);
    expect((await call('POST', '/channelfiles/removal', regular, { ids: [a, 'chf-nope'] })).statusCode).toBe(404);
    expect((await call('POST', '/channelfiles/removal', regular, { ids: [a, arriving] })).json().error.code).toBe('FILE_UPLOAD_IN_PROGRESS');
    expect(await snapshot()).toBe(before);
    events.length = 0;
    const ok = await call('POST', '/channelfiles/removal', regular, { ids: [a, b, a] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ removed: [a, b] });
    expect(await db().channelFile.count({ where: { id: { in: [a, b] } } })).toBe(0);
    expect(events.find((e) => e.type === 'channelFile.removed')).toMatchObject({ ids: [a, b] });
  });

  // ── spec 001 §4 file transfer ──────────────────────────────────────────────────────────────

  it('creates the file entry when a unit starts sending it to a channel and clears transferring when it completes', async () => {
    const unit = 'LU800-0003';
    await eventually(async () => s.app.services.index.statusOf(unit) === 'idle');
    const recorded = await db().file.create({
      data: {
        id: 'fil-transfer-1',
        unitId: unit,
        kind: 'recorded',
        fileName: 'transfer_test.mp4',
        path: '/media/sd/transfer_test.mp4',
        rootDirectory: '/media/sd',
        sizeBytes: BigInt(2_000_000),
        metadata: { bitrate: 4000, codec: 'h265' },
      },
    });
    events.length = 0;
    const res = await call('POST', `/v2/units/${unit}/storages/files/upload`, regular, { paths: [recorded.path], channelId: CH });
    expect(res.statusCode, res.body).toBe(200);
    const added = await eventually(async () => events.find((e) => e.type === 'channelFile.added' && e.file.fileName === 'transfer_test.mp4'));
    expect(added).toMatchObject({ file: { channelId: CH, isTransferring: true, fileId: { unit } } });
    await eventually(
      async () => (await db().channelFile.findFirst({ where: { channelId: CH, fileName: 'transfer_test.mp4', isTransferring: false } })) !== null,
      10_000,
    );
    const done = await eventually(async () =>
      events.find((e) => e.type === 'channelFile.changed' && e.file.fileName === 'transfer_test.mp4' && !e.file.isTransferring),
    );
    expect(done).toMatchObject({ file: { isTransferring: false, progress: null, sizeBytes: 2_000_000 } });
    const listed = (await list(regular)).items.find((f) => f.fileName === 'transfer_test.mp4');
    expect(listed).toMatchObject({ isTransferring: false, luName: expect.any(String), mmhId: 'MMH-0001' });
  });

  it('keeps every recorded file the fleet reports at once (a clock step’s outcome), the latest report of each', async () => {
    const units = ['LU800-0001', 'LU800-0002', 'LU800-0003', 'LU800-0004', 'LU800-0005'];
    const gateway = s.app.services.gateway;
    const report = (unitId: string, n: number, progress: number) =>
      gateway.applyReport({
        kind: 'event',
        at: Date.UTC(2026, 10, 29, 8, 0, n),
        event: {
          type: 'file',
          unitId,
          fileId: `fil-burst-${unitId}-${n}`,
          fileName: `burst_${n}.mp4`,
          path: `/media/sd/burst_${n}.mp4`,
          storageId: '/media/sd',
          sizeBytes: 1_000_000 * (n + 1),
          status: null,
          progress,
          isTransferring: false,
          channelId: null,
          transfer: 'recorded',
        },
      });
    // Two reports of each of four files of five units, all in one turn.
    for (const unit of units) for (let n = 0; n < 4; n++) report(unit, n, 10);
    for (const unit of units) for (let n = 0; n < 4; n++) report(unit, n, 20 + n);
    await s.app.services.events.settle();
    const rows = await db().file.findMany({ where: { id: { startsWith: 'fil-burst-' } }, orderBy: { id: 'asc' } });
    expect(rows).toHaveLength(20);
    for (const r of rows) {
      const n = Number(r.id.slice(-1));
      expect([r.kind, r.fileName, r.sizeBytes, r.progress, r.version, r.lastModified?.toISOString()]).toEqual([
        'recorded',
        `burst_${n}.mp4`,
        BigInt(1_000_000 * (n + 1)),
        20 + n,
        1,
        new Date(Date.UTC(2026, 10, 29, 8, 0, n)).toISOString(),
      ]);
    }
  });

  it('writes the reports of one turn in one statement; a row the database refuses fails alone', async () => {
    const writes = new RecordedFileWrites(db());
    const data = (name: string) => ({
      fileName: name,
      path: `/media/sd/${name}`,
      rootDirectory: '/media/sd',
      channelId: null,
      sizeBytes: 42n,
      lastModified: new Date(),
      isTransferring: false,
      status: null,
      progress: 0,
    });
    const results = await Promise.allSettled([
      writes.write('fil-one-turn-1', 'LU800-0001', data('a.mp4')),
      writes.write('fil-one-turn-2', 'LU800-0002', data('b.mp4')),
      writes.write('fil-one-turn-3', 'NO-SUCH-UNIT', data('c.mp4')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    // One statement for the turn; it failed on the unknown unit, so each row was written alone.
    expect(writes.stats).toEqual({ batches: 1, rows: 3, alone: 3 });
    expect((await db().file.findMany({ where: { id: { startsWith: 'fil-one-turn-' } }, select: { id: true } })).map((r) => r.id).sort()).toEqual([
      'fil-one-turn-1',
      'fil-one-turn-2',
    ]);
    await Promise.all([writes.write('fil-one-turn-1', 'LU800-0001', data('a2.mp4')), writes.write('fil-one-turn-4', 'LU800-0001', data('d.mp4'))]);
    expect(writes.stats).toEqual({ batches: 2, rows: 5, alone: 3 });
    expect((await db().file.findUniqueOrThrow({ where: { id: 'fil-one-turn-1' } })).fileName).toBe('a2.mp4');
  });
});
