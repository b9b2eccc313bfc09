import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  Battery,
  BitrateSample,
  DeviceTelemetry,
  DeviceToCore,
  Location,
  Modem,
  SentCounters,
  TELEMETRY_KEYS,
  GATEWAY,
  checkDeviceTelemetry,
  jsonNestsDeeperThan,
  parseDeviceToCore,
  type CoreGatewayEnd,
  type CoreToDevice,
  type DeviceTelemetry as DeviceTelemetryT,
  type DeviceToCore as DeviceToCoreT,
} from '@fleet/contracts';
import { DeviceGateway } from './gateway.js';

// ── Arbitraries: messages as shards send them, and every way of getting them slightly wrong ──────
const OMIT = Symbol('omit');
const junk = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.boolean(),
  fc.string({ maxLength: 4 }),
  fc.constant({}),
  fc.constant([]),
  fc.constantFrom(Number.NaN, Infinity, -Infinity, -1, 101, 1.5, 2 ** 53, 'telemetry', 'A', 'cell', '1'),
);
/** A field's value: mostly the valid kind, sometimes junk. */
const maybe = (valid: fc.Arbitrary<unknown>) => fc.oneof({ weight: 12, arbitrary: valid }, { weight: 1, arbitrary: junk });
const finite = fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer(), fc.constantFrom(0, -0, 48.1374, 11.5755));
const nonNegative = fc.oneof(fc.double({ min: 0, noNaN: true, noDefaultInfinity: true }), fc.constantFrom(0, -0, 1500.5, -1e-9));
const percent = fc.oneof(fc.double({ min: 0, max: 100, noNaN: true }), fc.constantFrom(0, -0, 100, 100.0000001, -1e-9));
const int = fc.oneof(fc.integer(), fc.maxSafeInteger(), fc.constantFrom(1_795_000_000_000, 2 ** 53 - 1, 2 ** 53, -(2 ** 53 - 1), 0.5));
const str = fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('LU800-0001', '2026-11-21T08:00:00.000Z'));

/**
 * An object with these fields: each one mostly valid, now and then missing; sometimes an extra
 * key; sometimes the keys in another order (zod answers with its own order: the result must be
 * reshaped, not passed through).
 */
function objectOf(fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(fields);
  return fc
    .tuple(
      fc.tuple(...keys.map((k) => fc.oneof({ weight: 30, arbitrary: maybe(fields[k]!) }, { weight: 1, arbitrary: fc.constant(OMIT) }))),
      fc.oneof({ weight: 12, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.tuple(fc.constantFrom('extra', 'toJSON', '__proto__', '0'), junk) }),
      fc.oneof({ weight: 12, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.nat(keys.length) }),
    )
    .map(([values, extra, rotate]) => {
      const entries: [string, unknown][] = [];
      keys.forEach((k, i) => {
        if (values[i] !== OMIT) entries.push([k, values[i]]);
      });
      const order = [...entries.slice(rotate), ...entries.slice(0, rotate)];
      if (extra) order.splice(Math.min(order.length, 2), 0, extra);
      const o: Record<string, unknown> = {};
      // defineProperty: a "__proto__" key is an own key here, as JSON.parse makes it.
      for (const [k, v] of order) Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
      return o;
    });
}

const battery = fc.oneof(fc.constant(null), objectOf({ connected: fc.boolean(), charging: fc.boolean(), percentage: fc.oneof(percent, fc.constant(null)) }));
const location = fc.oneof(fc.constant(null), objectOf({ lat: finite, lng: finite, address: fc.oneof(str, fc.constant(null)) }));
const modem = objectOf({
  id: str,
  port: int,
  name: str,
  uiType: fc.constantFrom('wifi', 'lan', 'cell', 'WIFI'),
  connected: fc.boolean(),
  enabled: fc.boolean(),
  uplinkKbps: nonNegative,
  downlinkKbps: nonNegative,
  signalQuality: fc.oneof(percent, fc.constant(null)),
  roaming: fc.boolean(),
  activeSim: fc.constantFrom('A', 'B', null, 'C'),
  lastUpdated: str,
});
const telemetry = objectOf({
  kind: fc.constant('telemetry'),
  unitId: str,
  battery,
  location,
  modems: fc.array(modem, { maxLength: 4 }),
  cameraConnected: fc.boolean(),
  sample: objectOf({ t: int, kbps: nonNegative }),
  at: int,
  // Optional: left out as often as given.
  sent: fc.oneof(objectOf({ bytes: nonNegative, streamingMs: int }), fc.constant(OMIT)),
});
const otherMember = fc.constantFrom<unknown>(
  { kind: 'state', unitId: 'u1', online: true, applications: { video: { state: 'running' } }, at: 1 },
  { kind: 'state', unitId: 'u1', online: 'yes', applications: {}, at: 1 },
  { kind: 'ack', commandId: 'c1', ok: true, extra: 1 },
  { kind: 'hello', shardId: 's1' },
  { kind: 'batch', messages: [] },
  { kind: 'unknown' },
  null,
);
const batch = objectOf({
  kind: fc.constant('batch'),
  messages: fc.array(fc.oneof({ weight: 6, arbitrary: telemetry }, { weight: 1, arbitrary: otherMember }), { maxLength: 6 }),
});
const message = fc.oneof(
  { weight: 4, arbitrary: telemetry },
  { weight: 4, arbitrary: batch },
  { weight: 1, arbitrary: otherMember },
  { weight: 1, arbitrary: fc.anything() },
);

describe('parseDeviceToCore (the gateway hot path) against DeviceToCore', () => {
  it('names the telemetry keys in the schemas’ order', () => {
    expect(TELEMETRY_KEYS.telemetry).toEqual(Object.keys(DeviceTelemetry.shape));
    expect(TELEMETRY_KEYS.battery).toEqual(Object.keys(Battery.shape));
    expect(TELEMETRY_KEYS.location).toEqual(Object.keys(Location.shape));
    expect(TELEMETRY_KEYS.modem).toEqual(Object.keys(Modem.shape));
    expect(TELEMETRY_KEYS.sample).toEqual(Object.keys(BitrateSample.shape));
    expect(TELEMETRY_KEYS.sent).toEqual(Object.keys(SentCounters.shape));
  });

  /** Same acceptance; an accepted message serialises to the same JSON as zod's result. */
  const agree = (x: unknown, tally: { accepted: number; rejected: number }) => {
    const fast = parseDeviceToCore(x);
    const zod = DeviceToCore.safeParse(x);
    expect(fast !== undefined).toBe(zod.success);
    if (zod.success) {
      tally.accepted++;
      expect(JSON.stringify(fast)).toBe(JSON.stringify(zod.data));
    } else {
      tally.rejected++;
    }
    if (x !== null && typeof x === 'object' && (x as { kind?: unknown }).kind === 'telemetry') {
      expect(checkDeviceTelemetry(x) !== 'invalid').toBe(DeviceTelemetry.safeParse(x).success);
    }
  };

  it('accepts and rejects exactly what zod does (objects as built in process)', () => {
    const tally = { accepted: 0, rejected: 0 };
    fc.assert(
      fc.property(message, (x) => agree(x, tally)),
      { numRuns: 3000 },
    );
    // The inputs reach both sides of the line, or the comparison proves little.
    expect(tally.accepted).toBeGreaterThan(300);
    expect(tally.rejected).toBeGreaterThan(300);
  });

  it('accepts and rejects exactly what zod does (objects as JSON.parse makes them)', () => {
    const tally = { accepted: 0, rejected: 0 };
    fc.assert(
      fc.property(message, (x) => {
        const text = JSON.stringify(x) as string | undefined;
        if (text !== undefined) agree(JSON.parse(text) as unknown, tally);
      }),
      { numRuns: 3000 },
    );
    expect(tally.accepted).toBeGreaterThan(300);
    expect(tally.rejected).toBeGreaterThan(300);
  });

  it('passes telemetry in the schema’s shape through without copying it', () => {
    const t: DeviceTelemetryT = {
      kind: 'telemetry',
      unitId: 'LU800-0001',
      battery: { connected: true, charging: false, percentage: 80 },
      location: { lat: 48.1, lng: 11.5, address: null },
      modems: [
        {
          id: 'm1',
          port: 1,
          name: 'Modem 1',
          uiType: 'cell',
          connected: true,
          enabled: true,
          uplinkKbps: 900,
          downlinkKbps: 20,
          signalQuality: 70,
          roaming: false,
          activeSim: 'A',
          lastUpdated: '2026-11-21T08:00:00.000Z',
        },
      ],
      cameraConnected: true,
      sample: { t: 1, kbps: 900 },
      at: 1,
    };
    const wire = JSON.parse(JSON.stringify({ kind: 'batch', messages: [t, t] })) as { messages: unknown[] };
    const parsed = parseDeviceToCore(wire);
    expect(parsed?.kind).toBe('batch');
    const members = (parsed as Extract<DeviceToCoreT, { kind: 'batch' }>).messages;
    expect(members).toBe(wire.messages);
    expect(members[0]).toBe(wire.messages[0]);
    // Another key order: accepted, and reshaped as zod would.
    const { at, ...own } = t;
    const reordered = { at, ...own };
    expect(checkDeviceTelemetry(reordered)).toBe('valid');
    expect(JSON.stringify(parseDeviceToCore(reordered))).toBe(JSON.stringify(t));
    // A key zod reads from the prototype (it reads input[key]) is not the object's own: reshaped too.
    const inherited = Object.assign(Object.create({ at }) as object, own);
    expect(checkDeviceTelemetry(inherited)).toBe('valid');
    expect(JSON.stringify(parseDeviceToCore(inherited))).toBe(JSON.stringify(t));
  });

  it('refuses, without overflowing the stack, what would nest deeper than GATEWAY.maxJsonDepth in zod', () => {
    const nested = (levels: number): unknown => JSON.parse('['.repeat(levels) + ']'.repeat(levels)) as unknown;
    const ack = (levels: number) => ({ kind: 'ack', commandId: 'c-1', ok: true, result: nested(levels) });
    // The ack itself is one level: its result may nest maxJsonDepth - 1 arrays.
    expect(parseDeviceToCore(ack(GATEWAY.maxJsonDepth - 1))).toMatchObject({ kind: 'ack' });
    expect(parseDeviceToCore(ack(GATEWAY.maxJsonDepth))).toBeUndefined();
    expect(parseDeviceToCore(ack(100_000))).toBeUndefined();
    expect(parseDeviceToCore({ kind: 'batch', messages: [ack(2), ack(100_000)] })).toBeUndefined();
    expect(parseDeviceToCore({ kind: 'batch', messages: [ack(2)] })).toMatchObject({ kind: 'batch' });
    expect(jsonNestsDeeperThan(nested(3), 3)).toBe(false);
    expect(jsonNestsDeeperThan(nested(4), 3)).toBe(true);
    expect(jsonNestsDeeperThan({ a: [1, { b: 2 }], c: 'x' }, 3)).toBe(false);
    expect(jsonNestsDeeperThan({ a: [1, { b: {} }] }, 3)).toBe(true);
    expect(jsonNestsDeeperThan('[[[[', 1)).toBe(false);
  });
});

describe('DeviceGateway with an untrusted shard', () => {
  function attach() {
    let deliver: ((m: DeviceToCoreT) => void) | null = null;
    const end: CoreGatewayEnd = {
      send: () => undefined,
      onMessage: (h) => {
        deliver = h;
      },
      onClose: () => undefined,
      close: () => undefined,
    };
    const gateway = new DeviceGateway(1000, { warn: () => undefined, info: () => undefined });
    const got: DeviceTelemetryT[] = [];
    gateway.setHandlers({ onState: () => undefined, onTelemetry: (m) => got.push(m) });
    gateway.setFleet([{ unitId: 'u1', name: 'U1', productType: 'LU800', typeGroup: 'fieldUnits', swVersion: '1', capabilities: {} }]);
    gateway.attach(end, { trusted: false });
    return { gateway, got, send: (raw: unknown) => deliver!(raw as DeviceToCoreT) };
  }
  const tele = (unitId: string, kbps: number) => ({
    kind: 'telemetry',
    unitId,
    battery: null,
    location: null,
    modems: [],
    cameraConnected: true,
    sample: { t: 1, kbps },
    at: 1,
  });

  it('delivers valid telemetry of its units, one by one from a batch', () => {
    const { gateway, got, send } = attach();
    send({ kind: 'batch', messages: [tele('u1', 1), tele('other', 2), tele('u1', 3)] });
    expect(got.map((m) => m.sample.kbps)).toEqual([1, 3]);
    expect(gateway.stats).toMatchObject({ received: 1, rejected: 0, messages: 3 });
  });

  it('drops a whole batch when one member is malformed, as before', () => {
    const { gateway, got, send } = attach();
    send({ kind: 'batch', messages: [tele('u1', 1), { ...tele('u1', 2), at: 1.5 }] });
    send({ ...tele('u1', 3), modems: [{ id: 'm' }] });
    expect(got).toEqual([]);
    expect(gateway.stats).toMatchObject({ received: 2, rejected: 2, messages: 0 });
  });
});

describe('DeviceGateway shards going away', () => {
  function attached() {
    const closers: Array<() => void> = [];
    const end: CoreGatewayEnd = {
      send: () => undefined,
      onMessage: () => undefined,
      onClose: (h) => void closers.push(h),
      // The socket's close event comes later, as a websocket's does.
      close: () => undefined,
    };
    const gateway = new DeviceGateway(1000, { warn: () => undefined, info: () => undefined });
    const states: Array<{ unitId: string; online: boolean }> = [];
    gateway.setHandlers({ onState: (m) => void states.push({ unitId: m.unitId, online: m.online }), onTelemetry: () => undefined });
    gateway.setFleet(['u1', 'u2'].map((unitId) => ({ unitId, name: unitId, productType: 'LU800', typeGroup: 'fieldUnits', swVersion: '1', capabilities: {} })));
    gateway.attach(end, { trusted: false });
    return { gateway, states, socketClosed: () => closers.forEach((h) => h()) };
  }

  it('reports the units of a shard that went away as offline', () => {
    const { states, socketClosed } = attached();
    socketClosed();
    expect(states).toEqual([
      { unitId: 'u1', online: false },
      { unitId: 'u2', online: false },
    ]);
  });

  it('reports nothing when the shards go because the core shuts down (storage is closing)', () => {
    const { gateway, states, socketClosed } = attached();
    gateway.close();
    socketClosed();
    expect(states).toEqual([]);
  });
});

describe('DeviceGateway server commands', () => {
  const server = (serverId: string) => ({
    serverId,
    name: serverId,
    serverType: 'mmh_server' as const,
    productType: 'MMH',
    swVersion: '10.1',
    maxChannels: 4,
    channels: [],
    vrChannels: [],
  });

  function shard() {
    const sent: CoreToDevice[] = [];
    let deliver: ((m: DeviceToCoreT) => void) | null = null;
    const end: CoreGatewayEnd = {
      send: (m) => void sent.push(m),
      onMessage: (h) => {
        deliver = h;
      },
      onClose: () => undefined,
      close: () => undefined,
    };
    return { end, sent, reply: (m: DeviceToCoreT) => deliver!(m) };
  }

  it('sends a server command to the shard that owns the server and resolves with its acknowledgement', async () => {
    const gateway = new DeviceGateway(1000, { warn: () => undefined, info: () => undefined });
    gateway.setHandlers({ onState: () => undefined, onTelemetry: () => undefined });
    const a = shard();
    gateway.attach(a.end, { trusted: true });
    gateway.setServers([server('MMH-1')]);
    const answer = gateway.sendToServer('MMH-1', { type: 'configureChannel', channelId: 'c1', setting: 'ndi', payload: { enabled: true } });
    const message = a.sent.find((m) => m.kind === 'serverCommand');
    expect(message).toMatchObject({ kind: 'serverCommand', serverId: 'MMH-1', command: { type: 'configureChannel', channelId: 'c1' } });
    a.reply({ kind: 'ack', commandId: message!.kind === 'serverCommand' ? message!.commandId : '', ok: false, error: 'OUTPUT_CHANNEL_LICENSE_EXCEEDED' });
    await expect(answer).resolves.toMatchObject({ ok: false, error: 'OUTPUT_CHANNEL_LICENSE_EXCEEDED' });
  });

  it('refuses a command to a server no shard runs with DEVICE_UNREACHABLE', async () => {
    const gateway = new DeviceGateway(1000, { warn: () => undefined, info: () => undefined });
    gateway.setServers([server('MMH-1')]);
    await expect(gateway.sendToServer('MMH-1', { type: 'resetInstance' })).rejects.toMatchObject({ code: 'DEVICE_UNREACHABLE' });
  });
});
