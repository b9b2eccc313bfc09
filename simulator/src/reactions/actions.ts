/**
 * Device reactions to unit actions (spec 000 §7 unit actions, deletes, social media and CDN).
 *
 * Starts and stops pass through connecting / disconnecting (spec 000 §4) on the device's
 * applications, scheduled on the device's clock; every change is reported with
 * `device.reportState()` and the core derives the unit's status from it (packages/domain).
 */
import {
  UnitDeviceAction, UnitDeviceActionPayloads, type ApplicationInfo, type ApplicationState, type UnitApplicationKey,
  type UnitDeviceActionPayload,
} from '@fleet/contracts';
import type { UnitDevice } from '../device.js';
import { accepted, refused, type Reaction } from './result.js';

/** Keys of `device.settings` this area keeps. */
const SETTINGS = {
  uploadQueue: 'actions.uploadQueue',
  uploader: 'actions.uploader',
  intercomSessions: 'actions.intercomSessions',
  externalStreams: 'actions.externalStreams',
} as const;

/** Upload progress is reported in this many steps per file (25, 50, 75, 100 %). */
const UPLOAD_PROGRESS_STEPS = 4;
/** Sending logs lasts this many stream start-up times once running. */
const LOG_SENDING_FACTOR = 20;
/** A shut-down unit is switched on again after this many outage durations. */
const SHUTDOWN_RESTART_FACTOR = 3;

interface QueuedUpload {
  fileId: string;
  fileName: string;
  path: string;
  sizeBytes: number;
  channelId: string | null;
}
/**
 * The uploader at work: its run number (steps of an earlier run stop) and whether it started
 * `forward` (and so ends it with the queue).
 */
interface Uploader {
  run: number;
  ownsForward: boolean;
}
type IntercomSessions = Partial<Record<'1' | '2', 'audioRoom' | 'targetChannel'>>;

type ActionHandler<A extends UnitDeviceAction> = (device: UnitDevice, payload: UnitDeviceActionPayload<A>) => Reaction;
type ActionHandlers = { [A in UnitDeviceAction]: ActionHandler<A> };

export function reactToAction(device: UnitDevice, action: string, payload: unknown): Reaction {
  const name = UnitDeviceAction.safeParse(action);
  if (!name.success) return refused('FEATURE_DISABLED');
  const parsed = UnitDeviceActionPayloads[name.data].safeParse(payload ?? {});
  if (!parsed.success) return refused('VALIDATION_FAILED');
  // The table pairs each action with the handler of its own payload; TypeScript cannot follow the
  // correlation through the union of keys, so the handler is widened to the parsed payload here.
  const handler = HANDLERS[name.data] as (d: UnitDevice, p: unknown) => Reaction;
  return handler(device, parsed.data);
}

const HANDLERS: ActionHandlers = {
  startMultiCamera: (d) => {
    if (!d.cameraConnected) return refused('CAMERA_NOT_CONNECTED');
    return startApplication(d, 'multiCamera');
  },
  stopMultiCamera: (d) => stopApplication(d, 'multiCamera'),
  startSwitcher: (d, p) => {
    if (!d.cameraConnected) return refused('CAMERA_NOT_CONNECTED');
    const other: UnitApplicationKey = p.mode === 'switcher' ? 'switcherAndProxy' : 'switcher';
    if (d.applications[other]) return refused('UNIT_BUSY');
    return startApplication(d, p.mode);
  },
  stopSwitcher: (d) => {
    stopApplication(d, 'switcher');
    return stopApplication(d, 'switcherAndProxy');
  },
  startDatabridge: (d) => startApplication(d, 'databridge'),
  stopDatabridge: (d) => stopApplication(d, 'databridge'),
  startVideoReturn: (d) => startApplication(d, 'videoReturn'),
  stopVideoReturn: (d) => stopApplication(d, 'videoReturn'),

  // The IP pipe is the l2ControlPipe activity: connecting → running (connected), or → failed when
  // the IP pipe server does not answer; stopping clears a failed pipe at once.
  connectIpPipe: (d, p) => {
    const cur = d.applications.l2ControlPipe;
    if (cur && (cur.state === 'connecting' || cur.state === 'running')) return accepted;
    setApplication(d, 'l2ControlPipe', { state: 'connecting' });
    d.reportState();
    d.schedule(startMs(d), () => {
      if (!d.online || d.applications.l2ControlPipe?.state !== 'connecting') return;
      setApplication(d, 'l2ControlPipe', { state: p.serverOnline ? 'running' : 'failed' });
      d.reportState();
    });
    return accepted;
  },
  disconnectIpPipe: (d) => {
    if (d.applications.l2ControlPipe?.state === 'failed') {
      setApplication(d, 'l2ControlPipe', undefined);
      d.reportState();
      return accepted;
    }
    return stopApplication(d, 'l2ControlPipe');
  },

  // Two intercoms (spec 000 §3): an audio-room session runs `audioRoom`, a target-channel session
  // runs `ifb`; an activity stops when no session needs it any more.
  startIntercom: (d, p) => {
    const sessions = liveIntercomSessions(d);
    const key = String(p.session) as '1' | '2';
    const current = sessions[key];
    if (current && current !== p.mode) return refused('UNIT_BUSY');
    d.settings.set(SETTINGS.intercomSessions, { ...sessions, [key]: p.mode });
    return startApplication(d, intercomApplication(p.mode));
  },
  stopIntercom: (d, p) => {
    const sessions = { ...liveIntercomSessions(d) };
    const key = String(p.session) as '1' | '2';
    const mode = sessions[key];
    if (!mode) return accepted;
    delete sessions[key];
    d.settings.set(SETTINGS.intercomSessions, sessions);
    if (Object.values(sessions).includes(mode)) return accepted;
    return stopApplication(d, intercomApplication(mode));
  },

  shutdown: (d) => {
    stopUploader(d);
    d.settings.delete(SETTINGS.intercomSessions);
    d.settings.delete(SETTINGS.externalStreams);
    d.shutDown(d.rng.range(...d.timings.outageMs) * SHUTDOWN_RESTART_FACTOR);
    return accepted;
  },

  uploadFiles: (d, p) => {
    const queue = uploadQueue(d);
    for (const f of p.files) if (!queue.some((q) => q.fileId === f.fileId)) queue.push({ ...f, channelId: p.channelId });
    d.settings.set(SETTINGS.uploadQueue, queue);
    const current = uploader(d);
    if (current && d.applications.forward) return accepted; // the running uploader takes the new files next
    // (A run whose `forward` was stopped meanwhile, by an outage or another command, is replaced.)
    const forward = d.applications.forward;
    const ownsForward = !forward || forward.state === 'disconnecting' || forward.state === 'stopping';
    const run: Uploader = { run: (current?.run ?? 0) + 1, ownsForward };
    d.settings.set(SETTINGS.uploader, run);
    if (ownsForward) {
      setApplication(d, 'forward', { state: 'connecting' });
      d.reportState();
    }
    d.schedule(startMs(d), () => uploadNext(d, run.run));
    return accepted;
  },
  deleteFiles: (d, p) => {
    // Files the unit recorded itself are in its storage model: they go (unless being uploaded).
    const files = d.storage.files;
    for (let i = files.length - 1; i >= 0; i--) {
      const f = files[i];
      if (f && p.paths.includes(f.path) && !f.isTransferring) files.splice(i, 1);
    }
    return accepted;
  },

  startFetchLogs: (d) => {
    const r = startApplication(d, 'fetchlogs');
    // Once the logs are sent the activity ends by itself.
    d.schedule(startMs(d) * (LOG_SENDING_FACTOR + 1), () => {
      if (!d.online || d.applications.fetchlogs?.state !== 'running') return;
      setApplication(d, 'fetchlogs', undefined);
      d.reportState();
    });
    return r;
  },
  stopFetchLogs: (d) => stopApplication(d, 'fetchlogs'),
  unpair: () => accepted,

  startSocialMedia: (d, p) => startExternalStream(d, 'social_media', p.destinationId),
  stopSocialMedia: (d) => stopExternalStream(d, 'social_media'),
  startCdn: (d, p) => startExternalStream(d, 'cdn', p.destinationId),
  stopCdn: (d) => stopExternalStream(d, 'cdn'),
};

// ── applications ──────────────────────────────────────────────────────────────────────────────

function startMs(d: UnitDevice): number {
  return d.rng.range(...d.timings.streamStartMs);
}

function setApplication(d: UnitDevice, key: UnitApplicationKey, info: ApplicationInfo | undefined): void {
  const next = { ...d.applications };
  if (info) next[key] = info;
  else delete next[key];
  d.applications = next;
}

/** connecting now, running after the start-up time (unless stopped or offline meanwhile). */
function startApplication(d: UnitDevice, key: UnitApplicationKey): Reaction {
  const cur = d.applications[key];
  if (cur && cur.state !== 'disconnecting' && cur.state !== 'stopping' && cur.state !== 'failed') return accepted; // already on or starting
  setApplication(d, key, { state: 'connecting' });
  d.reportState();
  d.schedule(startMs(d), () => {
    if (!d.online || d.applications[key]?.state !== 'connecting') return;
    setApplication(d, key, { state: 'running' });
    d.reportState();
  });
  return accepted;
}

/**
 * disconnecting (databridge and video return: stopping, spec 000 §4) now, gone after the stop
 * time. Stopping what is not running is accepted.
 */
function stopApplication(d: UnitDevice, key: UnitApplicationKey): Reaction {
  const cur = d.applications[key];
  const leaving: ApplicationState = key === 'databridge' || key === 'videoReturn' ? 'stopping' : 'disconnecting';
  if (!cur || cur.state === leaving) return accepted;
  setApplication(d, key, { state: leaving });
  d.reportState();
  d.schedule(d.rng.range(...d.timings.streamStopMs), () => {
    if (!d.online || d.applications[key]?.state !== leaving) return;
    setApplication(d, key, undefined);
    d.reportState();
  });
  return accepted;
}

function intercomApplication(mode: 'audioRoom' | 'targetChannel'): UnitApplicationKey {
  return mode === 'audioRoom' ? 'audioRoom' : 'ifb';
}

/** The open sessions whose activity still runs (an outage ended the others). */
function liveIntercomSessions(d: UnitDevice): IntercomSessions {
  const v = d.settings.get(SETTINGS.intercomSessions);
  const stored = typeof v === 'object' && v !== null ? (v as IntercomSessions) : {};
  const live: IntercomSessions = {};
  for (const key of ['1', '2'] as const) {
    const mode = stored[key];
    if (mode && d.applications[intercomApplication(mode)]) live[key] = mode;
  }
  return live;
}

// ── uploads ───────────────────────────────────────────────────────────────────────────────────

function uploadQueue(d: UnitDevice): QueuedUpload[] {
  const v = d.settings.get(SETTINGS.uploadQueue);
  return Array.isArray(v) ? (v as QueuedUpload[]) : [];
}

function uploader(d: UnitDevice): Uploader | null {
  const v = d.settings.get(SETTINGS.uploader);
  return typeof v === 'object' && v !== null ? (v as Uploader) : null;
}

function stopUploader(d: UnitDevice): void {
  d.settings.delete(SETTINGS.uploadQueue);
  d.settings.delete(SETTINGS.uploader);
}

/** Report one file of the upload queue to the core (contracts FileEvent, spec 000 §4 file transfer). */
function reportFile(d: UnitDevice, f: QueuedUpload, transfer: 'started' | 'progress' | 'completed', progress: number, status: 'uploading' | 'uploaded'): void {
  d.emitEvent({
    type: 'file',
    unitId: d.spec.unitId,
    fileId: f.fileId,
    fileName: f.fileName,
    path: f.path,
    storageId: 'sd',
    sizeBytes: f.sizeBytes,
    status,
    progress,
    isTransferring: status === 'uploading',
    channelId: f.channelId,
    transfer,
  });
}

/**
 * Upload the queued files one by one while `forward` runs: each is reported started, then its
 * progress in steps, then completed (uploaded). `forward` ends with the queue when this uploader
 * started it. An outage drops the queue (the core marks the files failed).
 */
function uploadNext(d: UnitDevice, runNumber: number): void {
  const run = uploader(d);
  if (!run || run.run !== runNumber) return; // a later run took over
  if (!d.online) return stopUploader(d);
  const file = uploadQueue(d)[0];
  if (!file) {
    stopUploader(d);
    if (run.ownsForward && d.applications.forward) {
      setApplication(d, 'forward', undefined);
      d.reportState();
    }
    return;
  }
  if (d.applications.forward?.state !== 'running') {
    setApplication(d, 'forward', { state: 'running' });
    d.reportState();
  }
  reportFile(d, file, 'started', 0, 'uploading');
  const queued = (): boolean => uploadQueue(d).some((q) => q.fileId === file.fileId);
  const step = (n: number): void => {
    if (uploader(d)?.run !== runNumber) return;
    if (!d.online) return stopUploader(d);
    if (!queued()) return uploadNext(d, runNumber); // cancelled meanwhile
    const progress = Math.round((n / UPLOAD_PROGRESS_STEPS) * 100);
    if (n < UPLOAD_PROGRESS_STEPS) {
      reportFile(d, file, 'progress', progress, 'uploading');
      d.schedule(startMs(d), () => step(n + 1));
      return;
    }
    reportFile(d, file, 'completed', 100, 'uploaded');
    d.settings.set(SETTINGS.uploadQueue, uploadQueue(d).filter((q) => q.fileId !== file.fileId));
    d.schedule(startMs(d), () => uploadNext(d, runNumber));
  };
  d.schedule(startMs(d), () => step(1));
}

/**
 * Drop queued uploads (the cancel-file-upload command uses this; the core that asked records the
 * files as failed): a file being transferred stops at its next step, the others never start.
 */
export function cancelUploads(d: UnitDevice, fileIds: readonly string[]): number {
  const queue = uploadQueue(d);
  const dropped = queue.filter((q) => fileIds.includes(q.fileId)).length;
  d.settings.set(SETTINGS.uploadQueue, queue.filter((q) => !fileIds.includes(q.fileId)));
  return dropped;
}

// ── social media and CDN ──────────────────────────────────────────────────────────────────────

function externalStreams(d: UnitDevice): Record<string, string> {
  const v = d.settings.get(SETTINGS.externalStreams);
  return typeof v === 'object' && v !== null ? (v as Record<string, string>) : {};
}

/** Forwarding the live stream to a destination needs a live stream. */
function startExternalStream(d: UnitDevice, kind: 'social_media' | 'cdn', destinationId: string): Reaction {
  if (!d.applications.video) return refused('UNIT_NOT_STREAMING');
  d.settings.set(SETTINGS.externalStreams, { ...externalStreams(d), [kind]: destinationId });
  return accepted;
}

function stopExternalStream(d: UnitDevice, kind: 'social_media' | 'cdn'): Reaction {
  const { [kind]: _stopped, ...rest } = externalStreams(d);
  d.settings.set(SETTINGS.externalStreams, rest);
  return accepted;
}
