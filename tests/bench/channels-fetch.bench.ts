/**
 * GET channels/fetch with 10,000 channels (over 200 multimedia hubs, plus the seeded ones), as one
 * console asks for it — one connection, one request after the other — against bare Fastify
 * answering the same bytes, each server alone in its own process pinned to one core and autocannon
 * in another process on the other core. Also the core's memory (RSS and V8 heap used after full
 * collections, reported by the core process itself) with the seeded channels and with the 10,000
 * more: what they cost over the core's baseline. For reference, in the same run, the unit list
 * (GET devices/fetch with 10,000 generated units against its own bare Fastify), as
 * devices-fetch.bench.ts measures it (`--units 0` leaves it out).
 *
 * The hubs and channels are written straight into storage between a first core process (which
 * migrated and seeded the database, and whose memory with the seeded channels is the baseline) and
 * the measured one, which loads them as a deployed core starts on its data. Nothing changes them
 * (no simulator), so the answer is the same bytes throughout the run.
 *
 *   pnpm --filter @fleet/tests exec tsx bench/channels-fetch.bench.ts [--seconds 10] [--warmup 2]
 *        [--channels 10000] [--hubs 200] [--connections 1] [--units 10000] [--user super_user]
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createDb, SEED_IDS } from '@fleet/db';
import { deriveChannelType } from '@fleet/domain';
import {
  SERVER_CPU,
  getText,
  load,
  login,
  machine,
  mib,
  ratio,
  spawnScript,
  startCore,
  stop,
  waitForLine,
  type CoreMemory,
  type LoadOptions,
  type LoadResult,
} from './harness.js';
import { freshDatabase } from '../support/stack.js';
import { recordResult } from './record.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    channels: { type: 'string', default: '10000' },
    hubs: { type: 'string', default: '200' },
    connections: { type: 'string', default: '1' },
    units: { type: 'string', default: '10000' },
    /** Sees every channel: the console of the whole platform. */
    user: { type: 'string', default: 'super_user' },
  },
});
const channelCount = Number(values.channels);
const hubCount = Number(values.hubs);
const unitFleet = Number(values.units);
const variants = values.connections.split(',').map(Number);
const CHANNELS_PATH = '/api/channels/fetch';
const DEVICES_PATH = '/api/devices/fetch';
const USER = values.user;
const loadAtStart = loadavg()[0]!;
const dir = mkdtempSync(join(tmpdir(), 'fleet-bench-channels-fetch-'));
const databases: Array<{ drop(): Promise<void> }> = [];
const opts = (connections: number, headers: Record<string, string>, serverPid: number | undefined): LoadOptions => ({
  connections,
  seconds: Number(values.seconds),
  warmupSeconds: Number(values.warmup),
  headers,
  serverPid,
});

/** Rows per createMany (SQLite binds at most 32,766 variables per statement). */
const CHUNK = 250;
const STATUSES = ['offline', 'idle', 'idle', 'collecting', 'online', 'connecting'] as const;
const KINDS = ['preview', 'output', 'distributor', 'input'] as const;
const INPUT_KINDS = ['encoder', 'srt', 'rtmp', 'webrtc'] as const;

/**
 * `hubs` multimedia hubs with `channels` channels spread evenly over them, in the first inventory
 * and one of its groups per hub, the kinds mixed as the seed mixes them (preview, SDI or CDN
 * output, distributor, input), statuses over the three status classes.
 */
async function seedChannels(url: string, hubs: number, channels: number): Promise<void> {
  const db = await createDb({ url });
  try {
    const inventoryId = SEED_IDS.firstInventoryId;
    const groups = SEED_IDS.groupsByInventory[inventoryId];
    const perHub = Math.ceil(channels / hubs);
    const hubIds = Array.from({ length: hubs }, (_, h) => `BENCH-MMH-${String(h + 1).padStart(4, '0')}`);
    for (let i = 0; i < hubIds.length; i += CHUNK) {
      await db.prisma.server.createMany({
        data: hubIds.slice(i, i + CHUNK).map((id) => ({
          id,
          name: id,
          serverType: 'mmh_server',
          productType: 'Multimedia Hub',
          serial: id.replace(/-/g, ''),
          status: 'online',
          swVersion: '10.1',
          inventoryId,
          ifbMode: 'V2',
          maxChannels: perHub,
          webrtcPort: 8443,
          configuration: { smpte: { enabled: false }, ipPipe: { enabled: false, port: 5000 } },
        })),
      });
    }
    const rows = Array.from({ length: channels }, (_, n) => {
      const h = Math.floor(n / perHub);
      const c = n % perHub;
      const kind = KINDS[n % KINDS.length]!;
      const forwardRtmp = kind === 'output' && n % 8 === 1;
      const flags = {
        sdiNo: kind === 'output' || kind === 'input' ? (c % 4) + 1 : null,
        output: kind === 'output' || kind === 'distributor',
        forwardRtmp,
        distributor: kind === 'distributor',
      };
      return {
        id: `${hubIds[h]}-CH${String(c + 1).padStart(3, '0')}`,
        name: `bench-${String(h + 1).padStart(4, '0')}-ch${String(c + 1).padStart(3, '0')}`,
        serverId: hubIds[h]!,
        status: STATUSES[n % STATUSES.length]!,
        type: deriveChannelType({ sdi: flags.sdiNo !== null, output: flags.output, forwardRtmp, distributor: flags.distributor }),
        inputKind: kind === 'input' && n % 3 === 0 ? INPUT_KINDS[n % INPUT_KINDS.length]! : null,
        mode: kind === 'output' ? (forwardRtmp ? 'cdn' : 'sdi') : kind === 'preview' ? 'preview' : null,
        port: 9000 + c,
        preview: kind === 'preview',
        ...flags,
        recording: n % 3 === 0,
        cdnName: forwardRtmp ? 'YouTube' : null,
        swVersion: '10.1',
        serverProductType: 'mmh_server',
        capabilities: { hevc: true, maxBitrate: 20000 },
        fileTransfer: { path: null, status: null },
        smpteMetadata: { isConfigured: false },
        configuration: { general: { fourK: n % 5 === 0 } },
      };
    });
    const groupOf = (serverId: string) => groups[hubIds.indexOf(serverId) % groups.length]!;
    for (let i = 0; i < rows.length; i += CHUNK) {
      const part = rows.slice(i, i + CHUNK);
      await db.prisma.channel.createMany({ data: part });
      await db.prisma.channelInventory.createMany({ data: part.map((r) => ({ channelId: r.id, inventoryId })) });
      await db.prisma.groupChannel.createMany({ data: part.map((r) => ({ channelId: r.id, groupId: groupOf(r.serverId) })) });
    }
  } finally {
    await db.close();
  }
}

/** A few sequential reads of a list (both cores' memory is measured after the same reads); the last answer. */
async function settle(url: string, cookie: string): Promise<string> {
  let body = '';
  for (let i = 0; i < 5; i++) body = await getText(url, { cookie });
  return body;
}

/** Bare Fastify answering `body` on `path`, measured with the same variants. */
async function bareRun(name: string, path: string, body: string, connections: readonly number[]): Promise<Record<string, LoadResult>> {
  writeFileSync(join(dir, `${name}.json`), body);
  writeFileSync(join(dir, `${name}-routes.json`), JSON.stringify([{ path, bodyFile: join(dir, `${name}.json`) }]));
  const bareProcess = spawnScript(SERVER_CPU, 'bare-server.ts', ['--mode', 'static', '--routes', join(dir, `${name}-routes.json`)]);
  try {
    const { url } = await waitForLine<{ url: string }>(bareProcess, 'READY');
    if ((await getText(`${url}${path}`)) !== body) throw new Error('bare Fastify does not answer the same bytes');
    const bare: Record<string, LoadResult> = {};
    for (const c of connections) bare[`c${c}`] = await load(`${url}${path}`, opts(c, {}, bareProcess.pid));
    return bare;
  } finally {
    await stop(bareProcess);
  }
}

const withRatios = (core: Record<string, LoadResult>, bare: Record<string, LoadResult>) =>
  Object.fromEntries(
    Object.entries(core).map(([k, r]) => [
      k,
      {
        ...r,
        ratioToBare: ratio(r.requestsPerSec, bare[k]!.requestsPerSec),
        // Latency of answers that took longer than the window cannot be seen: lengthen --seconds.
        ...(r.requests < Number(k.slice(1)) * 2 ? { note: 'fewer than two answers per connection in the measured window' } : {}),
      },
    ]),
  );

const memoryView = (m: CoreMemory) => ({
  rssMiB: mib(m.rssBytes),
  heapUsedMiB: mib(m.heapUsedBytes),
  externalMiB: mib(m.externalBytes),
  arrayBuffersMiB: mib(m.arrayBuffersBytes),
});

/** The unit list of `fleet` generated units, one console, against its bare Fastify (the reference). */
async function unitListReference(fleet: number) {
  const db = await freshDatabase('sqlite');
  databases.push(db);
  const generator = await startCore({ database: db.url, fleet });
  await generator.stop();
  const core = await startCore({ database: db.url });
  let result: Record<string, LoadResult>;
  let body: string;
  try {
    const cookie = await login(core.url, USER);
    body = await settle(`${core.url}${DEVICES_PATH}`, cookie);
    result = {};
    for (const c of variants) result[`c${c}`] = await load(`${core.url}${DEVICES_PATH}`, opts(c, { cookie }, core.child.pid));
  } finally {
    await core.stop();
  }
  const bare = await bareRun('devices', DEVICES_PATH, body, variants);
  return { units: (JSON.parse(body) as unknown[]).length, responseBytes: Buffer.byteLength(body), core: withRatios(result, bare), bare };
}

try {
  // 1. Storage migrated and seeded by a first core; the baseline core's memory on the seeded channels.
  const database = await freshDatabase('sqlite');
  databases.push(database);
  await (await startCore({ database: database.url })).stop();
  const small = await startCore({ database: database.url });
  const smallBody = await settle(`${small.url}${CHANNELS_PATH}`, await login(small.url, USER));
  const smallMemory = await small.memory();
  await small.stop();

  // 2. The hubs and channels written into storage; the core started on them, its memory at the same point, then the console's reads.
  const t0 = performance.now();
  await seedChannels(database.url, hubCount, channelCount);
  const seedSeconds = Math.round(performance.now() - t0) / 1000;
  const big = await startCore({ database: database.url });
  const cookie = await login(big.url, USER);
  const body = await settle(`${big.url}${CHANNELS_PATH}`, cookie);
  const bigMemory = await big.memory();
  const core: Record<string, LoadResult> = {};
  for (const c of variants) core[`c${c}`] = await load(`${big.url}${CHANNELS_PATH}`, opts(c, { cookie }, big.child.pid));
  const bigMemoryAfterLoad = await big.memory();
  await big.stop();

  // 3. Bare Fastify answering the same bytes; then the unit list for reference.
  const bare = await bareRun('channels', CHANNELS_PATH, body, variants);
  const unitList = unitFleet > 0 ? await unitListReference(unitFleet) : null;

  const answer = JSON.parse(body) as { channels: unknown[] };
  const oneConsole = core.c1;
  const memoryOverBaseline = { rssMiB: mib(bigMemory.rssBytes - smallMemory.rssBytes), heapUsedMiB: mib(bigMemory.heapUsedBytes - smallMemory.heapUsedBytes) };
  const result = {
    benchmark:
      'GET channels/fetch with 10,000 channels: full core vs bare Fastify, each pinned to one core; core memory for 10,000 channels; the unit list for reference',
    when: new Date().toISOString(),
    machine: machine(loadAtStart),
    settings: {
      measuredSeconds: Number(values.seconds),
      warmupSeconds: Number(values.warmup),
      connections: variants,
      database: 'sqlite',
      user: USER,
      hubs: hubCount,
      addedChannels: channelCount,
      channels: answer.channels.length,
      simulator: 'off',
      responseBytes: Buffer.byteLength(body),
      seedSeconds,
    },
    core: withRatios(core, bare),
    bare,
    memory: {
      seeded: { channels: (JSON.parse(smallBody) as { channels: unknown[] }).channels.length, ...memoryView(smallMemory) },
      withChannels: { channels: answer.channels.length, ...memoryView(bigMemory) },
      overBaseline: memoryOverBaseline,
      withChannelsAfterLoad: memoryView(bigMemoryAfterLoad),
    },
    unitList,
    goal: { oneConsoleP99UnderMs: 100, ratioToBareAtLeast: 0.3 },
    goalMet: oneConsole && bare.c1 ? oneConsole.latencyP99Ms < 100 && ratio(oneConsole.requestsPerSec, bare.c1.requestsPerSec) >= 0.3 : null,
  };
  recordResult('channels-fetch', result);
  console.log(JSON.stringify(result, null, 2));
} finally {
  for (const d of databases) await d.drop();
  rmSync(dir, { recursive: true, force: true });
}
