/**
 * /file_upload (spec 000 §2 "unit files, uploaded files, pending uploads"; §3 File: uploaded file
 * status pending, failed, uploading, uploaded or success, rejected; store-and-forward extensions
 * mp4, mkv, 3gp, mov; partial files carry a _part number; §9 "Uploaded files list: max 10").
 * Pure: the three lists, the selection check before an upload, and the live transfer patch.
 */
import { isStoreAndForwardFile, LIMITS } from '@fleet/contracts';
import type { RealtimeEvent, UnitStorageFiles, UnitStoredFile } from '@fleet/contracts';
import { FINISHED_STATUSES, OPEN_STATUSES } from '../../lib/uploadStatus';

/** Spec 000 §9 (contracts LIMITS): at most 10 uploaded files are listed. */
export const UPLOADED_FILES_LIST_MAX = LIMITS.uploadedFilesListMax;

export function isPendingUpload(file: Pick<UnitStoredFile, 'status' | 'isTransferring'>): boolean {
  return file.isTransferring || (file.status != null && OPEN_STATUSES.includes(file.status));
}

function newestFirst(a: UnitStoredFile, b: UnitStoredFile): number {
  const ta = a.lastModified ?? '';
  const tb = b.lastModified ?? '';
  return tb.localeCompare(ta) || a.fileName.localeCompare(b.fileName) || a.fileId.localeCompare(b.fileId);
}

export interface FileLists {
  /** Files on the unit's storage (recorded), newest first. */
  readonly unitFiles: UnitStoredFile[];
  /** Finished uploads, newest first, at most UPLOADED_FILES_LIST_MAX. */
  readonly uploaded: UnitStoredFile[];
  /** How many finished uploads there are in all (the list shows at most 10). */
  readonly uploadedTotal: number;
  /** Uploads waiting or running, the running ones first. */
  readonly pending: UnitStoredFile[];
}

/**
 * Our reading of the three sections: unit files are the recorded files on the unit's storage;
 * pending uploads are the files whose upload waits or runs; uploaded files are those whose upload
 * finished (uploaded/success, failed, rejected), the newest 10.
 */
export function splitFiles(files: readonly UnitStoredFile[]): FileLists {
  const unitFiles = files.filter((f) => f.kind === 'recorded').sort(newestFirst);
  const pending = files.filter(isPendingUpload).sort((a, b) => Number(b.isTransferring) - Number(a.isTransferring) || newestFirst(a, b));
  const finished = files.filter((f) => !isPendingUpload(f) && f.status != null && FINISHED_STATUSES.includes(f.status)).sort(newestFirst);
  return { unitFiles, pending, uploaded: finished.slice(0, UPLOADED_FILES_LIST_MAX), uploadedTotal: finished.length };
}

/** Why the selected files cannot be uploaded (the same rules as the upload call), or null. */
export type UploadProblem = 'required' | 'fileType' | 'maxElements';

export function validateUploadSelection(paths: readonly string[]): UploadProblem | null {
  if (paths.length === 0) return 'required';
  if (paths.some((p) => !isStoreAndForwardFile(p))) return 'fileType';
  if (paths.length > UPLOADED_FILES_LIST_MAX) return 'maxElements';
  return null;
}

/** Deleting needs at least one file. */
export function validateDeleteSelection(paths: readonly string[]): 'required' | null {
  return paths.length === 0 ? 'required' : null;
}

/** The _part number of a partial store-and-forward file ("clip_part2.mp4" → 2), else null. */
export function partNumber(fileName: string): number | null {
  const match = /_part(\d+)\.[^.]+$/i.exec(fileName);
  return match ? Number(match[1]) : null;
}

/** Store-and-forward extension of a file name (mp4, mkv, 3gp, mov), else null. */
export function storeAndForwardExtension(fileName: string): string | null {
  if (!isStoreAndForwardFile(fileName)) return null;
  return fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase();
}

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** Size for display: 1024-based, one decimal from KB on ("1.5 GB"). */
export function formatBytes(bytes: number): { value: string; unit: (typeof BYTE_UNITS)[number] } {
  let value = Math.max(0, bytes);
  let i = 0;
  while (value >= 1024 && i < BYTE_UNITS.length - 1) {
    value /= 1024;
    i++;
  }
  return { value: i === 0 ? String(Math.round(value)) : value.toFixed(1), unit: BYTE_UNITS[i] ?? 'B' };
}

export type FileTransferEvent = Extract<RealtimeEvent, { type: 'file.transferStarted' | 'file.transferCompleted' }>;

/**
 * A unit's file listing with a transfer event applied at once (the listing is read again right
 * after, for the progress the event does not carry): started → uploading, completed → uploaded or
 * failed. The same object when the file is not listed or nothing changes.
 */
export function applyTransferEvent(data: UnitStorageFiles | undefined, event: FileTransferEvent): UnitStorageFiles | undefined {
  if (!data || data.uniqueId !== event.unitId) return data;
  const index = data.files.findIndex((f) => f.fileId === event.fileId);
  const file = index < 0 ? undefined : data.files[index];
  if (!file) return data;
  const next: UnitStoredFile =
    event.type === 'file.transferStarted'
      ? { ...file, isTransferring: true, status: 'uploading' }
      : { ...file, isTransferring: false, status: event.ok ? 'uploaded' : 'failed', progress: event.ok ? 100 : file.progress };
  if (next.isTransferring === file.isTransferring && next.status === file.status && next.progress === file.progress) return data;
  const files = data.files.slice();
  files[index] = next;
  return { ...data, files };
}
