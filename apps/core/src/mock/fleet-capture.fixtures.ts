/**
 * The fleet capture's unit tests' fixtures (fleet-capture*.test.ts): a recording's header, an answer
 * and an event line, a unit as the unit list answers it and a unit's whole configuration (the contracts' test fixtures with this capture's ids), and a capture
 * of lines. Test code only: nothing of the core imports it.
 */
import {
  ALERT_TYPES,
  RECORDING_FORMAT,
  RECORDING_VERSION,
  type Recording,
  type RecordingLine,
  type UnitConfiguration,
  type UnitSummary,
} from '@fleet/contracts';
import { makeUnit, makeUnitConfiguration } from '@fleet/contracts/testing';
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
export const unit = (over: Partial<UnitSummary> = {}) =>
  makeUnit({
    uniqueId: 'U1',
    name: 'Cam-1',
    swVersion: '8.5',
    selectedChannel: { channelId: 'C1', previewChannelId: null, highQualityChannelId: null, proxyChannelId: null, external: false },
    inventoryIds: ['I1'],
    groupIds: ['G1'],
    version: 3,
    ...over,
  });

export const event = (t: number, e: Record<string, unknown>): RecordingLine => ({ kind: 'event', t, topic: 'group:G1', event: { at: t, ...e } as never });
export const capture = (...lines: RecordingLine[]) => captureFleet({ header, lines: [...lines, { kind: 'end', t: 99 }] });
export const configuration = (over: Partial<UnitConfiguration> = {}): UnitConfiguration =>
  makeUnitConfiguration({
    unitUniqueId: 'U1',
    version: 4,
    alerts: {
      mode: 'manual',
      groupId: null,
      alerts: Object.fromEntries(ALERT_TYPES.map((t) => [t, { enabled: true, level: 'warning' }])) as UnitConfiguration['alerts']['alerts'],
      recipients: [],
    },
    multiCameraLabels: ['CAM-1'],
    filenamePrefix: 'news',
    multiCamera: { ...makeUnitConfiguration().multiCamera, numberOfFeeds: 1, cameras: [] },
    videoReturn: { enabled: true, output: 'sdi', selectedVrChannelId: 'V1' },
    ipInput: { enabled: true, protocol: 'srt', port: 9000, latencyMs: 120, hasPassphrase: true },
    interfaces: [
      {
        port: 2,
        enabled: true,
        networkMode: null,
        roamingAllowed: null,
        apns: [],
        forceScanNow: false,
        ipMode: null,
        ip: null,
        subnetMask: null,
        gateway: null,
      },
    ],
    settings: { outputChannel: null, multiChannel: false, machineUid: 'U1' },
    metadata: [{ key: 'desk', value: 'news' }],
    wifi: { ssid: 'field', security: null },
    ...over,
  });
