/**
 * POST devices/{id}/commands/{command} (spec 000 §7 "Commands"). Each command: the unit must be
 * reachable (UNIT_OFFLINE), the rules of spec 000 §5 the core can check are checked (links from
 * the latest telemetry, channel versions from storage), then the command goes to the device, which
 * acknowledges at once and may refuse (its refusal is the answer). What a command sets that belongs
 * to the unit's configuration (selected channel, audio, metadata, ...) is stored afterwards.
 */
import type { z } from 'zod';
import {
  ERROR_CATALOGUE,
  TIMINGS,
  VALIDATION,
  WifiNetwork,
  type ActiveSimBody,
  type AncillaryDataBody,
  type AudioBitrateBody,
  type AudioParametersBody,
  type CancelFileUploadBody,
  type CellularScanBody,
  type CellularSelectBody,
  type EncoderBody,
  type ErrorCode,
  type IfbAlwaysOnBody,
  type IfbDelayBody,
  type LinkConfigurationBody,
  type MetadataBody,
  type Modem,
  type SetVirtualChannelBody,
  type ShootingModeBody,
  type SpeedTestBody,
  type StoreAndForwardQualityBody,
  type UnitCommand,
  type UnitCommandAccepted,
  type VideoComplexityBody,
  type WifiConnectBody,
} from '@fleet/contracts';
import { canCellularScan, isBusy, validateDisableInterface, validateSpeedTestVersion } from '@fleet/domain';
import { AppError } from '../../errors.js';
import type { ServiceDeps } from '../deps.js';
import type { UnitDevices } from '../units/unit-devices.js';
import type { ConfigStore } from '../units/configuration-store.js';
import { unitCapabilities } from '../../platform/storage/unit-columns.js';
import { bodyProblem } from '../../errors.js';
import { anyObject } from '../../platform/storage/json-column.js';
import type { StoredUnitConfiguration } from '../../platform/storage/unit-columns.js';
import { callsOf } from '../../calls.js';
import * as repo from './repository.js';

type Body<S extends z.ZodType> = z.infer<S>;

/** A speed test the core is waiting for: the channel it measures towards. */
export interface PendingSpeedTest {
  channelId: string;
  startedAt: number;
}

export class UnitCommands {
  /** Speed tests in progress per unit (their outcome arrives as a device event). */
  readonly speedTests = new Map<string, PendingSpeedTest>();

  constructor(
    private readonly deps: ServiceDeps,
    private readonly devices: Pick<UnitDevices, 'command' | 'load' | 'requireCapability' | 'requireChannel' | 'requireOnline'>,
    private readonly store: Pick<ConfigStore, 'save'>,
  ) {}

  private accepted(id: string, command: UnitCommand): UnitCommandAccepted {
    return { uniqueId: id, command, accepted: true };
  }

  private async send(id: string, command: UnitCommand, payload: unknown): Promise<unknown> {
    return this.devices.command(id, { type: 'command', command, payload });
  }

  /** The links as the unit last reported them (empty before its first telemetry). */
  private modemsOf(id: string): Modem[] {
    return this.deps.telemetry.get(id)?.modems ?? [];
  }

  /** A link named in the body: unknown to a unit that reported its links → INTERFACE_NOT_PRESENT. */
  private findModem(id: string, modemId: string): Modem | undefined {
    const modems = this.modemsOf(id);
    const modem = modems.find((m) => m.id === modemId);
    if (!modem && modems.length > 0)
      throw new AppError('INTERFACE_NOT_PRESENT', [{ path: 'body.modemId', message: ERROR_CATALOGUE.INTERFACE_NOT_PRESENT.message }]);
    return modem;
  }

  /** Spec 000 §5 "the last one cannot be disabled" with the links of the latest telemetry. */
  private requireNotLastInterface(id: string, modemId: string, path: string): void {
    const modems = this.modemsOf(id);
    if (!modems.some((m) => m.id === modemId)) return;
    if (validateDisableInterface(modems, modemId) === VALIDATION.lastInterface) {
      throw new AppError('LAST_INTERFACE', [{ path, message: VALIDATION.lastInterface }]);
    }
  }

  private requireWifi(id: string): Modem | undefined {
    const modems = this.modemsOf(id);
    const wifi = modems.find((m) => m.uiType === 'wifi');
    if (!wifi && modems.length > 0) throw new AppError('INTERFACE_NOT_PRESENT');
    return wifi;
  }

  /** Store what a command set in the unit's configuration (retried read-modify-write). */
  private async remember(
    id: string,
    setting: Parameters<ConfigStore['save']>[1],
    change: (c: StoredUnitConfiguration) => StoredUnitConfiguration,
  ): Promise<void> {
    await this.store.save(id, setting, undefined, (c) => ({ configuration: change(c) }));
  }

  // ── the commands ────────────────────────────────────────────────────────────────────────────

  /** set virtual channel: the channel must be one of the unit's inventories; stored as the selected channel. */
  async setVirtualChannel(id: string, body: Body<typeof SetVirtualChannelBody>) {
    const unit = await this.devices.load(id);
    this.devices.requireOnline(id);
    const channel = await this.devices.requireChannel(unit, body.channelId, 'channelId');
    await this.send(id, 'setVirtualChannel', body);
    await this.store.save(id, 'virtualChannel', undefined, (c) => ({
      configuration: { ...c, virtualChannelName: channel.name },
      columns: { selectedChannelId: channel.id },
    }));
    return { ...this.accepted(id, 'setVirtualChannel'), channelId: channel.id, virtualChannelName: channel.name };
  }

  /** reboot: the unit goes offline at once and comes back after a few seconds. */
  async rebootUnit(id: string) {
    await this.devices.load(id);
    this.devices.requireOnline(id);
    await this.send(id, 'reboot', {});
    await repo.setLastReboot(this.deps.db, id, this.deps.clock.date());
    return this.accepted(id, 'reboot');
  }

  async setMetadata(id: string, body: Body<typeof MetadataBody>) {
    await this.devices.load(id);
    this.devices.requireOnline(id);
    await this.send(id, 'metadata', body);
    await this.remember(id, 'metadata', (c) => ({ ...c, metadata: body.fields }));
    return this.accepted(id, 'metadata');
  }

  /** link configuration: disabling the last connected interface is refused (spec 000 §5). */
  async configureLink(id: string, body: Body<typeof LinkConfigurationBody>) {
    await this.devices.load(id);
    this.devices.requireOnline(id);
    this.findModem(id, body.modemId);
    if (!body.enabled) this.requireNotLastInterface(id, body.modemId, 'body.enabled');
    await this.send(id, 'linkConfiguration', body);
    return this.accepted(id, 'linkConfiguration');
  }

  /** wifi query: the networks the unit sees, as its device answers. */
  async queryWifi(id: string) {
    await this.devices.load(id);
    this.devices.requireOnline(id);
    this.requireWifi(id);
    const result = anyObject.read(await this.send(id, 'wifiQuery', {}));
    const networks = WifiNetwork.array().safeParse(result.networks);
    return { ...this.accepted(id, 'wifiQuery'), networks: networks.success ? networks.data : [] };
  }

  /** wifi connect: the unit joins the network (the password goes to the device only, never stored). */
  async connectWifi(id: string, body: Body<typeof WifiConnectBody>) {
    await this.devices.load(id);
    this.devices.requireOnline(id);
    this.requireWifi(id);
    await this.send(id, 'wifiConnect', body);
    await this.remember(id, 'wifi', (c) => ({ ...c, wifi: { ssid: body.ssid, security: body.security } }));
    return this.accepted(id, 'wifiConnect');
  }

  /** wifi disconnect: not when Wi-Fi is the last connected interface (spec 000 §5). */
  async disconnectWifi(id: string) {
    await this.devices.load(id);
    this.devices.requireOnline(id);
    const wifi = this.requireWifi(id);
    if (wifi) this.requireNotLastInterface(id, wifi.id, 'body');
    await this.send(id, 'wifiDisconnect', {});
    await this.remember(id, 'wifi', (c) => ({ ...c, wifi: { ssid: null, security: null } }));
    return this.accepted(id, 'wifiDisconnect');
  }

  /**
   * cellular scan: LAN and Wi-Fi links cannot scan ("Scan not supported for this modem"); not with
   * only one interface connected (spec 000 §5). The ack is immediate; the operators arrive after
   * 1–2 minutes as a `unit.commandResult` event ("Scan failed, please try again" when it fails).
   */
  async scanCellular(id: string, body: Body<typeof CellularScanBody>) {
    await this.devices.load(id);
    this.devices.requireOnline(id);
    const modem = this.findModem(id, body.modemId);
    if (modem && modem.uiType !== 'cell') throw new AppError('SCAN_NOT_SUPPORTED');
    const modems = this.modemsOf(id);
    if (modems.length > 0 && !canCellularScan(modems)) {
      throw new AppError('CELLULAR_SCAN_ONE_MODEM', [{ path: 'body.modemId', message: VALIDATION.cellularScanOneModem }]);
    }
    await this.send(id, 'cellularScan', body);
    return {
      ...this.accepted(id, 'cellularScan'),
      modemId: body.modemId,
      expectedDurationMs: { min: TIMINGS.networkScanMinMs, max: TIMINGS.networkScanMaxMs },
    };
  }

  async selectCellularNetwork(id: string, body: Body<typeof CellularSelectBody>) {
    await this.devices.load(id);
    this.devices.requireOnline(id);
    this.requireCellular(id, body.modemId);
    await this.send(id, 'cellularSelect', body);
    await this.remember(id, 'cellular', (c) => ({ ...c, cellular: { ...c.cellular, [body.modemId]: { network: body.network } } }));
    return this.accepted(id, 'cellularSelect');
  }

  async setActiveSim(id: string, body: Body<typeof ActiveSimBody>) {
    await this.devices.load(id);
    this.devices.requireOnline(id);
    this.requireCellular(id, body.modemId);
    await this.send(id, 'activeSim', body);
    return this.accepted(id, 'activeSim');
  }

  private requireCellular(id: string, modemId: string): void {
    const modem = this.findModem(id, modemId);
    if (modem && modem.uiType !== 'cell') {
      throw new AppError('INTERFACE_NOT_PRESENT', [{ path: 'body.modemId', message: ERROR_CATALOGUE.INTERFACE_NOT_PRESENT.message }]);
    }
  }

  async setAudioParameters(id: string, body: Body<typeof AudioParametersBody>) {
    await this.devices.load(id);
    this.devices.requireOnline(id);
    await this.send(id, 'audioParameters', body);
    await this.remember(id, 'audio', (c) => ({ ...c, audio: { ...c.audio, ...body } }));
    return this.accepted(id, 'audioParameters');
  }

  async setAudioBitrate(id: string, body: Body<typeof AudioBitrateBody>) {
    await this.devices.load(id);
    this.devices.requireOnline(id);
    await this.send(id, 'audioBitrate', body);
    await this.remember(id, 'audio', (c) => ({ ...c, audio: { ...c.audio, bitrateKbps: body.bitrateKbps } }));
    return this.accepted(id, 'audioBitrate');
  }

  async setIfbDelay(id: string, body: Body<typeof IfbDelayBody>) {
    return this.simple(id, 'ifbDelay', body, 'ifb', (c) => ({ ...c, ifb: { ...c.ifb, delayMs: body.delayMs } }));
  }

  async setIfbAlwaysOn(id: string, body: Body<typeof IfbAlwaysOnBody>) {
    return this.simple(id, 'ifbAlwaysOn', body, 'ifb', (c) => ({ ...c, ifb: { ...c.ifb, alwaysOn: body.enabled } }));
  }

  async setAncillaryData(id: string, body: Body<typeof AncillaryDataBody>) {
    return this.simple(id, 'ancillaryData', body, 'ancillaryData', (c) => ({ ...c, ancillaryData: body }));
  }

  async setShootingMode(id: string, body: Body<typeof ShootingModeBody>) {
    return this.simple(id, 'shootingMode', body, 'shootingMode', (c) => ({ ...c, shootingMode: body.mode }));
  }

  async setVideoComplexity(id: string, body: Body<typeof VideoComplexityBody>) {
    return this.simple(id, 'videoComplexity', body, 'videoComplexity', (c) => ({ ...c, videoComplexity: body.level }));
  }

  /** encoder: HEVC needs a unit that has it (capability `hevc`), else "Feature disabled". */
  async configureEncoder(id: string, body: Body<typeof EncoderBody>) {
    const unit = await this.devices.load(id);
    if (body.codec === 'hevc' && unitCapabilities.read(unit.capabilities).hevc !== true) throw new AppError('FEATURE_DISABLED');
    return this.simple(id, 'encoder', body, 'encoder', (c) => ({ ...c, encoder: body }));
  }

  /** store-and-forward quality: the device records with it; stored as the unit's profile. */
  async setStoreAndForwardQuality(id: string, body: Body<typeof StoreAndForwardQualityBody>) {
    await this.devices.load(id);
    this.devices.requireOnline(id);
    await this.send(id, 'storeAndForwardQuality', body);
    await this.store.save(id, 'storeAndForwardQuality', undefined, (c) => ({
      configuration: { ...c, storeAndForwardVideoQualityV2: body.quality },
      columns: { storeAndForwardVideoQuality: body.quality },
    }));
    return this.accepted(id, 'storeAndForwardQuality');
  }

  private async simple(
    id: string,
    command: UnitCommand,
    body: unknown,
    setting: Parameters<ConfigStore['save']>[1],
    change: (c: StoredUnitConfiguration) => StoredUnitConfiguration,
  ) {
    await this.devices.load(id);
    this.devices.requireOnline(id);
    await this.send(id, command, body);
    await this.remember(id, setting, change);
    return this.accepted(id, command);
  }

  /**
   * cancel file upload: the unit's uploaded files with these names that are still pending or
   * uploading stop (the device drops them from its queue); they end as failed. Names that match
   * nothing open are ignored; the answer lists what was cancelled.
   */
  async cancelFileUpload(id: string, body: Body<typeof CancelFileUploadBody>) {
    await this.devices.load(id);
    this.devices.requireOnline(id);
    const open = await repo.findOpenUploads(this.deps.db, id, body.files);
    await this.send(id, 'cancelFileUpload', { files: body.files, fileIds: open.map((f) => f.id) });
    if (open.length > 0) {
      await repo.failOpenUploads(
        this.deps.db,
        open.map((f) => f.id),
      );
      const topics = this.deps.index.topicsOf(id);
      for (const f of open.filter((x) => x.status === 'uploading')) {
        this.deps.hub.publish(topics, { type: 'file.transferCompleted', unitId: id, fileId: f.id, fileName: f.fileName, ok: false, at: this.deps.clock.now() });
      }
    }
    return { ...this.accepted(id, 'cancelFileUpload'), cancelled: [...new Set(open.map((f) => f.fileName))].sort() };
  }

  /**
   * speed test: a unit that can run one (capability `speedTest`), idle (busy → "Unit is busy"),
   * towards a channel of its inventories (the given one, else the selected one) whose version is
   * 7.5.1 or later (spec 000 §5). The unit shows status speedtest while it runs; the outcome comes
   * as `unit.commandResult` ("Channel changed, repeat speed test" / "Test cancelled" when cut short).
   */
  async startSpeedTest(id: string, body: Body<typeof SpeedTestBody>) {
    const unit = await this.devices.load(id);
    const apps = this.devices.requireOnline(id);
    this.devices.requireCapability(unit, 'speedTest');
    if (isBusy(apps)) throw new AppError('UNIT_BUSY');
    const channelId = body.channelId ?? unit.selectedChannelId;
    if (!channelId) throw bodyProblem('channelId', VALIDATION.required);
    const channel = await this.devices.requireChannel(unit, channelId, 'channelId');
    const versionProblem = validateSpeedTestVersion(channel.swVersion);
    if (versionProblem) throw bodyProblem('channelId', versionProblem);
    this.speedTests.set(id, { channelId: channel.id, startedAt: this.deps.clock.now() });
    try {
      await this.send(id, 'speedTest', { channelId: channel.id, timeout: body.timeout });
    } catch (e) {
      this.speedTests.delete(id);
      throw e;
    }
    return { ...this.accepted(id, 'speedTest'), channelId: channel.id, timeout: body.timeout };
  }
}

/** The catalogue text of a device's error code (null when it names none we know). */
export function messageOf(code: string | null): string | null {
  // An own key of the catalogue (not one of Object.prototype's, such as `toString`): an ErrorCode.
  return code !== null && Object.hasOwn(ERROR_CATALOGUE, code) ? ERROR_CATALOGUE[code as ErrorCode].message : null;
}

/** The calls UnitCommands answers. */
export const unitCommandCalls = callsOf<UnitCommands>()({
  commandSetVirtualChannel: (s, { params, body }) => s.setVirtualChannel(params.id, body),
  commandReboot: (s, { params }) => s.rebootUnit(params.id),
  commandMetadata: (s, { params, body }) => s.setMetadata(params.id, body),
  commandLinkConfiguration: (s, { params, body }) => s.configureLink(params.id, body),
  commandWifiQuery: (s, { params }) => s.queryWifi(params.id),
  commandWifiConnect: (s, { params, body }) => s.connectWifi(params.id, body),
  commandWifiDisconnect: (s, { params }) => s.disconnectWifi(params.id),
  commandCellularScan: (s, { params, body }) => s.scanCellular(params.id, body),
  commandCellularSelect: (s, { params, body }) => s.selectCellularNetwork(params.id, body),
  commandActiveSim: (s, { params, body }) => s.setActiveSim(params.id, body),
  commandAudioParameters: (s, { params, body }) => s.setAudioParameters(params.id, body),
  commandAudioBitrate: (s, { params, body }) => s.setAudioBitrate(params.id, body),
  commandIfbDelay: (s, { params, body }) => s.setIfbDelay(params.id, body),
  commandIfbAlwaysOn: (s, { params, body }) => s.setIfbAlwaysOn(params.id, body),
  commandAncillaryData: (s, { params, body }) => s.setAncillaryData(params.id, body),
  commandShootingMode: (s, { params, body }) => s.setShootingMode(params.id, body),
  commandStoreAndForwardQuality: (s, { params, body }) => s.setStoreAndForwardQuality(params.id, body),
  commandEncoder: (s, { params, body }) => s.configureEncoder(params.id, body),
  commandCancelFileUpload: (s, { params, body }) => s.cancelFileUpload(params.id, body),
  commandSpeedTest: (s, { params, body }) => s.startSpeedTest(params.id, body),
  commandVideoComplexity: (s, { params, body }) => s.setVideoComplexity(params.id, body),
});
