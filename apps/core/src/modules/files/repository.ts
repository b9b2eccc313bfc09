/**
 * Channel files in storage: every query of the files module (the hubs' channel files, the units'
 * own files they come from, the unit and story a file's metadata names). Each function takes the
 * client to run on: the service's `db`, or a transaction's `tx` inside `transaction(...)`.
 */
import type { Db, DbTx, Prisma } from '@fleet/db';

const withChannel = { channel: { select: { id: true, name: true, serverId: true, status: true } } } as const satisfies Prisma.ChannelFileInclude;

/** A channel file with the channel's name, server and status. */
export type ChannelFileRecord = Prisma.ChannelFileGetPayload<{ include: typeof withChannel }>;

const downloadColumns = { id: true, fileName: true, sizeBytes: true, chunks: true } as const satisfies Prisma.ChannelFileSelect;
export type ChannelFileDownload = Prisma.ChannelFileGetPayload<{ select: typeof downloadColumns }>;

const progressColumns = { unitId: true, fileName: true, channelId: true, progress: true } as const satisfies Prisma.FileSelect;
export type UnitFileProgress = Prisma.FileGetPayload<{ select: typeof progressColumns }>;

const sourceColumns = { metadata: true, storyId: true } as const satisfies Prisma.FileSelect;
/** What a channel file takes from the unit's own file: its metadata and story. */
export type UnitFileSource = Prisma.FileGetPayload<{ select: typeof sourceColumns }>;

const unitColumns = { name: true, productType: true, telemetry: true } as const satisfies Prisma.UnitSelect;
export type FileUnitRecord = Prisma.UnitGetPayload<{ select: typeof unitColumns }>;

export type StoryRecord = Prisma.StoryGetPayload<object>;

/** A channel file's key: its channel, root directory and name. */
export type ChannelFileKey = Prisma.ChannelFileChannelIdRootDirectoryFileNameCompoundUniqueInput;

// ── channel files ──────────────────────────────────────────────────────────────────────────

export function findChannelFileByKey(db: Db | DbTx, key: ChannelFileKey): Promise<ChannelFileRecord | null> {
  return db.channelFile.findUnique({ where: { channelId_rootDirectory_fileName: key }, include: withChannel });
}

/** A channel file that must exist (Prisma's not-found error otherwise). */
export function getChannelFile(db: Db | DbTx, id: string): Promise<ChannelFileRecord> {
  return db.channelFile.findUniqueOrThrow({ where: { id }, include: withChannel });
}

/** The channel file, if its channel matches `channelScope` (the caller's channels). */
export function findChannelFileInScope(db: Db | DbTx, id: string, channelScope: Prisma.ChannelWhereInput): Promise<ChannelFileRecord | null> {
  return db.channelFile.findFirst({ where: { id, channel: channelScope }, include: withChannel });
}

/** These channel files, those whose channel matches `channelScope`. */
export function findChannelFilesInScope(db: Db | DbTx, ids: string[], channelScope: Prisma.ChannelWhereInput): Promise<ChannelFileRecord[]> {
  return db.channelFile.findMany({ where: { id: { in: ids }, channel: channelScope }, include: withChannel });
}

/** The channel files matching `where`, last modified first. */
export function findChannelFiles(db: Db | DbTx, where: Prisma.ChannelFileWhereInput): Promise<ChannelFileRecord[]> {
  return db.channelFile.findMany({ where, include: withChannel, orderBy: [{ lastModified: 'desc' }, { id: 'asc' }] });
}

/** The channel's files (or the one named) with what a download link needs, last modified first. */
export function findChannelFileDownloads(db: Db | DbTx, channelId: string, fileId: string | undefined): Promise<ChannelFileDownload[]> {
  return db.channelFile.findMany({
    where: { channelId, ...(fileId ? { id: fileId } : {}) },
    orderBy: [{ lastModified: 'desc' }, { id: 'asc' }],
    select: downloadColumns,
  });
}

/** The file a download link names, if it is still the channel's. */
export function findChannelFileDownload(db: Db | DbTx, channelId: string, fileId: string): Promise<Omit<ChannelFileDownload, 'id'> | null> {
  return db.channelFile.findFirst({ where: { id: fileId, channelId }, select: { fileName: true, sizeBytes: true, chunks: true } });
}

/** Create the channel file of the key, or change it (its version moves on). */
export function upsertChannelFile(
  db: Db | DbTx,
  key: ChannelFileKey,
  create: Omit<Prisma.ChannelFileUncheckedCreateInput, keyof ChannelFileKey>,
  update: Prisma.ChannelFileUncheckedUpdateInput,
): Promise<ChannelFileRecord> {
  return db.channelFile.upsert({
    where: { channelId_rootDirectory_fileName: key },
    create: { ...key, ...create },
    update: { ...update, version: { increment: 1 } },
    include: withChannel,
  });
}

/** Set columns of the channel file while it is at `version` (its version moves on); answers the rows changed. */
export async function updateChannelFileAtVersion(db: Db | DbTx, id: string, version: number, data: Prisma.ChannelFileUpdateManyMutationInput): Promise<number> {
  return (await db.channelFile.updateMany({ where: { id, version }, data: { ...data, version: { increment: 1 } } })).count;
}

/** Delete these channel files, each only at its version and not transferring; answers the rows deleted. */
export async function deleteIdleChannelFiles(db: Db | DbTx, files: readonly { id: string; version: number }[]): Promise<number> {
  return (await db.channelFile.deleteMany({ where: { OR: files.map((r) => ({ id: r.id, version: r.version })), isTransferring: false } })).count;
}

/** How many other files of the channel are broadcasting. */
export function countOtherBroadcasts(db: Db | DbTx, channelId: string, exceptId: string): Promise<number> {
  return db.channelFile.count({ where: { channelId, broadcasting: true, id: { not: exceptId } } });
}

/** How many other files of the same multimedia hub (its server, or its stored hub id) have this name. */
export function countSameNameOnHub(db: Db | DbTx, fileName: string, exceptId: string, serverId: string, mmhId: string | null): Promise<number> {
  return db.channelFile.count({
    where: { fileName, id: { not: exceptId }, OR: [{ channel: { serverId } }, ...(mmhId ? [{ mmhId }] : [])] },
  });
}

// ── the units' own files, units and stories ────────────────────────────────────────────────

/** The transfer progress of the units' files of these names. */
export function findUnitFileProgress(db: Db | DbTx, unitIds: string[], fileNames: string[]): Promise<UnitFileProgress[]> {
  return db.file.findMany({ where: { unitId: { in: unitIds }, fileName: { in: fileNames } }, select: progressColumns });
}

export function findUnitFileSource(db: Db | DbTx, fileId: string): Promise<UnitFileSource | null> {
  return db.file.findUnique({ where: { id: fileId }, select: sourceColumns });
}

/** The unit's file of this name, its metadata and story. */
export function findUnitFileSourceByName(db: Db | DbTx, unitId: string, fileName: string): Promise<UnitFileSource | null> {
  return db.file.findFirst({ where: { unitId, fileName }, select: sourceColumns });
}

export async function findUnitName(db: Db | DbTx, unitId: string): Promise<Prisma.UnitGetPayload<{ select: { name: true } }> | null> {
  return db.unit.findUnique({ where: { id: unitId }, select: { name: true } });
}

export function findFileUnit(db: Db | DbTx, unitId: string): Promise<FileUnitRecord | null> {
  return db.unit.findUnique({ where: { id: unitId }, select: unitColumns });
}

export function findStory(db: Db | DbTx, id: string): Promise<StoryRecord | null> {
  return db.story.findUnique({ where: { id } });
}
