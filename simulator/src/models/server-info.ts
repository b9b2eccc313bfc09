/**
 * What a simulated receiving server says about itself when it comes up (the `serverInfo` report):
 * its addresses, hardware and features, what each channel can do, and each video return channel's
 * receiving addresses, its device id and cloud instance; and, with its state, whether it runs and
 * how its tally and audio interface hardware is.
 * Everything follows from the server's id (the same whichever shard or run), except the public
 * address and the cloud instance, which follow the instance too: a reset instance comes back on a
 * new cloud instance and another public address.
 */
import type {
  Applications,
  ChannelSpec,
  ChannelStatus,
  DeviceEvent,
  HW_INTERFACE_STATUSES,
  SERVER_RUN_STATES,
  ServerSpec,
  VrChannelStatus,
} from '@fleet/contracts';
import { Rng } from '../rng.js';

export type ServerInfo = Extract<DeviceEvent, { type: 'serverInfo' }>;
type ServerRunState = (typeof SERVER_RUN_STATES)[number];
type HwInterfaceStatus = (typeof HW_INTERFACE_STATUSES)[number];

const HARDWARE = {
  mmh_server: { model: 'LU2000 Multimedia Hub', cpuCores: 16, memoryGb: 64, storageGb: 1920, sdiBoards: 2 },
  vr_server: { model: 'LU Video Return Server', cpuCores: 8, memoryGb: 32, storageGb: 480, sdiBoards: 1 },
  ingest_server: { model: 'LU Ingest Server', cpuCores: 8, memoryGb: 32, storageGb: 3840, sdiBoards: 0 },
  transceiver_server: { model: 'LU Transceiver', cpuCores: 4, memoryGb: 16, storageGb: 240, sdiBoards: 1 },
} as const satisfies Record<ServerSpec['serverType'], unknown>;

const FEATURES: Record<ServerSpec['serverType'], readonly string[]> = {
  mmh_server: ['sdi', 'ndi', 'smpte2110', 'ipPipe', 'ifb', 'webrtc', 'recording', 'tally'],
  vr_server: ['videoReturn', 'sdiInput', 'srtInput'],
  ingest_server: ['ingest', 'srtInput', 'rtmpInput', 'webrtc'],
  transceiver_server: ['sdi', 'transceiverFeed', 'encoderInput'],
};
const ALL_FEATURES = [...new Set(Object.values(FEATURES).flat())].sort();

/** An address in a documentation range (RFC 5737 TEST-NET-3 public, 10/8 private), from the key. */
function octets(key: string): [number, number, number] {
  const r = Rng.fromKey(key);
  return [r.int(0, 255), r.int(0, 255), r.int(1, 254)];
}

/**
 * What a channel's hardware can do: a multimedia hub's SDI-backed channels (outputs, distributors,
 * inputs) carry 4K, its preview channels do not (spec 001 §8 "no 4K transmission on the channel");
 * NDI and SMPTE 2110 on hubs; logs on every channel but inputs (spec 000 §8).
 */
function channelCapabilities(type: ServerSpec['serverType'], c: ChannelSpec): Record<string, boolean> {
  const hub = type === 'mmh_server';
  return { fourK: hub && c.type !== 'preview', ndi: hub, smpte2110: hub, recording: c.type !== 'input', supportsLogs: c.supportsLogs };
}

const hex = (r: Rng, digits: number): string => Array.from({ length: digits }, () => r.int(0, 15).toString(16)).join('');

/** The server's device id (spec 001 §3 deviceId): from its id alone, so the same on every run and instance. */
export function serverDeviceId(serverId: string): string {
  return `LU-SRV-${hex(Rng.fromKey(`device:${serverId}`), 12).toUpperCase()}`;
}

/** The cloud instance the server runs on (spec 001 §3 cloud instance): a new one per instance (a reset instance). */
export function cloudInstanceId(serverId: string, instance: number): string {
  return `i-${hex(Rng.fromKey(`instance:${serverId}:${instance}`), 17)}`;
}

/**
 * The applications running on a server (spec 001 §3 Server applications), in the words of a unit's
 * running activities (000 §3): `video` while one of its channels takes a live stream or plays a
 * file out, `videoReturn` while a video return channel sends to a unit, `upgrade` while it
 * upgrades; nothing while it is down.
 */
export function serverApplications(
  online: boolean,
  upgrading: boolean,
  channels: Iterable<{ status: ChannelStatus }>,
  vrChannels: Iterable<{ status: VrChannelStatus }>,
): Applications {
  if (!online) return {};
  const apps: Applications = {};
  if (upgrading) apps.upgrade = { state: 'running' };
  if ([...channels].some((c) => c.status === 'collecting' || c.status === 'PlayStoredFile')) apps.video = { state: 'running' };
  if ([...vrChannels].some((v) => v.status === 'collecting')) apps.videoReturn = { state: 'running' };
  return apps;
}

/** Whether the server runs (spec 001 §3 state): running while up, stopped while down. */
export function serverRunState(online: boolean): ServerRunState {
  return online ? 'running' : 'stopped';
}

/** The interfaces a server's hardware has: tally on servers with the tally feature, audio on those with IFB. */
const INTERFACE_FEATURE = { tally: 'tally', audio: 'ifb' } as const;

/**
 * The tally or audio (IFB) interface hardware as the server sees it (spec 001 §3 tallyHwStatus,
 * audioHwStatus): null on a server without that interface or while the server is down (it sees
 * nothing then), else connected unless unplugged (the `interfaceHw` fault).
 */
export function interfaceHwStatus(
  type: ServerSpec['serverType'],
  hw: keyof typeof INTERFACE_FEATURE,
  online: boolean,
  unplugged: boolean,
): HwInterfaceStatus | null {
  if (!online || !FEATURES[type].includes(INTERFACE_FEATURE[hw])) return null;
  return unplugged ? 'disconnected' : 'connected';
}

/** The server's report: `instance` counts its instances (a reset instance starts the next one). */
export function serverInfo(spec: ServerSpec, instance: number): ServerInfo {
  const [a, b, c] = octets(`private:${spec.serverId}`);
  const [, , pub] = octets(`public:${spec.serverId}:${instance}`);
  const publicAddress = `203.0.113.${pub}`;
  const hw = HARDWARE[spec.serverType];
  const features = new Set(FEATURES[spec.serverType]);
  return {
    type: 'serverInfo',
    serverId: spec.serverId,
    ips: [
      { name: 'public', address: publicAddress },
      { name: 'private', address: `10.${a}.${b}.${c}` },
    ],
    specifications: {
      model: hw.model,
      productType: spec.productType,
      cpuCores: hw.cpuCores,
      memoryGb: hw.memoryGb,
      storageGb: hw.storageGb,
      sdiBoards: hw.sdiBoards,
    },
    capabilities: Object.fromEntries(ALL_FEATURES.map((f) => [f, features.has(f)])),
    channels: spec.channels.map((c) => ({ channelId: c.channelId, capabilities: channelCapabilities(spec.serverType, c) })),
    // A video return channel receives on the server's public address, one port per channel.
    vrChannels: spec.vrChannels.map((v, i) => ({ vrChannelId: v.vrChannelId, ips: [`${publicAddress}:${9000 + i}`] })),
    deviceId: serverDeviceId(spec.serverId),
    cloudInstance: cloudInstanceId(spec.serverId, instance),
  };
}
