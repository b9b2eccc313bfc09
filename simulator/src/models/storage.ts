/**
 * Storages and store-and-forward files of a unit (spec 000 §3 File, storages; §4 file transfer).
 * Recording (the `store` application) writes the encoder's output to the SD card in parts
 * (`<prefix>_<date>_<time>_part<n>.<ext>`, mp4/mkv/3gp/mov); forwarding (the `forward`
 * application) uploads pending files one by one with progress: started, progress, completed.
 */
import type { DeviceEvent, StorageInfo, UnitTypeGroup, UploadedFileStatus } from '@fleet/contracts';
import type { Rng } from '../rng.js';
import { DEFAULT_STORAGE_OPTIONS, type StorageOptions } from '../timings.js';
import { RECORDING_KBPS, SD_CARD_FULL_PERCENT, STORAGE_MODEL } from './constants.js';

export type StoreAndForwardExtension = 'mp4' | 'mkv' | '3gp' | 'mov';

export interface SimFile {
  fileId: string;
  fileName: string;
  path: string;
  storageId: string;
  sizeBytes: number;
  status: UploadedFileStatus | null;
  progress: number;
  isTransferring: boolean;
  channelId: string | null;
}

/** Container by product family and codec profile: every extension of spec 000 §4 occurs. */
export function extensionFor(typeGroup: UnitTypeGroup, profile: string): StoreAndForwardExtension {
  if (typeGroup === 'smartUnits') return '3gp';
  if (typeGroup === 'liteUnits') return 'mov';
  return profile.endsWith('h265') ? 'mkv' : 'mp4';
}

/** Recording bitrate by store-and-forward profile (high/standard/low). */
export function recordingKbps(profile: string): number {
  if (profile.startsWith('high')) return RECORDING_KBPS.high;
  if (profile.startsWith('low')) return RECORDING_KBPS.low;
  return RECORDING_KBPS.standard;
}

function stamp(t: number): string {
  const d = new Date(t);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}_${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}`;
}

export class StorageModel {
  readonly storages: StorageInfo[];
  readonly files: SimFile[] = [];
  /** Fault: how the next uploads end. */
  uploadFailure: 'none' | 'failed' | 'rejected' = 'none';
  private recording: { base: string; part: number; partStart: number; file: SimFile } | null = null;
  private seq = 0;

  constructor(
    private readonly unitId: string,
    private readonly prefix: string,
    sdCard: boolean,
    rng: Rng,
    private readonly report: (e: DeviceEvent) => void,
    private readonly opts: StorageOptions = DEFAULT_STORAGE_OPTIONS,
  ) {
    const { sdCardBytes, internalBytes } = STORAGE_MODEL;
    this.storages = [
      {
        id: 'sd',
        name: 'SD card',
        present: sdCard,
        totalBytes: sdCardBytes,
        usedBytes: sdCard ? Math.round(rng.range(...STORAGE_MODEL.sdUsedShare) * sdCardBytes) : 0,
      },
      {
        id: 'internal',
        name: 'Internal',
        present: true,
        totalBytes: internalBytes,
        usedBytes: Math.round(rng.range(...STORAGE_MODEL.internalUsedShare) * internalBytes),
      },
    ];
  }

  get sd(): StorageInfo {
    return this.storages[0]!;
  }

  hasSdCard(): boolean {
    return this.sd.present;
  }

  isRecording(): boolean {
    return this.recording !== null;
  }

  /** Share of the SD card in use, 0–100. */
  sdUsedPercent(): number {
    return this.sd.present ? (this.sd.usedBytes / this.sd.totalBytes) * 100 : 100;
  }

  setSdCard(present: boolean): void {
    if (!present && this.recording) this.stopRecording();
    this.sd.present = present;
    if (!present) this.sd.usedBytes = 0;
    this.reportStorages();
  }

  fill(percent: number): void {
    this.sd.usedBytes = Math.round((percent / 100) * this.sd.totalBytes);
    this.reportStorages();
  }

  reportStorages(): void {
    this.report({ type: 'storages', unitId: this.unitId, storages: this.storages.map((s) => ({ ...s })) });
  }

  /** Start recording; false when there is no SD card (Store & Forward disabled) or it is full. */
  startRecording(now: number, ext: StoreAndForwardExtension): boolean {
    if (!this.sd.present || this.sdUsedPercent() >= SD_CARD_FULL_PERCENT) return false;
    if (this.recording) return true;
    const base = `${this.prefix}_${stamp(now)}`;
    this.recording = { base, part: 1, partStart: now, file: this.newPart(base, 1, ext) };
    return true;
  }

  /** Close the current part (it becomes pending for upload). */
  stopRecording(): void {
    const r = this.recording;
    if (!r) return;
    this.recording = null;
    this.closePart(r.file);
  }

  /** Advance recording by `dtMs` at `kbps`; rolls over to the next part; false when the card filled up. */
  stepRecording(now: number, dtMs: number, kbps: number, ext: StoreAndForwardExtension): boolean {
    const r = this.recording;
    if (!r) return true;
    const bytes = Math.round((kbps * 1000 * dtMs) / 8000);
    r.file.sizeBytes += bytes;
    this.sd.usedBytes = Math.min(this.sd.totalBytes, this.sd.usedBytes + bytes);
    if (this.sdUsedPercent() >= SD_CARD_FULL_PERCENT) {
      this.stopRecording();
      this.reportStorages();
      return false;
    }
    if (now - r.partStart >= this.opts.partMs) {
      this.closePart(r.file);
      r.part += 1;
      r.partStart = now;
      r.file = this.newPart(r.base, r.part, ext);
    }
    return true;
  }

  /** Upload the next pending file at `kbps` for `dtMs`; reports started / progress / completed. */
  stepUpload(dtMs: number, kbps: number, channelId: string | null): void {
    const file = this.files.find((f) => f.isTransferring) ?? this.files.find((f) => f.status === 'pending');
    if (!file) return;
    if (!file.isTransferring) {
      file.isTransferring = true;
      file.status = 'uploading';
      file.channelId = channelId;
      file.progress = 0;
      this.emitFile(file, 'started');
      if (this.uploadFailure !== 'none') {
        file.isTransferring = false;
        file.status = this.uploadFailure;
        this.emitFile(file, 'completed');
        return;
      }
    }
    const sentBefore = (file.progress / 100) * file.sizeBytes;
    const sent = Math.min(file.sizeBytes, sentBefore + (kbps * 1000 * dtMs) / 8000);
    file.progress = file.sizeBytes > 0 ? Math.round((sent / file.sizeBytes) * 1000) / 10 : 100;
    if (sent >= file.sizeBytes) {
      file.progress = 100;
      file.isTransferring = false;
      file.status = 'uploaded';
      this.emitFile(file, 'completed');
      this.trim();
    } else {
      this.emitFile(file, 'progress');
    }
  }

  /** Remove files by path (a file being uploaded stays). */
  deleteFiles(paths: readonly string[]): void {
    for (let i = this.files.length - 1; i >= 0; i--) {
      const f = this.files[i];
      if (f && paths.includes(f.path) && !f.isTransferring) this.files.splice(i, 1);
    }
  }

  /** Fault: how the next uploads end. */
  setUploadFailure(mode: 'none' | 'failed' | 'rejected'): void {
    this.uploadFailure = mode;
  }

  /** Cancel an upload in progress (cancel file upload): the file goes back to pending. */
  cancelUpload(fileIds: readonly string[]): number {
    let n = 0;
    for (const f of this.files) {
      if (fileIds.includes(f.fileId) && (f.isTransferring || f.status === 'pending')) {
        f.isTransferring = false;
        f.status = 'failed';
        this.emitFile(f, 'completed');
        n++;
      }
    }
    return n;
  }

  pendingCount(): number {
    return this.files.filter((f) => f.status === 'pending' || f.isTransferring).length;
  }

  private newPart(base: string, part: number, ext: StoreAndForwardExtension): SimFile {
    const fileName = `${base}_part${part}.${ext}`;
    const file: SimFile = {
      fileId: `${this.unitId}:${++this.seq}`,
      fileName,
      path: `/sd/record/${fileName}`,
      storageId: 'sd',
      sizeBytes: 0,
      status: null,
      progress: 0,
      isTransferring: false,
      channelId: null,
    };
    this.files.push(file);
    return file;
  }

  private closePart(file: SimFile): void {
    file.status = 'pending';
    this.emitFile(file, 'recorded');
  }

  private emitFile(f: SimFile, transfer: 'recorded' | 'started' | 'progress' | 'completed'): void {
    this.report({ type: 'file', unitId: this.unitId, ...f, transfer });
  }

  private trim(): void {
    while (this.files.length > this.opts.maxFiles) {
      const i = this.files.findIndex((f) => f.status === 'uploaded' || f.status === 'failed' || f.status === 'rejected');
      if (i < 0) return;
      this.files.splice(i, 1);
    }
  }
}
