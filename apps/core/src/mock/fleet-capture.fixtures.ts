/**
 * The fleet capture's unit tests' fixtures (fleet-capture*.test.ts): a recording's header, an answer
 * and an event line, a unit as the unit list answers it, a unit's whole configuration, and a capture
 * of lines. Test code only: nothing of the core imports it.
 */
import { ALERT_TYPES, RECORDING_FORMAT, RECORDING_VERSION, type Recording, type RecordingLine, type UnitConfiguration } from '@fleet/contracts';
import { captureFleet } from './fleet-capture.js';

export const header: Recording['header'] = {
  format: RECORDING_FORMAT,
  version: RECORDING_VERSION,
  name: 'r',
  source: 'core',
  startedAt: 0,
  seed: null,
  clock: null,
  fleet: { units: [], servers: [] },
  proxy: { core: 'https://core.example', apiBase: '/api' },
};
export const answer = (t: number, path: string, response: unknown, status = 200, method = 'GET'): RecordingLine => ({
  kind: 'answer',
  t,
  method,
  path,
  status,
  response: response as never,
  durationMs: 1,
});
export const unit = (over: Record<string, unknown> = {}) => ({
  uniqueId: 'U1',
  name: 'Cam-1',
  comment: '',
  type: 'LU800',
  typeGroup: 'fieldUnits',
  status: 'idle',
  applications: {},
  swVersion: '8.5',
  battery: { connected: true, charging: false, percentage: 80 },
  location: { lat: 1, lng: 2, address: null },
  totalBitrate: 0,
  alerts: [],
  transmissionMode: 'live',
  workingMode: 'video',
  selectedChannel: { channelId: 'C1', previewChannelId: null, highQualityChannelId: null, proxyChannelId: null, external: false },
  inventoryIds: ['I1'],
  groupIds: ['G1'],
  hasExtender: false,
  cameraConnected: true,
  licenseValid: true,
  version: 3,
  ...over,
});

export const event = (t: number, e: Record<string, unknown>): RecordingLine => ({ kind: 'event', t, topic: 'group:G1', event: { at: t, ...e } as never });
export const capture = (...lines: RecordingLine[]) => captureFleet({ header, lines: [...lines, { kind: 'end', t: 99 }] });
export const configuration = (over: Partial<UnitConfiguration> = {}): UnitConfiguration => ({
  unitUniqueId: 'U1',
  version: 4,
  storeAndForwardVideoQualityV2: 'high_h264',
  delay: 3000,
  delayMode: 'normal',
  forcesWiredLink: false,
  virtualChannelName: '',
  paths: [],
  files: [],
  port: null,
  forceScanNow: false,
  audio: { input: 'sdi', channels: 2, bitrateKbps: 128, gainDb: 0 },
  bandwidth: { cellular: null, total: null, priorityLimits: [] },
  alerts: {
    mode: 'manual',
    groupId: null,
    alerts: Object.fromEntries(ALERT_TYPES.map((t) => [t, { enabled: true, level: 'warning' }])) as never,
    recipients: [],
  },
  pairingCodeMode: false,
  multiCameraLabels: ['CAM-1'],
  switcher: { mode: null, highQualityChannel: null, proxyChannel: null, inputSdi: null },
  selectedChannelId: null,
  filenamePrefix: 'news',
  transmissionMode: 'live',
  workingMode: 'video',
  multiCamera: {
    numberOfFeeds: 1,
    channelSelectionMode: 'automatic',
    customSelectedChannels: [],
    channel: null,
    mode: 'highQuality',
    cameras: [],
    maxBandwidthMbps: null,
  },
  singleCamera: { resolution: 1080, colourDepth: 8, maxBandwidthMbps: 10 },
  databridge: { enabled: false, bridgeMode: 'layer2' },
  videoReturn: { enabled: true, output: 'sdi', selectedVrChannelId: 'V1' },
  ntpTimecode: { enabled: false, server: null },
  fixedInternetDelay: null,
  ipInput: { enabled: true, protocol: 'srt', port: 9000, latencyMs: 120, hasPassphrase: true },
  ipPipe: { enabled: false, serverId: null, port: null, state: 'not_connected' },
  intercoms: [
    { mode: 'audioRoom', audioRoomId: null, targetChannelId: null, destinationAccount: null },
    { mode: 'targetChannel', audioRoomId: null, targetChannelId: null, destinationAccount: null },
  ],
  audioJacks: [],
  interfaces: [
    { port: 2, enabled: true, networkMode: null, roamingAllowed: null, apns: [], forceScanNow: false, ipMode: null, ip: null, subnetMask: null, gateway: null },
  ],
  network: { capping: { option: 'disabled', mbps: null } },
  fetchlogs: { enhanced: false },
  settings: { outputChannel: null, multiChannel: false, machineUid: 'U1' },
  metadata: [{ key: 'desk', value: 'news' }],
  ifb: { delayMs: 0, alwaysOn: false },
  ancillaryData: { enabled: false, types: [] },
  shootingMode: 'standard',
  encoder: { codec: 'hevc', colourDepth: 8 },
  videoComplexity: 'medium',
  wifi: { ssid: 'field', security: null },
  cellular: {},
  ...over,
});
