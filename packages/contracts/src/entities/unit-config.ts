/**
 * The unit's configuration: what every unit update (unit-updates.ts) answers with and what the
 * unit reads show, built from what the commands (unit-commands.ts) and updates stored.
 *
 * Storage layout (Unit.configuration, Json, one key per setting, merged one setting at a time):
 * `{ unitUniqueId, storeAndForwardVideoQualityV2, delay, delayMode, virtualChannelName, paths,
 * files, port, forceScanNow, audio { input, channels, bitrateKbps, gainDb }, bandwidth { cellular,
 * total, priorityLimits }, pairingCodeMode, multiCamera { numberOfFeeds, channelSelectionMode,
 * customSelectedChannels, channel, mode, cameras, maxBandwidthMbps }, singleCamera, switcher {
 * mode, highQualityChannel, proxyChannel, inputSdi }, intercoms [2], audioJacks, databridge,
 * videoReturn, vrChannels { selected }, ipPipe, ipInput, ntpTimecode, fixedInternetDelay, network
 * { capping, interfaces { [port]: ... } }, fetchlogs { enhanced }, settings { outputChannel,
 * multiChannel, machineUid }, metadata, ifb, ancillaryData, shootingMode, encoder,
 * videoComplexity, wifi, cellular { [modemId]: { network } } }` — the keys named in the Prisma
 * schema comment of Unit.configuration, plus the settings the other updates add. Columns of the
 * Unit row keep what lists need (transmissionMode, workingMode, filenamePrefix,
 * multiCameraLabels, storeAndForwardVideoQuality, selectedChannelId, alertsConfigMode).
 */
import { z } from 'zod';
import {
  ALERT_TYPES,
  AlertConfigMode,
  AlertLevel,
  AlertType,
  IpPipeState,
  MultiCameraMode,
  StoreAndForwardProfile,
  TransmissionMode,
  WorkingMode,
  AUTH_PROTOCOLS,
  INTERCOM_MODES,
  NETWORK_MODES,
} from '../enums.js';
import { BANDWIDTH_CAP_OPTIONS } from '../constants.js';
import { Id } from './common.js';
import { ANCILLARY_DATA_TYPES, AUDIO_INPUTS, SHOOTING_MODES, VIDEO_CODECS, VIDEO_COMPLEXITIES, WIFI_SECURITY } from './unit-commands.js';
import {
  CHANNEL_SELECTION_MODES,
  DATABRIDGE_MODES,
  DELAY_MODES,
  IP_INPUT_PROTOCOLS,
  IP_MODES,
  SWITCHER_CONFIG_MODES,
  VIDEO_RETURN_OUTPUTS,
} from './unit-updates.js';

// ─────────────────────────────────────────────────────────────────────────────────────────────
// The configuration every update answers with
// ─────────────────────────────────────────────────────────────────────────────────────────────

export const ConfiguredAlertRecipient = z.object({ alertType: z.union([AlertType, z.literal('all')]), email: z.string(), verified: z.boolean() });
/** The unit's alerts configuration as set (spec 000 §3 Alerts). */
export const UnitAlertsSetting = z.object({
  mode: AlertConfigMode,
  /** The group whose configuration applies: the chosen one (group), the last group (automatic). */
  groupId: z.string().nullable(),
  // One entry per ALERT_TYPES value (Object.fromEntries loses the key type, restored by the cast).
  alerts: z.object(
    Object.fromEntries(ALERT_TYPES.map((t) => [t, z.object({ enabled: z.boolean(), level: AlertLevel })])) as Record<
      AlertType,
      z.ZodObject<{ enabled: z.ZodBoolean; level: typeof AlertLevel }>
    >,
  ),
  recipients: z.array(ConfiguredAlertRecipient),
});

export const InterfaceSetting = z.object({
  port: z.number().int(),
  enabled: z.boolean().nullable(),
  networkMode: z.enum(NETWORK_MODES).nullable(),
  roamingAllowed: z.boolean().nullable(),
  apns: z.array(z.object({ slot: z.number().int(), apn: z.string(), username: z.string(), authProtocol: z.enum(AUTH_PROTOCOLS) })),
  forceScanNow: z.boolean(),
  ipMode: z.enum(IP_MODES).nullable(),
  ip: z.string().nullable(),
  subnetMask: z.string().nullable(),
  gateway: z.string().nullable(),
});

export const IntercomSetting = z.object({
  mode: z.enum(INTERCOM_MODES),
  audioRoomId: z.string().nullable(),
  targetChannelId: z.string().nullable(),
  destinationAccount: z.string().nullable(),
});

/**
 * A unit's configuration (spec 000 §3 "Unit configuration fields", then every setting of the §7
 * unit updates). Answered by every update and carried by the `unit.configuration` event. Secrets
 * (Wi-Fi and APN passwords, SRT passphrases) are never answered.
 */
export const UnitConfiguration = z.object({
  unitUniqueId: Id,
  /** The unit's optimistic-concurrency version after the change. */
  version: z.number().int(),
  // spec 000 §3 "Unit configuration fields"
  storeAndForwardVideoQualityV2: StoreAndForwardProfile,
  /** Transmission delay, ms; null when never configured. */
  delay: z.number().int().nullable(),
  delayMode: z.enum(DELAY_MODES),
  /** Spec 000 §9: a delay below 0.8 s forces ethernet or Wi-Fi. */
  forcesWiredLink: z.boolean(),
  virtualChannelName: z.string(),
  paths: z.array(z.string()),
  files: z.array(z.string()),
  port: z.number().int().nullable(),
  forceScanNow: z.boolean(),
  audio: z.object({ input: z.enum(AUDIO_INPUTS), channels: z.number().int(), bitrateKbps: z.number().int(), gainDb: z.number() }),
  bandwidth: z.object({
    cellular: z.number().nullable(),
    total: z.number().nullable(),
    priorityLimits: z.array(z.object({ priority: z.number().int(), kbps: z.number() })),
  }),
  alerts: UnitAlertsSetting,
  pairingCodeMode: z.boolean(),
  multiCameraLabels: z.array(z.string()),
  switcher: z.object({
    mode: z.enum(SWITCHER_CONFIG_MODES).nullable(),
    highQualityChannel: z.string().nullable(),
    proxyChannel: z.string().nullable(),
    inputSdi: z.number().int().nullable(),
  }),
  // the other settings of spec 000 §7 unit updates and commands
  selectedChannelId: z.string().nullable(),
  filenamePrefix: z.string().nullable(),
  transmissionMode: TransmissionMode,
  workingMode: WorkingMode,
  multiCamera: z.object({
    numberOfFeeds: z.number().int(),
    channelSelectionMode: z.enum(CHANNEL_SELECTION_MODES),
    customSelectedChannels: z.array(z.string()),
    channel: z.string().nullable(),
    mode: MultiCameraMode,
    cameras: z.array(z.object({ label: z.string(), priority: z.number().int() })),
    maxBandwidthMbps: z.number().nullable(),
  }),
  singleCamera: z.object({ resolution: z.number().int(), colourDepth: z.number().int(), maxBandwidthMbps: z.number().nullable() }),
  databridge: z.object({ enabled: z.boolean(), bridgeMode: z.enum(DATABRIDGE_MODES) }),
  videoReturn: z.object({ enabled: z.boolean(), output: z.enum(VIDEO_RETURN_OUTPUTS), selectedVrChannelId: z.string().nullable() }),
  ntpTimecode: z.object({ enabled: z.boolean(), server: z.string().nullable() }),
  fixedInternetDelay: z.number().int().nullable(),
  ipInput: z.object({
    enabled: z.boolean(),
    protocol: z.enum(IP_INPUT_PROTOCOLS).nullable(),
    port: z.number().int().nullable(),
    latencyMs: z.number().int().nullable(),
    hasPassphrase: z.boolean(),
  }),
  /** IP pipe setting and its live state (from the unit's l2ControlPipe activity, spec 000 §4). */
  ipPipe: z.object({ enabled: z.boolean(), serverId: z.string().nullable(), port: z.number().int().nullable(), state: IpPipeState }),
  intercoms: z.array(IntercomSetting).length(2),
  audioJacks: z.array(z.object({ jack: z.number().int(), intercom: z.number().int().nullable(), volume: z.number().int(), muted: z.boolean() })),
  interfaces: z.array(InterfaceSetting),
  network: z.object({ capping: z.object({ option: z.enum(BANDWIDTH_CAP_OPTIONS), mbps: z.number().nullable() }) }),
  fetchlogs: z.object({ enhanced: z.boolean() }),
  settings: z.object({ outputChannel: z.string().nullable(), multiChannel: z.boolean(), machineUid: z.string() }),
  metadata: z.array(z.object({ key: z.string(), value: z.string() })),
  ifb: z.object({ delayMs: z.number().int(), alwaysOn: z.boolean() }),
  ancillaryData: z.object({ enabled: z.boolean(), types: z.array(z.enum(ANCILLARY_DATA_TYPES)) }),
  shootingMode: z.enum(SHOOTING_MODES),
  encoder: z.object({ codec: z.enum(VIDEO_CODECS), colourDepth: z.number().int() }),
  videoComplexity: z.enum(VIDEO_COMPLEXITIES),
  wifi: z.object({ ssid: z.string().nullable(), security: z.enum(WIFI_SECURITY).nullable() }),
  /** Operator pinned per cellular modem id ('automatic' when not pinned). */
  cellular: z.record(z.string(), z.object({ network: z.union([z.literal('automatic'), z.object({ mcc: z.string(), mnc: z.string() })]) })),
});
export type UnitConfiguration = z.infer<typeof UnitConfiguration>;

/** The settings one update changes (the `setting` of the device `configure` message and of `unit.configuration`). */
export const UNIT_SETTINGS = [
  'delay',
  'databridge',
  'videoReturn',
  'filenamePrefix',
  'ntpTimecode',
  'transmissionMode',
  'fixedInternetDelay',
  'ipInput',
  'ipPipe',
  'multiCamera',
  'multiCameraChannel',
  'multiCameraMode',
  'singleCamera',
  'operationalMode',
  'switcher',
  'switcherHighQualityChannel',
  'switcherProxyChannel',
  'switcherSdiInput',
  'alerts',
  'bandwidth',
  'intercom',
  'audioJacks',
  'interfaces',
  'vrChannelSelected',
  'fetchlogsEnhanced',
  'storeAndForwardQuality',
  'networkCapping',
  'settingsConfiguration',
  'inventoryDetails',
  // set by commands
  'virtualChannel',
  'audio',
  'metadata',
  'ifb',
  'ancillaryData',
  'shootingMode',
  'encoder',
  'videoComplexity',
  'wifi',
  'cellular',
] as const;
export const UnitSetting = z.enum(UNIT_SETTINGS);
export type UnitSetting = z.infer<typeof UnitSetting>;
