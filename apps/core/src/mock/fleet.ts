/**
 * The simulated fleet as the mock's control plane sees it (never a call of the real core): the
 * core's view of a unit beyond status and telemetry (channel selection, sending logs, storages,
 * speed tests, transfers, upgrade, active alerts), a fleet reset, and generating a fleet of a
 * given size and mix.
 */
import {
  DEFAULT_FLEET_MIX,
  GENERATED_UNIT_PREFIX,
  UNIT_DEVICE_GROUPS,
  AlertLevel,
  AlertType,
  type FleetGenerateInput,
  type StorageInfo,
  type UnitDeviceGroup,
} from '@fleet/contracts';
import type { ServiceDeps } from '../modules/deps.js';
import type { DeviceEventOf } from '../platform/device-events.js';
import type { AlertService } from '../modules/alerts/alerts.js';
import type { UpgradeService } from '../modules/upgrades/upgrades.js';
import type { UnitStorageService } from '../modules/units/unit-storage.js';
import type { CommandOutcomes } from '../modules/unit-configuration/events.js';
import type { UnitService } from '../modules/units/units.js';
import { upgradeView } from '../modules/servers/servers.js';
import { parseOr } from '../platform/storage/json-column.js';

/** What the core knows of one unit from the reports only the control plane shows (`core.unit`). */
export interface UnitDeviceView {
  selection: { channelId: string; external: boolean; attempts: number; ok: boolean } | null;
  fetchLogs: { channelId: string; state: DeviceEventOf<'fetchLogs'>['state']; error: string | null } | null;
  storages: StorageInfo[];
}

/** The services whose state a fleet reset ends and whose reports the control plane's views show. */
export interface FleetParts {
  alerts: AlertService;
  upgrades: UpgradeService;
  storage: UnitStorageService;
  outcomes: CommandOutcomes;
  /** Told of the generated units made and removed (the index, the gateway's fleet, `device.added` / `device.removed`). */
  units: Pick<UnitService, 'refreshUnit' | 'forgetUnit'>;
}

/** Product models per type group for generated units (the seed's families). */
const PRODUCTS: Record<UnitDeviceGroup, readonly string[]> = {
  fieldUnits: ['LU800', 'LU300', 'LU600 H.264', 'Solo', 'Drone'],
  liteUnits: ['LU-Lite'],
  smartUnits: ['LU-Smart'],
  ptpUnits: ['LU-Link PTP'],
  ptmpUnits: ['LU-Link PTMP'],
  extenderDevices: ['Xtender'],
};
const GROUP_CODES: Record<UnitDeviceGroup, string> = {
  fieldUnits: 'FLD',
  liteUnits: 'LITE',
  smartUnits: 'SMART',
  ptpUnits: 'PTP',
  ptmpUnits: 'PTMP',
  extenderDevices: 'XTND',
};
const GENERATED_SW_VERSION = '8.5';
/** Generated units written a hundred to a statement: Prisma's query compiler keeps the memory of its largest call (packages/db inChunks). */
const CHUNK = 100;

export class FleetService {
  private readonly units = new Map<string, UnitDeviceView>();

  constructor(
    private readonly deps: ServiceDeps,
    private readonly parts: FleetParts,
  ) {
    deps.events.on('channelSelection', (e) => {
      this.unit(e.unitId).selection = { channelId: e.channelId, external: e.external, attempts: e.attempts, ok: e.ok };
    });
    deps.events.on('fetchLogs', (e) => {
      this.unit(e.unitId).fetchLogs = { channelId: e.channelId, state: e.state, error: e.error };
    });
    // What the device says of its storages, for the control plane's view (the storages read answers from Unit.telemetry).
    deps.events.on('storages', (e) => {
      this.unit(e.unitId).storages = e.storages;
    });
  }

  private unit(unitId: string): UnitDeviceView {
    let v = this.units.get(unitId);
    if (!v) {
      v = { selection: null, fetchLogs: null, storages: [] };
      this.units.set(unitId, v);
    }
    return v;
  }

  /**
   * The fleet restarted from its seed: what the devices had raised, started or recorded before is
   * over (active alerts cleared, open upgrades failed with -1, recorded files gone, in-memory views
   * forgotten).
   */
  async onReset(at: number): Promise<void> {
    await this.deps.events.settle();
    await this.parts.alerts.clearActive(at);
    await this.parts.upgrades.failOpen(at);
    await this.parts.storage.forgetRecordings();
    await this.deps.db.unit.updateMany({ where: { tally: { not: null } }, data: { tally: null } });
    this.parts.outcomes.forgetSpeedTests();
    this.units.clear();
  }

  /** What the core knows of a unit, for the control plane (`core.unit`) and scenario expectations. */
  async viewUnit(unitId: string) {
    const db = this.deps.db;
    const [job, alerts, files] = await Promise.all([
      db.upgradeJob.findFirst({ where: { deviceType: 'unit', deviceId: unitId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] }),
      db.alert.findMany({ where: { unitId, active: true }, orderBy: { raisedAt: 'asc' } }),
      db.file.findMany({ where: { unitId, kind: 'recorded' }, orderBy: { createdAt: 'asc' } }),
    ]);
    const v = this.units.get(unitId) ?? { selection: null, fetchLogs: null, storages: [] };
    const transfers = this.parts.storage.transfersOf(unitId);
    return {
      unitId,
      status: this.deps.index.statusOf(unitId),
      applications: this.deps.index.applicationsOf(unitId),
      upgrade: job ? upgradeView(job) : null,
      activeAlerts: alerts.map((a) => ({ type: parseOr(AlertType, a.type, 'battery'), level: parseOr(AlertLevel, a.level, 'warning'), message: a.message })),
      files: files.map((f) => ({
        fileId: f.id,
        fileName: f.fileName,
        status: f.status,
        progress: f.progress,
        isTransferring: f.isTransferring,
        sizeBytes: Number(f.sizeBytes),
      })),
      ...v,
      speedTest: this.parts.outcomes.speedTestOf(unitId),
      transfersStarted: transfers.started,
      transfersCompleted: transfers.completed,
    };
  }

  selectionOf(unitId: string): UnitDeviceView['selection'] {
    return this.units.get(unitId)?.selection ?? null;
  }

  // ── fleet size and mix ──────────────────────────────────────────────────────────────────────────

  /**
   * Replace the generated units (ids starting with GENERATED_UNIT_PREFIX) by `size` new ones,
   * spread over the type groups by the weights of `mix`, in one group and its inventory. Seeded
   * units are never touched. The gateway re-partitions once at the end.
   */
  async generate(input: FleetGenerateInput): Promise<{ created: number; removed: number; byGroup: Record<string, number> }> {
    const db = this.deps.db;
    // Without a group named: the first by id (the read model's order).
    const group = input.groupId ? this.deps.readModel.groups.get(input.groupId) : this.deps.readModel.groups.all()[0];
    if (input.groupId && !group) throw new Error(`unknown group ${input.groupId}`);
    const counts = spread(input.size, { ...DEFAULT_FLEET_MIX, ...(input.mix ?? {}) });
    return this.deps.gateway.inBulk(async () => {
      const removed = await this.clearGenerated();
      const rows: { id: string; group: UnitDeviceGroup; index: number }[] = [];
      for (const g of UNIT_DEVICE_GROUPS)
        for (let i = 0; i < counts[g]; i++)
          rows.push({ id: `${GENERATED_UNIT_PREFIX}${GROUP_CODES[g]}-${String(i + 1).padStart(5, '0')}`, group: g, index: i });
      for (let i = 0; i < rows.length; i += CHUNK) {
        const part = rows.slice(i, i + CHUNK);
        await db.unit.createMany({
          data: part.map((r) => {
            const products = PRODUCTS[r.group];
            const productType = products[r.index % products.length]!;
            const field = r.group === 'fieldUnits';
            return {
              id: r.id,
              name: `sim_${GROUP_CODES[r.group].toLowerCase()}_${String(r.index + 1).padStart(5, '0')}`,
              productType,
              typeGroup: r.group,
              swVersion: GENERATED_SW_VERSION,
              serialNumber: `SIM${r.id.replace(/[^A-Z0-9]/g, '')}`,
              license: { valid: true, kind: 'days', pro: field, fourK: false, raHours: null, rlHours: null },
              capabilities: {
                sdCard: field && r.index % 4 !== 3,
                multiCamera: productType === 'LU800',
                videoReturn: field,
                databridge: field || r.group === 'ptpUnits',
                intercom: r.group !== 'extenderDevices',
                ipPipe: field,
                speedTest: field,
                hevc: productType === 'LU800' || productType === 'LU300',
              },
              services: [{ serviceName: 'sla', serviceStatus: 'enabled' }],
              configuration: { unitUniqueId: r.id },
            };
          }),
        });
        if (group) {
          await db.unitInventory.createMany({ data: part.map((r) => ({ unitId: r.id, inventoryId: group.inventoryId })) });
          await db.unitGroup.createMany({ data: part.map((r) => ({ unitId: r.id, groupId: group.id })) });
        }
      }
      for (const r of rows) await this.parts.units.refreshUnit(r.id);
      return { created: rows.length, removed, byGroup: counts };
    });
  }

  /** Delete the generated units (the seeded fleet stays). */
  async clearGenerated(): Promise<number> {
    const db = this.deps.db;
    const ids = (await db.unit.findMany({ where: { id: { startsWith: GENERATED_UNIT_PREFIX } }, select: { id: true } })).map((u) => u.id);
    if (ids.length === 0) return 0;
    await this.deps.gateway.inBulk(async () => {
      for (let i = 0; i < ids.length; i += CHUNK) await db.unit.deleteMany({ where: { id: { in: ids.slice(i, i + CHUNK) } } });
      for (const id of ids) {
        this.parts.units.forgetUnit(id);
        this.units.delete(id);
      }
    });
    return ids.length;
  }

  /** Units per type group (for the control plane's fleet status). */
  async mix(): Promise<Record<string, number>> {
    const rows = await this.deps.db.unit.groupBy({ by: ['typeGroup'], _count: { _all: true } });
    return Object.fromEntries(rows.map((r) => [r.typeGroup, r._count._all]));
  }
}

/** Split `size` by weights (largest remainders; deterministic). */
export function spread(size: number, weights: Record<UnitDeviceGroup, number>): Record<UnitDeviceGroup, number> {
  const total = UNIT_DEVICE_GROUPS.reduce((s, g) => s + Math.max(0, weights[g]), 0);
  const out = Object.fromEntries(UNIT_DEVICE_GROUPS.map((g) => [g, 0])) as Record<UnitDeviceGroup, number>;
  if (size <= 0 || total <= 0) return out;
  const exact = UNIT_DEVICE_GROUPS.map((g) => ({ g, v: (Math.max(0, weights[g]) / total) * size }));
  let left = size;
  for (const e of exact) {
    out[e.g] = Math.floor(e.v);
    left -= out[e.g];
  }
  for (const e of [...exact].sort((a, b) => b.v - Math.floor(b.v) - (a.v - Math.floor(a.v)))) {
    if (left <= 0) break;
    out[e.g]++;
    left--;
  }
  return out;
}
