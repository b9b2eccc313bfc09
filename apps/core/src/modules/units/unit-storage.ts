/**
 * Files on a unit's storage (spec 000 §7 storages/files/upload and deletion): uploads queued as
 * pending entries of the uploaded-files list, reported by the device as `file` events while its
 * `forward` application runs; an outage fails those still on their way.
 */
import { unitCapabilities, unitTelemetry } from '../../platform/storage/unit-columns.js';
import { jsonObject, parseOr } from '../../platform/storage/json-column.js';
import {
  READ_ONLY_ROLES,
  UNIT_CONTROL_ROLES,
  UPLOADED_FILE_STATUSES,
  hasAnyRole,
  UNIT_SD_STORAGE,
  UploadedFileStatus,
  type DeleteUnitFilesResult,
  type FieldProblem,
  type UnitStorage,
  type UnitStorageFiles,
  type UnitStorages,
  type UploadUnitFilesResult,
  type UploadedFileEntry,
  RULES,
} from '@fleet/contracts';
import { transaction, type Prisma } from '@fleet/db';
import { callsOf } from '../../calls.js';
import { AppError, validationError } from '../../errors.js';
import type { AuthUser } from '../../platform/access.js';
import { type UnitRecord } from '../../platform/storage/unit-rows.js';
import type { ServiceDeps } from '../deps.js';
import type { UnitService } from './units.js';
import type { UnitDevices } from './unit-devices.js';
import type { DeviceEventOf } from '../../platform/device-events.js';
import { recordChannelFileTransfer } from '../files/files.js';
import * as repo from './repository.js';
import { RecordedFileWrites } from './recorded-files.js';

/** Uploads that are still on their way (spec 000 §3 uploaded file status). */
const OPEN_UPLOAD_STATUSES = ['pending', 'uploading'] as const;

export class UnitStorageService {
  /** Transfers each unit started and completed since the fleet (re)started (the control plane's view). */
  private readonly transfers = new Map<string, { started: number; completed: number }>();
  /** The fleet's file reports, written many to a statement. */
  private readonly recordedFiles: RecordedFileWrites;

  constructor(
    private readonly deps: ServiceDeps,
    private readonly units: Pick<UnitService, 'assertVisible' | 'findVisible'>,
    private readonly devices: Pick<UnitDevices, 'act' | 'channelOf' | 'load' | 'requireOnline'>,
  ) {
    this.recordedFiles = new RecordedFileWrites(deps.db);
    deps.events.on('file', (e, at) => this.applyFile(e, at));
    // An outage ends every upload in progress: the device dropped its queue.
    deps.reports.onDeviceState(async (c) => {
      if (!c.online) await this.failUploads(c.unitId, {});
    });
  }

  /**
   * POST storages/files/upload: each path names a recorded file of the unit; an entry of the
   * uploaded-files list is created (pending) and the device uploads the files in order while its
   * `forward` application runs, reporting each as `file` events (pending → uploading → uploaded,
   * file.transferStarted / file.transferCompleted); an outage fails them.
   */
  async uploadFiles(id: string, body: { paths: string[]; channelId?: string | undefined }): Promise<UploadUnitFilesResult> {
    const unit = await this.devices.load(id);
    this.devices.requireOnline(id);
    const paths = [...new Set(body.paths)];
    const recorded = await repo.findRecordedFiles(this.deps.db, id, paths);
    const problems: FieldProblem[] = [];
    body.paths.forEach((p, i) => {
      if (!recorded.some((f) => f.path === p)) problems.push({ path: `body.paths.${i}`, message: RULES.unknownFile });
    });
    if (body.channelId) {
      if (!this.devices.channelOf(unit, body.channelId)) problems.push({ path: 'body.channelId', message: RULES.notOfUnit });
    }
    if (problems.length > 0) throw validationError(problems);
    const open = await repo.countUploadsAtPaths(this.deps.db, id, paths, [...OPEN_UPLOAD_STATUSES]);
    if (open > 0) throw new AppError('FILE_UPLOAD_IN_PROGRESS');
    const channelId = body.channelId ?? unit.selectedChannelId;
    const channel = channelId ? this.deps.readModel.channels.get(channelId) : undefined;
    const server = channel ? this.deps.readModel.servers.get(channel.serverId) : undefined;
    const sources = paths.map((p) => recorded.find((f) => f.path === p)).filter((f): f is NonNullable<typeof f> => f !== undefined);
    const created = await transaction(this.deps.db, async (tx) => {
      const rows = [];
      for (const f of sources) {
        rows.push(
          await repo.createFile(tx, {
            unitId: id,
            kind: 'uploaded',
            fileName: f.fileName,
            path: f.path,
            rootDirectory: f.rootDirectory,
            channelId,
            luName: unit.name,
            luAlias: unit.name,
            mmhId: channel?.serverId ?? null,
            mmhName: server?.name ?? '',
            sizeBytes: f.sizeBytes,
            lastModified: f.lastModified,
            chunks: f.chunks ?? [],
            status: 'pending',
            progress: 0,
            isTransferring: false,
            metadata: f.metadata ?? {},
            storyId: f.storyId,
          }),
        );
      }
      return rows;
    });
    try {
      await this.devices.act(id, 'uploadFiles', {
        files: created.map((f) => ({ fileId: f.id, fileName: f.fileName, path: f.path, sizeBytes: Number(f.sizeBytes) })),
        channelId,
      });
    } catch (e) {
      // The device did not take the upload: the request changes nothing.
      await repo.deleteFiles(
        this.deps.db,
        created.map((f) => f.id),
      );
      throw e;
    }
    const fresh = await repo.findFilesByIds(
      this.deps.db,
      created.map((f) => f.id),
    );
    return { uniqueId: id, files: fresh.map(toUploadedEntry) };
  }

  /**
   * POST storages/files (deletion, payload paths): the files at these paths, recorded ones on the
   * unit's storage (the device deletes them: it must be reachable) and their uploaded-list
   * entries. Read-only users may not (spec 000 §5); a file still uploading may not be deleted.
   */
  async deleteFiles(user: AuthUser, id: string, paths: string[]): Promise<DeleteUnitFilesResult> {
    if (hasAnyRole(user.roles, READ_ONLY_ROLES) && !hasAnyRole(user.roles, UNIT_CONTROL_ROLES)) throw new AppError('READ_ONLY_FILE_DELETE');
    const wanted = [...new Set(paths)];
    const rows = await repo.findFilesToDelete(this.deps.db, id, wanted);
    const problems: FieldProblem[] = [];
    paths.forEach((p, i) => {
      if (!rows.some((r) => r.path === p)) problems.push({ path: `body.paths.${i}`, message: RULES.unknownFile });
    });
    if (problems.length > 0) throw validationError(problems);
    if (rows.some((r) => r.kind === 'uploaded' && (OPEN_UPLOAD_STATUSES as readonly (string | null)[]).includes(r.status))) {
      throw new AppError('FILE_UPLOAD_IN_PROGRESS');
    }
    const onStorage = [...new Set(rows.filter((r) => r.kind === 'recorded').map((r) => r.path))];
    if (onStorage.length > 0) {
      this.devices.requireOnline(id);
      await this.devices.act(id, 'deleteFiles', { paths: onStorage });
    }
    await repo.deleteFiles(
      this.deps.db,
      rows.map((r) => r.id),
    );
    return { uniqueId: id, deleted: wanted };
  }

  private async failUploads(unitId: string, where: { id?: string }): Promise<void> {
    const open = await repo.findOpenUploads(this.deps.db, unitId, [...OPEN_UPLOAD_STATUSES], where);
    if (open.length === 0) return;
    await repo.failUploads(
      this.deps.db,
      open.map((f) => f.id),
    );
    const topics = this.deps.index.topicsOf(unitId);
    for (const f of open.filter((x) => x.status === 'uploading')) {
      this.deps.hub.publish(topics, { type: 'file.transferCompleted', unitId, fileId: f.id, fileName: f.fileName, ok: false, at: this.deps.clock.now() });
    }
  }

  async storages(user: AuthUser, id: string): Promise<UnitStorages> {
    const row = await this.units.findVisible(user, id);
    return { uniqueId: id, storages: await this.storagesOf(row) };
  }

  /** Files of the unit; with a path, those under that directory (or at that path): none is an empty list. */
  async storageFiles(user: AuthUser, id: string, path: string | undefined): Promise<UnitStorageFiles> {
    await this.units.assertVisible(user, id);
    const where: Prisma.FileWhereInput = { unitId: id };
    if (path !== undefined) {
      const dir = path.endsWith('/') ? path : `${path}/`;
      where.OR = [{ rootDirectory: path }, { path }, { path: { startsWith: dir } }];
    }
    const found = await repo.findFilesNewestFirst(this.deps.db, where);
    return {
      uniqueId: id,
      path: path ?? null,
      files: found.map((f) => ({
        fileId: f.id,
        fileName: f.fileName,
        path: f.path,
        rootDirectory: f.rootDirectory,
        kind: f.kind === 'uploaded' ? 'uploaded' : 'recorded',
        sizeBytes: Number(f.sizeBytes),
        lastModified: iso(f.lastModified),
        status: parseOr(UploadedFileStatus, f.status, null),
        isTransferring: f.isTransferring,
        progress: Math.min(100, Math.max(0, f.progress)),
        chunkIndex: f.chunkIndex,
        chunkCount: Array.isArray(f.chunks) ? f.chunks.length : 0,
        storyId: f.storyId,
        metadata: jsonObject.read(f.metadata),
      })),
    };
  }

  /**
   * Storages of a unit, by storage id: its SD card (capability sdCard), the storages its device
   * last reported (Unit.telemetry.storages: { id | rootDirectory, name?, present?, totalBytes?,
   * usedBytes?, freeBytes? }; an absent SD card is no storage), and every storage its files sit
   * on. A file's rootDirectory is a directory ("/media/sd") or a storage id ("sd"); both name the
   * storage whose id is its last segment. Use is what the device reported, else the files' sizes.
   */
  private async storagesOf(row: UnitRecord): Promise<UnitStorage[]> {
    const [sizes, extra] = await Promise.all([repo.findFileSizes(this.deps.db, row.id), this.deps.readModel.unitRows.requireExtras(row.id)]);
    interface Acc {
      root: string | null;
      name: string | null;
      total: number | null;
      used: number | null;
      free: number | null;
      fileBytes: number;
      count: number;
    }
    const byId = new Map<string, Acc>();
    const ensure = (id: string, root: string | null): Acc => {
      const acc = byId.get(id) ?? { root: null, name: null, total: null, used: null, free: null, fileBytes: 0, count: 0 };
      if (acc.root === null && root !== null && root.startsWith('/')) acc.root = root;
      byId.set(id, acc);
      return acc;
    };
    if (unitCapabilities.read(row.capabilities).sdCard === true) ensure(UNIT_SD_STORAGE.id, UNIT_SD_STORAGE.rootDirectory);
    const reported = unitTelemetry.read(extra.telemetry).storages;
    for (const r of reported ?? []) {
      const root = r.rootDirectory ?? null;
      const id = r.id !== undefined && r.id !== '' ? r.id : root !== null ? storageIdOf(root) : null;
      if (id === null) continue;
      if (r.present === false) {
        byId.delete(id);
        continue;
      }
      const acc = ensure(id, root);
      if (r.name !== undefined && r.name !== '') acc.name = r.name;
      acc.total = nonNegative(r.totalBytes);
      acc.used = nonNegative(r.usedBytes);
      acc.free = nonNegative(r.freeBytes);
    }
    for (const f of sizes) {
      if (f.rootDirectory === '') continue;
      const acc = ensure(storageIdOf(f.rootDirectory), f.rootDirectory);
      acc.fileBytes += Number(f.sizeBytes);
      acc.count += 1;
    }
    return [...byId.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([id, a]) => {
        const usedBytes = a.used ?? a.fileBytes;
        return {
          id,
          name: a.name ?? (id === UNIT_SD_STORAGE.id ? UNIT_SD_STORAGE.name : id),
          rootDirectory: a.root ?? (id === UNIT_SD_STORAGE.id ? UNIT_SD_STORAGE.rootDirectory : `/${id}`),
          totalBytes: a.total,
          freeBytes: a.free ?? (a.total !== null ? Math.max(0, a.total - usedBytes) : null),
          usedBytes,
          fileCount: a.count,
        };
      });
  }

  /**
   * A store-and-forward file (spec 000 §4 file transfer): recorded → a file entry; transfer
   * started → uploading, file.transferStarted; completed → transferring cleared, file.transferCompleted.
   */
  private async applyFile(e: DeviceEventOf<'file'>, at: number): Promise<void> {
    if (!this.deps.index.has(e.unitId)) return; // not a unit of ours
    await this.recordedFiles.write(e.fileId, e.unitId, {
      fileName: e.fileName,
      path: e.path,
      rootDirectory: e.storageId,
      channelId: e.channelId,
      sizeBytes: BigInt(Math.round(e.sizeBytes)),
      lastModified: new Date(at),
      isTransferring: e.isTransferring,
      status: e.status,
      progress: e.progress,
    });
    const topics = this.deps.index.topicsOf(e.unitId);
    const counts = this.transfers.get(e.unitId) ?? { started: 0, completed: 0 };
    this.transfers.set(e.unitId, counts);
    if (e.transfer === 'started') {
      counts.started++;
      this.deps.hub.publish(topics, { type: 'file.transferStarted', unitId: e.unitId, fileId: e.fileId, fileName: e.fileName, channelId: e.channelId, at });
    } else if (e.transfer === 'completed') {
      counts.completed++;
      this.deps.hub.publish(topics, {
        type: 'file.transferCompleted',
        unitId: e.unitId,
        fileId: e.fileId,
        fileName: e.fileName,
        ok: e.status === 'uploaded',
        at,
      });
    }
    // The file's entry on the receiving channel (spec 001 §4 file transfer).
    await recordChannelFileTransfer(this.deps, e, at);
  }

  transfersOf(unitId: string): { started: number; completed: number } {
    return this.transfers.get(unitId) ?? { started: 0, completed: 0 };
  }

  /** The fleet restarted from its seed: the recordings devices reported are gone with their storages. */
  async forgetRecordings(): Promise<void> {
    await repo.deleteRecordedFiles(this.deps.db);
    this.transfers.clear();
  }
}

function toUploadedEntry(f: {
  id: string;
  fileName: string;
  path: string;
  channelId: string | null;
  status: string | null;
  progress: number;
  isTransferring: boolean;
  sizeBytes: bigint;
}): UploadedFileEntry {
  const status = f.status ?? 'pending';
  return {
    fileId: f.id,
    fileName: f.fileName,
    path: f.path,
    channelId: f.channelId,
    status: UPLOADED_FILE_STATUSES.find((s): s is UploadedFileStatus => s === status) ?? 'pending',
    progress: f.progress,
    isTransferring: f.isTransferring,
    sizeBytes: Number(f.sizeBytes),
  };
}

/** The calls UnitActionService answers. */

export const unitStorageCalls = callsOf<UnitStorageService>()({
  getUnitStorages: (s, { params }, user) => s.storages(user, params.id),
  getUnitStorageFiles: (s, { params, query }, user) => s.storageFiles(user, params.id, query.path),
  uploadUnitFiles: (s, { params, body }) => s.uploadFiles(params.id, body),
  deleteUnitFiles: (s, { params, body }, user) => s.deleteFiles(user, params.id, body.paths),
});

function iso(d: Date | null | undefined): string | null {
  return d ? d.toISOString() : null;
}

function nonNegative(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : null;
}

/** The storage a root names: its last path segment ("/media/sd" and "sd" are both storage "sd"). */
function storageIdOf(root: string): string {
  return root.split('/').filter(Boolean).at(-1) ?? root;
}

/** The calls UnitReadService answers. */
