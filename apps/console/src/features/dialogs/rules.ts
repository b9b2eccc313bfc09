/**
 * Pure rules of the unit dialogs (spec 000 §2 speed test, upload progress, send logs, AI session,
 * guest interview invite): who may act, what blocks an action (with the spec's or the catalogue's
 * text), how events and answers turn into what the dialogs show. Who may act: kit/access.ts.
 */
import { LIMITS, SpeedTestReport, TIMINGS, type RealtimeEvent, type UnitDetail, type UnitStoredFile, type UploadedFileStatus } from '@fleet/contracts';
import { isBusy, isOfflineLike, validateSpeedTestVersion } from '@fleet/domain';
import { OPEN_STATUSES } from '../../lib/uploadStatus';

// ── speed test ─────────────────────────────────────────────────────────────────────────────────

/**
 * Why a speed test cannot start, in the core's order: the unit must support it (capability,
 * "Feature disabled"), be online ("Selected channel busy or offline"), idle ("Unit is busy"),
 * have a channel, and that channel must run 7.5.1 or later (000 §5, when its version is known).
 */
export type SpeedTestBlocker =
  | { readonly kind: 'notSupported'; readonly code: 'FEATURE_DISABLED' }
  | { readonly kind: 'offline'; readonly code: 'UNIT_OFFLINE' }
  | { readonly kind: 'busy'; readonly code: 'UNIT_BUSY' }
  | { readonly kind: 'noChannel' }
  | { readonly kind: 'version'; readonly message: string };

export function speedTestBlocker(
  unit: Pick<UnitDetail, 'capabilities' | 'status' | 'applications' | 'selectedChannel'>,
  channel: { readonly id: string | null; readonly version?: string | null | undefined } = { id: unit.selectedChannel.channelId },
): SpeedTestBlocker | null {
  if (unit.capabilities.speedTest !== true) return { kind: 'notSupported', code: 'FEATURE_DISABLED' };
  if (isOfflineLike(unit.status)) return { kind: 'offline', code: 'UNIT_OFFLINE' };
  if (isBusy(unit.applications) || unit.status === 'speedtest') return { kind: 'busy', code: 'UNIT_BUSY' };
  if (channel.id == null) return { kind: 'noChannel' };
  if (channel.version !== undefined) {
    const problem = validateSpeedTestVersion(channel.version);
    if (problem !== null) return { kind: 'version', message: problem };
  }
  return null;
}

/** What the speed test dialog shows. */
export type SpeedTestState =
  | { readonly phase: 'ready' }
  | { readonly phase: 'starting' }
  | { readonly phase: 'running'; readonly startedAt: number; readonly channelId: string | null; readonly timeoutS: number }
  | { readonly phase: 'completed'; readonly report: SpeedTestReport }
  | { readonly phase: 'failed'; readonly code: string | null; readonly message: string | null };

export type SpeedTestAction =
  | { readonly type: 'start' }
  | { readonly type: 'accepted'; readonly at: number; readonly channelId: string; readonly timeoutS: number }
  | { readonly type: 'rejected' }
  | { readonly type: 'event'; readonly event: RealtimeEvent; readonly unitId: string }
  | { readonly type: 'observedRunning'; readonly at: number }
  | { readonly type: 'reset' };

export const SPEED_TEST_READY: SpeedTestState = { phase: 'ready' };

/**
 * The speed test's course: start → accepted (running, the 10 s of 000 §9 counting) → the outcome
 * arriving as `unit.commandResult` on /ws (completed with the rates, or failed / cancelled with
 * the catalogue's text, e.g. "Channel changed, repeat speed test", "Test cancelled").
 */
export function speedTestReducer(state: SpeedTestState, action: SpeedTestAction): SpeedTestState {
  switch (action.type) {
    case 'start':
      return { phase: 'starting' };
    case 'accepted':
      return state.phase === 'starting' ? { phase: 'running', startedAt: action.at, channelId: action.channelId, timeoutS: action.timeoutS } : state;
    case 'rejected':
      return state.phase === 'starting' ? SPEED_TEST_READY : state;
    case 'observedRunning':
      // The dialog opened while a test was already running (status speedtest).
      return state.phase === 'ready' ? { phase: 'running', startedAt: action.at, channelId: null, timeoutS: TIMINGS.speedTestTimeout } : state;
    case 'event': {
      const e = action.event;
      if (e.type !== 'unit.commandResult' || e.unitId !== action.unitId || e.command !== 'speedTest') return state;
      if (state.phase !== 'running' && state.phase !== 'starting') return state;
      if (e.outcome === 'completed') {
        const report = SpeedTestReport.safeParse(e.result);
        if (report.success) return { phase: 'completed', report: report.data };
        return { phase: 'failed', code: null, message: null };
      }
      return { phase: 'failed', code: e.code, message: e.message };
    }
    case 'reset':
      return SPEED_TEST_READY;
  }
}

/** Share of the speed test's time elapsed, 0–100 (it may take `timeoutS` seconds). */
export function speedTestProgress(startedAt: number, now: number, timeoutS: number): number {
  if (timeoutS <= 0) return 100;
  return Math.max(0, Math.min(100, Math.round(((now - startedAt) / (timeoutS * 1000)) * 100)));
}

// ── upload progress ────────────────────────────────────────────────────────────────────────────

/** An upload still to finish: it can be cancelled (000 §7 command "cancel file upload"). */
export function isActiveUpload(status: UploadedFileStatus | null): boolean {
  return status !== null && OPEN_STATUSES.includes(status);
}

const UPLOAD_ORDER: Record<UploadedFileStatus, number> = { uploading: 0, pending: 1, failed: 2, rejected: 3, uploaded: 4, success: 5 };

/**
 * The upload list of a unit: its uploaded-list entries (not the recorded files), the running and
 * pending ones first, then the most recent; at most the spec's 10 (000 §9 "Uploaded files list").
 */
export function uploadRows(files: readonly UnitStoredFile[]): UnitStoredFile[] {
  return files
    .filter((f) => f.kind === 'uploaded')
    .slice()
    .sort((a, b) => {
      const oa = a.status ? UPLOAD_ORDER[a.status] : 9;
      const ob = b.status ? UPLOAD_ORDER[b.status] : 9;
      if (oa !== ob) return oa - ob;
      return (b.lastModified ?? '').localeCompare(a.lastModified ?? '') || a.fileName.localeCompare(b.fileName);
    })
    .slice(0, LIMITS.uploadedFilesListMax);
}

/** The file names to cancel: the chosen ones that are still active (the command takes names). */
export function namesToCancel(rows: readonly UnitStoredFile[], chosen: ReadonlySet<string>): string[] {
  return [...new Set(rows.filter((r) => chosen.has(r.fileId) && isActiveUpload(r.status)).map((r) => r.fileName))].sort();
}

/** Whether an event may change this unit's upload list (then the list is read again). */
export function touchesUploads(event: RealtimeEvent, unitId: string): boolean {
  switch (event.type) {
    case 'file.transferStarted':
    case 'file.transferCompleted':
    case 'unit.telemetry':
    case 'unit.status':
      return event.unitId === unitId;
    default:
      return false;
  }
}

// ── send logs ──────────────────────────────────────────────────────────────────────────────────

/**
 * Why a support case cannot be opened (000 §5): a user without an e-mail address cannot open
 * one; the unit must be online and idle (not transmitting).
 */
export type SendLogsBlocker = 'SUPPORT_CASE_NO_EMAIL' | 'SUPPORT_CASE_NOT_IDLE';

export function sendLogsBlocker(unit: Pick<UnitDetail, 'status'>, contact: { readonly canOpenSupportCase: boolean } | undefined): SendLogsBlocker | null {
  if (contact && !contact.canOpenSupportCase) return 'SUPPORT_CASE_NO_EMAIL';
  if (unit.status !== 'idle' && unit.status !== 'online') return 'SUPPORT_CASE_NOT_IDLE';
  return null;
}

/**
 * Where the unit's log sending stands (its `fetchlogs` activity, live through unit.status):
 * `sending` while it connects or runs (it can be stopped), `stopping` once a stop is under way
 * (disconnecting), null when the unit sends no logs (or the sending failed and only lingers).
 */
export type LogSendingState = 'sending' | 'stopping' | null;

export function logSendingState(unit: Pick<UnitDetail, 'applications'>): LogSendingState {
  const app = unit.applications.fetchlogs;
  if (app === undefined || app === null) return null;
  if (app.state === 'disconnecting' || app.state === 'stopping') return 'stopping';
  if (app.state === 'failed') return null;
  return 'sending';
}

/** Fallback list when the browser cannot list its time zones. */
const FALLBACK_TIME_ZONES = [
  'UTC',
  'Europe/London',
  'Europe/Paris',
  'America/New_York',
  'America/Los_Angeles',
  'Asia/Shanghai',
  'Asia/Tokyo',
  'Australia/Sydney',
];

/** "A time-zone list is offered for logs" (000 §9): the browser's zones, UTC first. */
export function timeZoneList(supported: () => readonly string[] = () => Intl.supportedValuesOf('timeZone')): string[] {
  let zones: readonly string[];
  try {
    zones = supported();
  } catch {
    zones = FALLBACK_TIME_ZONES;
  }
  const valid = zones.filter((z) => /^[A-Za-z0-9_+\-/]+$/.test(z) && z.length <= 64);
  return ['UTC', ...valid.filter((z) => z !== 'UTC')];
}

/** The browser's own zone when it is in the list, else UTC. */
export function defaultTimeZone(list: readonly string[], own: string | undefined): string {
  return own !== undefined && list.includes(own) ? own : 'UTC';
}

// ── guest interview invite ─────────────────────────────────────────────────────────────────────

/** The invite form as typed, blank (a day's invitation). */
export const BLANK_INVITE = { groupId: '', deviceName: '', email: '', phone: '', message: '', period: '1d' };
export type InviteFormValues = Readonly<typeof BLANK_INVITE>;

/** The request body from the form: text trimmed, empty optional fields left out. */
export function inviteBody(values: InviteFormValues, unitId: string | undefined): Record<string, string> {
  const body: Record<string, string> = { deviceName: values.deviceName.trim(), period: values.period };
  for (const field of ['email', 'phone', 'message'] as const) {
    const text = values[field].trim();
    if (text !== '') body[field] = text;
  }
  if (unitId !== undefined) body.unitId = unitId;
  return body;
}

/** The absolute link a guest opens (the answer's joinUrl is relative to the console). */
export function absoluteJoinLink(origin: string, joinUrl: string): string {
  if (/^https?:\/\//.test(joinUrl)) return joinUrl;
  return `${origin.replace(/\/$/, '')}${joinUrl.startsWith('/') ? '' : '/'}${joinUrl}`;
}

/** How an open invitation is sent (again): POST groups/{id}/email or groups/{id}/sms. */
export type InviteChannel = 'email' | 'sms';

/** The body of a delivery call from what was typed (trimmed; the schema judges the rest). */
export function deliveryBody(channel: InviteChannel, invitationId: string, value: string): Record<string, string> {
  return channel === 'email' ? { invitationId, email: value.trim() } : { invitationId, phone: value.trim() };
}
