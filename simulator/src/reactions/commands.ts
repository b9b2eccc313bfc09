/**
 * Device reactions to POST devices/{id}/commands/{command} (spec 000 §7 command kinds). The
 * acknowledgement is immediate; effects follow on the device's clock and reach the core as state
 * reports (applications), telemetry (links) and device events (speed test, cellular scan).
 */
import {
  TIMINGS, UNIT_COMMAND_BODIES,
  type CellularOperator, type UnitCommand, type WifiNetwork,
} from '@fleet/contracts';
import { canCellularScan, canDisableInterface, validateAudioChannels, type ModemLink } from '@fleet/domain';
import type { UnitDevice } from '../device.js';
import type { LinkModel } from '../models/link.js';
import { Rng } from '../rng.js';
import { cancelUploads } from './actions.js';
import { accepted, acceptedWith, refused, type Reaction } from './result.js';

/** Keys of `device.settings` this area keeps (commands and configuration). */
export const CONFIG_SETTINGS = {
  channelId: 'config.channelId',
  speedTest: 'config.speedTest',
  scans: 'config.cellularScans',
  wifi: 'config.wifi',
  cellular: 'config.cellular',
  audio: 'config.audio',
  cancelledUploads: 'config.cancelledUploads',
} as const;

/**
 * Default timings where the device timings do not override them: the spec's where it gives one
 * (§9 network scan 1–2 min, operator switch ≤ 30 s, toggle ≤ 1 min, speed test timeout 10),
 * otherwise "a few seconds" (§4) as we read it.
 */
export const COMMAND_TIMING_DEFAULTS = {
  rebootMs: [5_000, 9_000] as const,
  linkToggleMs: [5_000, TIMINGS.wifiOrModemToggleMaxMs / 3] as const,
  networkScanMs: [TIMINGS.networkScanMinMs, TIMINGS.networkScanMaxMs] as const,
  operatorSwitchMs: [5_000, TIMINGS.operatorSwitchMaxMs] as const,
  settingApplyMs: [2_000, 5_000] as const,
} as const;

type Range = readonly [number, number];
const draw = (d: UnitDevice, r: Range): number => d.rng.range(r[0], r[1]);
export const rebootMs = (d: UnitDevice): number => draw(d, d.timings.rebootMs ?? COMMAND_TIMING_DEFAULTS.rebootMs);
const linkToggleMs = (d: UnitDevice): number => draw(d, d.timings.linkToggleMs ?? COMMAND_TIMING_DEFAULTS.linkToggleMs);
const networkScanMs = (d: UnitDevice): number => draw(d, d.timings.networkScanMs ?? COMMAND_TIMING_DEFAULTS.networkScanMs);
const operatorSwitchMs = (d: UnitDevice): number => draw(d, d.timings.operatorSwitchMs ?? COMMAND_TIMING_DEFAULTS.operatorSwitchMs);
export const settingApplyMs = (d: UnitDevice): number => draw(d, d.timings.settingApplyMs ?? COMMAND_TIMING_DEFAULTS.settingApplyMs);
/** A speed test lasts its timeout (seconds), or less when the device timings say so. */
const speedTestMs = (d: UnitDevice, timeoutS: number): number => Math.min(timeoutS * 1000, d.timings.speedTestMs ?? timeoutS * 1000);

type Bodies = typeof UNIT_COMMAND_BODIES;
type Parsed<K extends UnitCommand> = NonNullable<ReturnType<Bodies[K]['parse']>>;
type CommandHandler<K extends UnitCommand> = (device: UnitDevice, payload: Parsed<K>, raw: unknown) => Reaction;

export function reactToCommand(device: UnitDevice, command: UnitCommand, payload: unknown): Reaction {
  // The core adds the matched file ids to a cancel-file-upload body (`fileIds`); the rest is the user's body.
  const userBody = command === 'cancelFileUpload' ? { files: record(payload).files } : payload;
  const parsed = UNIT_COMMAND_BODIES[command].safeParse(userBody ?? undefined);
  if (!parsed.success) return refused('VALIDATION_FAILED');
  // Each handler takes its own command's payload; TypeScript cannot follow the pairing through the
  // union of keys, so the handler is widened to the parsed payload here.
  const handler = HANDLERS[command] as (d: UnitDevice, p: unknown, raw: unknown) => Reaction;
  return handler(device, parsed.data ?? {}, payload);
}

const HANDLERS: { [K in UnitCommand]: CommandHandler<K> } = {
  setVirtualChannel: (d, p) => {
    const previous = d.settings.get(CONFIG_SETTINGS.channelId);
    d.settings.set(CONFIG_SETTINGS.channelId, p.channelId);
    // Spec 000 §8 "Channel changed, repeat speed test".
    if (previous !== p.channelId) endSpeedTest(d, 'cancelled', 'CHANNEL_CHANGED_SPEED_TEST');
    return accepted;
  },

  stopStreaming: (d) => {
    // Spec 000 §8 "Test cancelled": stopping while a speed test runs cancels it.
    endSpeedTest(d, 'cancelled', 'TEST_CANCELLED');
    for (const key of ['video', 'multiCamera', 'switcher', 'switcherAndProxy'] as const) stopApplication(d, key);
    return accepted;
  },

  reboot: (d) => {
    // What runs is cut short: the speed test is cancelled, scans fail (spec 000 §8 texts).
    endSpeedTest(d, 'cancelled', 'TEST_CANCELLED');
    for (const id of runningScans(d)) {
      const link = d.links.find((l) => l.id === id);
      if (link && link.enabled && !link.failed) link.connected = true;
      d.emitEvent({ type: 'cellularScan', unitId: d.spec.unitId, modemId: id, state: 'failed', operators: [], error: 'SCAN_FAILED' });
    }
    d.settings.delete(CONFIG_SETTINGS.scans);
    d.shutDown(rebootMs(d));
    return accepted;
  },

  metadata: (d, p) => {
    d.settings.set('metadata', p.fields);
    return accepted;
  },

  linkConfiguration: (d, p) => {
    const link = d.links.find((l) => l.id === p.modemId);
    if (!link) return refused('INTERFACE_NOT_PRESENT');
    if (!p.enabled) {
      if (!canDisableInterface(linkStates(d), link.id)) return refused('LAST_INTERFACE');
      link.enabled = false;
      return accepted;
    }
    if (link.enabled) return accepted;
    link.enabled = true;
    reconnectLater(d, link, linkToggleMs(d));
    return accepted;
  },

  wifiQuery: (d) => {
    const wifi = linkOfKind(d, 'wifi');
    if (!wifi) return refused('INTERFACE_NOT_PRESENT');
    return acceptedWith({ networks: visibleWifiNetworks(d, wifi) });
  },

  wifiConnect: (d, p) => {
    const wifi = linkOfKind(d, 'wifi');
    if (!wifi) return refused('INTERFACE_NOT_PRESENT');
    d.settings.set(CONFIG_SETTINGS.wifi, { ssid: p.ssid, security: p.security });
    wifi.enabled = true;
    reconnectLater(d, wifi, linkToggleMs(d));
    return accepted;
  },

  wifiDisconnect: (d) => {
    const wifi = linkOfKind(d, 'wifi');
    if (!wifi) return refused('INTERFACE_NOT_PRESENT');
    if (!canDisableInterface(linkStates(d), wifi.id)) return refused('LAST_INTERFACE');
    d.settings.set(CONFIG_SETTINGS.wifi, { ssid: null, security: null });
    wifi.connected = false;
    return accepted;
  },

  cellularScan: (d, p) => {
    const link = d.links.find((l) => l.id === p.modemId);
    if (!link) return refused('INTERFACE_NOT_PRESENT');
    if (link.profile.uiType !== 'cell') return refused('SCAN_NOT_SUPPORTED');
    const scans = runningScans(d);
    if (scans.includes(link.id)) return accepted; // already scanning
    if (!canCellularScan(linkStates(d))) return refused('CELLULAR_SCAN_ONE_MODEM');
    if (!link.carrying()) return refused('SCAN_FAILED');
    // The scanning modem is off the air for the scan (spec 000 §9: 1 to 2 minutes).
    d.settings.set(CONFIG_SETTINGS.scans, [...scans, link.id]);
    link.connected = false;
    d.schedule(networkScanMs(d), () => finishScan(d, link));
    return accepted;
  },

  cellularSelect: (d, p) => {
    const link = d.links.find((l) => l.id === p.modemId && l.profile.uiType === 'cell');
    if (!link) return refused('INTERFACE_NOT_PRESENT');
    d.settings.set(CONFIG_SETTINGS.cellular, { ...record(d.settings.get(CONFIG_SETTINGS.cellular)), [link.id]: p.network });
    // Switching operator re-registers the modem (spec 000 §9: up to 30 seconds).
    if (link.enabled) reconnectLater(d, link, operatorSwitchMs(d));
    return accepted;
  },

  activeSim: (d, p) => {
    const link = d.links.find((l) => l.id === p.modemId && l.profile.uiType === 'cell');
    if (!link) return refused('INTERFACE_NOT_PRESENT');
    if (link.activeSim === p.sim) return accepted;
    link.activeSim = p.sim;
    if (link.enabled) reconnectLater(d, link, linkToggleMs(d));
    return accepted;
  },

  audioParameters: (d, p) => {
    if (validateAudioChannels(p.input, p.channels)) return refused('VALIDATION_FAILED');
    d.settings.set(CONFIG_SETTINGS.audio, { ...record(d.settings.get(CONFIG_SETTINGS.audio)), ...p });
    return accepted;
  },

  audioBitrate: (d, p) => {
    d.settings.set(CONFIG_SETTINGS.audio, { ...record(d.settings.get(CONFIG_SETTINGS.audio)), bitrateKbps: p.bitrateKbps });
    return accepted;
  },

  ifbDelay: (d, p) => store(d, 'ifbDelay', p.delayMs),
  ifbAlwaysOn: (d, p) => store(d, 'ifbAlwaysOn', p.enabled),
  ancillaryData: (d, p) => store(d, 'ancillaryData', p),
  shootingMode: (d, p) => store(d, 'shootingMode', p.mode),
  storeAndForwardQuality: (d, p) => store(d, 'storeAndForwardQuality', p.quality),
  videoComplexity: (d, p) => store(d, 'videoComplexity', p.level),

  encoder: (d, p) => {
    if (p.codec === 'hevc' && d.spec.capabilities.hevc !== true) return refused('FEATURE_DISABLED');
    return store(d, 'encoder', p);
  },

  cancelFileUpload: (d, p, raw) => {
    // The core adds the ids of the files it matched (`fileIds`) to the names the user gave.
    const fileIds = fileIdsOf(raw);
    d.settings.set(CONFIG_SETTINGS.cancelledUploads, p.files);
    if (fileIds.length > 0) cancelUploads(d, fileIds);
    return accepted;
  },

  speedTest: (d, p) => {
    // A unit that transmits (or tests already) is busy (spec 000 §4).
    if (d.applications.video || d.applications.multiCamera || d.applications.switcher || d.applications.switcherAndProxy) {
      return refused('UNIT_BUSY');
    }
    const token = Number(d.settings.get('config.speedTestSeq') ?? 0) + 1;
    d.settings.set('config.speedTestSeq', token);
    d.settings.set(CONFIG_SETTINGS.speedTest, { token, channelId: p.channelId ?? d.settings.get(CONFIG_SETTINGS.channelId) ?? null });
    d.applications = { ...d.applications, video: { state: 'speedtest' } };
    d.reportState();
    d.emitEvent({ type: 'speedTest', unitId: d.spec.unitId, state: 'running', uplinkKbps: null, downlinkKbps: null, error: null });
    d.schedule(speedTestMs(d, p.timeout), () => {
      const running = record(d.settings.get(CONFIG_SETTINGS.speedTest));
      if (running.token !== token) return;
      if (!d.online) {
        d.settings.delete(CONFIG_SETTINGS.speedTest); // the outage ended it
        return;
      }
      const live = d.links.filter((l) => l.carrying());
      const uplinkKbps = Math.round(live.reduce((s, l) => s + l.effectiveKbps(), 0));
      const downlinkKbps = Math.round(uplinkKbps * 0.4);
      finishSpeedTest(d);
      d.emitEvent({ type: 'speedTest', unitId: d.spec.unitId, state: 'completed', uplinkKbps, downlinkKbps, error: null });
    });
    return accepted;
  },
};

// ── helpers ────────────────────────────────────────────────────────────────────────────────────

function store(d: UnitDevice, key: string, value: unknown): Reaction {
  d.settings.set(`config.${key}`, value);
  return accepted;
}

function record(v: unknown): Record<string, unknown> {
  // A non-array object: string keys, values unknown.
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

function fileIdsOf(raw: unknown): string[] {
  const ids = record(raw).fileIds;
  return Array.isArray(ids) ? ids.filter((x): x is string => typeof x === 'string') : [];
}

/** The links as the domain rules see them: live = present, enabled and connected. */
function linkStates(d: UnitDevice): ModemLink[] {
  return d.links.map((l) => ({ id: l.id, enabled: l.enabled, connected: l.present && l.connected }));
}

function linkOfKind(d: UnitDevice, kind: 'wifi' | 'lan' | 'cell'): LinkModel | undefined {
  return d.links.find((l) => l.profile.uiType === kind);
}

/** The link drops now and is back after `ms` (unless disabled or failed meanwhile). */
function reconnectLater(d: UnitDevice, link: LinkModel, ms: number): void {
  link.connected = false;
  d.schedule(ms, () => {
    if (link.enabled && !link.failed) link.connected = true;
  });
}

function runningScans(d: UnitDevice): string[] {
  const v = d.settings.get(CONFIG_SETTINGS.scans);
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

/** Stable per unit: the same networks and operators are in range whenever it looks. */
function placeRng(d: UnitDevice, what: string): Rng {
  let h = 0x811c9dc5;
  for (const c of `${d.spec.unitId}:${what}`) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193);
  return new Rng(h >>> 0);
}

const WIFI_NAMES = ['Newsroom', 'Stadium-Press', 'Hotel-Guest', 'OB-Van', 'Cafe-Free', 'Venue-Media'] as const;
const OPERATORS = [
  { mcc: '262', mnc: '01', name: 'Telekom.de' },
  { mcc: '262', mnc: '02', name: 'Vodafone.de' },
  { mcc: '262', mnc: '03', name: 'O2-de' },
  { mcc: '310', mnc: '410', name: 'AT&T' },
  { mcc: '234', mnc: '15', name: 'Vodafone UK' },
] as const;

function visibleWifiNetworks(d: UnitDevice, wifi: LinkModel): WifiNetwork[] {
  const rng = placeRng(d, 'wifi');
  const joined = record(d.settings.get(CONFIG_SETTINGS.wifi)).ssid;
  const networks: WifiNetwork[] = WIFI_NAMES.filter(() => rng.chance(0.6)).map((ssid) => ({
    ssid,
    security: rng.pick(['open', 'wpa2', 'wpa2', 'wpa3'] as const),
    signalQuality: rng.int(20, 95),
    connected: false,
  }));
  if (typeof joined === 'string' && !networks.some((n) => n.ssid === joined)) {
    networks.push({ ssid: joined, security: 'wpa2', signalQuality: wifi.signalQuality() ?? 50, connected: false });
  }
  return networks.map((n) => ({ ...n, connected: n.ssid === joined && wifi.carrying() }));
}

function finishScan(d: UnitDevice, link: LinkModel): void {
  const scans = runningScans(d);
  if (!scans.includes(link.id)) return; // ended already (reboot)
  d.settings.set(CONFIG_SETTINGS.scans, scans.filter((id) => id !== link.id));
  if (!d.online) {
    if (link.enabled && !link.failed) link.connected = true;
    return;
  }
  if (!link.enabled || link.failed || d.faults.scanFailure) {
    // Spec 000 §8 "Scan failed, please try again": the modem went away during the scan, or the
    // fault `scanFailure` was injected (scenario cellular-scan-failure).
    d.emitEvent({ type: 'cellularScan', unitId: d.spec.unitId, modemId: link.id, state: 'failed', operators: [], error: 'SCAN_FAILED' });
    return;
  }
  link.connected = true;
  const rng = placeRng(d, `scan:${link.id}`);
  const operators: CellularOperator[] = OPERATORS.filter(() => rng.chance(0.7)).map((o) => ({
    ...o,
    technology: rng.pick(['3G', '4G', '4G', '5G'] as const),
    signalQuality: rng.int(10, 95),
  }));
  d.emitEvent({ type: 'cellularScan', unitId: d.spec.unitId, modemId: link.id, state: 'completed', operators, error: null });
}

/** The speed test's video activity goes away. */
function finishSpeedTest(d: UnitDevice): void {
  d.settings.delete(CONFIG_SETTINGS.speedTest);
  if (d.applications.video?.state === 'speedtest') {
    const { video: _test, ...rest } = d.applications;
    d.applications = rest;
    d.reportState();
  }
}

/** End a running speed test early (cancelled, with the catalogue code the user sees). */
function endSpeedTest(d: UnitDevice, state: 'cancelled' | 'failed', error: 'TEST_CANCELLED' | 'CHANNEL_CHANGED_SPEED_TEST'): void {
  if (!d.settings.has(CONFIG_SETTINGS.speedTest)) return;
  const running = d.applications.video?.state === 'speedtest';
  finishSpeedTest(d);
  if (!running) return; // an outage ended it already
  d.emitEvent({ type: 'speedTest', unitId: d.spec.unitId, state, uplinkKbps: null, downlinkKbps: null, error });
}

/** disconnecting now, gone after the stop time; stopping what is not running is a no-op. */
function stopApplication(d: UnitDevice, key: 'video' | 'multiCamera' | 'switcher' | 'switcherAndProxy'): void {
  const cur = d.applications[key];
  if (!cur || cur.state === 'disconnecting') return;
  d.applications = { ...d.applications, [key]: { state: 'disconnecting' } };
  d.reportState();
  d.schedule(d.rng.range(...d.timings.streamStopMs), () => {
    if (!d.online || d.applications[key]?.state !== 'disconnecting') return;
    const { [key]: _gone, ...rest } = d.applications;
    d.applications = rest;
    d.reportState();
  });
}
