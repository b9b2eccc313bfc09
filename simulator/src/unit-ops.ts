/**
 * What a simulated unit does beyond reporting telemetry: streaming to a channel, the other
 * applications with their licences, store and forward, software upgrades, channel selection,
 * speed tests, sending logs, the faults a scenario injects, and (for a lively demo) acting on its
 * own. Every start and stop passes through connecting and disconnecting (databridge and video
 * return stop through `stopping`, spec 000 §4); the status the console sees is always derived by
 * the core from the applications reported here (packages/domain).
 *
 * Reactions to the core's commands may call these functions too; each answers a Reaction
 * (accepted, or refused with the catalogue ErrorCode the spec names and a device code).
 */
import {
  SOFTWARE_VERSIONS, TIMINGS, type ApplicationState, type UnitApplicationKey, type UnitFault,
} from '@fleet/contracts';
import { checkUnitUpgradeEligibility, isAtLeast, isBusy, isStreaming } from '@fleet/domain';
import type { UnitDevice } from './device.js';
import { levelBelow, levelAbove } from './models/alerts.js';
import { extensionFor, recordingKbps } from './models/storage.js';
import { UNIT_UPGRADE_FAILURE_CODES, UpgradeRun, reportRejected } from './models/upgrade.js';
import { accepted, refused, type Reaction } from './reactions/result.js';
import { codeOf } from './server-device.js';

/** Encoder demand while streaming, kbps (bounded by the bonded capacity). */
export const STREAM_DEMAND_KBPS = 6000;

/** Per-unit state of the operations below. */
export class UnitOps {
  /** The selected channel as the unit applied it (External when not found or unlicensed). */
  selection: { channelId: string; external: boolean; attempts: number } | null = null;
  /** The channel the running stream is allocated on. */
  streamChannel: string | null = null;
  upgrade: UpgradeRun | null = null;
  speedTest: { cancel: (error: string) => void } | null = null;
  logsChannel: string | null = null;
  /** Acts on its own now and then (demo fleets). */
  autonomous = false;
  /** Consecutive telemetry samples below the bitrate-drop threshold (alerts need two). */
  lowSamples = 0;
  /** On air (program), in preview, or off: follows the channel the unit streams to. */
  tally: 'program' | 'preview' | 'off' = 'off';
}

/** Faults that change how the unit behaves until cleared. */
export interface UnitFaultState {
  /** Capacity multiplier of every link (congestion). */
  bitrateScale: number;
  /** Commands from the core are not acknowledged. */
  unresponsive: boolean;
  /** How the next/running upgrade ends: undefined by chance, null success, else the code. */
  upgradeOutcome: number | null | undefined;
  /** The next cellular scan fails. */
  scanFailure: boolean;
}
export const noFaults = (): UnitFaultState => ({ bitrateScale: 1, unresponsive: false, upgradeOutcome: undefined, scanFailure: false });

// ── applications ────────────────────────────────────────────────────────────────────────────────

export function setApp(d: UnitDevice, key: UnitApplicationKey, state: ApplicationState | undefined): void {
  const next = { ...d.applications };
  if (state === undefined) delete next[key];
  else next[key] = { state };
  d.applications = next;
}

/** Databridge and video return stop through `stopping`; the others through `disconnecting`. */
function stopState(key: UnitApplicationKey): ApplicationState {
  return key === 'databridge' || key === 'videoReturn' ? 'stopping' : 'disconnecting';
}

/** connecting → `runningState` after the start-up time; `onRunning` then. */
function transitionIn(d: UnitDevice, key: UnitApplicationKey, onRunning?: () => void, runningState: ApplicationState = 'running'): void {
  setApp(d, key, 'connecting');
  d.reportState();
  d.schedule(d.rng.range(...d.timings.streamStartMs), () => {
    if (!d.online || d.applications[key]?.state !== 'connecting') return;
    setApp(d, key, runningState);
    d.reportState();
    onRunning?.();
  });
}

/** disconnecting (or stopping) → gone after the stop time; `onGone` then. */
function transitionOut(d: UnitDevice, key: UnitApplicationKey, onGone?: () => void): void {
  if (!d.applications[key]) return;
  const leaving = stopState(key);
  if (d.applications[key]?.state === leaving) return;
  setApp(d, key, leaving);
  d.reportState();
  d.schedule(d.rng.range(...d.timings.streamStopMs), () => {
    if (d.applications[key]?.state !== leaving) return;
    setApp(d, key, undefined);
    d.reportState();
    onGone?.();
  });
}

// ── streaming ───────────────────────────────────────────────────────────────────────────────────

/** Start the live stream, to `channelId` or the selected channel ("Selected channel busy or offline" when it cannot take it). */
export function startStream(d: UnitDevice, channelId: string | null): Reaction {
  if (!d.online) return refused('UNIT_OFFLINE');
  if (d.applications.video) return accepted; // already streaming or starting
  if (!d.cameraConnected) return refused('CAMERA_NOT_CONNECTED');
  if (d.applications.upgrade || d.applications.fetchlogs) return refused('UNIT_BUSY');
  const target = channelId ?? (d.ops.selection && !d.ops.selection.external ? d.ops.selection.channelId : null);
  const found = target ? d.world.channel(target) : undefined;
  if (found && (!found.server.online || found.channel.status !== 'idle')) return refused('UNIT_OFFLINE');
  transitionIn(d, 'video', () => {
    if (found && found.server.allocate(found.channel.spec.channelId, d.spec.unitId)) {
      d.ops.streamChannel = found.channel.spec.channelId;
      // An output (or distributor) channel puts the unit on air; a preview channel shows it in preview.
      setTally(d, found.channel.spec.type === 'output' || found.channel.spec.type === 'distributor' ? 'program' : 'preview');
    }
  });
  return accepted;
}

function setTally(d: UnitDevice, tally: UnitOps['tally']): void {
  if (d.ops.tally === tally) return;
  d.ops.tally = tally;
  d.emitEvent({ type: 'tally', unitId: d.spec.unitId, tally });
}

export function stopStream(d: UnitDevice): Reaction {
  if (!d.online) return refused('UNIT_OFFLINE');
  if (!d.applications.video) return accepted;
  d.ops.speedTest?.cancel('TEST_CANCELLED');
  transitionOut(d, 'video', () => releaseStreamChannel(d));
  return accepted;
}

function releaseStreamChannel(d: UnitDevice): void {
  const ch = d.ops.streamChannel;
  if (!ch) return;
  d.ops.streamChannel = null;
  d.world.channel(ch)?.server.release(ch, d.spec.unitId);
  setTally(d, 'off');
}

// ── other applications (licences of spec 000 §8) ────────────────────────────────────────────────

/** Start an application by key; video, store, forward, upgrade and fetchlogs have their own rules. */
export function startApp(d: UnitDevice, key: UnitApplicationKey): Reaction {
  if (!d.online) return refused('UNIT_OFFLINE');
  const caps = d.spec.capabilities;
  switch (key) {
    case 'video':
      return startStream(d, null);
    case 'store':
      return startRecording(d);
    case 'forward':
      return startForwarding(d);
    case 'upgrade':
    case 'fetchlogs':
      return refused('VALIDATION_FAILED');
    case 'databridge':
      if (caps.databridge === false) return refused('DATABRIDGE_LICENSE_DISABLED');
      break;
    case 'videoReturn':
      if (caps.videoReturn === false) return refused('NO_VIDEO_RETURN_LICENSE');
      break;
    case 'multiCamera':
    case 'switcher':
    case 'switcherAndProxy':
      if (caps.multiCamera === false) return refused('NO_MULTI_CAMERA_LICENSE');
      if (!d.cameraConnected) return refused('CAMERA_NOT_CONNECTED');
      break;
    case 'audioRoom':
    case 'ifb':
    case 'audioCallBySelectedChannel':
      if (caps.intercom === false) return refused('INTERCOM_SERVER_MISMATCH');
      break;
    case 'l2ControlPipe':
      if (caps.ipPipe === false) return refused('FEATURE_DISABLED');
      break;
    default:
      break;
  }
  if (d.applications[key]) return accepted;
  transitionIn(d, key, () => {
    if (key === 'videoReturn') d.world.videoReturnServer()?.takeVideoReturn(d.spec.unitId);
  });
  return accepted;
}

export function stopApp(d: UnitDevice, key: UnitApplicationKey): Reaction {
  if (!d.online) return refused('UNIT_OFFLINE');
  switch (key) {
    case 'video':
      return stopStream(d);
    case 'store':
      return stopRecording(d);
    case 'forward':
      transitionOut(d, 'forward');
      return accepted;
    default:
      transitionOut(d, key, () => {
        if (key === 'videoReturn') d.world.videoReturnServer()?.releaseVideoReturn(d.spec.unitId);
      });
      return accepted;
  }
}

// ── store and forward ───────────────────────────────────────────────────────────────────────────

function sfProfile(d: UnitDevice): string {
  const v = d.settings.get('storeAndForwardVideoQuality');
  return typeof v === 'string' ? v : 'standard_h264';
}

/** Store (record) on: refused without an SD card (Store & Forward disabled, spec 000 §4). */
export function startRecording(d: UnitDevice): Reaction {
  if (!d.online) return refused('UNIT_OFFLINE');
  if (d.spec.capabilities.sdCard === false && !d.storage.hasSdCard()) return refused('FEATURE_DISABLED');
  if (!d.storage.hasSdCard() || d.storage.sdUsedPercent() >= 99) return refused('FEATURE_DISABLED');
  if (d.applications.store) return accepted;
  transitionIn(d, 'store', () => {
    if (!d.storage.startRecording(d.clock.now(), extensionFor(d.spec.typeGroup, sfProfile(d)))) stopRecording(d);
    d.storage.reportStorages();
  });
  return accepted;
}

export function stopRecording(d: UnitDevice): Reaction {
  d.storage.stopRecording();
  transitionOut(d, 'store');
  return accepted;
}

export function startForwarding(d: UnitDevice): Reaction {
  if (!d.online) return refused('UNIT_OFFLINE');
  if (d.applications.forward) return accepted;
  transitionIn(d, 'forward');
  return accepted;
}

// ── upgrades ────────────────────────────────────────────────────────────────────────────────────

/**
 * Upgrade the unit to `target` from its server (spec 001 §5 rules through packages/domain, §8
 * codes): refused at once with 6802/6803/6810, 6199 when the server is offline, 6808 when it is
 * busy; otherwise the `upgrade` application runs with progress and ends in success (the unit
 * reboots into the new version) or a failure code — 6199 when the server goes offline meanwhile.
 */
export function startUpgrade(d: UnitDevice, target: string, supportedProducts?: readonly string[]): Reaction {
  if (!d.online) return refused('UNIT_OFFLINE');
  if (d.applications.upgrade || isBusy(d.applications)) return refused('UNIT_BUSY');
  const server = d.world.homeServer(d.ops.selection?.channelId ?? null);
  const channelVersion = d.ops.selection ? (d.world.channel(d.ops.selection.channelId)?.channel.spec.swVersion ?? null) : null;
  const check = checkUnitUpgradeEligibility({
    currentVersion: d.swVersion,
    targetVersion: target,
    hasSla: d.spec.capabilities.sla !== false,
    serverVersion: server?.swVersion ?? null,
    channelVersion,
    productType: d.spec.productType,
    videoCodec: d.spec.capabilities.hevc ? 'hevc' : 'h264',
    ...(supportedProducts ? { supportedProducts } : {}),
  });
  const report = (e: Parameters<UnitDevice['emitEvent']>[0]) => d.emitEvent(e);
  const blocker = check.reasons[0];
  const refuse = (error: Parameters<typeof codeOf>[0]): Reaction => {
    const code = codeOf(error);
    reportRejected(report, 'unit', d.spec.unitId, d.swVersion, target, code);
    return refused(error, code ?? undefined);
  };
  if (server && !server.online) return refuse('UPGRADE_6199');
  if (server && server.status() !== 'online') return refuse('UPGRADE_6808');
  if (blocker) return refuse(blocker.errorCode);
  const forced = d.faults.upgradeOutcome;
  const outcome = forced !== undefined ? forced : d.rng.chance(d.timings.upgrade.failureRate) ? d.rng.pick(UNIT_UPGRADE_FAILURE_CODES) : null;
  const run = new UpgradeRun('unit', d.spec.unitId, d.swVersion, target, outcome, report);
  d.ops.upgrade = run;
  run.start();
  const end = () => {
    d.ops.upgrade = null;
    d.faults.upgradeOutcome = undefined;
  };
  const step = () => {
    if (d.ops.upgrade !== run) return;
    if (!d.online) return end();
    if (server && !server.online) {
      run.fail(6199);
      end();
      setApp(d, 'upgrade', undefined);
      d.reportState();
      return;
    }
    if (d.faults.upgradeOutcome !== undefined) run.outcome = d.faults.upgradeOutcome;
    const r = run.advance(100 / d.timings.upgrade.steps);
    if (r === null) return d.schedule(d.timings.upgrade.stepMs, step);
    end();
    setApp(d, 'upgrade', undefined);
    d.reportState();
    if (r === 'done') {
      d.swVersion = target;
      reboot(d);
    }
  };
  transitionIn(d, 'upgrade', () => d.schedule(d.timings.upgrade.stepMs, step));
  return accepted;
}

/** Power off now, back on after the boot time. */
export function reboot(d: UnitDevice): void {
  d.setPower(false);
  d.schedule(d.rng.range(...d.timings.bootMs), () => {
    if (!d.online) d.setPower(true);
  });
}

// ── channel selection ───────────────────────────────────────────────────────────────────────────

/**
 * Select a channel: retried up to 7 times (spec 000 §4, TIMINGS.channelSetRetries) while the
 * channel's server is offline, upgrading or the attempt fails; a channel that is not found or not
 * licensed marks the selection External. A speed test running meanwhile is cancelled ("Channel
 * changed, repeat speed test").
 */
export function selectChannel(d: UnitDevice, channelId: string): Reaction {
  if (!d.online) return refused('UNIT_OFFLINE');
  d.ops.speedTest?.cancel('CHANNEL_CHANGED_SPEED_TEST');
  let attempts = 0;
  const report = (ok: boolean, external: boolean) => {
    if (ok) d.ops.selection = { channelId, external, attempts };
    d.emitEvent({ type: 'channelSelection', unitId: d.spec.unitId, channelId, ok, external, attempts });
  };
  const attempt = () => {
    if (!d.online) return;
    attempts++;
    const found = d.world.channel(channelId);
    if (!found || !found.channel.licensed) return report(true, true);
    const transient =
      !found.server.online || found.channel.status === 'upgrading' || found.channel.status === 'connecting' || d.rng.chance(d.timings.selectionFailureChance);
    if (!transient) return report(true, false);
    if (attempts >= TIMINGS.channelSetRetries) return report(false, false);
    d.schedule(d.timings.channelRetryMs, attempt);
  };
  attempt();
  return accepted;
}

// ── speed test ──────────────────────────────────────────────────────────────────────────────────

/**
 * Speed test (spec 000 §4, §5, §9): needs the channel at 7.5.1 or higher and an idle unit; the
 * video application runs in the `speedtest` state for the test time, then the result is reported.
 */
export function startSpeedTest(d: UnitDevice): Reaction {
  if (!d.online) return refused('UNIT_OFFLINE');
  if (d.applications.video || isBusy(d.applications)) return refused('UNIT_BUSY');
  const ch = d.ops.selection ? d.world.channel(d.ops.selection.channelId) : undefined;
  if (ch && !isAtLeast(ch.channel.spec.swVersion, SOFTWARE_VERSIONS.speedTestMinChannelVersion)) return refused('VALIDATION_FAILED');
  const unitId = d.spec.unitId;
  let done = false;
  const finish = (state: 'completed' | 'cancelled' | 'failed', error: string | null) => {
    if (done) return;
    done = true;
    d.ops.speedTest = null;
    let up: number | null = null;
    let down: number | null = null;
    if (state === 'completed') {
      up = 0;
      down = 0;
      for (const l of d.links) {
        if (!l.carrying()) continue;
        up += Math.round(l.effectiveKbps(d.faults.bitrateScale));
        down += Math.round(l.effectiveKbps(d.faults.bitrateScale) * 1.8);
      }
    }
    d.emitEvent({ type: 'speedTest', unitId, state, uplinkKbps: up, downlinkKbps: down, error });
    if (d.applications.video) transitionOut(d, 'video');
  };
  d.ops.speedTest = { cancel: (error) => finish('cancelled', error) };
  transitionIn(
    d,
    'video',
    () => {
      d.emitEvent({ type: 'speedTest', unitId, state: 'running', uplinkKbps: null, downlinkKbps: null, error: null });
      d.schedule(d.timings.speedTestMs ?? TIMINGS.speedTestTimeout * 1000, () => finish('completed', null));
    },
    'speedtest',
  );
  return accepted;
}

export function cancelSpeedTest(d: UnitDevice): Reaction {
  d.ops.speedTest?.cancel('TEST_CANCELLED');
  return accepted;
}

// ── sending logs ────────────────────────────────────────────────────────────────────────────────

/** Send logs to a channel (spec 000 §8 errors; only when online and not transmitting). */
export function startFetchLogs(d: UnitDevice, channelId: string): Reaction {
  if (!d.online) return refused('UNIT_OFFLINE');
  const fail = (error: 'UNIT_BUSY' | 'CHANNEL_NO_LOGS' | 'CHANNEL_BUSY_OR_OFFLINE_LOGS' | 'SERVER_BUSY_SENDING_LOGS'): Reaction => {
    d.emitEvent({ type: 'fetchLogs', unitId: d.spec.unitId, channelId, state: 'failed', error });
    return refused(error);
  };
  if (isStreaming(d.applications) || isBusy(d.applications)) return fail('UNIT_BUSY');
  const found = d.world.channel(channelId);
  if (!found || !found.channel.spec.supportsLogs) return fail('CHANNEL_NO_LOGS');
  const { server, channel } = found;
  if ((server.sendingLogsFor !== null && server.sendingLogsFor !== channelId) || server.busy) return fail('SERVER_BUSY_SENDING_LOGS');
  if (!server.online || channel.status !== 'idle') return fail('CHANNEL_BUSY_OR_OFFLINE_LOGS');
  server.sendingLogsFor = channelId;
  d.ops.logsChannel = channelId;
  transitionIn(d, 'fetchlogs', () => {
    d.emitEvent({ type: 'fetchLogs', unitId: d.spec.unitId, channelId, state: 'running', error: null });
    d.schedule(d.timings.fetchLogsMs, () => {
      if (d.ops.logsChannel !== channelId) return;
      d.ops.logsChannel = null;
      if (server.sendingLogsFor === channelId) server.sendingLogsFor = null;
      d.emitEvent({ type: 'fetchLogs', unitId: d.spec.unitId, channelId, state: 'completed', error: null });
      transitionOut(d, 'fetchlogs');
    });
  });
  return accepted;
}

// ── power ───────────────────────────────────────────────────────────────────────────────────────

/** The unit lost power: what it held is released (channel, logs, upgrade, speed test, recording). */
export function onPowerOff(d: UnitDevice): void {
  d.storage.stopRecording();
  releaseStreamChannel(d);
  d.world.videoReturnServer()?.releaseVideoReturn(d.spec.unitId);
  if (d.ops.logsChannel) {
    const s = d.world.channel(d.ops.logsChannel)?.server;
    if (s?.sendingLogsFor === d.ops.logsChannel) s.sendingLogsFor = null;
    d.ops.logsChannel = null;
  }
  if (d.ops.upgrade) {
    d.ops.upgrade.fail(-1);
    d.ops.upgrade = null;
  }
  d.ops.speedTest = null;
}

/** Back on: telemetry and storages are reported at once; an autonomous unit plans what it does next. */
export function onPowerOn(d: UnitDevice): void {
  d.storage.reportStorages();
  d.tick(); // a booted unit reports its links, battery and position at once
  if (d.ops.autonomous) planAutonomy(d);
}

// ── per telemetry tick ──────────────────────────────────────────────────────────────────────────

/** Recording, uploading and alerts, once per telemetry tick (`totalKbps` = sum of the links). */
export function stepUnit(d: UnitDevice, now: number, dtMs: number, totalKbps: number): void {
  const apps = d.applications;
  if (apps.store?.state === 'running' && d.storage.isRecording()) {
    const profile = sfProfile(d);
    if (!d.storage.stepRecording(now, dtMs, recordingKbps(profile), extensionFor(d.spec.typeGroup, profile))) transitionOut(d, 'store');
  }
  if (apps.forward?.state === 'running') {
    const ch = d.ops.selection && !d.ops.selection.external ? d.ops.selection.channelId : null;
    d.storage.stepUpload(dtMs, totalKbps, ch);
  }
  evaluateAlerts(d, totalKbps);
}

/** battery, cameraDisconnected and bitrateDrop (two consecutive low samples while streaming). */
export function evaluateAlerts(d: UnitDevice, totalKbps: number | null): void {
  const t = d.alerts.config.thresholds;
  const b = d.battery;
  const pct = Math.round(b.percentage);
  d.alerts.set('battery', b.connected && !b.charging ? levelBelow(pct, t.battery) : null, `Battery ${pct}%`, pct);
  const streaming = isStreaming(d.applications) && d.applications.video?.state === 'running';
  d.alerts.set('cameraDisconnected', d.cameraConnected ? null : streaming ? 'critical' : 'warning', 'Camera not connected', null);
  if (totalKbps === null) return;
  const drop = streaming ? Math.max(0, Math.round((1 - totalKbps / STREAM_DEMAND_KBPS) * 100)) : 0;
  const level = levelAbove(drop, t.bitrateDrop);
  d.ops.lowSamples = level ? d.ops.lowSamples + 1 : 0;
  if (level === null || d.ops.lowSamples >= 2) d.alerts.set('bitrateDrop', level, `Bitrate dropped ${drop}% (${Math.round(totalKbps)} kbps)`, drop);
}

// ── autonomy (demo) ─────────────────────────────────────────────────────────────────────────────

/** Now and then an idle autonomous unit streams for a while, or records and forwards. */
export function planAutonomy(d: UnitDevice): void {
  const gap = -Math.log(1 - d.rng.next()) * d.timings.autonomyMeanGapMs;
  d.schedule(gap, () => {
    if (!d.online) return;
    if (!isBusy(d.applications) && !d.applications.store && !d.applications.forward) {
      const roll = d.rng.next();
      const forMs = d.rng.range(2 * 60_000, 20 * 60_000);
      if (roll < 0.6 && startStream(d, null).ok) {
        d.schedule(forMs, () => void stopStream(d));
      } else if (roll < 0.85 && startRecording(d).ok) {
        d.schedule(forMs, () => {
          stopRecording(d);
          startForwarding(d);
          d.schedule(forMs, () => void stopApp(d, 'forward'));
        });
      }
    }
    planAutonomy(d);
  });
}

// ── faults ──────────────────────────────────────────────────────────────────────────────────────

/** Apply one fault or operation of a scenario (contracts UnitFault) to the unit. */
export function applyUnitFault(d: UnitDevice, f: UnitFault): Reaction {
  const link = 'modem' in f ? d.links.find((l) => l.port === f.modem) : undefined;
  if ('modem' in f && !link) return refused('NOT_FOUND');
  switch (f.type) {
    case 'modemFail':
      link?.setFailed(true);
      return accepted;
    case 'modemRecover':
      link?.setFailed(false);
      return accepted;
    case 'modemEnable':
      if (link) link.enabled = f.enabled;
      return accepted;
    case 'modemSignal':
      if (link) link.signalFactor = f.factor;
      return accepted;
    case 'modemRoaming':
      if (link) link.roaming = f.roaming;
      return accepted;
    case 'modemSim':
      if (link?.profile.uiType !== 'cell') return refused('VALIDATION_FAILED');
      link.activeSim = f.sim;
      return accepted;
    case 'bitrateDrop':
      d.faults.bitrateScale = f.factor;
      return accepted;
    case 'bitrateRestore':
      d.faults.bitrateScale = 1;
      return accepted;
    case 'battery':
      d.battery.set(f.percentage, f.charging);
      if (d.online) evaluateAlerts(d, null);
      return accepted;
    case 'batteryDrain':
      d.battery.drainTo(f.to, f.overMs);
      return accepted;
    case 'charging':
      d.battery.charging = f.charging;
      return accepted;
    case 'camera':
      d.cameraConnected = f.connected;
      if (d.online) evaluateAlerts(d, null);
      return accepted;
    case 'power':
      if (d.online !== f.on) d.setPower(f.on);
      return accepted;
    case 'reboot':
      if (d.online) reboot(d);
      return accepted;
    case 'unresponsive':
      d.faults.unresponsive = f.on;
      return accepted;
    case 'move':
      d.position.moveTo(f.lat, f.lng);
      return accepted;
    case 'sdCard':
      d.storage.setSdCard(f.present);
      if (!f.present && d.applications.store) transitionOut(d, 'store');
      return accepted;
    case 'storageFill':
      d.storage.fill(f.percent);
      return accepted;
    case 'stream':
      return f.start ? startStream(d, f.channelId ?? null) : stopStream(d);
    case 'record':
      return f.start ? startRecording(d) : stopRecording(d);
    case 'forward':
      return f.start ? startForwarding(d) : stopApp(d, 'forward');
    case 'uploadFailure':
      d.storage.uploadFailure = f.mode;
      return accepted;
    case 'upgrade':
      return startUpgrade(d, f.target, f.supportedProducts);
    case 'upgradeOutcome':
      d.faults.upgradeOutcome = f.code;
      return accepted;
    case 'speedTest':
      return f.start ? startSpeedTest(d) : cancelSpeedTest(d);
    case 'selectChannel':
      return selectChannel(d, f.channelId);
    case 'fetchLogs':
      return startFetchLogs(d, f.channelId);
    case 'app':
      return f.start ? startApp(d, f.app) : stopApp(d, f.app);
    case 'scanFailure':
      d.faults.scanFailure = f.on;
      return accepted;
  }
}
