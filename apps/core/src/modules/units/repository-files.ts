/**
 * A unit's files in storage (recorded on its storages, and the uploaded-files list): the queries
 * of unit-storage.ts. Each function takes the client to run on: the service's `db`, or a
 * transaction's `tx` inside `transaction(...)`.
 */
import type { Db, DbTx, Prisma } from '@fleet/db';

export type FileRecord = Prisma.FileGetPayload<object>;

const deletionColumns = { id: true, path: true, kind: true, status: true } as const satisfies Prisma.FileSelect;
export type FileToDeleteRecord = Prisma.FileGetPayload<{ select: typeof deletionColumns }>;

export { unitExists } from '../alerts/repository.js';

/** The unit's recorded files at these paths. */
export function findRecordedFiles(db: Db | DbTx, unitId: string, paths: string[]): Promise<FileRecord[]> {
  return db.file.findMany({ where: { unitId, kind: 'recorded', path: { in: paths } } });
}

/** How many of the unit's uploads at these paths are in one of these statuses. */
export function countUploadsAtPaths(db: Db | DbTx, unitId: string, paths: string[], statuses: string[]): Promise<number> {
  return db.file.count({ where: { unitId, kind: 'uploaded', path: { in: paths }, status: { in: statuses } } });
}

export function createFile(db: Db | DbTx, data: Prisma.FileUncheckedCreateInput): Promise<FileRecord> {
  return db.file.create({ data });
}

export async function deleteFiles(db: Db | DbTx, ids: string[]): Promise<void> {
  await db.file.deleteMany({ where: { id: { in: ids } } });
}

/** These files, oldest first. */
export function findFilesByIds(db: Db | DbTx, ids: string[]): Promise<FileRecord[]> {
  return db.file.findMany({ where: { id: { in: ids } }, orderBy: { createdAt: 'asc' } });
}

/** The unit's files at these paths (what a deletion needs of them). */
export function findFilesToDelete(db: Db | DbTx, unitId: string, paths: string[]): Promise<FileToDeleteRecord[]> {
  return db.file.findMany({ where: { unitId, path: { in: paths } }, select: deletionColumns });
}

/** The unit's uploads in one of these statuses (only the one with `where.id`, when given). */
export function findOpenUploads(db: Db | DbTx, unitId: string, statuses: string[], where: { id?: string }): Promise<FileRecord[]> {
  return db.file.findMany({ where: { unitId, kind: 'uploaded', status: { in: statuses }, ...where } });
}

/** These uploads failed (their versions move on). */
export async function failUploads(db: Db | DbTx, ids: string[]): Promise<void> {
  await db.file.updateMany({
    where: { id: { in: ids } },
    data: { status: 'failed', isTransferring: false, version: { increment: 1 } },
  });
}

/** The files matching `where`, newest change first (undated last), then by name and id. */
export function findFilesNewestFirst(db: Db | DbTx, where: Prisma.FileWhereInput): Promise<FileRecord[]> {
  return db.file.findMany({ where, orderBy: [{ lastModified: { sort: 'desc', nulls: 'last' } }, { fileName: 'asc' }, { id: 'asc' }] });
}

/** Where each of the unit's files sits and its size. */
export function findFileSizes(db: Db | DbTx, unitId: string): Promise<Prisma.FileGetPayload<{ select: { rootDirectory: true; sizeBytes: true } }>[]> {
  return db.file.findMany({ where: { unitId }, select: { rootDirectory: true, sizeBytes: true } });
}

/** A recorded file as the device reports it: created, or updated (its version moves on). */
export async function upsertRecordedFile(
  db: Db | DbTx,
  id: string,
  unitId: string,
  data: Omit<Prisma.FileUncheckedCreateInput, 'id' | 'unitId' | 'kind'>,
): Promise<void> {
  await db.file.upsert({
    where: { id },
    create: { id, unitId, kind: 'recorded', ...data },
    update: { ...data, version: { increment: 1 } },
  });
}

/** Every recorded file is forgotten. */
export async function deleteRecordedFiles(db: Db | DbTx): Promise<void> {
  await db.file.deleteMany({ where: { kind: 'recorded' } });
}
