/**
 * Tests' way to drive one unit: a device on a stepped clock with a seeded Rng, a world of two
 * hubs, and the test playing the core (it sends commands, reads what the device reported).
 */
import type {
  ChannelSpec,
  CoreToDevice,
  DeviceAck,
  DeviceCommand,
  DeviceEvent,
  DeviceSpec,
  DeviceToCore,
  ServerSpec,
  UnitCommand,
  UnitDeviceAction,
  UnitFault,
  UnitSetting,
} from '@fleet/contracts';
import { SimClock } from '../clock.js';
import { UnitDevice } from '../device.js';
import { Engine, type EngineOptions } from '../engine.js';
import { createInProcessLink } from '../link.js';
import { defaultAlertConfig } from '../models/alerts.js';
import type { Reaction } from '../reaction.js';
import { applyUnitFault, respond } from '../reactions/index.js';
import { Rng } from '../rng.js';
import { ServerDevice } from '../server-device.js';
import { DEFAULT_SERVER_TIMINGS, DEFAULT_TIMINGS, type DeviceTimings } from '../timings.js';
import { World } from '../world.js';

export const T0 = 1_700_000_000_000;

/** A field unit with every licence. */
export function unitSpec(unitId = 'U1', over: Partial<DeviceSpec> = {}): DeviceSpec {
  return {
    unitId,
    name: unitId.toLowerCase(),
    productType: 'LU800',
    typeGroup: 'fieldUnits',
    swVersion: '8.0',
    capabilities: { sdCard: true, multiCamera: true, databridge: true, videoReturn: true, intercom: true, ipPipe: true, hevc: true },
    ...over,
  };
}

/** An idle, licensed channel (8.5) named by its id, sending logs unless it is an input; `over` changes the rest. */
export function channelSpec(channelId: string, type: ChannelSpec['type'], over: Partial<ChannelSpec> = {}): ChannelSpec {
  return { channelId, name: channelId, type, swVersion: '8.5', licensed: true, supportsLogs: type !== 'input', status: 'idle', ...over };
}

/** Two hubs: preview (7.5.1), output, input, unlicensed and too-old channels on one; one output on the other; video return channels. */
export const SERVERS: ServerSpec[] = [
  {
    serverId: 'MMH-1',
    name: 'hub',
    serverType: 'mmh_server',
    productType: 'Multimedia Hub',
    swVersion: '10.1',
    maxChannels: 5,
    channels: [
      channelSpec('CH-PREVIEW', 'preview', { swVersion: '7.5.1' }),
      channelSpec('CH-OUT', 'output'),
      channelSpec('CH-IN', 'input'),
      channelSpec('CH-NOLIC', 'preview', { licensed: false }),
      channelSpec('CH-OLD', 'preview', { swVersion: '7.4.9' }),
    ],
    vrChannels: [
      { vrChannelId: 'VR-1', name: 'VR-1', inputType: 'sdi', status: 'idle' },
      { vrChannelId: 'VR-2', name: 'VR-2', inputType: 'sdi', status: 'idle' },
    ],
  },
  {
    serverId: 'MMH-2',
    name: 'hub2',
    serverType: 'mmh_server',
    productType: 'Multimedia Hub',
    swVersion: '10.1',
    maxChannels: 1,
    channels: [channelSpec('CH-2', 'output')],
    vrChannels: [],
  },
];

/** Short, calm timings: nothing happens by itself; every duration is known. */
export const TEST_TIMINGS: DeviceTimings = {
  ...DEFAULT_TIMINGS,
  bootMs: [100, 100],
  streamStartMs: [1000, 1000],
  streamStopMs: [500, 500],
  meanTimeBetweenOutagesMs: 0,
  initiallyOffShare: 0,
  rebootMs: [3000, 3000],
  linkToggleMs: [2000, 2000],
  networkScanMs: [60_000, 60_000],
  operatorSwitchMs: [4000, 4000],
  speedTestMs: 5000,
  settingApplyMs: [3000, 3000],
  selectionFailureChance: 0,
  fetchLogsMs: 10_000,
  spontaneousLinkEvents: false,
};

export function harness(opts: { spec?: DeviceSpec; timings?: Partial<DeviceTimings>; seed?: number; camera?: boolean } = {}) {
  const clock = new SimClock(T0, { kind: 'stepped' });
  const sent: DeviceToCore[] = [];
  const report = (e: DeviceEvent) => sent.push({ kind: 'event', event: e, at: clock.now() });
  const world = new World();
  const seed = new Rng(opts.seed ?? 7);
  world.replace(SERVERS.map((s) => new ServerDevice(s, clock, seed.fork(s.serverId), DEFAULT_SERVER_TIMINGS, defaultAlertConfig(), report, true)));
  const timings = { ...TEST_TIMINGS, ...opts.timings };
  const device = new UnitDevice(opts.spec ?? unitSpec(), clock, seed.fork('unit'), timings, (m) => sent.push(m), world);
  device.start();
  clock.advance(timings.bootMs[1]);
  device.cameraConnected = opts.camera ?? true;

  let n = 0;
  const send = (command: DeviceCommand): DeviceAck => respond(device, `c${++n}`, command);
  /** What an acknowledgement says, as a Reaction (ok, or the error it names). */
  const asReaction = (ack: DeviceAck): Reaction =>
    ack.ok ? { ok: true, ...(ack.result ? { result: ack.result } : {}) } : { ok: false, error: ack.error ?? '' };
  const events = <T extends DeviceEvent['type']>(type: T): Extract<DeviceEvent, { type: T }>[] =>
    sent.flatMap((m) => (m.kind === 'event' && m.event.type === type ? [m.event as Extract<DeviceEvent, { type: T }>] : []));
  return {
    device,
    clock,
    sent,
    world,
    events,
    advance: (ms: number) => clock.advance(ms),
    command: (command: UnitCommand, payload: unknown = {}) => asReaction(send({ type: 'command', command, payload })),
    action: (action: UnitDeviceAction, payload: unknown = {}) => asReaction(send({ type: 'action', action, payload })),
    configure: (setting: UnitSetting, payload: unknown) => asReaction(send({ type: 'configure', setting, payload })),
    startStream: (channelId: string | null = null) => asReaction(send({ type: 'startStream', channelId })),
    stopStream: () => asReaction(send({ type: 'stopStream' })),
    fault: (f: UnitFault) => applyUnitFault(device, f),
    /** The applications' states the device reported, in order, for one key. */
    appStates: (key: string) =>
      sent.flatMap((m) => (m.kind === 'state' ? [(m.applications as Record<string, { state: string } | undefined>)[key]?.state ?? null] : [])),
    channel: (id: string) => world.channel(id)?.channel,
  };
}

export type Harness = ReturnType<typeof harness>;

/**
 * Several units on one stepped clock sharing the two hubs (a shard without its engine): what each
 * reported is logged in order, and the fleet invariants read them all.
 */
export function fleetHarness(opts: { units?: DeviceSpec[]; servers?: ServerSpec[]; timings?: Partial<DeviceTimings>; seed?: number } = {}) {
  const clock = new SimClock(T0, { kind: 'stepped' });
  const sent: DeviceToCore[] = [];
  const world = new World();
  const seed = new Rng(opts.seed ?? 7);
  const report = (e: DeviceEvent) => sent.push({ kind: 'event', event: e, at: clock.now() });
  world.replace(
    (opts.servers ?? SERVERS).map((s) => new ServerDevice(s, clock, seed.fork(s.serverId), DEFAULT_SERVER_TIMINGS, defaultAlertConfig(), report, true)),
  );
  const timings = { ...TEST_TIMINGS, ...opts.timings };
  const specs = opts.units ?? [unitSpec('U1'), unitSpec('U2')];
  world.setMemberships(specs);
  const units = new Map(specs.map((spec) => [spec.unitId, new UnitDevice(spec, clock, seed.fork(spec.unitId), timings, (m) => sent.push(m), world)]));
  for (const u of units.values()) {
    u.start();
    u.cameraConnected = true;
  }
  clock.advance(timings.bootMs[1]);
  const unit = (id: string): UnitDevice => {
    const u = units.get(id);
    if (!u) throw new Error(`no unit ${id}`);
    return u;
  };
  return {
    clock,
    world,
    sent,
    unit,
    units: () => units.values(),
    advance: (ms: number) => clock.advance(ms),
    startStream: (id: string, channelId: string | null = null) => unit(id).stream.startStream(channelId),
    channel: (id: string) => world.channel(id)?.channel,
  };
}

/**
 * An engine on a stepped clock, attached through an in-process link on which the test plays the
 * core: the devices (and servers, all owned) assigned, every message the engine sends logged.
 */
export async function engineHarness(opts: {
  devices: DeviceSpec[];
  servers?: ServerSpec[];
  seed: number;
  startAt?: number;
  timings?: Partial<DeviceTimings>;
  step?: EngineOptions['step'];
}) {
  /** Every message the engine's devices emitted; `received`: what reached the core's end of the link. */
  const log: DeviceToCore[] = [];
  const received: DeviceToCore[] = [];
  const engine = new Engine({
    seed: opts.seed,
    clock: { kind: 'stepped' },
    startAt: opts.startAt ?? T0,
    onEmit: (m) => log.push(m),
    ...(opts.timings ? { timings: opts.timings } : {}),
    ...(opts.step ? { step: opts.step } : {}),
  });
  const link = createInProcessLink();
  engine.attach(link.device);
  link.core.onMessage((m) => received.push(m));
  const send = (m: CoreToDevice) => link.core.send(m);
  const flush = () => new Promise((r) => setTimeout(r, 0));
  send({ kind: 'assign', devices: opts.devices });
  if (opts.servers) send({ kind: 'assignServers', servers: opts.servers, owned: opts.servers.map((s) => s.serverId) });
  await flush();
  return { engine, log, received, send, flush };
}
