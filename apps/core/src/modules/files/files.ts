/**
 * Channel files (spec 001 §3 Channel file, §4 file transfer, §7 Channel files; spec 000 §2 Files,
 * §3 File, §5 name rules). Files a unit sends to a channel of a multimedia hub are ChannelFile rows:
 * created when the transfer starts, cleared of `isTransferring` when it completes (see
 * recordChannelFileTransfer, called by the FleetService for the devices' `file` events). Every
 * change is announced on the channel's group and inventory topics (channelFile.added / changed /
 * removed) so the console's grid stays current without reloading.
 */
import { unlessTaken } from '../../platform/versioned-write.js';
import {
  ChannelStatus,
  groupTopic,
  inventoryTopic,
  RECEIVED_FILES_ROOT,
  splitFileName,
  validateChunkRange,
  VALIDATION,
  type ChannelFile,
  type ChannelFileChunk,
  type ChannelFileList,
  type ChannelFilesQuery,
  type DeviceEvent,
  type DownloadUrls,
  type FileMetadata,
  type RealtimeEvent,
} from '@fleet/contracts';
import { channelStatusClass } from '@fleet/domain';
import { transaction, type Prisma } from '@fleet/db';
import { z } from 'zod';
import { AppError, validationError } from '../../errors.js';
import { canSeeChannel, channelScopeWhere, visibleGroup, type AuthUser } from '../../platform/access.js';
import type { ServiceDeps } from '../deps.js';
import { DOWNLOAD_URL_TTL_MS, DownloadLinks, downloadRefused, type DownloadQuery, type DownloadTarget } from './download-links.js';
import { callsOf } from '../../calls.js';
import { pageRows } from '../../platform/paging.js';
import * as repo from './repository.js';

type ChannelFileRow = repo.ChannelFileRecord;

/** Chunks as stored (Json column): entries that do not parse are left out. */
const StoredChunks = z.array(
  z.object({
    id: z.string(),
    index: z.number().int(),
    startSec: z.number(),
    endSec: z.number(),
    fileName: z.string(),
    sizeBytes: z.number(),
    createdAt: z.string(),
  }),
);
/** Metadata as stored (Json column): every field optional, numbers or strings as devices write them. */
const StoredMetadata = z
  .object({
    date: z.string().optional(),
    resolution: z.string().optional(),
    length: z.number().optional(),
    lengthSec: z.number().optional(),
    bitrate: z.number().optional(),
    codec: z.string().optional(),
    gps: z.object({ lat: z.number(), lng: z.number() }).optional(),
  })
  .catch({});
const StoredLocation = z.object({ location: z.object({ lat: z.number(), lng: z.number() }).nullable().optional() }).catch({});

function chunksOf(json: Prisma.JsonValue): ChannelFileChunk[] {
  const r = StoredChunks.safeParse(json);
  return r.success ? r.data.map((c) => ({ ...c, createdAt: new Date(c.createdAt).toISOString() })) : [];
}

/** The file's length in seconds: from its metadata, else from its size and bitrate; null when unknown. */
export function lengthOfFile(
  sizeBytes: number,
  meta: { length?: number | undefined; lengthSec?: number | undefined; bitrate?: number | undefined },
): number | null {
  const stored = meta.lengthSec ?? meta.length;
  if (stored !== undefined && stored >= 0) return stored;
  if (meta.bitrate !== undefined && meta.bitrate > 0) return Math.round((sizeBytes * 8) / (meta.bitrate * 1000));
  return null;
}

/** Topics of channels: their groups' and inventories'. */
function channelTopics(deps: ServiceDeps, channelIds: readonly string[]): string[] {
  const channels = channelIds.flatMap((id) => deps.readModel.channels.get(id) ?? []);
  return [
    ...new Set([
      ...channels.flatMap((c) => c.groups.map((g) => groupTopic(g.groupId))),
      ...channels.flatMap((c) => c.inventories.map((i) => inventoryTopic(i.inventoryId))),
    ]),
  ];
}

/** Transfer progress of transferring rows, read from the unit's file (File.progress), keyed by row id. */
async function progressOf(deps: ServiceDeps, rows: readonly ChannelFileRow[]): Promise<Map<string, number>> {
  const open = rows.filter((r) => r.isTransferring && r.unitId !== null);
  const out = new Map<string, number>();
  if (open.length === 0) return out;
  const files = await repo.findUnitFileProgress(deps.db, [...new Set(open.map((r) => r.unitId as string))], [...new Set(open.map((r) => r.fileName))]);
  for (const r of open) {
    const f = files.find((x) => x.unitId === r.unitId && x.fileName === r.fileName && (x.channelId === null || x.channelId === r.channelId));
    out.set(r.id, f ? Math.min(100, Math.max(0, f.progress)) : 0);
  }
  return out;
}

function toChannelFile(row: ChannelFileRow, progress: number | undefined): ChannelFile {
  return {
    id: row.id,
    fileId: { channel: row.channelId, unit: row.unitId, name: row.fileName },
    channelId: row.channelId,
    channelName: row.channel.name,
    fileName: row.fileName,
    luName: row.luName,
    luAlias: row.luAlias,
    mmhId: row.mmhId,
    mmhName: row.mmhName,
    sizeBytes: Number(row.sizeBytes),
    lastModified: row.lastModified ? row.lastModified.toISOString() : null,
    chunkIndex: row.chunkIndex,
    chunks: chunksOf(row.chunks),
    isTransferring: row.isTransferring,
    progress: row.isTransferring ? (progress ?? 0) : null,
    rootDirectory: row.rootDirectory,
    broadcasting: row.broadcasting,
    storyId: row.storyId,
    version: row.version,
  };
}

async function entityOf(deps: ServiceDeps, row: ChannelFileRow, progress?: number): Promise<ChannelFile> {
  if (progress !== undefined || !row.isTransferring) return toChannelFile(row, progress);
  return toChannelFile(row, (await progressOf(deps, [row])).get(row.id));
}

async function publishFile(deps: ServiceDeps, kind: 'channelFile.added' | 'channelFile.changed', file: ChannelFile, at = deps.clock.now()): Promise<void> {
  const event: RealtimeEvent = { type: kind, file, at };
  deps.hub.publish(channelTopics(deps, [file.channelId]), event);
}

/**
 * Spec 001 §4 "File transfer: started creates a file entry and notifies; completed clears
 * transferring and notifies": a unit's `file` event naming a channel becomes a ChannelFile row in
 * the hub's received files (channelFile.added when it appears, channelFile.changed as its transfer
 * progresses and completes). Called by the FleetService after it recorded the unit's own file.
 */
export async function recordChannelFileTransfer(deps: ServiceDeps, e: Extract<DeviceEvent, { type: 'file' }>, at: number): Promise<void> {
  if (e.channelId === null || e.transfer === 'recorded') return;
  const db = deps.db;
  const channel = deps.readModel.channels.get(e.channelId);
  if (!channel) return; // an external channel: not a hub of ours
  const hubName = deps.readModel.servers.get(channel.serverId)?.name ?? '';
  const key = { channelId: channel.id, rootDirectory: RECEIVED_FILES_ROOT, fileName: e.fileName };
  const existing = await repo.findChannelFileByKey(db, key);
  if (e.transfer === 'progress') {
    if (existing?.isTransferring) await publishFile(deps, 'channelFile.changed', toChannelFile(existing, e.progress), at);
    return;
  }
  const [unit, source] = await Promise.all([repo.findUnitName(db, e.unitId), repo.findUnitFileSource(db, e.fileId)]);
  const data = {
    sizeBytes: BigInt(Math.round(e.sizeBytes)),
    lastModified: new Date(at),
    isTransferring: e.transfer === 'started',
  };
  const row = await repo.upsertChannelFile(
    db,
    key,
    {
      ...data,
      unitId: e.unitId,
      luName: unit?.name ?? e.unitId,
      luAlias: unit?.name ?? e.unitId,
      mmhId: channel.serverId,
      mmhName: hubName,
      metadata: (source?.metadata ?? {}) as Prisma.InputJsonValue,
      storyId: source?.storyId ?? null,
    },
    data,
  );
  await publishFile(deps, existing ? 'channelFile.changed' : 'channelFile.added', toChannelFile(row, e.transfer === 'started' ? e.progress : undefined), at);
}

export class FileService {
  /** Signs the download links handed out and checks the ones presented. */
  private readonly links: DownloadLinks;

  constructor(private readonly deps: ServiceDeps) {
    this.links = new DownloadLinks(deps.config.DOWNLOAD_URL_SECRET, deps.config.PUBLIC_BASE);
  }

  /** A channel file the caller may see, else 404. */
  private async findVisible(user: AuthUser, id: string): Promise<ChannelFileRow> {
    const row = await repo.findChannelFileInScope(this.deps.db, id, channelScopeWhere(user));
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  private requireVisibleChannel(user: AuthUser, channelId: string): void {
    const channel = this.deps.readModel.channels.get(channelId);
    if (!channel || !canSeeChannel(user, channel)) throw new AppError('NOT_FOUND');
  }

  /** A row changed by a write guarded on its version: the fresh row, or 409 when someone else changed it. */
  private async updateVersioned(row: ChannelFileRow, data: Prisma.ChannelFileUpdateManyMutationInput): Promise<ChannelFile> {
    const n = await repo.updateChannelFileAtVersion(this.deps.db, row.id, row.version, data);
    if (n === 0) throw new AppError('CONFLICT');
    return this.publishFresh(row.id);
  }

  /** The row as stored now, announced as channelFile.changed. */
  private async publishFresh(id: string): Promise<ChannelFile> {
    const fresh = await repo.getChannelFile(this.deps.db, id);
    const file = await entityOf(this.deps, fresh);
    await publishFile(this.deps, 'channelFile.changed', file);
    return file;
  }

  /** GET channelfiles: the files of the channels of a group the caller sees (404 for another group). */
  async listChannelFiles(user: AuthUser, q: ChannelFilesQuery): Promise<ChannelFileList> {
    const group = visibleGroup(this.deps.readModel, user, q.groupId);
    if (!group) throw new AppError('NOT_FOUND');
    const where: Prisma.ChannelFileWhereInput = {
      channel: { groups: { some: { groupId: group.id } } },
      ...(q.channelId ? { channelId: q.channelId } : {}),
      ...(q.unitId ? { unitId: q.unitId } : {}),
      ...(q.transferring !== undefined ? { isTransferring: q.transferring } : {}),
      ...(q.from || q.to ? { lastModified: { ...(q.from ? { gte: new Date(q.from) } : {}), ...(q.to ? { lte: new Date(q.to) } : {}) } } : {}),
    };
    const rows = await repo.findChannelFiles(this.deps.db, where);
    // Case-insensitive search in JS: the same on SQLite and PostgreSQL.
    const needle = q.search?.trim().toLowerCase() ?? '';
    const matching = needle === '' ? rows : rows.filter((r) => r.fileName.toLowerCase().includes(needle));
    const page = pageRows(matching, q);
    const progress = await progressOf(this.deps, page);
    return { items: page.map((r) => toChannelFile(r, progress.get(r.id))), total: matching.length, offset: q.offset, limit: q.limit };
  }

  /** POST channelfiles/removal: every id visible and removable, else nothing is removed. */
  async removeChannelFiles(user: AuthUser, ids: readonly string[]): Promise<{ removed: string[] }> {
    const unique = [...new Set(ids)];
    const rows = await repo.findChannelFilesInScope(this.deps.db, unique, channelScopeWhere(user));
    if (rows.length !== unique.length) throw new AppError('NOT_FOUND');
    if (rows.some((r) => r.isTransferring)) throw new AppError('FILE_UPLOAD_IN_PROGRESS');
    await transaction(this.deps.db, async (tx) => {
      const n = await repo.deleteIdleChannelFiles(tx, rows);
      if (n !== rows.length) throw new AppError('CONFLICT');
    });
    const topics = channelTopics(this.deps, [...new Set(rows.map((r) => r.channelId))]);
    this.deps.hub.publish(topics, { type: 'channelFile.removed', ids: unique, at: this.deps.clock.now() });
    return { removed: unique };
  }

  /** POST channelfiles/broadcast/start: the channel must be idle (online and free) and the file complete. */
  async startBroadcast(user: AuthUser, id: string): Promise<ChannelFile> {
    const row = await this.findVisible(user, id);
    if (row.broadcasting) return entityOf(this.deps, row);
    if (row.isTransferring) throw new AppError('FILE_UPLOAD_IN_PROGRESS');
    const status = ChannelStatus.safeParse(row.channel.status);
    if (!status.success || channelStatusClass(status.data) !== 'idle') throw new AppError('UNIT_OFFLINE');
    await transaction(this.deps.db, async (tx) => {
      // Another file already playing on the channel makes it busy.
      const playing = await repo.countOtherBroadcasts(tx, row.channelId, row.id);
      if (playing > 0) throw new AppError('UNIT_OFFLINE');
      const n = await repo.updateChannelFileAtVersion(tx, row.id, row.version, { broadcasting: true });
      if (n === 0) throw new AppError('CONFLICT');
    });
    return this.publishFresh(row.id);
  }

  /** POST channelfiles/broadcast/stop: stops the playout (a file not playing is answered as it is). */
  async stopBroadcast(user: AuthUser, id: string): Promise<ChannelFile> {
    const row = await this.findVisible(user, id);
    if (!row.broadcasting) return entityOf(this.deps, row);
    return this.updateVersioned(row, { broadcasting: false });
  }

  /** POST channelfiles/name: the new base name keeps the extension; unique on the same multimedia hub. */
  async renameChannelFile(user: AuthUser, id: string, name: string): Promise<ChannelFile> {
    const row = await this.findVisible(user, id);
    if (row.isTransferring) throw new AppError('FILE_UPLOAD_IN_PROGRESS');
    const { ext } = splitFileName(row.fileName);
    const fileName = ext === '' ? name : `${name}.${ext}`;
    if (fileName === row.fileName) return entityOf(this.deps, row);
    const taken = await repo.countSameNameOnHub(this.deps.db, fileName, row.id, row.channel.serverId, row.mmhId);
    const problem = [{ path: 'body.name', message: VALIDATION.filenamePrefixUnique }];
    if (taken > 0) throw validationError(problem);
    return unlessTaken(
      () => this.updateVersioned(row, { fileName }),
      () => validationError(problem),
    );
  }

  /** POST channelfiles/chunk: a range within the file's length becomes a new chunk entry. */
  async makeChunk(user: AuthUser, body: { id: string; startSec: number; endSec: number }): Promise<{ file: ChannelFile; chunk: ChannelFileChunk }> {
    const row = await this.findVisible(user, body.id);
    const meta = await this.metadataSources(row);
    const sizeBytes = Number(row.sizeBytes);
    const lengthSec = lengthOfFile(sizeBytes, meta.stored);
    const problem = validateChunkRange(body.startSec, body.endSec, lengthSec);
    if (problem) throw validationError([{ path: `body.${problem.field}`, message: problem.message }]);
    if (row.isTransferring) throw new AppError('FILE_UPLOAD_IN_PROGRESS');
    const chunks = chunksOf(row.chunks);
    const index = chunks.reduce((m, c) => Math.max(m, c.index), 0) + 1;
    const { base, ext } = splitFileName(row.fileName);
    const share = lengthSec && lengthSec > 0 ? (body.endSec - body.startSec) / lengthSec : 0;
    const chunk: ChannelFileChunk = {
      id: `${row.id}-chunk-${index}`,
      index,
      startSec: body.startSec,
      endSec: body.endSec,
      fileName: `${base}_chunk${index}${ext === '' ? '' : `.${ext}`}`,
      sizeBytes: Math.round(sizeBytes * Math.min(1, share)),
      createdAt: this.deps.clock.date().toISOString(),
    };
    const file = await this.updateVersioned(row, { chunks: [...chunks, chunk] as Prisma.InputJsonValue, chunkIndex: index });
    return { file, chunk };
  }

  /** GET channels/{id}/downloadUrls: signed links (served outside the core prefix) to the channel's files (or one of them) and their chunks. */
  async downloadUrls(user: AuthUser, channelId: string, fileId: string | undefined): Promise<DownloadUrls> {
    this.requireVisibleChannel(user, channelId);
    const rows = await repo.findChannelFileDownloads(this.deps.db, channelId, fileId);
    if (fileId && rows.length === 0) throw new AppError('NOT_FOUND');
    const expires = this.deps.clock.now() + DOWNLOAD_URL_TTL_MS;
    return {
      channelId,
      expiresAt: new Date(expires).toISOString(),
      files: rows.map((r) => ({
        fileId: r.id,
        fileName: r.fileName,
        urls: [
          {
            kind: 'file' as const,
            fileName: r.fileName,
            sizeBytes: Number(r.sizeBytes),
            url: this.links.url({ channelId, fileId: r.id, chunk: null }, r.fileName, expires),
          },
          ...chunksOf(r.chunks).map((c) => ({
            kind: 'chunk' as const,
            fileName: c.fileName,
            sizeBytes: c.sizeBytes,
            url: this.links.url({ channelId, fileId: r.id, chunk: c.index }, c.fileName, expires),
          })),
        ],
      })),
    };
  }

  /**
   * What a download link opens, once its signature holds and it has not expired (else 403, before
   * anything is looked up): the file's or chunk's current name and stated size. A file removed
   * since, or a chunk it does not have, is 404.
   */
  async openDownload(target: DownloadTarget, query: DownloadQuery): Promise<{ fileName: string; sizeBytes: number }> {
    if (!this.links.verify(target, query, this.deps.clock.now())) throw downloadRefused();
    const row = await repo.findChannelFileDownload(this.deps.db, target.channelId, target.fileId);
    if (!row) throw new AppError('NOT_FOUND');
    if (target.chunk === null) return { fileName: row.fileName, sizeBytes: Number(row.sizeBytes) };
    const chunk = chunksOf(row.chunks).find((c) => c.index === target.chunk);
    if (!chunk) throw new AppError('NOT_FOUND');
    return { fileName: chunk.fileName, sizeBytes: chunk.sizeBytes };
  }

  /** What the metadata of a channel file is made of: its own, over the sending unit's file of the same name. */
  private async metadataSources(row: ChannelFileRow) {
    const source = row.unitId ? await repo.findUnitFileSourceByName(this.deps.db, row.unitId, row.fileName) : null;
    const stored = { ...StoredMetadata.parse(source?.metadata ?? {}), ...StoredMetadata.parse(row.metadata) };
    return { stored, storyId: row.storyId ?? source?.storyId ?? null };
  }

  /** GET metadata (channelId, filePath = rootDirectory/fileName). */
  async fileMetadata(user: AuthUser, channelId: string, filePath: string): Promise<FileMetadata> {
    this.requireVisibleChannel(user, channelId);
    const slash = filePath.lastIndexOf('/');
    const rootDirectory = slash < 0 ? '' : filePath.slice(0, slash);
    const fileName = filePath.slice(slash + 1);
    const found = await repo.findChannelFileByKey(this.deps.db, { channelId, rootDirectory, fileName });
    if (!found) throw new AppError('NOT_FOUND');
    const { stored, storyId } = await this.metadataSources(found);
    const [unit, story] = await Promise.all([
      found.unitId ? repo.findFileUnit(this.deps.db, found.unitId) : null,
      storyId ? repo.findStory(this.deps.db, storyId) : null,
    ]);
    const sizeBytes = Number(found.sizeBytes);
    const gps = stored.gps ?? StoredLocation.parse(unit?.telemetry ?? {}).location ?? null;
    const date = stored.date && !Number.isNaN(Date.parse(stored.date)) ? new Date(stored.date).toISOString() : (found.lastModified?.toISOString() ?? null);
    return {
      channelId,
      filePath: `${found.rootDirectory}/${found.fileName}`,
      fileId: found.id,
      date,
      sizeBytes,
      resolution: stored.resolution ?? null,
      lengthSec: lengthOfFile(sizeBytes, stored),
      bitrateKbps: stored.bitrate ?? null,
      codec: stored.codec ?? null,
      gps: gps ? { lat: gps.lat, lng: gps.lng } : null,
      unitName: unit?.name ?? (found.luName || null),
      unitType: unit?.productType ?? null,
      story: story
        ? {
            slugline: story.slugline,
            crewName: story.crewName,
            storyId: story.storyId,
            usageTerms: story.usageTerms,
            provider: story.provider,
            reporter: story.reporter,
            keywords: story.keywords,
            comments: story.comments,
          }
        : null,
    };
  }
}

/** The calls FileService answers. */
export const fileCalls = callsOf<FileService>()({
  removeChannelFiles: async (s, { body }, user) => {
    const { removed } = await s.removeChannelFiles(user, body.ids);
    return { removed };
  },
  makeChannelFileChunk: async (s, { body }, user) => {
    const { file, chunk } = await s.makeChunk(user, body);
    return { file, chunk };
  },
  fetchChannelFiles: (s, { query }, user) => s.listChannelFiles(user, query),
  startChannelFileBroadcast: (s, { body }, user) => s.startBroadcast(user, body.id),
  stopChannelFileBroadcast: (s, { body }, user) => s.stopBroadcast(user, body.id),
  renameChannelFile: (s, { body }, user) => s.renameChannelFile(user, body.id, body.name),
  fetchChannelDownloadUrls: (s, { params, query }, user) => s.downloadUrls(user, params.id, query.fileId),
  fetchFileMetadata: (s, { query }, user) => s.fileMetadata(user, query.channelId, query.filePath),
});
