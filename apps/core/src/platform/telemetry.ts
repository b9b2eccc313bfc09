import { TIMINGS, type Battery, type BitrateSample, type Location, type Modem } from '@fleet/contracts';

/** A unit's telemetry as readers see it: a snapshot of fresh objects, taken by {@link TelemetryStore.get}. */
export interface UnitTelemetry {
  battery: Battery | null;
  location: Location | null;
  modems: Modem[];
  totalBitrate: number;
  cameraConnected: boolean;
  /** Time of the newest bitrate sample, null before the first. */
  lastSampleAt: number | null;
  /** Bitrate samples, oldest first, at most TIMINGS.bitrateGraphMaxPoints (read when first used). */
  readonly samples: BitrateSample[];
}

/** What one device report carries into the store. */
export interface TelemetryReport {
  battery: Battery | null;
  location: Location | null;
  modems: readonly Modem[];
  /** The links' total; the sample's kbps when not given. */
  totalBitrate?: number;
  cameraConnected: boolean;
  sample: BitrateSample;
}

const UI_TYPES = ['wifi', 'lan', 'cell'] as const satisfies readonly Modem['uiType'][];
const SIMS = [null, 'A', 'B'] as const satisfies readonly Modem['activeSim'][];

// Flags of a unit.
const HAS_BATTERY = 1;
const BATTERY_CONNECTED = 2;
const BATTERY_CHARGING = 4;
const PERCENTAGE_NULL = 8;
const HAS_LOCATION = 16;
const CAMERA = 32;
// Flags of a modem.
const M_CONNECTED = 1;
const M_ENABLED = 2;
const M_ROAMING = 4;
const M_SIGNAL_NULL = 8;

/**
 * One unit's links in columns. Strings are replaced only when they change (a report's equal string
 * is dropped young); `lastUpdated` is kept as a number when it is a canonical ISO time (it changes
 * with every report), else as the text.
 */
class ModemColumns {
  count = 0;
  port: Float64Array;
  up: Float64Array;
  down: Float64Array;
  signal: Float64Array;
  updatedAt: Float64Array;
  flags: Uint8Array;
  uiType: Uint8Array;
  sim: Uint8Array;
  id: string[] = [];
  name: string[] = [];
  /** The text of `lastUpdated` when it is not a canonical ISO time, else null. */
  updatedText: (string | null)[] = [];

  constructor(readonly capacity: number) {
    this.port = new Float64Array(capacity);
    this.up = new Float64Array(capacity);
    this.down = new Float64Array(capacity);
    this.signal = new Float64Array(capacity);
    this.updatedAt = new Float64Array(capacity);
    this.flags = new Uint8Array(capacity);
    this.uiType = new Uint8Array(capacity);
    this.sim = new Uint8Array(capacity);
  }
}

/** One unit: everything but the arrays in the store's columns at `slot`. */
interface UnitEntry {
  slot: number;
  modems: ModemColumns | null;
  /** Bitrate samples, interleaved (t, kbps), a ring of maxSamples entries; allocated at the first. */
  ring: Float64Array | null;
  address: string | null;
}

/**
 * High-rate telemetry lives here, in bounded memory, not in the database (DESIGN.md "Storage").
 * Each unit keeps its last values and a ring of at most 360 bitrate samples.
 *
 * Reports arrive 10,000 a second: the values are copied into typed arrays allocated once per unit
 * (no object kept per report, no sample object kept for six minutes), so the garbage collector has
 * almost nothing to promote or to trace. Readers get snapshots of fresh objects ({@link get}); a
 * snapshot reads its modems and samples when first asked for them.
 */
export class TelemetryStore {
  private readonly byUnit = new Map<string, UnitEntry>();
  private readonly freeSlots: number[] = [];
  private capacity = 0;
  private slots = 0;
  private flags = new Uint8Array(0);
  private percentage = new Float64Array(0);
  private lat = new Float64Array(0);
  private lng = new Float64Array(0);
  private totalBitrate = new Float64Array(0);
  /** Per slot: index of the oldest sample in the ring, and the number of samples. */
  private ringHead = new Int32Array(0);
  private ringCount = new Int32Array(0);
  /** Per slot: changes with every report (answers built from a unit's telemetry are reused while it stands). */
  private revision = new Uint32Array(0);

  constructor(private readonly maxSamples: number = TIMINGS.bitrateGraphMaxPoints) {}

  private entry(unitId: string): UnitEntry {
    let e = this.byUnit.get(unitId);
    if (e) return e;
    let slot = this.freeSlots.pop();
    if (slot === undefined) {
      if (this.slots === this.capacity) this.grow();
      slot = this.slots++;
    }
    this.flags[slot] = 0;
    this.ringHead[slot] = 0;
    this.ringCount[slot] = 0;
    this.revision[slot] = (this.revision[slot]! + 1) >>> 0;
    e = { slot, modems: null, ring: null, address: null };
    this.byUnit.set(unitId, e);
    return e;
  }

  private grow(): void {
    const cap = Math.max(1024, this.capacity * 2);
    const grow = <T extends Uint8Array | Float64Array | Int32Array | Uint32Array>(a: T, make: (n: number) => T): T => {
      const b = make(cap);
      b.set(a);
      return b;
    };
    this.flags = grow(this.flags, (n) => new Uint8Array(n));
    this.percentage = grow(this.percentage, (n) => new Float64Array(n));
    this.lat = grow(this.lat, (n) => new Float64Array(n));
    this.lng = grow(this.lng, (n) => new Float64Array(n));
    this.totalBitrate = grow(this.totalBitrate, (n) => new Float64Array(n));
    this.ringHead = grow(this.ringHead, (n) => new Int32Array(n));
    this.ringCount = grow(this.ringCount, (n) => new Int32Array(n));
    this.revision = grow(this.revision, (n) => new Uint32Array(n));
    this.capacity = cap;
  }

  /** Store one report: its values are copied, nothing of it is kept. */
  update(unitId: string, t: TelemetryReport): void {
    const e = this.entry(unitId);
    const i = e.slot;
    let f = t.cameraConnected ? CAMERA : 0;
    const b = t.battery;
    if (b !== null) {
      f |= HAS_BATTERY | (b.connected ? BATTERY_CONNECTED : 0) | (b.charging ? BATTERY_CHARGING : 0);
      if (b.percentage === null) f |= PERCENTAGE_NULL;
      else this.percentage[i] = b.percentage;
    }
    const l = t.location;
    if (l !== null) {
      f |= HAS_LOCATION;
      this.lat[i] = l.lat;
      this.lng[i] = l.lng;
      if (e.address !== l.address) e.address = l.address;
    }
    this.flags[i] = f;
    this.totalBitrate[i] = t.totalBitrate ?? t.sample.kbps;
    this.storeModems(e, t.modems);
    this.pushSample(e, t.sample);
    this.revision[i] = (this.revision[i]! + 1) >>> 0;
  }

  private storeModems(e: UnitEntry, modems: readonly Modem[]): void {
    const n = modems.length;
    let c = e.modems;
    if (c === null || c.capacity < n) {
      const bigger = new ModemColumns(Math.max(4, n));
      if (c) {
        bigger.id = c.id;
        bigger.name = c.name;
        bigger.updatedText = c.updatedText;
      }
      e.modems = c = bigger;
    }
    for (let k = 0; k < n; k++) {
      const m = modems[k]!;
      c.port[k] = m.port;
      c.up[k] = m.uplinkKbps;
      c.down[k] = m.downlinkKbps;
      c.signal[k] = m.signalQuality ?? 0;
      c.flags[k] = (m.connected ? M_CONNECTED : 0) | (m.enabled ? M_ENABLED : 0) | (m.roaming ? M_ROAMING : 0) | (m.signalQuality === null ? M_SIGNAL_NULL : 0);
      c.uiType[k] = UI_TYPES.indexOf(m.uiType);
      c.sim[k] = SIMS.indexOf(m.activeSim);
      if (c.id[k] !== m.id) c.id[k] = m.id;
      if (c.name[k] !== m.name) c.name[k] = m.name;
      const at = isoMillis(m.lastUpdated);
      if (Number.isNaN(at)) {
        if (c.updatedText[k] !== m.lastUpdated) c.updatedText[k] = m.lastUpdated;
      } else {
        c.updatedAt[k] = at;
        if (c.updatedText[k] !== null) c.updatedText[k] = null;
      }
    }
    // Strings of links that went away are let go.
    if (c.id.length > n) {
      c.id.length = n;
      c.name.length = n;
      c.updatedText.length = n;
    }
    c.count = n;
  }

  private pushSample(e: UnitEntry, s: BitrateSample): void {
    const max = this.maxSamples;
    if (max <= 0) return;
    const i = e.slot;
    const ring = (e.ring ??= new Float64Array(2 * max));
    const count = this.ringCount[i]!;
    const head = this.ringHead[i]!;
    let at: number;
    if (count < max) {
      at = (head + count) % max;
      this.ringCount[i] = count + 1;
    } else {
      at = head; // full: the oldest goes
      this.ringHead[i] = (head + 1) % max;
    }
    ring[2 * at] = s.t;
    ring[2 * at + 1] = s.kbps;
  }

  /** A snapshot of the unit's telemetry (fresh objects: later reports do not change it). */
  get(unitId: string): UnitTelemetry | undefined {
    const e = this.byUnit.get(unitId);
    if (!e) return undefined;
    const i = e.slot;
    const f = this.flags[i]!;
    const count = this.ringCount[i]!;
    const lastSampleAt = count > 0 && e.ring ? e.ring[2 * ((this.ringHead[i]! + count - 1) % this.maxSamples)]! : null;
    let samples: BitrateSample[] | null = null;
    let modems: Modem[] | null = null;
    const columns = e.modems;
    const readSamples = () => (samples ??= this.samplesOf(unitId));
    return {
      battery:
        f & HAS_BATTERY
          ? { connected: (f & BATTERY_CONNECTED) !== 0, charging: (f & BATTERY_CHARGING) !== 0, percentage: f & PERCENTAGE_NULL ? null : this.percentage[i]! }
          : null,
      location: f & HAS_LOCATION ? { lat: this.lat[i]!, lng: this.lng[i]!, address: e.address } : null,
      // Built when read: a summary needs no modems (the unit list reads 10,000 summaries).
      get modems(): Modem[] {
        return (modems ??= modemsOf(columns));
      },
      totalBitrate: this.totalBitrate[i]!,
      cameraConnected: (f & CAMERA) !== 0,
      lastSampleAt,
      get samples(): BitrateSample[] {
        return readSamples();
      },
    };
  }

  /** A number that changes whenever the unit's telemetry does (-1: none yet). */
  revisionOf(unitId: string): number {
    const e = this.byUnit.get(unitId);
    return e ? this.revision[e.slot]! : -1;
  }

  /** The unit's bitrate samples, oldest first. */
  samplesOf(unitId: string): BitrateSample[] {
    const e = this.byUnit.get(unitId);
    if (!e || !e.ring) return [];
    const i = e.slot;
    const head = this.ringHead[i]!;
    const count = this.ringCount[i]!;
    const out: BitrateSample[] = new Array<BitrateSample>(count);
    for (let k = 0; k < count; k++) {
      const at = (head + k) % this.maxSamples;
      out[k] = { t: e.ring[2 * at]!, kbps: e.ring[2 * at + 1]! };
    }
    return out;
  }

  /** A device went offline: its links carry nothing any more. */
  markOffline(unitId: string): void {
    const e = this.byUnit.get(unitId);
    if (!e) return;
    this.totalBitrate[e.slot] = 0;
    this.revision[e.slot] = (this.revision[e.slot]! + 1) >>> 0;
    const c = e.modems;
    if (!c) return;
    for (let k = 0; k < c.count; k++) {
      c.flags[k] = c.flags[k]! & ~M_CONNECTED;
      c.up[k] = 0;
      c.down[k] = 0;
    }
  }

  delete(unitId: string): void {
    const e = this.byUnit.get(unitId);
    if (!e) return;
    this.byUnit.delete(unitId);
    this.freeSlots.push(e.slot);
  }
}

function modemsOf(c: ModemColumns | null): Modem[] {
  if (!c) return [];
  const out: Modem[] = [];
  for (let k = 0; k < c.count; k++) {
    const f = c.flags[k]!;
    out.push({
      id: c.id[k]!,
      port: c.port[k]!,
      name: c.name[k]!,
      uiType: UI_TYPES[c.uiType[k]!]!,
      connected: (f & M_CONNECTED) !== 0,
      enabled: (f & M_ENABLED) !== 0,
      uplinkKbps: c.up[k]!,
      downlinkKbps: c.down[k]!,
      signalQuality: f & M_SIGNAL_NULL ? null : c.signal[k]!,
      roaming: (f & M_ROAMING) !== 0,
      activeSim: SIMS[c.sim[k]!]!,
      lastUpdated: c.updatedText[k] ?? new Date(c.updatedAt[k]!).toISOString(),
    });
  }
  return out;
}

const DIGIT_0 = 48;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * The time of a canonical ISO string (`Date.prototype.toISOString`'s form, `YYYY-MM-DDTHH:mm:ss.sssZ`,
 * years 1000–9999), such that `new Date(result).toISOString() === s`; NaN for any other string.
 * Reads characters only: nothing is allocated.
 */
export function isoMillis(s: string): number {
  if (
    s.length !== 24 ||
    s.charCodeAt(4) !== 45 ||
    s.charCodeAt(7) !== 45 ||
    s.charCodeAt(10) !== 84 ||
    s.charCodeAt(13) !== 58 ||
    s.charCodeAt(16) !== 58 ||
    s.charCodeAt(19) !== 46 ||
    s.charCodeAt(23) !== 90
  )
    return Number.NaN;
  const year = digits(s, 0, 4);
  const month = digits(s, 5, 2);
  const day = digits(s, 8, 2);
  const hour = digits(s, 11, 2);
  const minute = digits(s, 14, 2);
  const second = digits(s, 17, 2);
  const ms = digits(s, 20, 3);
  if (year < 1000 || month < 1 || month > 12 || day < 1 || hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59 || ms < 0) {
    return Number.NaN;
  }
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (day > DAYS_IN_MONTH[month - 1]! + (month === 2 && leap ? 1 : 0)) return Number.NaN;
  return Date.UTC(year, month - 1, day, hour, minute, second, ms);
}

/** The decimal number of `len` digits at `from`; -1 when one is not a digit. */
function digits(s: string, from: number, len: number): number {
  let n = 0;
  for (let k = from; k < from + len; k++) {
    const d = s.charCodeAt(k) - DIGIT_0;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
}
