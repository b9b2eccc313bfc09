/**
 * The pipelines realtime-ingest.bench.ts drives with the shard's frames, each in its own process:
 * `parse` and `bare` (the baselines) and the core's path (its device gateway, unit service on
 * SQLite with the bench fleet, telemetry store starting in steady state, and hub with subscribed
 * clients that count what they are sent).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CoreGatewayEnd, type DeviceTelemetry, type DeviceToCore } from '@fleet/contracts';
import { createDb, migrateDeploy, seed } from '@fleet/db';
import { DeviceGateway } from '../../apps/core/src/platform/gateway.js';
import { RealtimeHub } from '../../apps/core/src/platform/hub.js';
import { deriveLiveEvents } from '../../apps/core/src/platform/live-events.js';
import { systemClock } from '../../apps/core/src/platform/clock.js';
import { TelemetryStore } from '../../apps/core/src/platform/telemetry.js';
import { DeviceReports } from '../../apps/core/src/platform/device-reports.js';
import { UnitIndex } from '../../apps/core/src/platform/unit-index.js';
import { UnitService } from '../../apps/core/src/modules/units/units.js';
import { ChannelsInUse } from '../../apps/core/src/modules/units/channels-in-use.js';
import { ReadModel } from '../../apps/core/src/platform/storage/read-model.js';
import { round } from './meters.js';

/** The simulated start of the bench traffic (the engine's and the hub's clock). */
export const START_AT = Date.UTC(2026, 10, 21, 8, 0, 0);
export const unitIdOf = (i: number) => `BENCH-${String(i + 1).padStart(5, '0')}`;

/** core: what the hub did in the measured window. */
export interface HubStats {
  published: number;
  telemetryPublished: number;
  frames: number;
  sentBytesPerMessage: number;
  delivered: number;
  historyEvents: number;
  historyMiB: number;
}

export interface CorePipelineOptions {
  units: number;
  groups: number;
  /** Subscribed clients. */
  consoles: number;
  /** The hub's history window (ms). */
  historyMs: number;
  /** Samples each unit's telemetry ring holds before the run (360: full). */
  prefillSamples: number;
}

export interface Pipeline {
  /** Handle one frame as it arrives from the shard's socket. */
  onFrame(frame: Buffer): void;
  /** Called after each turn (once per event-loop turn), with the simulated time. */
  afterTurn(simNow: number): Promise<void>;
  stats?(): HubStats;
  markStart?(): void;
  close?(): Promise<void>;
}

export async function bareOrParse(variant: 'parse' | 'bare', groups: number): Promise<Pipeline> {
  const seqs = new Map<string, number>();
  let sink = 0;
  const broadcast = (m: DeviceTelemetry) => {
    // The bare ws server of realtime.bench.ts: the group topic, a seq, the event, one stringify.
    const topic = `group:bench-g${(Number(m.unitId.slice(6)) - 1) % groups}`;
    const seq = (seqs.get(topic) ?? 0) + 1;
    seqs.set(topic, seq);
    const event = {
      type: 'unit.telemetry',
      unitId: m.unitId,
      battery: m.battery,
      location: m.location,
      modems: m.modems,
      totalBitrate: m.sample.kbps,
      cameraConnected: m.cameraConnected,
      sample: m.sample,
      at: m.at,
    };
    sink += JSON.stringify({ op: 'event', topic, seq, epoch: 'bare', event }).length;
  };
  const handle = (m: { kind: string; messages?: unknown[] }) => {
    if (m.kind === 'telemetry') broadcast(m as DeviceTelemetry);
    else if (m.kind === 'batch') for (const x of m.messages ?? []) handle(x as { kind: string });
  };
  return {
    onFrame(frame) {
      const json = JSON.parse(String(frame)) as { kind: string; messages?: unknown[] };
      if (variant === 'bare') handle(json);
      else sink += json.kind.length;
    },
    afterTurn: () => new Promise<void>((r) => setImmediate(r)),
    close: async () => {
      if (sink < 0) console.log(sink); // keeps the work observable
    },
  };
}

export async function corePipeline(opts: CorePipelineOptions): Promise<Pipeline> {
  const { units: unitCount, groups: groupCount, consoles: consoleCount } = opts;
  const dir = mkdtempSync(join(tmpdir(), 'fleet-bench-ingest-db-'));
  const url = `file:${join(dir, 'bench.db')}`;
  await migrateDeploy(url);
  const db = await createDb({ url });
  await seed(db, { seed: 1, fleet: 'small', password: 'Bench-pass-1', passwordCost: 1024 });
  const prisma = db.prisma;
  await prisma.unit.deleteMany({});
  const inventoryId = 'inv-global';
  const groups = Array.from({ length: groupCount }, (_, g) => ({ id: `bench-g${g}`, name: `Bench-${g}`, inventoryId }));
  await prisma.group.createMany({ data: groups });
  const units = Array.from({ length: unitCount }, (_, i) => ({
    id: unitIdOf(i),
    name: `Bench-${String(i + 1).padStart(5, '0')}`,
    productType: 'LU800',
    typeGroup: 'fieldUnits',
    swVersion: '10.1',
    serialNumber: `SN-BENCH-${i}`,
    license: { valid: true, kind: 'days', pro: true, fourK: false, raHours: null, rlHours: null },
  }));
  for (let i = 0; i < units.length; i += 1000) {
    const slice = units.slice(i, i + 1000);
    await prisma.unit.createMany({ data: slice });
    await prisma.unitInventory.createMany({ data: slice.map((u) => ({ unitId: u.id, inventoryId })) });
    await prisma.unitGroup.createMany({ data: slice.map((u, k) => ({ unitId: u.id, groupId: groups[(i + k) % groupCount]!.id })) });
  }
  // The realtime path's services, wired as services.ts and routes/realtime.ts wire them
  // (the rest of the app — REST routes, sessions — is not on this path).
  const log = { error: (o: unknown, m?: string) => console.error(m, o), warn: () => undefined, info: () => undefined };
  const hub = new RealtimeHub({ historyMs: opts.historyMs });
  deriveLiveEvents(hub);
  const telemetry = new TelemetryStore();
  const gateway = new DeviceGateway(5000, log);
  const index = new UnitIndex();
  const readModel = new ReadModel(prisma);
  new DeviceReports(prisma, readModel.unitRows, index, hub, telemetry, log).listen(gateway);
  await readModel.start();
  const unitService = new UnitService(prisma, readModel.unitRows, index, hub, telemetry, gateway, new ChannelsInUse(readModel));
  unitService.followReadModel(readModel.units);
  await unitService.start();
  // The hub's clock is the traffic's simulated time, so its history trims as the app's does.
  let simNow = START_AT;
  hub.configure({ clock: { ...systemClock, now: () => simNow } });

  // Subscribers: consoles that count what they are sent (one group topic each, 5 per group).
  let frames = 0;
  let frameBytes = 0;
  for (let i = 0; i < consoleCount; i++) {
    await hub.subscribe(
      {
        send: (f) => {
          frames++;
          frameBytes += typeof f === 'string' ? Buffer.byteLength(f) : f.length;
        },
        bufferedAmount: () => 0,
        terminate: () => undefined,
      },
      [`group:${groups[i % groupCount]!.id}`],
    );
  }

  // The shard's end of the gateway, as routes/gateway-ws.ts builds it (untrusted: validated).
  let deliver: ((m: DeviceToCore) => void) | null = null;
  const end: CoreGatewayEnd = {
    send: () => undefined,
    onMessage: (h) => {
      deliver = h;
    },
    onClose: () => undefined,
    close: () => undefined,
  };
  gateway.attach(end, { trusted: false });

  // Steady state of the telemetry store: every unit's sample ring full (six minutes of traffic).
  const prefill = opts.prefillSamples;
  if (prefill > 0) {
    const battery = { connected: true, charging: false, percentage: 80 };
    for (let s = 0; s < prefill; s++) {
      const t = START_AT - (prefill - s) * 1000;
      for (let i = 0; i < unitCount; i++) {
        telemetry.update(unitIdOf(i), { battery, location: null, modems: [], totalBitrate: 0, cameraConnected: true, sample: { t, kbps: 1000 + s } });
      }
    }
  }

  let published0 = 0;
  let frames0 = 0;
  let bytes0 = 0;
  let delivered0 = 0;
  let messagesSeen = 0;
  hub.onPublish((_topics, event) => {
    if (event.type === 'unit.telemetry') messagesSeen++;
  });
  return {
    onFrame(frame) {
      // routes/gateway-ws.ts: JSON.parse(String(data)), then the gateway validates.
      let json: unknown;
      try {
        json = JSON.parse(String(frame));
      } catch {
        return;
      }
      deliver!(json as DeviceToCore);
    },
    afterTurn: async (now) => {
      simNow = now;
      await new Promise<void>((r) => setImmediate(r));
    },
    markStart() {
      published0 = hub.stats.published;
      frames0 = frames;
      bytes0 = frameBytes;
      delivered0 = hub.stats.delivered;
      messagesSeen = 0;
    },
    stats() {
      const h = hub.historySize();
      const published = hub.stats.published - published0;
      return {
        published,
        frames: frames - frames0,
        sentBytesPerMessage: Math.round((frameBytes - bytes0) / Math.max(1, published)),
        delivered: hub.stats.delivered - delivered0,
        historyEvents: h.events,
        historyMiB: round(h.bytes / 1048576, 1),
        telemetryPublished: messagesSeen,
      };
    },
    close: async () => {
      gateway.close();
      hub.closeAll();
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
