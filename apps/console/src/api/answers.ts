/**
 * The answers the console reads all over (the unit list and a unit's read: the list, its filters,
 * counters, icons, sorts, the map, Multiview; the managed services' status: the menu) read field by
 * field as they arrive (callEndpoint): a field a core left out, null or of another kind takes what
 * breaks nothing — an empty list, an empty text (shown "—"), no location, false, zero — so that no
 * filter, counter, sort, icon or permission fails on it. Enum values stay as they came (the screens
 * show an unknown one as it is: lib/tolerant.ts). A unit without an id cannot be shown, keyed or
 * acted on: it is left out. Any page of a paged list (`{ items, total }`) whose items were left out is
 * an empty page. A whole answer comes back as the same object (nothing is copied).
 */
import type { EndpointId, EndpointOutput, ServicesStatus, UnitDetail, UnitSummary } from '@fleet/contracts';

type Loose = Record<string, unknown>;
const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string';
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** One field's reading: whether the value is whole, and what stands in for it when not. */
interface FieldRule {
  readonly ok: (value: unknown) => boolean;
  readonly fill: (value: unknown) => unknown;
}

const text: FieldRule = { ok: isText, fill: () => '' };
const nullableText: FieldRule = { ok: (v) => v === null || isText(v), fill: () => null };
const flag: FieldRule = { ok: (v) => typeof v === 'boolean', fill: () => false };
const number: FieldRule = { ok: isNumber, fill: () => 0 };
const list = (item: (value: unknown) => boolean): FieldRule => ({
  ok: (v) => Array.isArray(v) && v.every(item),
  fill: (v) => (Array.isArray(v) ? v.filter(item) : []),
});
const record: FieldRule = { ok: isObject, fill: () => ({}) };

const battery: FieldRule = {
  ok: (v) =>
    v === null || (isObject(v) && typeof v.connected === 'boolean' && typeof v.charging === 'boolean' && (v.percentage == null || isNumber(v.percentage))),
  fill: (v) =>
    isObject(v) ? { connected: v.connected === true, charging: v.charging === true, percentage: isNumber(v.percentage) ? v.percentage : null } : null,
};

/** A location is a point: without a latitude or a longitude there is none (the map lists the unit as without a location). */
const location: FieldRule = {
  ok: (v) => v === null || (isObject(v) && isNumber(v.lat) && isNumber(v.lng) && (v.address == null || isText(v.address))),
  fill: (v) => (isObject(v) && isNumber(v.lat) && isNumber(v.lng) ? { lat: v.lat, lng: v.lng, address: isText(v.address) ? v.address : null } : null),
};

const alert = (v: unknown) => isObject(v) && isText(v.type) && isText(v.level);
const channelInUse = (v: unknown) => isObject(v) && isText(v.channelId);

const selectedChannel: FieldRule = {
  ok: (v) => isObject(v) && typeof v.external === 'boolean',
  fill: (v) => {
    const c = isObject(v) ? v : {};
    const id = (key: string) => (isText(c[key]) ? c[key] : null);
    return {
      channelId: id('channelId'),
      previewChannelId: id('previewChannelId'),
      highQualityChannelId: id('highQualityChannelId'),
      proxyChannelId: id('proxyChannelId'),
      external: c.external === true,
    };
  },
};

const SUMMARY_RULES: Readonly<Record<string, FieldRule>> = {
  name: text,
  comment: text,
  type: text,
  typeGroup: text,
  status: text,
  applications: record,
  swVersion: text,
  battery,
  location,
  totalBitrate: number,
  alerts: list(alert),
  transmissionMode: text,
  workingMode: text,
  selectedChannel,
  channelsInUse: list(channelInUse),
  inventoryIds: list(isText),
  groupIds: list(isText),
  hasExtender: flag,
  cameraConnected: flag,
  licenseValid: flag,
  version: number,
};

const DETAIL_RULES: Readonly<Record<string, FieldRule>> = {
  ...SUMMARY_RULES,
  serialNumber: text,
  swVersionShort: text,
  swVersionDisplay: text,
  modems: list((v) => isObject(v) && isText(v.id)),
  capabilities: record,
  services: list(isObject),
  tally: nullableText,
  filenamePrefix: nullableText,
  storeAndForwardVideoQuality: text,
  multiCameraLabels: list(isText),
  targetSwVersion: nullableText,
  lastReboot: nullableText,
  usageProfileId: nullableText,
  ownership: text,
  bitrateSamples: list((v) => isObject(v) && isNumber(v.t) && isNumber(v.kbps)),
};

/** The object with each field the rules name read as they say; the same object when every one is whole. */
function readFields(value: Loose, rules: Readonly<Record<string, FieldRule>>): Loose {
  let out: Loose | null = null;
  for (const [key, rule] of Object.entries(rules)) {
    const field = value[key];
    if (rule.ok(field)) continue;
    out ??= { ...value };
    out[key] = rule.fill(field);
  }
  return out ?? value;
}

/** A unit of devices/fetch (or a unit's read); null when it has no id. */
function readUnit<T>(value: unknown, rules: Readonly<Record<string, FieldRule>>): T | null {
  if (!isObject(value) || !isText(value.uniqueId) || value.uniqueId === '') return null;
  // The fields are read just above as the contract's types say (each rule fills its field's type).
  return readFields(value, rules) as T;
}

function readUnitList(answer: unknown): UnitSummary[] {
  if (!Array.isArray(answer)) return [];
  let changed = false;
  const out: UnitSummary[] = [];
  for (const item of answer) {
    const unit = readUnit<UnitSummary>(item, SUMMARY_RULES);
    if (unit !== item) changed = true;
    if (unit !== null) out.push(unit);
  }
  // The same array when every unit is whole (a list of thousands is not copied for nothing).
  return changed ? out : (answer as UnitSummary[]);
}

function readServicesStatus(answer: unknown): ServicesStatus {
  const a = isObject(answer) ? answer : {};
  const services = Array.isArray(a.services) ? a.services.filter((s) => isObject(s) && isText(s.serviceName)) : [];
  if (isObject(answer) && services === a.services) return answer as ServicesStatus;
  // A service without its `usable` counts as usable: an answer that leaves it out turns no feature off (serviceGates.ts).
  return {
    ...(a as ServicesStatus),
    services: (services as Loose[]).map((s) => ({ ...(s as ServicesStatus['services'][number]), usable: s.usable !== false })),
    activeFeatures: Array.isArray(a.activeFeatures) ? (a.activeFeatures as ServicesStatus['activeFeatures']) : [],
  };
}

/** The readers of the answers read everywhere, by call id. */
const READERS: { readonly [K in EndpointId]?: (answer: unknown) => EndpointOutput<K> } = {
  fetchDevices: readUnitList,
  fetchDeviceById: (answer) => readUnit<UnitSummary>(answer, SUMMARY_RULES) ?? (answer as UnitSummary),
  getUnit: (answer) => readUnit<UnitDetail>(answer, DETAIL_RULES) ?? (answer as UnitDetail),
  getServicesStatus: readServicesStatus,
};

/**
 * A page of a paged list (`{ items, total, … }`, the catalogue's list answers) whose items the answer
 * left out, null or of another kind: an empty page (its total as given, else none).
 */
function readPage(answer: unknown): unknown {
  if (!isObject(answer) || Array.isArray(answer.items) || !('items' in answer || 'total' in answer || 'offset' in answer)) return answer;
  if (!('total' in answer) && !('offset' in answer)) return answer;
  return { ...answer, items: [], total: isNumber(answer.total) ? answer.total : 0 };
}

/** An answer of `id` as the console reads it (the answer itself for calls read as they come). */
export function readAnswer<K extends EndpointId>(id: K, answer: EndpointOutput<K>): EndpointOutput<K> {
  const reader = READERS[id] as ((answer: unknown) => EndpointOutput<K>) | undefined;
  // Any other call's answer that is a page of a list keeps a list of items.
  return reader ? reader(answer) : (readPage(answer) as EndpointOutput<K>);
}
