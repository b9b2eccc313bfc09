/**
 * Batch upgrades from a CSV of at most 500 devices (spec 001 §5 "Batch upgrade CSV: at most 500
 * devices", §9 "500 devices per batch"; /batch_upgrade, super users).
 *
 * The CSV names its columns on the first line (`deviceId`, `targetVersion`); more than 500 data
 * lines refuse the whole batch and store nothing. Each line is checked on its own: a device that is
 * unknown (or not the caller's), listed twice, a version that is not one, or a device that may not
 * go to it (the upgrade rules, as a single start applies them) is refused with its messages — a
 * known device's refusal is kept as a `rejected` job of the batch. Accepted lines get `pending`
 * jobs at once and their commands go out in waves (`UpgradeService.dispatchInWaves`), so 500
 * devices do not hit the gateway together. The batch, its jobs and every line's outcome are stored
 * in one transaction, and the batch's read call answers the lines as the creation did (a refused
 * line and why outlive a reload and a restart). The batch's state and counts are its jobs'.
 */
import {
  UPGRADE_BATCH_CSV_COLUMNS,
  UpgradeVersionNumber,
  VALIDATION,
  canonicalSoftwareVersionNumber,
  type CreateUpgradeBatchBody,
  type UpgradeBatch,
  type UpgradeBatchCounts,
  type UpgradeBatchCreated,
  type UpgradeBatchListQuery,
  type UpgradeBatchPage,
  type UpgradeBatchRowResult,
  type UpgradeBatchSummary,
} from '@fleet/contracts';
import { transaction, type Prisma } from '@fleet/db';
import { LIMITS } from '@fleet/contracts';
import { callsOf } from '../../calls.js';
import { AppError, validationError } from '../../errors.js';
import { upgradeBatchLineOutcome } from './upgrade-batch-columns.js';
import type { AuthUser } from '../../platform/access.js';
import type { ServiceDeps } from '../deps.js';
import type { ClockTimer } from '../../platform/clock.js';
import { findVersion, unknownVersionReason, type VersionRow } from './upgrade-rules.js';
import type { UpgradeDevice, UpgradeJobRow } from './jobs.js';
import type { UpgradeService } from './upgrades.js';
import * as repo from './repository.js';

type BatchRow = repo.UpgradeBatchRecord;
type LineRow = repo.UpgradeBatchLineRecord;

/** Longest a batch's storing transaction may take (500 lines and their jobs). */
const BATCH_TRANSACTION_MS = 30_000;
/** A batch's news is announced at most this often. */
const BATCH_PUBLISH_MS = 500;

/** One data line of the CSV. */
interface CsvLine {
  line: number;
  deviceId: string;
  targetVersion: string;
}

/** Splits one CSV line on commas, outside double quotes; quotes around a value are removed. */
function cells(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (ch === '"') {
      if (quoted && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else quoted = !quoted;
    } else if (ch === ',' && !quoted) {
      out.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  out.push(cur.trim());
  return out;
}

/**
 * The data lines of a batch CSV (blank lines skipped), or the field problem that refuses it
 * whole: no header naming the columns, no data line, more than 500 of them.
 */
export function parseBatchCsv(csv: string): CsvLine[] {
  const lines = csv.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const headerAt = lines.findIndex((l) => l.trim() !== '');
  const header = headerAt < 0 ? [] : cells(lines[headerAt] ?? '').map((c) => c.toLowerCase());
  const [deviceCol, versionCol] = UPGRADE_BATCH_CSV_COLUMNS.map((c) => header.indexOf(c.toLowerCase()));
  if (deviceCol === undefined || versionCol === undefined || deviceCol < 0 || versionCol < 0) {
    throw validationError([{ path: 'body.csv', message: VALIDATION.batchUpgradeCsvHeader }]);
  }
  const out: CsvLine[] = [];
  for (let i = headerAt + 1; i < lines.length; i++) {
    const raw = lines[i] ?? '';
    if (raw.trim() === '') continue;
    const c = cells(raw);
    out.push({ line: i + 1, deviceId: c[deviceCol] ?? '', targetVersion: c[versionCol] ?? '' });
  }
  if (out.length === 0) throw validationError([{ path: 'body.csv', message: VALIDATION.noItems }]);
  if (out.length > LIMITS.batchUpgradeMaxDevices) throw validationError([{ path: 'body.csv', message: VALIDATION.batchUpgradeMaxDevices }]);
  return out;
}

export class UpgradeBatchService {
  private readonly publishTimers = new Map<string, ClockTimer>();

  constructor(
    private readonly deps: ServiceDeps,
    private readonly upgrades: UpgradeService,
  ) {
    upgrades.onJobChanged((job) => {
      if (job.batchId) this.schedulePublish(job.batchId);
    });
  }

  /** POST v2/admin/upgradeBatches. */
  async create(user: AuthUser, body: CreateUpgradeBatchBody): Promise<UpgradeBatchCreated> {
    const lines = parseBatchCsv(body.csv);
    const versions = new Map<string, VersionRow | null>();
    const seen = new Set<string>();
    /** `refusedByRules`: the line itself was sound and the upgrade rules refused the device (kept as a rejected job). */
    type Checked = {
      line: CsvLine;
      device: UpgradeDevice | null;
      refusedByRules: boolean;
      messages: string[];
      rules: Array<string | null>;
      warnings: string[];
      warningRules: string[];
      errorCode: string | null;
      deviceCode: number | null;
    };
    const checked: Checked[] = [];
    for (const line of lines) {
      const problems: Array<{ code: string; message: string; deviceCode?: number | null; rule?: string }> = [];
      if (line.deviceId === '') problems.push({ code: 'VALIDATION_FAILED', message: VALIDATION.required });
      const version = UpgradeVersionNumber.safeParse(line.targetVersion);
      if (!version.success) problems.push({ code: 'VALIDATION_FAILED', message: version.error.issues[0]?.message ?? VALIDATION.invalidField });
      // One spelling per version ("10.1.0" is the stored "10.1").
      else line.targetVersion = canonicalSoftwareVersionNumber(line.targetVersion);
      const found = line.deviceId === '' ? undefined : this.upgrades.findDevice(line.deviceId);
      const device = found && this.upgrades.owns(user, found) ? found : null;
      if (line.deviceId !== '' && !device) problems.push({ code: 'NOT_FOUND', message: VALIDATION.batchUpgradeDeviceNotFound });
      if (device && seen.has(`${device.type}:${device.row.id}`)) problems.push({ code: 'VALIDATION_FAILED', message: VALIDATION.batchUpgradeDuplicateDevice });
      if (device) seen.add(`${device.type}:${device.row.id}`);
      let warnings: Array<{ rule: string; message: string }> = [];
      const sound = device !== null && problems.length === 0;
      if (sound) {
        if (!versions.has(line.targetVersion)) versions.set(line.targetVersion, await findVersion(this.deps.db, line.targetVersion));
        const check = await this.upgrades.check(device, line.targetVersion, versions.get(line.targetVersion) ?? null);
        for (const r of check.reasons) problems.push({ code: r.errorCode, message: r.message, deviceCode: r.deviceCode, rule: r.rule });
        warnings = check.warnings;
      }
      const first = problems[0];
      checked.push({
        line,
        device,
        refusedByRules: sound && problems.length > 0,
        messages: problems.map((p) => p.message),
        rules: problems.map((p) => p.rule ?? null),
        warnings: warnings.map((w) => w.message),
        warningRules: warnings.map((w) => w.rule),
        errorCode: first?.code ?? null,
        deviceCode: first?.deviceCode ?? null,
      });
    }

    const targets = [...new Set(lines.map((l) => l.targetVersion).filter((t) => UpgradeVersionNumber.safeParse(t).success))];
    // The batch, its jobs and every line's outcome are stored together: a batch is never seen
    // without the lines that explain it.
    const now = this.deps.clock.date();
    const { batch, toSend } = await transaction(
      this.deps.db,
      async (tx) => {
        const batch = await repo.createUpgradeBatch(tx, {
          name: body.name?.trim() || `Batch of ${lines.length}`,
          targetVersion: targets.join(', ').slice(0, 1000),
          requestedById: user.id,
        });
        const toSend: Array<{ device: UpgradeDevice; job: UpgradeJobRow }> = [];
        const rows: Prisma.UpgradeBatchLineCreateManyInput[] = [];
        const counted = new Set<string>();
        for (const c of checked) {
          let jobId: string | null = null;
          if (c.device && c.errorCode === null) {
            const job = await this.upgrades.insertPending(tx, c.device, c.line.targetVersion, user.id, batch.id, counted);
            if (job) {
              toSend.push({ device: c.device, job });
              jobId = job.id;
            } else {
              // The version was deleted since the line was checked: refused as an unknown version.
              const gone = unknownVersionReason(c.line.targetVersion);
              Object.assign(c, {
                refusedByRules: true,
                messages: [gone.message],
                rules: [gone.rule],
                warnings: [],
                warningRules: [],
                errorCode: gone.errorCode,
                deviceCode: gone.deviceCode,
              } satisfies Partial<Checked>);
            }
          }
          if (c.device && c.refusedByRules) {
            // A known device's refusal stays with the batch (spec 001 §4 "rejected").
            const job = await repo.createUpgradeJob(tx, {
              deviceType: c.device.type,
              deviceId: c.device.row.id,
              fromVersion: c.device.row.swVersion,
              targetVersion: c.line.targetVersion,
              state: 'rejected',
              failureCode: c.deviceCode,
              batchId: batch.id,
              requestedById: user.id,
              finishedAt: now,
            });
            jobId = job.id;
          }
          rows.push({
            batchId: batch.id,
            line: c.line.line,
            deviceId: c.line.deviceId,
            deviceType: c.device?.type ?? null,
            targetVersion: c.line.targetVersion,
            accepted: c.device !== null && c.errorCode === null,
            jobId,
            errorCode: c.errorCode,
            outcome: upgradeBatchLineOutcome.write({ messages: c.messages, rules: c.rules, warnings: c.warnings, warningRules: c.warningRules }),
          });
        }
        await repo.createUpgradeBatchLines(tx, rows);
        return { batch, toSend };
      },
      { timeout: BATCH_TRANSACTION_MS },
    );
    for (const { job } of toSend) this.upgrades.announceJob(job);
    void this.upgrades.dispatchInWaves(toSend);
    const detail = await this.detail(batch);
    await this.publish(batch.id);
    return detail;
  }

  /** GET v2/admin/upgradeBatches. */
  async list(_user: AuthUser, q: UpgradeBatchListQuery): Promise<UpgradeBatchPage> {
    const [rows, total] = await Promise.all([repo.findUpgradeBatchPage(this.deps.db, q.sortDir, q.offset, q.limit), repo.countUpgradeBatches(this.deps.db)]);
    const counts = await this.countsOf(rows.map((r) => r.id));
    return { items: rows.map((r) => this.summary(r, counts.get(r.id) ?? emptyCounts())), total, offset: q.offset, limit: q.limit };
  }

  /** GET v2/admin/upgradeBatches/{id}. */
  async get(_user: AuthUser, id: string): Promise<UpgradeBatch> {
    const batch = await repo.findUpgradeBatch(this.deps.db, id);
    if (!batch) throw new AppError('NOT_FOUND');
    return this.detail(batch);
  }

  private async detail(batch: BatchRow): Promise<UpgradeBatch> {
    const [jobs, lines] = await Promise.all([repo.findBatchJobs(this.deps.db, batch.id), repo.findBatchLines(this.deps.db, batch.id)]);
    const counts = emptyCounts();
    for (const j of jobs) count(counts, j.state);
    return { ...this.summary(batch, counts), jobs: jobs.map((j) => this.upgrades.toJob(j)), rows: lines.map(toRowResult) };
  }

  private summary(batch: BatchRow, counts: UpgradeBatchCounts): UpgradeBatchSummary {
    return {
      id: batch.id,
      name: batch.name,
      targetVersions: batch.targetVersion
        .split(',')
        .map((t) => t.trim())
        .filter((t) => t !== ''),
      state: counts.pending + counts.upgrading > 0 ? 'running' : 'completed',
      counts,
      requestedById: batch.requestedById,
      createdAt: batch.createdAt.toISOString(),
      updatedAt: batch.updatedAt.toISOString(),
    };
  }

  private async countsOf(batchIds: readonly string[]): Promise<Map<string, UpgradeBatchCounts>> {
    const out = new Map<string, UpgradeBatchCounts>();
    if (batchIds.length === 0) return out;
    const groups = await repo.countBatchJobsByState(this.deps.db, [...batchIds]);
    for (const g of groups) {
      if (!g.batchId) continue;
      const c = out.get(g.batchId) ?? emptyCounts();
      count(c, g.state, g._count._all);
      out.set(g.batchId, c);
    }
    return out;
  }

  private schedulePublish(batchId: string): void {
    if (this.publishTimers.has(batchId)) return;
    const timer = this.deps.clock
      .setTimeout(() => {
        this.publishTimers.delete(batchId);
        this.publish(batchId).catch((err: unknown) => this.deps.log.warn({ err, batchId }, 'batch upgrade: announcement failed'));
      }, BATCH_PUBLISH_MS)
      .unref();
    this.publishTimers.set(batchId, timer);
  }

  /** `upgradeBatch.changed` on the topics of the batch's devices. */
  private async publish(batchId: string): Promise<void> {
    const batch = await repo.findUpgradeBatch(this.deps.db, batchId);
    if (!batch) return;
    const jobs = await repo.findBatchJobStates(this.deps.db, batchId);
    const counts = emptyCounts();
    const topics = new Set<string>();
    for (const j of jobs) {
      count(counts, j.state);
      for (const t of this.upgrades.topicsOf(j.deviceType === 'server' ? 'server' : 'unit', j.deviceId)) topics.add(t);
    }
    if (topics.size === 0) return;
    this.deps.hub.publish([...topics], { type: 'upgradeBatch.changed', batch: this.summary(batch, counts), at: this.deps.clock.now() });
  }
}

/** A stored line as the batch's calls answer it. */
function toRowResult(row: LineRow): UpgradeBatchRowResult {
  const outcome = upgradeBatchLineOutcome.read(row.outcome);
  return {
    line: row.line,
    deviceId: row.deviceId,
    deviceType: row.deviceType === 'unit' || row.deviceType === 'server' ? row.deviceType : null,
    targetVersion: row.targetVersion,
    accepted: row.accepted,
    jobId: row.jobId,
    errorCode: row.errorCode,
    ...outcome,
  };
}

function emptyCounts(): UpgradeBatchCounts {
  return { total: 0, pending: 0, upgrading: 0, succeeded: 0, failed: 0, rejected: 0 };
}

function count(c: UpgradeBatchCounts, state: string, n = 1): void {
  c.total += n;
  if (state === 'pending' || state === 'upgrading' || state === 'succeeded' || state === 'failed' || state === 'rejected') c[state] += n;
}

export const upgradeBatchCalls = callsOf<UpgradeBatchService>()({
  createUpgradeBatch: (s, { body }, user) => s.create(user, body),
  listUpgradeBatches: (s, { query }, user) => s.list(user, query),
  getUpgradeBatch: (s, { params }, user) => s.get(user, params.id),
});
