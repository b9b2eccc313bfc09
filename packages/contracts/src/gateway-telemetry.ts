/**
 * The gateway's hot path (gateway.ts has the messages): telemetry validated without copying, and
 * the parse of every message a device sends.
 */
import { z } from 'zod';
import { DeviceBatch, DeviceTelemetry, DeviceToCore, GATEWAY } from './gateway.js';

// ── Hot path: telemetry validated without copying ───────────────────────────────────────────────
/*
 * A shard reports every unit's telemetry once a second: at 10,000 units, `DeviceToCore.safeParse`
 * copied every object of 10,000 messages a second (zod returns new objects), and those copies were
 * what the core kept. `parseDeviceToCore` accepts exactly what `DeviceToCore` accepts (a property
 * test in apps/core holds it to that), checks telemetry by hand, and returns the parsed JSON
 * itself when it already has the schemas' shape — exactly their keys, in their order, which is
 * what zod would have returned — so the result always serialises to the same JSON as zod's.
 * Everything else (and telemetry with other keys or another key order) goes through zod.
 */

/** Keys of the telemetry objects in schema order (a unit test checks them against the schemas). */
export const TELEMETRY_KEYS = {
  telemetry: ['kind', 'unitId', 'battery', 'location', 'modems', 'cameraConnected', 'sample', 'at', 'sent'],
  battery: ['connected', 'charging', 'percentage'],
  location: ['lat', 'lng', 'address'],
  modem: ['id', 'port', 'name', 'uiType', 'connected', 'enabled', 'uplinkKbps', 'downlinkKbps', 'signalQuality', 'roaming', 'activeSim', 'lastUpdated'],
  sample: ['t', 'kbps'],
  sent: ['bytes', 'streamingMs'],
} as const;
/** A report without its optional counters (`sent`, the last key). */
const TELEMETRY_KEYS_WITHOUT_SENT = TELEMETRY_KEYS.telemetry.slice(0, -1);

/** invalid: DeviceTelemetry rejects it; exact: accepted, already zod's output shape; valid: accepted, zod would reshape it. */
export type TelemetryVerdict = 'invalid' | 'exact' | 'valid';

type Fields = Record<string, unknown>;
const isObject = (v: unknown): v is Fields => typeof v === 'object' && v !== null && !Array.isArray(v);
/** z.number(): finite. */
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
/** z.number().min(0).max(100). */
const isPercent = (v: unknown): boolean => isNumber(v) && v >= 0 && v <= 100;
const hasOwn = Object.prototype.hasOwnProperty;

/** Own enumerable keys exactly `keys`, in that order, nothing inherited (for…in allocates nothing). */
function hasExactKeys(o: Fields, keys: readonly string[]): boolean {
  let i = 0;
  for (const k in o) {
    if (k !== keys[i] || !hasOwn.call(o, k)) return false;
    i++;
  }
  return i === keys.length;
}

function batteryVerdict(v: unknown): TelemetryVerdict {
  if (v === null) return 'exact';
  if (!isObject(v)) return 'invalid';
  if (typeof v.connected !== 'boolean' || typeof v.charging !== 'boolean') return 'invalid';
  if (v.percentage !== null && !isPercent(v.percentage)) return 'invalid';
  return hasExactKeys(v, TELEMETRY_KEYS.battery) ? 'exact' : 'valid';
}

function locationVerdict(v: unknown): TelemetryVerdict {
  if (v === null) return 'exact';
  if (!isObject(v)) return 'invalid';
  if (!isNumber(v.lat) || !isNumber(v.lng)) return 'invalid';
  if (v.address !== null && typeof v.address !== 'string') return 'invalid';
  return hasExactKeys(v, TELEMETRY_KEYS.location) ? 'exact' : 'valid';
}

function modemVerdict(v: unknown): TelemetryVerdict {
  if (!isObject(v)) return 'invalid';
  if (typeof v.id !== 'string' || !Number.isSafeInteger(v.port) || typeof v.name !== 'string') return 'invalid';
  if (v.uiType !== 'wifi' && v.uiType !== 'lan' && v.uiType !== 'cell') return 'invalid';
  if (typeof v.connected !== 'boolean' || typeof v.enabled !== 'boolean' || typeof v.roaming !== 'boolean') return 'invalid';
  if (!isNumber(v.uplinkKbps) || v.uplinkKbps < 0 || !isNumber(v.downlinkKbps) || v.downlinkKbps < 0) return 'invalid';
  if (v.signalQuality !== null && !isPercent(v.signalQuality)) return 'invalid';
  if (v.activeSim !== null && v.activeSim !== 'A' && v.activeSim !== 'B') return 'invalid';
  if (typeof v.lastUpdated !== 'string') return 'invalid';
  return hasExactKeys(v, TELEMETRY_KEYS.modem) ? 'exact' : 'valid';
}

function sampleVerdict(v: unknown): TelemetryVerdict {
  if (!isObject(v)) return 'invalid';
  if (!Number.isSafeInteger(v.t) || !isNumber(v.kbps) || v.kbps < 0) return 'invalid';
  return hasExactKeys(v, TELEMETRY_KEYS.sample) ? 'exact' : 'valid';
}

function sentVerdict(v: unknown): TelemetryVerdict {
  if (!isObject(v)) return 'invalid';
  if (!isNumber(v.bytes) || v.bytes < 0 || !Number.isSafeInteger(v.streamingMs) || (v.streamingMs as number) < 0) return 'invalid';
  return hasExactKeys(v, TELEMETRY_KEYS.sent) ? 'exact' : 'valid';
}

/** `DeviceTelemetry.safeParse(v).success`, without building anything; see {@link TelemetryVerdict}. */
export function checkDeviceTelemetry(v: unknown): TelemetryVerdict {
  if (!isObject(v) || v.kind !== 'telemetry' || typeof v.unitId !== 'string') return 'invalid';
  if (typeof v.cameraConnected !== 'boolean' || !Number.isSafeInteger(v.at)) return 'invalid';
  let exact: boolean;
  let r: TelemetryVerdict;
  if (v.sent === undefined) exact = hasExactKeys(v, TELEMETRY_KEYS_WITHOUT_SENT);
  else {
    r = sentVerdict(v.sent);
    if (r === 'invalid') return r;
    exact = r === 'exact' && hasExactKeys(v, TELEMETRY_KEYS.telemetry);
  }
  r = batteryVerdict(v.battery);
  if (r === 'invalid') return r;
  exact &&= r === 'exact';
  r = locationVerdict(v.location);
  if (r === 'invalid') return r;
  exact &&= r === 'exact';
  r = sampleVerdict(v.sample);
  if (r === 'invalid') return r;
  exact &&= r === 'exact';
  const modems = v.modems;
  if (!Array.isArray(modems)) return 'invalid';
  for (let i = 0; i < modems.length; i++) {
    r = modemVerdict(modems[i]);
    if (r === 'invalid') return r;
    exact &&= r === 'exact';
  }
  return exact ? 'exact' : 'valid';
}

const BatchMember = DeviceBatch.shape.messages.element;
type BatchMember = z.infer<typeof BatchMember>;

/**
 * Whether a parsed JSON value nests arrays/objects deeper than `limit` (a top-level `[]` is depth
 * 1). Iterative: it must not overflow the stack on the very values it is there to refuse.
 */
export function jsonNestsDeeperThan(value: unknown, limit: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const values: object[] = [value];
  const depths: number[] = [1];
  while (values.length > 0) {
    const v = values.pop()!;
    const depth = depths.pop()!;
    if (depth > limit) return true;
    const children: unknown[] = Array.isArray(v) ? v : Object.values(v);
    for (let i = 0; i < children.length; i++) {
      const c = children[i];
      if (typeof c === 'object' && c !== null) {
        values.push(c);
        depths.push(depth + 1);
      }
    }
  }
  return false;
}

/**
 * zod's verdict, for values that nest no deeper than GATEWAY.maxJsonDepth: zod walks free JSON
 * recursively, so deeper text (a shard's message is parsed by the iterative `JSON.parse`, with no
 * bound of its own) is refused before it.
 */
function viaSchema<T>(schema: z.ZodType<T>, raw: unknown): T | undefined {
  if (jsonNestsDeeperThan(raw, GATEWAY.maxJsonDepth)) return undefined;
  return schema.safeParse(raw).data;
}

/** Telemetry by hand (see above); zod for what the hand check would reshape. */
function telemetryOf(raw: Fields): DeviceTelemetry | undefined {
  const verdict = checkDeviceTelemetry(raw);
  if (verdict === 'exact') return raw as DeviceTelemetry;
  if (verdict === 'invalid') return undefined;
  return viaSchema(DeviceTelemetry, raw);
}

/**
 * A device → core message parsed from JSON, validated: `undefined` exactly when
 * `DeviceToCore.safeParse(raw)` fails or a message (batch member) handed to it nests deeper than
 * GATEWAY.maxJsonDepth, else a message that serialises to the same JSON as that
 * parse's result. Telemetry in the schema's shape (what shards send) is not copied.
 */
export function parseDeviceToCore(raw: unknown): DeviceToCore | undefined {
  if (!isObject(raw)) return undefined;
  if (raw.kind === 'telemetry') return telemetryOf(raw);
  if (raw.kind === 'batch') {
    const messages: unknown = raw.messages;
    if (!Array.isArray(messages)) return undefined;
    // The members as received while they need no copy; a new array from the first one that does.
    let out: BatchMember[] | null = null;
    for (let i = 0; i < messages.length; i++) {
      const m: unknown = messages[i];
      let member: BatchMember | undefined;
      if (isObject(m) && m.kind === 'telemetry') {
        member = telemetryOf(m);
      } else {
        member = viaSchema(BatchMember, m);
      }
      if (member === undefined) return undefined;
      if (out) out.push(member);
      else if (member !== m) {
        out = messages.slice(0, i) as BatchMember[];
        out.push(member);
      }
    }
    return { kind: 'batch', messages: out ?? (messages as BatchMember[]) };
  }
  return viaSchema(DeviceToCore, raw);
}
