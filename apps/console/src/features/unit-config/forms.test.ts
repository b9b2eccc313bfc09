import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, LIMITS, UNIT_CONFIG_BOUNDS, VALIDATION, type Modem, type UnitAlertsConfiguration } from '@fleet/contracts';
import { makeUnitConfiguration } from '../../test-utils/fixtures';
import {
  AlertsConfigurationUpdateBody,
  AncillaryDataBody,
  DEFAULT_ALERT_SETTINGS,
  IfbAlwaysOnBody,
  IfbDelayBody,
  InterfacesConfigUpdateBody,
  IpInputStreamUpdateBody,
  IpPipeUpdateBody,
  ShootingModeBody,
  VideoComplexityBody,
  WifiConnectBody,
} from '@fleet/contracts';
import type { z } from 'zod';
import { checkSchema } from '../../lib/forms/fieldErrors';
import {
  alertsBody,
  ipPipeBody,
  wifiBody,
  alertsForm,
  audioForm,
  bandwidthBody,
  bandwidthForm,
  cappingBody,
  delayBody,
  delayForm,
  ethernetBody,
  ipInputBody,
  ipInputForm,
  linkDisableBlocker,
  metadataForm,
  modemBody,
  multiCameraBody,
  multiCameraForm,
  validateAudioForm,
  validateBandwidthForm,
  validateCappingForm,
  validateDelayForm,
  validateMetadataForm,
  validateMultiCameraForm,
  validatePrefixForm,
  validateSingleCameraForm,
  type ModemForm,
  type UnitFacts,
  ancillaryDataBody,
  ancillaryDataForm,
  encoderBody,
  encoderForm,
  ifbAlwaysOnBody,
  ifbAlwaysOnForm,
  ifbDelayBody,
  ifbDelayForm,
  shootingModeBody,
  shootingModeForm,
  validateEncoderForm,
  videoComplexityBody,
  videoComplexityForm,
} from './forms';

/** A form without rules of its own is checked by its call's body schema (useConfigForm's default). */
const bySchema =
  <F, A extends unknown[] = []>(schema: z.ZodType, body: (form: F, ...args: A) => unknown) =>
  (form: F, ...args: A) =>
    checkSchema(schema, body(form, ...args));
const validateShootingModeForm = bySchema(ShootingModeBody, shootingModeBody);
const validateVideoComplexityForm = bySchema(VideoComplexityBody, videoComplexityBody);
const validateAncillaryDataForm = bySchema(AncillaryDataBody, ancillaryDataBody);
const validateIfbDelayForm = bySchema(IfbDelayBody, ifbDelayBody);
const validateIfbAlwaysOnForm = bySchema(IfbAlwaysOnBody, ifbAlwaysOnBody);
const validateIpInputForm = bySchema(IpInputStreamUpdateBody, ipInputBody);
const validateIpPipeForm = bySchema(IpPipeUpdateBody, ipPipeBody);
const validateAlertsForm = bySchema(AlertsConfigurationUpdateBody, alertsBody);
const validateWifiForm = bySchema(WifiConnectBody, wifiBody);
const validateEthernetForm = bySchema(InterfacesConfigUpdateBody, ethernetBody);
const validateModemForm = bySchema(InterfacesConfigUpdateBody, modemBody);

const config = makeUnitConfiguration({
  version: 3,
  audio: { input: 'hdmi', channels: 2, bitrateKbps: 128, gainDb: 0 },
  bandwidth: { cellular: null, total: 8000, priorityLimits: [] },
  multiCamera: { ...makeUnitConfiguration().multiCamera, cameras: [] },
  encoder: { codec: 'h264', colourDepth: 8 },
});

const modem = (id: string, uiType: Modem['uiType'], connected: boolean, enabled = true): Modem => ({
  id,
  port: Number(id.replace(/\D/g, '')) || 1,
  name: id,
  uiType,
  connected,
  enabled,
  uplinkKbps: 1000,
  downlinkKbps: 1000,
  signalQuality: null,
  roaming: false,
  activeSim: null,
  lastUpdated: '2024-01-01T00:00:00.000Z',
});

const unit = (overrides: Partial<UnitFacts> = {}): UnitFacts => ({
  typeGroup: 'fieldUnits',
  swVersion: '8.5.0',
  applications: {},
  modems: [],
  capabilities: {},
  license: { valid: true, pro: false, fourK: false },
  ...overrides,
});

describe('delay form (spec 000 §5)', () => {
  it('loads the delay and sends it as a number', () => {
    expect(delayForm(config)).toEqual({ delayMs: '3000', mode: 'normal' });
    expect(delayBody({ delayMs: '1500', mode: 'normal' })).toEqual({ delayMs: 1500, mode: 'normal' });
  });

  it('applies the domain bounds of the mode', () => {
    expect(validateDelayForm({ delayMs: '500', mode: 'normal' }, unit(), config)).toEqual({ delayMs: VALIDATION.minValue(LIMITS.lowDelayThresholdMs) });
    expect(validateDelayForm({ delayMs: '1500', mode: 'subSecond' }, unit(), config)).toEqual({ delayMs: VALIDATION.maxValue(LIMITS.lowDelayThresholdMs) });
    expect(validateDelayForm({ delayMs: '25000', mode: 'normal' }, unit(), config)).toEqual({ delayMs: VALIDATION.maxValue(LIMITS.delayMaxMs) });
    expect(validateDelayForm({ delayMs: '', mode: 'normal' }, unit(), config)).toEqual({ delayMs: VALIDATION.required });
    expect(validateDelayForm({ delayMs: 'abc', mode: 'normal' }, unit(), config)).toEqual({ delayMs: VALIDATION.number });
    expect(validateDelayForm({ delayMs: '2000', mode: 'normal' }, unit(), config)).toEqual({});
  });

  it('refuses a sub-second change on the fly', () => {
    const streaming = unit({ applications: { video: { state: 'running' } } as UnitFacts['applications'] });
    expect(validateDelayForm({ delayMs: '850', mode: 'subSecond' }, streaming, config)).toEqual({ delayMs: VALIDATION.delayOnTheFly });
  });
});

describe('audio (spec 000 §9)', () => {
  it('takes 4 channels and above from SDI only', () => {
    expect(validateAudioForm({ ...audioForm(config), channels: '4' })).toEqual({ channels: VALIDATION.audioChannelsSdiOnly });
    expect(validateAudioForm({ ...audioForm(config), input: 'sdi', channels: '8' })).toEqual({});
  });
});

describe('video and cameras (spec 000 §5, §8, §9)', () => {
  it('caps single camera bandwidth at 20 Mbps and wants PRO-4K for 2160', () => {
    expect(validateSingleCameraForm({ resolution: '1080', colourDepth: '8', maxBandwidthMbps: '25' }, unit())).toEqual({
      maxBandwidthMbps: VALIDATION.maxValue(LIMITS.hdMaxBandwidthSingleCameraMbps),
    });
    expect(validateSingleCameraForm({ resolution: '2160', colourDepth: '10', maxBandwidthMbps: '20' }, unit())).toEqual({
      resolution: ERROR_CATALOGUE.PRO_4K_LICENSE_MISSING.message,
    });
  });

  it('limits camera labels to 12 characters and sends only the configured feeds', () => {
    const form = multiCameraForm(config);
    expect(form.cameras.map((c) => c.label)).toEqual(['CAM-1', 'CAM-2', 'CAM-3', 'CAM-4']);
    expect(multiCameraBody(form).cameras).toHaveLength(2);
    const long = { ...form, cameras: form.cameras.map((c, i) => (i === 1 ? { ...c, label: 'A-very-long-label' } : c)) };
    expect(validateMultiCameraForm(long)).toEqual({ 'cameras.1.label': VALIDATION.maxChars(LIMITS.cameraLabelMax) });
    expect(validateMultiCameraForm({ ...form, maxBandwidthMbps: '16' })).toEqual({
      maxBandwidthMbps: VALIDATION.maxValue(LIMITS.hdMaxBandwidthMultiCameraMbps),
    });
  });

  it('takes 1 to 4 feeds, and custom channels that are given and no more than the feeds', () => {
    const form = multiCameraForm(config);
    expect(validateMultiCameraForm(form)).toEqual({});
    expect(validateMultiCameraForm({ ...form, numberOfFeeds: '5' }).numberOfFeeds).toBe(VALIDATION.maxValue(LIMITS.multiCameraMaxCameras));
    expect(validateMultiCameraForm({ ...form, numberOfFeeds: '0' }).numberOfFeeds).toBe(VALIDATION.minValue(1));
    expect(validateMultiCameraForm({ ...form, channelSelectionMode: 'custom' }).customSelectedChannels).toBe(VALIDATION.required);
    expect(validateMultiCameraForm({ ...form, channelSelectionMode: 'custom', customSelectedChannels: ['a', 'b', 'c'] }).customSelectedChannels).toBe(
      VALIDATION.maxElements,
    );
    expect(multiCameraBody({ ...form, channelSelectionMode: 'custom', customSelectedChannels: ['a'] })).toMatchObject({
      channelSelectionMode: 'custom',
      customSelectedChannels: ['a'],
    });
  });
});

describe('encoding and return audio commands', () => {
  const hevcUnit = unit({ capabilities: { hevc: true } });

  it('loads the encoder and sends the colour depth as a number', () => {
    expect(encoderForm(config)).toEqual({ codec: 'h264', colourDepth: '8' });
    expect(encoderBody({ codec: 'hevc', colourDepth: '10' })).toEqual({ codec: 'hevc', colourDepth: 10 });
    expect(validateEncoderForm({ codec: 'hevc', colourDepth: '10' }, hevcUnit)).toEqual({});
  });

  it('takes colour depth 8 or 10 only (spec 000 §9), and HEVC only on a unit that has it', () => {
    expect(validateEncoderForm({ codec: 'h264', colourDepth: '12' }, hevcUnit)).toHaveProperty('colourDepth');
    expect(validateEncoderForm({ codec: 'hevc', colourDepth: '8' }, unit())).toEqual({ codec: ERROR_CATALOGUE.FEATURE_DISABLED.message });
    expect(validateEncoderForm({ codec: 'h264', colourDepth: '10' }, unit())).toEqual({});
  });

  it('sends the shooting mode and the video complexity', () => {
    expect(shootingModeForm(config)).toEqual({ mode: 'standard' });
    expect(shootingModeBody({ mode: 'lowLight' })).toEqual({ mode: 'lowLight' });
    expect(validateShootingModeForm({ mode: 'sports' })).toEqual({});
    expect(videoComplexityForm(config)).toEqual({ level: 'medium' });
    expect(videoComplexityBody({ level: 'high' })).toEqual({ level: 'high' });
    expect(validateVideoComplexityForm({ level: 'low' })).toEqual({});
  });

  it('sends the ancillary data types once each, in the catalogue order', () => {
    expect(ancillaryDataForm(config)).toEqual({ enabled: false, types: [] });
    expect(ancillaryDataBody({ enabled: true, types: ['afd', 'cc608', 'afd'] })).toEqual({ enabled: true, types: ['cc608', 'afd'] });
    expect(validateAncillaryDataForm({ enabled: true, types: ['timecode', 'scte104'] })).toEqual({});
  });

  it('keeps the IFB delay between 0 and the maximum, in whole ms', () => {
    expect(ifbDelayForm(config)).toEqual({ delayMs: '0' });
    expect(ifbDelayBody({ delayMs: '250' })).toEqual({ delayMs: 250 });
    expect(validateIfbDelayForm({ delayMs: String(UNIT_CONFIG_BOUNDS.ifbDelayMaxMs) })).toEqual({});
    expect(validateIfbDelayForm({ delayMs: '2001' })).toEqual({ delayMs: VALIDATION.maxValue(UNIT_CONFIG_BOUNDS.ifbDelayMaxMs) });
    expect(validateIfbDelayForm({ delayMs: '-1' })).toEqual({ delayMs: VALIDATION.minValue(0) });
    expect(validateIfbDelayForm({ delayMs: 'abc' })).toEqual({ delayMs: VALIDATION.number });
    expect(validateIfbDelayForm({ delayMs: '' })).toEqual({ delayMs: VALIDATION.required });
    expect(validateIfbDelayForm({ delayMs: '10.5' })).toEqual({ delayMs: VALIDATION.integer });
  });

  it('sends IFB always on', () => {
    expect(ifbAlwaysOnForm(config)).toEqual({ enabled: false });
    expect(ifbAlwaysOnBody({ enabled: true })).toEqual({ enabled: true });
    expect(validateIfbAlwaysOnForm({ enabled: true })).toEqual({});
  });
});

describe('bandwidth limits and capping (spec 000 §5)', () => {
  it('keeps the cellular cap at or below the total cap', () => {
    const form = { ...bandwidthForm(config), cellularKbps: '9000' };
    expect(validateBandwidthForm(form, unit(), false)).toEqual({ cellularKbps: VALIDATION.cellularAboveTotal });
    expect(bandwidthBody({ totalKbps: '', cellularKbps: '', priorityLimits: [] })).toEqual({ totalKbps: null, cellularKbps: null, priorityLimits: [] });
  });

  it('orders priority limits and refuses a busy unit', () => {
    const form = {
      ...bandwidthForm(config),
      priorityLimits: [
        { priority: '1', kbps: '2000' },
        { priority: '2', kbps: '3000' },
      ],
    };
    expect(validateBandwidthForm(form, unit(), false)).toEqual({ 'priorityLimits.0.kbps': VALIDATION.priorityLimitOrder });
    expect(validateBandwidthForm(bandwidthForm(config), unit(), true)).toEqual({ _form: VALIDATION.busyUnitCapping });
  });

  it('applies the smart unit limit', () => {
    expect(validateBandwidthForm({ totalKbps: '500', cellularKbps: '', priorityLimits: [] }, unit({ typeGroup: 'smartUnits' }), false)).toEqual({
      totalKbps: VALIDATION.minValue(LIMITS.smartUnitBandwidthMinKbps),
    });
  });

  it('keeps cellular capping below the total cap', () => {
    expect(validateCappingForm({ option: '8.0', customMbps: '' }, { ...config, bandwidth: { ...config.bandwidth, total: 5000 } }, false)).toEqual({
      option: VALIDATION.cellularAboveTotal,
    });
    expect(cappingBody({ option: 'custom', customMbps: '2.5' })).toEqual({ option: 'custom', customMbps: 2.5 });
    expect(validateCappingForm({ option: 'custom', customMbps: '' }, config, false)).toEqual({ customMbps: VALIDATION.required });
  });
});

describe('advanced, IP input, IP pipe, metadata', () => {
  it('checks the file name prefix characters and length', () => {
    expect(validatePrefixForm({ filenamePrefix: 'bad prefix' })).toEqual({ filenamePrefix: VALIDATION.mustMatchPattern });
    expect(validatePrefixForm({ filenamePrefix: 'x'.repeat(33) })).toEqual({ filenamePrefix: VALIDATION.maxChars(LIMITS.filenamePrefixMax) });
    expect(validatePrefixForm({ filenamePrefix: 'News_(1)' })).toEqual({});
  });

  it('checks IP input ports and SRT passphrases', () => {
    const form = ipInputForm(config);
    expect(form.protocol).toBe('srt');
    expect(validateIpInputForm({ ...form, port: '70000' })).toEqual({ port: VALIDATION.maxValue(LIMITS.portMax) });
    expect(validateIpInputForm({ ...form, port: '9000', passphrase: 'short' })).toEqual({ passphrase: VALIDATION.betweenChars(10, 64) });
    expect(ipInputBody({ ...form, protocol: 'rtmp', port: '1935', passphrase: 'ignoredpassphrase' })).toEqual({ enabled: false, protocol: 'rtmp', port: 1935 });
  });

  it('needs a server for an enabled IP pipe', () => {
    expect(validateIpPipeForm({ enabled: true, serverId: '', port: '' })).toEqual({ serverId: VALIDATION.required });
    expect(validateIpPipeForm({ enabled: true, serverId: 'MMH-0001', port: '0' })).toEqual({ port: VALIDATION.minValue(LIMITS.portMin) });
  });

  it('refuses semicolons in metadata', () => {
    expect(metadataForm(config).fields).toEqual([{ key: '', value: '' }]);
    expect(validateMetadataForm({ fields: [{ key: 'reporter', value: 'a;b' }] })).toEqual({ 'fields.0.value': VALIDATION.noSemicolon });
    expect(validateMetadataForm({ fields: [{ key: '', value: 'x' }] })).toEqual({ 'fields.0.key': VALIDATION.required });
  });
});

describe('alerts (spec 000 §3)', () => {
  const current: UnitAlertsConfiguration = {
    uniqueId: 'LU800-0001',
    mode: 'manual',
    groupId: null,
    source: 'unit',
    alerts: Object.fromEntries(
      (['battery', 'cameraDisconnected', 'serverCpu', 'serverStorage', 'bitrateDrop'] as const).map((t) => [
        t,
        { enabled: true, level: 'critical', thresholds: { warning: null, critical: null } },
      ]),
    ) as UnitAlertsConfiguration['alerts'], // every type is listed
    settings: { ...DEFAULT_ALERT_SETTINGS },
    soundSettings: { critical: true, warning: false },
    recipients: [{ alertType: 'all', email: 'ops@example.com', verified: true }],
  };

  it('sends only what the mode takes', () => {
    const form = alertsForm(current);
    expect(Object.keys(alertsBody(form))).toEqual(['mode', 'alerts', 'recipients']);
    expect(alertsBody({ ...form, mode: 'automatic' })).toEqual({ mode: 'automatic' });
    expect(alertsBody({ ...form, mode: 'group', groupId: 'g1' })).toEqual({ mode: 'group', groupId: 'g1' });
  });

  it('checks the mailing list e-mails and the group', () => {
    const form = alertsForm(current);
    expect(validateAlertsForm({ ...form, recipients: [{ alertType: 'all', email: 'not-an-email' }] })).toEqual({
      'recipients.0.email': VALIDATION.invalidEmail,
    });
    expect(validateAlertsForm({ ...form, mode: 'group', groupId: '' })).toEqual({ groupId: VALIDATION.required });
  });
});

describe('connections (spec 000 §5, §9)', () => {
  it('checks Wi-Fi passwords', () => {
    expect(validateWifiForm({ ssid: 'Newsroom', security: 'wpa2', password: 'short' })).toEqual({ password: VALIDATION.betweenChars(8, 63) });
    expect(validateWifiForm({ ssid: 'Newsroom', security: 'wpa2', password: '' })).toEqual({ password: VALIDATION.required });
    expect(validateWifiForm({ ssid: 'Cafe', security: 'open', password: '' })).toEqual({});
  });

  it('checks static Ethernet addressing', () => {
    expect(validateEthernetForm({ ipMode: 'static', ip: '10.0.0.300', subnetMask: '255.255.0.255', gateway: '' }, 2)).toEqual({
      ip: VALIDATION.invalidIp,
      subnetMask: VALIDATION.invalidSubnet,
    });
    expect(ethernetBody({ ipMode: 'dhcp', ip: '1.2.3.4', subnetMask: '', gateway: '' }, 2)).toEqual({ port: 2, ipMode: 'dhcp' });
  });

  it('sends the four APN slots, passwords only when typed', () => {
    const form: ModemForm = {
      networkMode: '4G',
      roamingAllowed: false,
      forceScanNow: false,
      apns: Array.from({ length: LIMITS.apnSlots }, (_, i) => ({
        apn: i === 0 ? 'internet' : '',
        username: '',
        password: i === 0 ? 'secret' : '',
        authProtocol: 'none' as const,
      })),
    };
    const body = modemBody(form, 3);
    expect(body.apns).toHaveLength(LIMITS.apnSlots);
    expect(body.apns[0]).toEqual({ slot: 1, apn: 'internet', username: '', authProtocol: 'none', password: 'secret' });
    expect(body.apns[1]).not.toHaveProperty('password');
    expect(validateModemForm({ ...form, apns: form.apns.map((a, i) => (i === 2 ? { ...a, apn: 'x'.repeat(101) } : a)) }, 3)).toEqual({
      'apns.2.apn': VALIDATION.maxChars(100),
    });
  });

  it('keeps two connected interfaces and a forced wired link on', () => {
    const lastInterface = { kind: 'message', message: VALIDATION.lastInterface };
    const lan = modem('lan1', 'lan', true);
    const cell = modem('cell2', 'cell', false);
    expect(linkDisableBlocker([lan, cell], lan, false)).toEqual(lastInterface);
    const cellUp = modem('cell2', 'cell', true);
    // Exactly two connected: switching either off would leave one.
    expect(linkDisableBlocker([lan, cellUp], lan, false)).toEqual(lastInterface);
    const cell3 = modem('cell3', 'cell', true);
    expect(linkDisableBlocker([lan, cellUp, cell3], lan, false)).toBeNull();
    expect(linkDisableBlocker([lan, cellUp, cell3], lan, true)).toEqual({ kind: 'forcedWired' });
    expect(linkDisableBlocker([lan, cellUp, cell3], cellUp, true)).toBeNull();
  });
});
