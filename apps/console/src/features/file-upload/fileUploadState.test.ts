import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, UnitStoredFile, VALIDATION } from '@fleet/contracts';
import type { UnitStorageFiles } from '@fleet/contracts';
import en from '../../i18n/areas/fileUpload.en.json';
import enShell from '../../i18n/en.json';
import {
  applyTransferEvent,
  formatBytes,
  partNumber,
  splitFiles,
  storeAndForwardExtension,
  UPLOADED_FILES_LIST_MAX,
  validateDeleteSelection,
  validateUploadSelection,
} from './fileUploadState';

let n = 0;
function file(overrides: Partial<UnitStoredFile> = {}): UnitStoredFile {
  n += 1;
  return UnitStoredFile.parse({
    fileId: `fil-${n}`,
    fileName: `clip${n}.mp4`,
    path: `/media/sd/clip${n}.mp4`,
    rootDirectory: '/media/sd',
    kind: 'recorded',
    sizeBytes: 1000,
    lastModified: `2025-01-01T00:00:${String(n % 60).padStart(2, '0')}.000Z`,
    status: null,
    isTransferring: false,
    progress: 0,
    chunkIndex: null,
    chunkCount: 0,
    storyId: null,
    metadata: {},
    ...overrides,
  });
}

describe('the three lists', () => {
  it('puts recorded files in unit files, open uploads in pending, finished ones in uploaded', () => {
    const recorded = file({ lastModified: '2025-01-01T00:00:00.000Z' });
    const newer = file({ lastModified: '2025-01-02T00:00:00.000Z' });
    const pending = file({ kind: 'uploaded', status: 'pending' });
    const running = file({ kind: 'uploaded', status: 'uploading', isTransferring: true, progress: 40 });
    const done = file({ kind: 'uploaded', status: 'uploaded' });
    const rejected = file({ kind: 'uploaded', status: 'rejected' });
    const lists = splitFiles([recorded, pending, running, done, rejected, newer]);
    expect(lists.unitFiles.map((f) => f.fileId)).toEqual([newer.fileId, recorded.fileId]);
    expect(lists.pending.map((f) => f.fileId)).toEqual([running.fileId, pending.fileId]);
    expect(lists.uploaded.map((f) => f.fileId).sort()).toEqual([done.fileId, rejected.fileId].sort());
    expect(lists.uploadedTotal).toBe(2);
  });

  it('lists at most 10 uploaded files (spec 000 §9), the newest first', () => {
    const many = Array.from({ length: 14 }, (_, i) =>
      file({ kind: 'uploaded', status: i % 2 ? 'success' : 'failed', lastModified: `2025-02-${String(i + 1).padStart(2, '0')}T00:00:00.000Z` }),
    );
    const lists = splitFiles(many);
    expect(UPLOADED_FILES_LIST_MAX).toBe(10);
    expect(lists.uploaded).toHaveLength(10);
    expect(lists.uploadedTotal).toBe(14);
    expect(lists.uploaded[0]?.lastModified).toBe('2025-02-14T00:00:00.000Z');
  });
});

describe('upload selection', () => {
  it('needs a file, store-and-forward files only, at most 10', () => {
    expect(validateUploadSelection([])).toBe('required');
    expect(validateUploadSelection(['/media/sd/a.mp4', '/media/sd/notes.txt'])).toBe('fileType');
    expect(validateUploadSelection(Array.from({ length: 11 }, (_, i) => `/media/sd/c${i}.mov`))).toBe('maxElements');
    expect(validateUploadSelection(['/media/sd/a.mp4', '/media/sd/b_part2.MKV', '/sd/c.3gp', '/sd/d.mov'])).toBeNull();
    expect(validateDeleteSelection([])).toBe('required');
    expect(validateDeleteSelection(['/a'])).toBeNull();
  });

  it('shows the spec texts word for word in English', () => {
    expect(en.validation.required).toBe(VALIDATION.required);
    expect(en.validation.maxElements).toBe(VALIDATION.maxElements);
    expect(enShell.apiErrors.FILE_TYPE_NOT_SUPPORTED).toBe(ERROR_CATALOGUE.FILE_TYPE_NOT_SUPPORTED.message);
  });
});

describe('file names and sizes', () => {
  it('reads the _part number and the extension', () => {
    expect(partNumber('LU800_20250101_part3.mp4')).toBe(3);
    expect(partNumber('clip.mp4')).toBeNull();
    expect(storeAndForwardExtension('x_part1.MOV')).toBe('mov');
    expect(storeAndForwardExtension('x.avi')).toBeNull();
  });

  it('formats sizes', () => {
    expect(formatBytes(512)).toEqual({ value: '512', unit: 'B' });
    expect(formatBytes(1536)).toEqual({ value: '1.5', unit: 'KB' });
    expect(formatBytes(3 * 1024 ** 3)).toEqual({ value: '3.0', unit: 'GB' });
  });
});

describe('live transfer events', () => {
  const listing = (files: UnitStoredFile[]): UnitStorageFiles => ({ uniqueId: 'U1', path: null, files });

  it('marks a file uploading when its transfer starts and finished when it completes', () => {
    const f = file({ kind: 'uploaded', status: 'pending' });
    const started = applyTransferEvent(listing([f]), {
      type: 'file.transferStarted',
      unitId: 'U1',
      fileId: f.fileId,
      fileName: f.fileName,
      channelId: null,
      at: 1,
    });
    expect(started?.files[0]).toMatchObject({ status: 'uploading', isTransferring: true });
    const done = applyTransferEvent(started, { type: 'file.transferCompleted', unitId: 'U1', fileId: f.fileId, fileName: f.fileName, ok: true, at: 2 });
    expect(done?.files[0]).toMatchObject({ status: 'uploaded', isTransferring: false, progress: 100 });
    const failed = applyTransferEvent(started, { type: 'file.transferCompleted', unitId: 'U1', fileId: f.fileId, fileName: f.fileName, ok: false, at: 2 });
    expect(failed?.files[0]).toMatchObject({ status: 'failed', isTransferring: false });
  });

  it('keeps the same object for another unit or an unknown file', () => {
    const data = listing([file()]);
    expect(applyTransferEvent(data, { type: 'file.transferStarted', unitId: 'U2', fileId: 'x', fileName: 'x', channelId: null, at: 1 })).toBe(data);
    expect(applyTransferEvent(data, { type: 'file.transferStarted', unitId: 'U1', fileId: 'nope', fileName: 'x', channelId: null, at: 1 })).toBe(data);
  });
});
