/**
 * Store and forward (spec 000 §4): recording (the `store` application) onto the SD card in the
 * profile the core configured, forwarding (the `forward` application) the recorded files, the
 * files the core asks the unit to upload (uploads.ts), deleting files, the SD card pulled or
 * inserted, and the recording and upload progress of each telemetry step.
 */
import { DEFAULT_RECORDING_PROFILE, SD_CARD_FULL_PERCENT } from '../models/constants.js';
import { extensionFor, recordingKbps, type StorageModel, type StoreAndForwardExtension } from '../models/storage.js';
import { accepted, refused, type Reaction } from '../reaction.js';
import type { UnitHost } from './host.js';
import { UploadQueue, type QueuedUpload } from './uploads.js';

export class UnitRecording {
  private readonly uploads: UploadQueue;

  constructor(
    private readonly host: UnitHost,
    private readonly storage: StorageModel,
    /** The selected channel unless External (where forwarded files go). */
    private readonly selectedChannel: () => string | null,
  ) {
    this.uploads = new UploadQueue({ ...host, stepMs: () => host.draw(host.timings.streamStartMs) });
  }

  /** The files the core asked for that are still to send, in order. */
  pendingUploads(): readonly QueuedUpload[] {
    return this.uploads.pending();
  }

  private profile(): string {
    return this.host.settings.storeAndForwardQuality ?? DEFAULT_RECORDING_PROFILE;
  }

  private extension(profile: string): StoreAndForwardExtension {
    return extensionFor(this.host.spec.typeGroup, profile);
  }

  /** Store (record) on: refused without an SD card or with a full one (Store & Forward disabled, spec 000 §4). */
  startRecording(): Reaction {
    const { host, storage } = this;
    if (!host.isOnline()) return refused('UNIT_OFFLINE');
    if (!storage.hasSdCard() || storage.sdUsedPercent() >= SD_CARD_FULL_PERCENT) return refused('FEATURE_DISABLED');
    if (host.apps.has('store')) return accepted;
    host.apps.start('store', {
      onRunning: () => {
        if (!storage.startRecording(host.now(), this.extension(this.profile()))) this.stopRecording();
        storage.reportStorages();
      },
    });
    return accepted;
  }

  stopRecording(): Reaction {
    this.storage.stopRecording();
    this.host.apps.stop('store');
    return accepted;
  }

  /** Forward (upload) the recorded files while `forward` runs. */
  startForwarding(): Reaction {
    const { apps } = this.host;
    if (!this.host.isOnline()) return refused('UNIT_OFFLINE');
    if (apps.has('forward')) return accepted;
    apps.start('forward');
    return accepted;
  }

  /** Files the core asks the unit to upload (unit/uploads.ts). */
  queueUploads(files: readonly Omit<QueuedUpload, 'channelId'>[], channelId: string | null): Reaction {
    if (!this.host.isOnline()) return refused('UNIT_OFFLINE');
    this.uploads.add(files, channelId);
    return accepted;
  }

  /** The uploadStall fault: the queue waits where it is while on (unit/uploads.ts). */
  stallUploads(on: boolean): void {
    this.uploads.setStalled(on);
  }

  /** Drop queued uploads; answers how many were still queued. */
  cancelUploads(fileIds: readonly string[]): number {
    return this.uploads.cancel(fileIds);
  }

  /** Files removed from the unit's storage (not those being uploaded). */
  deleteFiles(paths: readonly string[]): Reaction {
    this.storage.deleteFiles(paths);
    return accepted;
  }

  /** Pull or insert the SD card: pulling it stops a recording. */
  setSdCard(present: boolean): Reaction {
    this.storage.setSdCard(present);
    if (!present) this.host.apps.stop('store');
    return accepted;
  }

  /** Recording and uploading once per telemetry tick (`totalKbps` = sum of the links). */
  step(now: number, dtMs: number, totalKbps: number): void {
    const { apps } = this.host;
    if (apps.state('store') === 'running' && this.storage.isRecording()) {
      const profile = this.profile();
      if (!this.storage.stepRecording(now, dtMs, recordingKbps(profile), this.extension(profile))) apps.stop('store');
    }
    if (apps.state('forward') === 'running') this.storage.stepUpload(dtMs, totalKbps, this.selectedChannel());
  }

  /** The unit went off: the recording stops and the upload queue is dropped (the core marks its files failed). */
  release(): void {
    this.storage.stopRecording();
    this.uploads.clear();
  }
}
