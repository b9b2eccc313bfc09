/**
 * The codecs of the Unit row's JSON columns: `license`, `capabilities`, `services`,
 * `applications`, `multiCameraLabels`, `configuration` (one key per setting, merged one setting at
 * a time by the unit configuration service) and `telemetry` (the last-known snapshot of what
 * devices reported that outlives a restart).
 */
import { z } from 'zod';
import {
  ANCILLARY_DATA_TYPES,
  AUDIO_INPUTS,
  AUTH_PROTOCOLS,
  Applications,
  CHANNEL_SELECTION_MODES,
  DATABRIDGE_MODES,
  DELAY_MODES,
  INTERCOM_MODES,
  IP_INPUT_PROTOCOLS,
  IP_MODES,
  License,
  MULTI_CAMERA_MODES,
  NETWORK_MODES,
  SHOOTING_MODES,
  SWITCHER_CONFIG_MODES,
  SimSlot,
  VIDEO_CODECS,
  VIDEO_COMPLEXITIES,
  VIDEO_RETURN_OUTPUTS,
  WIFI_SECURITY,
} from '@fleet/contracts';
import { booleanMap, jsonColumn, lenient, lenientArray, lenientNullable, lenientObject, lenientRecord, stringList } from './json-column.js';

const text = z.string();
const int = z.number().int();
const num = z.number().finite();
const bool = z.boolean();

/** Unit.license: a licence that does not read is an invalid one. */
export const unitLicense = jsonColumn(License, () => ({
  valid: false,
  kind: 'days' as const,
  pro: false,
  fourK: false,
  raHours: null,
  rlHours: null,
}));

export const unitCapabilities = booleanMap;

/** One entry of Unit.services (built once: a schema made per call is compiled again by zod on every parse). */
const StoredService = z.object({ serviceName: z.unknown(), serviceStatus: z.unknown() });

/** Unit.services: the service tiers the unit row lists (the Service table has the details). */
export const unitServices = jsonColumn(
  z.array(z.unknown()).transform((xs) =>
    xs.flatMap((s) => {
      const r = StoredService.safeParse(s);
      return r.success && r.data.serviceName !== undefined && r.data.serviceStatus !== undefined
        ? [{ serviceName: String(r.data.serviceName), serviceStatus: String(r.data.serviceStatus) }]
        : [];
    }),
  ),
  () => [],
);

export const unitApplications = jsonColumn(Applications, () => ({}));

export const unitMultiCameraLabels = stringList;

const Apn = z.object({ slot: lenient(int), apn: lenient(text), username: lenient(text), authProtocol: lenient(z.enum(AUTH_PROTOCOLS)) });

/** One interface's stored settings (PUT interfaces/config), keyed by port. */
const StoredInterface = z.looseObject({
  enabled: lenient(bool),
  networkMode: lenient(z.enum(NETWORK_MODES)),
  roamingAllowed: lenient(bool),
  activeSim: lenient(SimSlot),
  apns: lenientArray(Apn),
  forceScanNow: lenient(bool),
  ipMode: lenient(z.enum(IP_MODES)),
  ip: lenientNullable(text),
  subnetMask: lenientNullable(text),
  gateway: lenientNullable(text),
});

const ExternalStream = z.looseObject({ active: lenient(bool), destinationId: lenientNullable(text) });

/**
 * Unit.configuration. Every key is optional and lenient: what is not stored answers its default
 * (the answers apply the defaults, this codec only reads what is there).
 */
export const StoredUnitConfiguration = z.looseObject({
  delay: lenientNullable(int),
  delayMode: lenient(z.enum(DELAY_MODES)),
  virtualChannelName: lenient(text),
  paths: lenientArray(text),
  files: lenientArray(text),
  port: lenientNullable(int),
  forceScanNow: lenient(bool),
  transmissionMode: lenient(text),
  storeAndForwardVideoQualityV2: lenient(text),
  audio: lenientObject({ input: lenient(z.enum(AUDIO_INPUTS)), channels: lenient(int), bitrateKbps: lenient(int), gainDb: lenient(num) }),
  bandwidth: lenientObject({
    cellular: lenientNullable(num),
    total: lenientNullable(num),
    priorityLimits: lenientArray(z.object({ priority: int, kbps: num })),
  }),
  pairingCodeMode: lenient(bool),
  pairingCode: lenientNullable(text),
  pairingCodeExpiresAt: lenientNullable(text),
  switcher: lenientObject({
    mode: lenientNullable(z.enum(SWITCHER_CONFIG_MODES)),
    highQualityChannel: lenientNullable(text),
    proxyChannel: lenientNullable(text),
    inputSdi: lenientNullable(int),
  }),
  multiCamera: lenientObject({
    numberOfFeeds: lenient(int),
    channelSelectionMode: lenient(z.enum(CHANNEL_SELECTION_MODES)),
    customSelectedChannels: lenientArray(text),
    channel: lenientNullable(text),
    mode: lenient(z.enum(MULTI_CAMERA_MODES)),
    cameras: lenientArray(z.object({ label: lenient(text), priority: lenient(int) })),
    maxBandwidthMbps: lenientNullable(num),
  }),
  singleCamera: lenientObject({ resolution: lenient(int), colourDepth: lenient(int), maxBandwidthMbps: lenientNullable(num) }),
  databridge: lenientObject({ enabled: lenient(bool), bridgeMode: lenient(z.enum(DATABRIDGE_MODES)) }),
  videoReturn: lenientObject({ enabled: lenient(bool), output: lenient(z.enum(VIDEO_RETURN_OUTPUTS)), selectedVrChannelId: lenientNullable(text) }),
  vrChannels: lenientObject({ selected: lenientNullable(text) }),
  ntpTimecode: lenientObject({ enabled: lenient(bool), server: lenientNullable(text) }),
  fixedInternetDelay: lenientNullable(int),
  ipInput: lenientObject({
    enabled: lenient(bool),
    protocol: lenientNullable(z.enum(IP_INPUT_PROTOCOLS)),
    port: lenientNullable(int),
    latencyMs: lenientNullable(int),
    passphrase: lenient(text),
  }),
  ipPipe: lenientObject({ enabled: lenient(bool), serverId: lenientNullable(text), port: lenientNullable(int) }),
  intercoms: lenientArray(
    z.looseObject({
      mode: lenient(z.enum(INTERCOM_MODES)),
      audioRoomId: lenientNullable(text),
      targetChannelId: lenientNullable(text),
      destinationAccount: lenientNullable(text),
    }),
  ),
  audioJacks: lenientArray(z.object({ jack: int, intercom: lenientNullable(int), volume: lenient(int), muted: lenient(bool) })),
  network: lenientObject({ interfaces: lenientRecord(StoredInterface) }),
  fetchlogs: lenientObject({ enhanced: lenient(bool) }),
  settings: lenientObject({ outputChannel: lenientNullable(text), multiChannel: lenient(bool) }),
  metadata: lenientArray(z.object({ key: text, value: lenient(text) })),
  ifb: lenientObject({ delayMs: lenient(int), alwaysOn: lenient(bool) }),
  ancillaryData: lenientObject({ enabled: lenient(bool), types: lenientArray(z.enum(ANCILLARY_DATA_TYPES)) }),
  shootingMode: lenient(z.enum(SHOOTING_MODES)),
  encoder: lenientObject({ codec: lenient(z.enum(VIDEO_CODECS)), colourDepth: lenient(int) }),
  videoComplexity: lenient(z.enum(VIDEO_COMPLEXITIES)),
  wifi: lenientObject({ ssid: lenientNullable(text), security: lenientNullable(z.enum(WIFI_SECURITY)) }),
  cellular: lenientRecord(z.looseObject({ network: z.union([z.literal('automatic'), z.object({ mcc: text, mnc: text })]).catch('automatic') })),
  sipAccount: lenientObject({ username: lenient(text), server: lenient(text), displayName: lenient(text), enabled: lenient(bool) }),
  smart: lenientObject({ bandwidthLimitKbps: lenient(int.nonnegative()), country: lenient(text) }),
  /** Social media and CDN streams the unit was started on (v0 units/{id}/stream/social_media|cdn). */
  externalStreams: lenientRecord(ExternalStream),
});
export type StoredUnitConfiguration = z.output<typeof StoredUnitConfiguration>;

export const unitConfiguration = jsonColumn(StoredUnitConfiguration, () => ({}));

/**
 * Unit.telemetry: results of commands that finish after their acknowledgement (spec 000 §3
 * speedTestCompleted, cellularNetworksUpdated) and what the device last said of its storages.
 */
export const StoredUnitTelemetry = z.looseObject({
  speedTestCompleted: lenientNullable(text),
  lastSpeedTest: lenientNullable(z.looseObject({ channelId: z.string().nullable(), uplinkKbps: num, downlinkKbps: num })),
  cellularNetworks: lenientRecord(z.array(z.unknown())),
  cellularNetworksUpdated: lenientNullable(text),
  storages: lenientArray(
    z.looseObject({
      id: lenient(text),
      rootDirectory: lenient(text),
      name: lenient(text),
      present: lenient(bool),
      totalBytes: lenient(z.unknown()),
      usedBytes: lenient(z.unknown()),
      freeBytes: lenient(z.unknown()),
    }),
  ),
});
export type StoredUnitTelemetry = z.output<typeof StoredUnitTelemetry>;

export const unitTelemetry = jsonColumn(StoredUnitTelemetry, () => ({}));
