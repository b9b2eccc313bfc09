/**
 * Importing a recording's fleet into the mock ("Record and replay"; mock only): the inventories,
 * groups, servers, channels, video return channels and units the recording saw
 * (mock/fleet-capture.ts) are made or changed here with the recorded ids, names, columns and
 * memberships, then units' configuration, servers' configuration tabs, alerts and alerts
 * configurations, users and audio rooms (mock/fleet-import-settings.ts: a user made from a
 * recording has no usable password), so that the mock starts as the recorded fleet was when the recording last saw it;
 * then the recording's replay starts (mock/replays.ts), which mutes the fleet's own devices,
 * the units are given their recorded live values (status and applications, battery, location,
 * links, camera, bitrate samples) as their devices' reports, and unless asked to stay paused the
 * recorded events play on from the start.
 *
 * An import only adds and changes: what the mock has and the recording never showed stays. A name
 * the mock gives another object is moved out of the way (`moved-<id>`). A reference to something
 * neither the recording nor the mock has (a unit's usage profile, a server's inventory) is left as
 * the mock had it.
 */
import {
  Applications,
  Battery,
  FleetImportInput,
  Location,
  Modem,
  type BitrateSample,
  type FleetImportCounts,
  type FleetImportResult,
  type ReplayStatus,
} from '@fleet/contracts';
import { z } from 'zod';
import type { AuthUser } from '../platform/access.js';
import type { ServiceDeps } from '../modules/deps.js';
import type { UnitService } from '../modules/units/units.js';
import { captureFleet, type CapturedFleet, type CapturedObject, type CapturedUnit } from './fleet-capture.js';
import type { RecordingService } from './recordings.js';
import type { ReplayService } from './replays.js';
import { writeSettings, type ImportRows } from './fleet-import-settings.js';

/** The Prisma calls an import makes on a table, in the loose shape the captured columns come in. */
interface Table {
  findUnique(args: { where: { id: string }; select: { id: true } }): Promise<{ id: string } | null>;
  findFirst(args: { where: Record<string, unknown>; select: { id: true } }): Promise<{ id: string } | null>;
  update(args: { where: { id: string }; data: Record<string, unknown> }): Promise<unknown>;
  create(args: { data: Record<string, unknown> }): Promise<unknown>;
}

/** A membership table: rows of (an object, an inventory or group). */
interface Links {
  findMany(args: { where: Record<string, unknown> }): Promise<Record<string, unknown>[]>;
  deleteMany(args: { where: Record<string, unknown> }): Promise<unknown>;
  create(args: { data: Record<string, unknown> }): Promise<unknown>;
}

const ModemList = z.array(Modem);

/** The columns as Prisma takes them (dates as dates). */
function dataOf(o: CapturedObject, dates: readonly string[] = []): Record<string, unknown> {
  const data: Record<string, unknown> = { ...o.columns };
  for (const d of dates) if (typeof data[d] === 'string') data[d] = new Date(data[d]);
  return data;
}

export class FleetImportService {
  constructor(
    private readonly deps: Pick<ServiceDeps, 'db' | 'index' | 'telemetry' | 'reports' | 'gateway' | 'clock' | 'log'>,
    /** Told of each unit an import makes (the index, the gateway's fleet, `device.added`). */
    private readonly units: Pick<UnitService, 'refreshUnit'>,
    /** The services an import works with, looked up when used (they are made beside this one). */
    private readonly services: () => { recordings: RecordingService; replays: ReplayService },
  ) {}

  /**
   * Build the recording's fleet, start its replay paused (the fleet's devices muted), set the units'
   * live values, and resume the replay unless `paused`. Without a simulator shard there is no
   * replay (and nothing to mute): the fleet and its live values are set all the same. NOT_FOUND for
   * an unknown recording; the replay's refusals (a replay already running) as replay.start's.
   */
  async import(rawInput: FleetImportInput, user: AuthUser): Promise<FleetImportResult> {
    const input = FleetImportInput.parse(rawInput);
    const recording = await this.services().recordings.read(input.recordingId);
    const fleet = captureFleet(recording);
    // Refused before anything is written: a refused import changes nothing.
    if (this.deps.gateway.shardCount() > 0) await this.services().replays.checkCanStart(input.recordingId);
    const counts = await this.write(fleet);
    let replay: ReplayStatus | null = null;
    if (this.deps.gateway.shardCount() > 0) {
      replay = await this.services().replays.start({ recordingId: input.recordingId, speed: input.speed, paused: true, reset: false }, user);
    }
    // What the devices reported before they were muted is applied first; the recorded values then stand.
    await new Promise((resolve) => setImmediate(resolve));
    await this.deps.reports.settle();
    const live = await this.applyLive(fleet.units);
    if (replay && !input.paused) replay = await this.services().replays.resume();
    this.deps.log.info({ recordingId: input.recordingId, counts, live, by: user.id }, 'fleet imported from a recording');
    return { recordingId: input.recordingId, counts, live, replay };
  }

  // ── Storage ──────────────────────────────────────────────────────────────────────────────────

  private async write(fleet: CapturedFleet): Promise<FleetImportCounts> {
    const { db } = this.deps;
    const counts: FleetImportCounts = {
      inventories: 0,
      groups: 0,
      units: 0,
      servers: 0,
      channels: 0,
      vrChannels: 0,
      unitConfigurations: 0,
      serverConfigurations: 0,
      alerts: 0,
      alertConfigurations: 0,
      users: 0,
      audioRooms: 0,
    };
    const table = (t: unknown) => t as Table;
    const exists = async (t: Table, id: unknown) => typeof id === 'string' && (await t.findUnique({ where: { id }, select: { id: true } })) !== null;

    // Inventories first (their parents once all are there), then what belongs to them.
    for (const o of fleet.inventories.values()) {
      const { parentId: _parent, ...data } = dataOf(o);
      if (await this.upsert(table(db.inventory), o.id, data, [['name']], () => (typeof data.name === 'string' ? data : null))) counts.inventories++;
    }
    for (const o of fleet.inventories.values()) {
      const parentId = o.columns.parentId;
      if (parentId !== null && !(await exists(table(db.inventory), parentId))) continue;
      if (await exists(table(db.inventory), o.id)) await db.inventory.update({ where: { id: o.id }, data: { parentId: parentId as string | null } });
    }
    for (const o of fleet.groups.values()) {
      const data = dataOf(o);
      if (data.inventoryId !== undefined && !(await exists(table(db.inventory), data.inventoryId))) delete data.inventoryId;
      if (
        await this.upsert(table(db.group), o.id, data, [['inventoryId', 'name']], () =>
          typeof data.name === 'string' && typeof data.inventoryId === 'string' ? data : null,
        )
      )
        counts.groups++;
    }
    for (const o of fleet.servers.values()) {
      const data = dataOf(o);
      if (typeof data.inventoryId === 'string' && !(await exists(table(db.inventory), data.inventoryId))) delete data.inventoryId;
      const made = () => (typeof data.name === 'string' ? { serverType: 'mmh_server', swVersion: '', serial: `IMPORT-${o.id}`, ...data } : null);
      if (await this.upsert(table(db.server), o.id, data, [['name'], ['serial']], made)) counts.servers++;
    }
    for (const o of fleet.channels.values()) {
      const data = dataOf(o);
      if (data.serverId !== undefined && !(await exists(table(db.server), data.serverId))) delete data.serverId;
      const made = () => (typeof data.name === 'string' && typeof data.serverId === 'string' ? data : null);
      if (await this.upsert(table(db.channel), o.id, data, [], made)) {
        counts.channels++;
        await this.link(db.channelInventory as unknown as Links, 'channelId', o.id, 'inventoryId', o.inventoryIds, table(db.inventory));
        await this.link(db.groupChannel as unknown as Links, 'channelId', o.id, 'groupId', o.groupIds, table(db.group));
      }
    }
    for (const o of fleet.vrChannels.values()) {
      const data = dataOf(o);
      if (typeof data.serverId === 'string' && !(await exists(table(db.server), data.serverId))) delete data.serverId;
      if (await this.upsert(table(db.videoReturnChannel), o.id, data, [['name']], () => (typeof data.name === 'string' ? data : null))) {
        counts.vrChannels++;
        await this.link(db.vrChannelInventory as unknown as Links, 'vrChannelId', o.id, 'inventoryId', o.inventoryIds, table(db.inventory));
        await this.link(db.groupVrChannel as unknown as Links, 'vrChannelId', o.id, 'groupId', o.groupIds, table(db.group));
      }
    }
    for (const u of fleet.units.values()) {
      const data = dataOf(u, ['lastReboot']);
      if (typeof data.usageProfileId === 'string' && !(await exists(table(db.usageProfile), data.usageProfileId))) delete data.usageProfileId;
      const made = () => ({
        name: u.id,
        productType: 'LU800',
        typeGroup: 'fieldUnits',
        swVersion: '8.5',
        serialNumber: `IMPORT-${u.id}`,
        license: { valid: u.licenseValid ?? true, kind: 'days', pro: true, fourK: false, raHours: null, rlHours: null },
        configuration: { unitUniqueId: u.id },
        ...data,
      });
      if (await this.upsert(table(db.unit), u.id, data, [['name'], ['serialNumber']], made)) {
        counts.units++;
        await this.link(db.unitInventory as unknown as Links, 'unitId', u.id, 'inventoryId', u.inventoryIds, table(db.inventory));
        await this.link(db.unitGroup as unknown as Links, 'unitId', u.id, 'groupId', u.groupIds, table(db.group));
        // The membership index, the gateway's fleet (a new unit is handed to a shard) and `device.added`.
        await this.units.refreshUnit(u.id);
      }
    }
    // Units' configuration, servers' configuration tabs, alerts, users and audio rooms.
    const rows: ImportRows = {
      upsert: (t, id, data, unique, create) => this.upsert(t as unknown as Table, id, data, unique, create),
      link: (l, own, id, other, wanted, others) => this.link(l as unknown as Links, own, id, other, wanted, others as unknown as Table),
    };
    Object.assign(counts, await writeSettings(db, fleet, rows));
    // The servers' service hands the servers to the shards on the next turn of the loop.
    await new Promise((resolve) => setImmediate(resolve));
    return counts;
  }

  /**
   * Change the row `id` to `data`, or make it from `create()` (null: too little is known to make
   * it). A unique value (each list of `unique` columns) another row holds is moved out of that
   * row's way first. True when the row was changed or made.
   */
  private async upsert(
    t: Table,
    id: string,
    data: Record<string, unknown>,
    unique: readonly (readonly string[])[],
    create: () => Record<string, unknown> | null,
  ): Promise<boolean> {
    const existing = await t.findUnique({ where: { id }, select: { id: true } });
    const row = existing ? data : create();
    if (row === null) return false;
    for (const columns of unique) {
      const last = columns.at(-1)!;
      if (columns.some((c) => row[c] === undefined)) continue;
      const other = await t.findFirst({ where: { ...Object.fromEntries(columns.map((c) => [c, row[c]])), NOT: { id } }, select: { id: true } });
      if (other) await t.update({ where: { id: other.id }, data: { [last]: `moved-${other.id}` } });
    }
    if (existing) {
      if (Object.keys(row).length > 0) await t.update({ where: { id }, data: row });
    } else await t.create({ data: { id, ...row } });
    return true;
  }

  /** Make `id`'s memberships of one kind those recorded (only those the mock has); undefined: as they are. */
  private async link(links: Links, own: string, id: string, other: string, wanted: readonly string[] | undefined, others: Table): Promise<void> {
    if (wanted === undefined) return;
    const present: string[] = [];
    for (const w of new Set(wanted)) if (await others.findUnique({ where: { id: w }, select: { id: true } })) present.push(w);
    const held = new Set((await links.findMany({ where: { [own]: id } })).map((l) => String(l[other])));
    await links.deleteMany({ where: { [own]: id, [other]: { notIn: present } } });
    for (const p of present) if (!held.has(p)) await links.create({ data: { [own]: id, [other]: p } });
  }

  // ── Live values ──────────────────────────────────────────────────────────────────────────────

  /**
   * The units' recorded live values, as their devices' reports: the bitrate samples one telemetry
   * report each (the last with the recorded battery, location, links and camera), then the state.
   * Only units the mock runs now. Answers how many units were given values.
   */
  private async applyLive(units: ReadonlyMap<string, CapturedUnit>): Promise<number> {
    const { gateway, telemetry, index, clock } = this.deps;
    const now = clock.now();
    let n = 0;
    for (const u of units.values()) {
      if (!index.has(u.id)) continue;
      const l = u.live;
      const hasTelemetry =
        l.battery !== undefined ||
        l.location !== undefined ||
        l.modems !== undefined ||
        l.cameraConnected !== undefined ||
        l.totalBitrate !== undefined ||
        l.samples !== undefined;
      const hasState = l.online !== undefined;
      if (!hasTelemetry && !hasState) continue;
      n++;
      if (hasTelemetry) {
        const battery = Battery.nullable().safeParse(l.battery ?? null);
        const location = Location.nullable().safeParse(l.location ?? null);
        const modems = ModemList.safeParse(l.modems ?? []);
        const samples: BitrateSample[] = l.samples && l.samples.length > 0 ? l.samples : [{ t: now, kbps: l.totalBitrate ?? 0 }];
        // The unit's samples start again from the recorded ones.
        telemetry.delete(u.id);
        for (const sample of samples) {
          gateway.applyReport({
            kind: 'telemetry',
            unitId: u.id,
            battery: battery.success ? battery.data : null,
            location: location.success ? location.data : null,
            modems: modems.success ? modems.data : [],
            cameraConnected: l.cameraConnected ?? false,
            sample,
            at: now,
          });
        }
      }
      if (hasState) {
        const applications = Applications.safeParse(l.applications ?? {});
        gateway.applyReport({
          kind: 'state',
          unitId: u.id,
          online: l.online!,
          applications: l.online && applications.success ? applications.data : {},
          at: now,
        });
      }
    }
    await this.deps.reports.settle();
    return n;
  }
}
