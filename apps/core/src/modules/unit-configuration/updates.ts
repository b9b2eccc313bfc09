/**
 * Unit updates (PUT v2/units/{id}/..., PUT v0 storeandforward_quality, PUT units/{id}/network/
 * capping, settingsConfiguration add) of spec 000 §7. Every update: the unit's version is checked
 * first (stale → 409), then every rule (spec 000 §5, licences of §8) before anything is sent or
 * written; a setting a real core pushes to the device goes to it (`configure`; unreachable →
 * UNIT_OFFLINE, refused → the device's error); then the one setting is merged into the stored
 * configuration under the version check, answered and announced (`unit.configuration`).
 */
import type { z } from 'zod';
import {
  VALIDATION,
  type AlertsConfigurationUpdateBody, type AudioJacksUpdateBody, type BwLimitationUpdateBody, type DatabridgeUpdateBody,
  type DelayUpdateBody, type FetchlogsEnhancedUpdateBody, type FilenamePrefixUpdateBody, type FixedInternetDelayUpdateBody,
  type InterfacesConfigUpdateBody, type IntercomUpdateBody, type IpInputStreamUpdateBody, type IpPipeUpdateBody,
  type MultipleCameraChannelUpdateBody, type MultipleCameraModeUpdateBody, type MultipleCameraUpdateBody, type NetworkCappingUpdateBody,
  type NtpTimecodeUpdateBody, type OperationalModeUpdateBody, type SettingsConfigurationAddBody, type SingleCameraUpdateBody,
  type StoreAndForwardQualityUpdateBody, type SwitcherChannelUpdateBody, type SwitcherModeUpdateBody, type SwitcherSdiInputUpdateBody,
  type TransmissionModeUpdateBody, type UnitConfiguration, type UnitSetting, UnitTypeGroup, type VideoReturnUpdateBody,
  type VrChannelSelectedUpdateBody,
} from '@fleet/contracts';
import {
  capOptionKbps, featureLicenceProblem, intercomServerMismatch, isBusy, isFilenamePrefixTaken, isStreaming,
  resolutionLicenceProblem, transmissionModeProblem, validateBandwidthLimits, validateDelay, validateDisableInterface,
  validateNetworkCapping, validateSmartUnitLimits, workingModeProblem, type ConfigProblem, type LicensedFeature,
} from '@fleet/domain';
import { AppError } from '../../errors.js';
import type { ServiceDeps } from '../deps.js';
import type { ConfigStore } from './store.js';
import { unitCapabilities, unitLicense } from '../../repositories/unit-columns.js';
import { bodyProblem, bodyProblems, inventoriesOf, type DeviceUnit } from '../units/unit-devices.js';
import { unitConfiguration, type StoredUnitConfiguration } from '../../repositories/unit-columns.js';
import type { SettingChange } from './setting-change.js';
import { anyObject } from '../../repositories/json-column.js';
import { callsOf } from '../../calls.js';

type Body<S extends z.ZodType> = z.infer<S>;

/** The settings stored as an object of their own (merged key by key). */
type ObjectSetting =
  | 'databridge' | 'videoReturn' | 'vrChannels' | 'multiCamera' | 'singleCamera' | 'switcher' | 'ntpTimecode' | 'ipPipe' | 'fetchlogs'
  | 'bandwidth' | 'settings';

/** How one update goes: checks, what the device gets (none: core-only), the stored change. */
interface UpdatePlan {
  /** Rules that need state; throw to refuse (nothing is sent or written then). */
  check?: (unit: DeviceUnit) => Promise<void> | void;
  /** The payload the device gets (`configure`); absent for settings only the core keeps. */
  device?: unknown;
  change: (configuration: StoredUnitConfiguration, unit: DeviceUnit) => SettingChange;
}

/** The body without the concurrency field (what the device and storage get). */
function withoutVersion<B extends { version?: number }>(body: B): Omit<B, 'version'> {
  const { version: _v, ...rest } = body;
  return rest;
}

export class UnitUpdates {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly store: ConfigStore,
  ) {}

  private async apply(id: string, setting: UnitSetting, version: number | undefined, plan: UpdatePlan): Promise<UnitConfiguration> {
    const unit = await this.deps.devices.load(id);
    this.deps.devices.checkVersion(unit, version);
    if (plan.device !== undefined) this.deps.devices.requireOnline(id);
    await plan.check?.(unit);
    if (plan.device !== undefined) await this.deps.devices.push(id, setting, plan.device);
    return this.store.save(id, setting, version, plan.change);
  }

  private async requireLicence(unit: DeviceUnit, feature: LicensedFeature): Promise<void> {
    const code = featureLicenceProblem(feature, await this.deps.devices.licences(unit));
    if (code) throw new AppError(code);
  }

  private throwProblem(problem: ConfigProblem | null, path: string): void {
    if (!problem) return;
    if (problem.kind === 'error') throw new AppError(problem.code);
    throw bodyProblem(path, problem.message);
  }

  /** A merge of one configuration key's object. */
  /** Merge `patch` into one setting object of the stored configuration. */
  private static mergeKey<K extends ObjectSetting>(key: K, patch: NonNullable<StoredUnitConfiguration[K]>) {
    return (c: StoredUnitConfiguration): SettingChange => ({ configuration: { ...c, [key]: { ...c[key], ...patch } } });
  }

  // ── delay and modes ─────────────────────────────────────────────────────────────────────────

  /**
   * PUT delay: bounds by unit type and software version, and "Delay change on the fly only for
   * 0.9 s or higher" while the unit streams (packages/domain validateDelay).
   */
  updateDelay(id: string, body: Body<typeof DelayUpdateBody>): Promise<UnitConfiguration> {
    return this.apply(id, 'delay', body.version, {
      device: { delayMs: body.delayMs, mode: body.mode },
      check: (unit) => {
        const message = validateDelay({
          delayMs: body.delayMs,
          mode: body.mode,
          onTheFly: isStreaming(this.deps.index.applicationsOf(id)),
          currentDelayMs: unitConfiguration.read(unit.configuration).delay ?? null,
          unitType: UnitTypeGroup.safeParse(unit.typeGroup).data,
          swVersion: unit.swVersion,
        });
        if (message) throw bodyProblem('delayMs', message);
      },
      change: (c) => ({ configuration: { ...c, delay: body.delayMs, delayMode: body.mode } }),
    });
  }

  /** PUT transmissionMode: Store & Forward needs an SD card; multi-camera modes their licence; not while busy. */
  updateTransmissionMode(id: string, body: Body<typeof TransmissionModeUpdateBody>): Promise<UnitConfiguration> {
    return this.apply(id, 'transmissionMode', body.version, {
      device: { transmissionMode: body.transmissionMode },
      check: async (unit) => {
        this.throwProblem(transmissionModeProblem(body.transmissionMode, unitCapabilities.read(unit.capabilities), await this.deps.devices.licences(unit)), 'transmissionMode');
        if (unit.transmissionMode !== body.transmissionMode && isBusy(this.deps.index.applicationsOf(id))) throw new AppError('UNIT_BUSY');
      },
      change: (c) => ({ configuration: c, columns: { transmissionMode: body.transmissionMode } }),
    });
  }

  /** PUT fixedInternetDelay. */
  updateFixedInternetDelay(id: string, body: Body<typeof FixedInternetDelayUpdateBody>): Promise<UnitConfiguration> {
    return this.apply(id, 'fixedInternetDelay', body.version, {
      device: { delayMs: body.delayMs },
      change: (c) => ({ configuration: { ...c, fixedInternetDelay: body.delayMs } }),
    });
  }

  /** PUT operationalMode: databridge modes need the licence; not while busy; the device takes a few seconds. */
  updateOperationalMode(id: string, body: Body<typeof OperationalModeUpdateBody>): Promise<UnitConfiguration> {
    return this.apply(id, 'operationalMode', body.version, {
      device: { workingMode: body.workingMode },
      check: async (unit) => {
        this.throwProblem(workingModeProblem(body.workingMode, await this.deps.devices.licences(unit)), 'workingMode');
        if (isBusy(this.deps.index.applicationsOf(id))) throw new AppError('UNIT_BUSY');
      },
      change: (c) => ({ configuration: c, columns: { workingMode: body.workingMode } }),
    });
  }

  // ── licensed features ───────────────────────────────────────────────────────────────────────

  /** PUT databridge: "Databridge license not enabled" without it. */
  updateDatabridge(id: string, body: Body<typeof DatabridgeUpdateBody>): Promise<UnitConfiguration> {
    const setting = withoutVersion(body);
    return this.apply(id, 'databridge', body.version, {
      device: setting,
      check: (unit) => this.requireLicence(unit, 'databridge'),
      change: UnitUpdates.mergeKey('databridge', setting),
    });
  }

  /** PUT videoreturn: "No Video Return licenses" without one. */
  updateVideoReturn(id: string, body: Body<typeof VideoReturnUpdateBody>): Promise<UnitConfiguration> {
    const setting = withoutVersion(body);
    return this.apply(id, 'videoReturn', body.version, {
      device: setting,
      check: (unit) => this.requireLicence(unit, 'videoReturn'),
      change: UnitUpdates.mergeKey('videoReturn', setting),
    });
  }

  /** PUT vrChannels/selected: a video return channel of the unit's inventories (or none). */
  updateSelectedVrChannel(id: string, body: Body<typeof VrChannelSelectedUpdateBody>): Promise<UnitConfiguration> {
    return this.apply(id, 'vrChannelSelected', body.version, {
      device: { vrChannelId: body.vrChannelId },
      check: async (unit) => {
        await this.requireLicence(unit, 'videoReturn');
        if (body.vrChannelId === null) return;
        if (!this.deps.devices.vrChannelOf(unit, body.vrChannelId)) throw bodyProblem('vrChannelId', VALIDATION.invalidField);
      },
      change: UnitUpdates.mergeKey('vrChannels', { selected: body.vrChannelId }),
    });
  }

  /** PUT multiplecamera: licence, channels of the unit's inventories; labels become the unit's camera labels. */
  updateMultipleCamera(id: string, body: Body<typeof MultipleCameraUpdateBody>): Promise<UnitConfiguration> {
    const setting = withoutVersion(body);
    return this.apply(id, 'multiCamera', body.version, {
      device: setting,
      check: async (unit) => {
        await this.requireLicence(unit, 'multiCamera');
        await this.deps.devices.requireChannels(unit, body.customSelectedChannels.map((id, i) => ({ id, path: `customSelectedChannels.${i}` })));
      },
      change: (c) => ({
        configuration: {
          ...c,
          multiCamera: {
            ...c.multiCamera,
            numberOfFeeds: body.numberOfFeeds,
            channelSelectionMode: body.channelSelectionMode,
            customSelectedChannels: body.customSelectedChannels,
            cameras: body.cameras,
            maxBandwidthMbps: body.maxBandwidthMbps ?? null,
          },
        },
        columns: { multiCameraLabels: body.cameras.map((cam) => cam.label) },
      }),
    });
  }

  updateMultipleCameraChannel(id: string, body: Body<typeof MultipleCameraChannelUpdateBody>): Promise<UnitConfiguration> {
    return this.apply(id, 'multiCameraChannel', body.version, {
      device: { channelId: body.channelId },
      check: async (unit) => {
        await this.requireLicence(unit, 'multiCamera');
        await this.deps.devices.requireChannel(unit, body.channelId, 'channelId');
      },
      change: UnitUpdates.mergeKey('multiCamera', { channel: body.channelId }),
    });
  }

  updateMultipleCameraMode(id: string, body: Body<typeof MultipleCameraModeUpdateBody>): Promise<UnitConfiguration> {
    return this.apply(id, 'multiCameraMode', body.version, {
      device: { mode: body.mode },
      check: (unit) => this.requireLicence(unit, 'multiCamera'),
      change: UnitUpdates.mergeKey('multiCamera', { mode: body.mode }),
    });
  }

  /** PUT singlecamera: 2160 needs PRO with 4K ("PRO-4K licence missing (resolution conflict)"). */
  updateSingleCamera(id: string, body: Body<typeof SingleCameraUpdateBody>): Promise<UnitConfiguration> {
    const setting = withoutVersion(body);
    return this.apply(id, 'singleCamera', body.version, {
      device: setting,
      check: (unit) => {
        const code = resolutionLicenceProblem(body.resolution, unitLicense.read(unit.license));
        if (code) throw new AppError(code);
      },
      change: UnitUpdates.mergeKey('singleCamera', setting),
    });
  }

  // ── switcher ────────────────────────────────────────────────────────────────────────────────

  /** PUT switchermode: the multi-camera licence covers the switcher modes; channels of the unit's inventories. */
  updateSwitcherMode(id: string, body: Body<typeof SwitcherModeUpdateBody>): Promise<UnitConfiguration> {
    const switcher = {
      mode: body.mode,
      highQualityChannel: body.highQualityChannel,
      proxyChannel: body.proxyChannel ?? null,
      inputSdi: body.inputSdi ?? null,
    };
    return this.apply(id, 'switcher', body.version, {
      device: switcher,
      check: async (unit) => {
        await this.requireLicence(unit, 'multiCamera');
        await this.deps.devices.requireChannel(unit, body.highQualityChannel, 'highQualityChannel');
        if (body.proxyChannel) await this.deps.devices.requireChannel(unit, body.proxyChannel, 'proxyChannel');
      },
      change: UnitUpdates.mergeKey('switcher', switcher),
    });
  }

  updateSwitcherHighQualityChannel(id: string, body: Body<typeof SwitcherChannelUpdateBody>): Promise<UnitConfiguration> {
    return this.switcherChannel(id, 'switcherHighQualityChannel', 'highQualityChannel', 'proxyChannel', body);
  }

  updateSwitcherProxyChannel(id: string, body: Body<typeof SwitcherChannelUpdateBody>): Promise<UnitConfiguration> {
    return this.switcherChannel(id, 'switcherProxyChannel', 'proxyChannel', 'highQualityChannel', body);
  }

  /** One switcher channel; the high quality and proxy channels stay distinct. */
  private switcherChannel(
    id: string,
    setting: UnitSetting,
    key: 'highQualityChannel' | 'proxyChannel',
    other: 'highQualityChannel' | 'proxyChannel',
    body: Body<typeof SwitcherChannelUpdateBody>,
  ): Promise<UnitConfiguration> {
    return this.apply(id, setting, body.version, {
      device: { [key]: body.channelId },
      check: async (unit) => {
        await this.requireLicence(unit, 'multiCamera');
        await this.deps.devices.requireChannel(unit, body.channelId, 'channelId');
        if (unitConfiguration.read(unit.configuration).switcher?.[other] === body.channelId) throw bodyProblem('channelId', VALIDATION.proxySameAsHighQuality);
      },
      change: UnitUpdates.mergeKey('switcher', { [key]: body.channelId }),
    });
  }

  updateSwitcherSdiInput(id: string, body: Body<typeof SwitcherSdiInputUpdateBody>): Promise<UnitConfiguration> {
    return this.apply(id, 'switcherSdiInput', body.version, {
      device: { inputSdi: body.inputSdi },
      check: (unit) => this.requireLicence(unit, 'multiCamera'),
      change: UnitUpdates.mergeKey('switcher', { inputSdi: body.inputSdi }),
    });
  }

  // ── files, timecode, inputs, IP pipe ────────────────────────────────────────────────────────

  /**
   * PUT configuration/filenamePrefix: characters and length by the schema; "The resulting file
   * name must be unique on the same multimedia hub": no other unit sending to the same server (the
   * server of its selected channel) has this prefix (packages/domain isFilenamePrefixTaken).
   */
  updateFilenamePrefix(id: string, body: Body<typeof FilenamePrefixUpdateBody>): Promise<UnitConfiguration> {
    const prefix = body.filenamePrefix === '' ? null : body.filenamePrefix;
    return this.apply(id, 'filenamePrefix', body.version, {
      device: { filenamePrefix: prefix },
      check: async (unit) => {
        const hub = await this.deps.devices.serverOfChannel(unit.selectedChannelId);
        if (!prefix || !hub) return;
        const others = await this.deps.db.unit.findMany({
          where: { id: { not: unit.id }, filenamePrefix: prefix, selectedChannelId: { not: null } },
          select: { selectedChannelId: true, filenamePrefix: true },
        });
        const onHub = (channelId: string | null) => channelId !== null && this.deps.readModel.channels.get(channelId)?.serverId === hub;
        const prefixesOnHub = others.filter((o) => onHub(o.selectedChannelId)).map((o) => o.filenamePrefix);
        if (isFilenamePrefixTaken(prefix, prefixesOnHub)) throw bodyProblem('filenamePrefix', VALIDATION.filenamePrefixUnique);
      },
      change: (c) => ({ configuration: c, columns: { filenamePrefix: prefix } }),
    });
  }

  updateNtpTimecode(id: string, body: Body<typeof NtpTimecodeUpdateBody>): Promise<UnitConfiguration> {
    const setting = { enabled: body.enabled, server: body.server ?? null };
    return this.apply(id, 'ntpTimecode', body.version, { device: setting, change: UnitUpdates.mergeKey('ntpTimecode', setting) });
  }

  /** PUT ipInputStream: the passphrase goes to the device and storage, never into an answer. */
  updateIpInputStream(id: string, body: Body<typeof IpInputStreamUpdateBody>): Promise<UnitConfiguration> {
    const setting = withoutVersion(body);
    return this.apply(id, 'ipInput', body.version, {
      device: setting,
      change: (c) => {
        const { passphrase: _old, ...kept } = c.ipInput ?? {};
        return { configuration: { ...c, ipInput: { ...kept, latencyMs: null, ...setting } } };
      },
    });
  }

  /** PUT ippipe: a unit with an IP pipe (capability `ipPipe`) and a server of its inventories; the device connects. */
  updateIpPipe(id: string, body: Body<typeof IpPipeUpdateBody>): Promise<UnitConfiguration> {
    const setting = { enabled: body.enabled, serverId: body.serverId ?? null, ...(body.port === undefined ? {} : { port: body.port }) };
    return this.apply(id, 'ipPipe', body.version, {
      device: setting,
      check: async (unit) => {
        this.deps.devices.requireCapability(unit, 'ipPipe');
        if (!body.serverId) return;
        if (!this.deps.devices.serverOf(unit, body.serverId)) throw bodyProblem('serverId', VALIDATION.invalidField);
      },
      change: UnitUpdates.mergeKey('ipPipe', setting),
    });
  }

  updateFetchlogsEnhanced(id: string, body: Body<typeof FetchlogsEnhancedUpdateBody>): Promise<UnitConfiguration> {
    return this.apply(id, 'fetchlogsEnhanced', body.version, {
      device: { enhanced: body.enabled },
      change: UnitUpdates.mergeKey('fetchlogs', { enhanced: body.enabled }),
    });
  }

  /** PUT v0 storeandforward_quality: the recording profile (column and configuration). */
  updateStoreAndForwardQuality(id: string, body: Body<typeof StoreAndForwardQualityUpdateBody>): Promise<UnitConfiguration> {
    return this.apply(id, 'storeAndForwardQuality', body.version, {
      device: { quality: body.quality },
      change: (c) => ({ configuration: { ...c, storeAndForwardVideoQualityV2: body.quality }, columns: { storeAndForwardVideoQuality: body.quality } }),
    });
  }

  // ── bandwidth ───────────────────────────────────────────────────────────────────────────────

  /**
   * PUT bwLimitation (spec 000 §5): cellular ≤ total, priority ordering, not on a busy unit; smart
   * units 1000–20000 kbps (0 or none = no limit).
   */
  updateBwLimitation(id: string, body: Body<typeof BwLimitationUpdateBody>): Promise<UnitConfiguration> {
    const bandwidth = { total: body.totalKbps, cellular: body.cellularKbps, priorityLimits: body.priorityLimits };
    return this.apply(id, 'bandwidth', body.version, {
      device: bandwidth,
      check: (unit) => {
        const problems = validateBandwidthLimits({
          totalKbps: body.totalKbps,
          cellularKbps: body.cellularKbps,
          priorityLimits: body.priorityLimits,
          unitBusy: isBusy(this.deps.index.applicationsOf(id)),
        });
        if (problems.length === 0 && unit.typeGroup === 'smartUnits') problems.push(...validateSmartUnitLimits(body.totalKbps, body.cellularKbps));
        if (problems.length > 0) throw bodyProblems(problems);
      },
      change: UnitUpdates.mergeKey('bandwidth', bandwidth),
    });
  }

  /**
   * PUT units/{id}/network/capping: the cellular cap as a cap option; not above the total cap,
   * not on a busy unit. Stored as the cellular cap in kbps (the cap option is derived from it).
   */
  updateNetworkCapping(id: string, body: Body<typeof NetworkCappingUpdateBody>): Promise<UnitConfiguration> {
    const cellular = capOptionKbps(body.option, body.customMbps);
    return this.apply(id, 'networkCapping', body.version, {
      device: { cellularKbps: cellular },
      check: (unit) => {
        const problems = validateNetworkCapping({
          option: body.option,
          customMbps: body.customMbps ?? null,
          totalKbps: unitConfiguration.read(unit.configuration).bandwidth?.total ?? null,
          unitBusy: isBusy(this.deps.index.applicationsOf(id)),
        });
        if (problems.length > 0) throw bodyProblems(problems);
      },
      change: UnitUpdates.mergeKey('bandwidth', { cellular }),
    });
  }

  // ── intercom and interfaces ─────────────────────────────────────────────────────────────────

  /**
   * PUT intercom: audio-room mode needs a room of the unit's inventories hosted on the server the
   * unit transmits to ("Intercom server missing or different from the audio room"); target-channel
   * mode a channel of the unit's inventories.
   */
  updateIntercom(id: string, body: Body<typeof IntercomUpdateBody>): Promise<UnitConfiguration> {
    const intercom = {
      mode: body.mode,
      audioRoomId: body.mode === 'audioRoom' ? (body.audioRoomId ?? null) : null,
      targetChannelId: body.mode === 'targetChannel' ? (body.targetChannelId ?? null) : null,
      destinationAccount: body.destinationAccount ?? null,
    };
    return this.apply(id, 'intercom', body.version, {
      device: { intercom: body.intercom, ...intercom },
      check: async (unit) => {
        this.deps.devices.requireCapability(unit, 'intercom');
        if (body.mode === 'targetChannel' && body.targetChannelId) {
          await this.deps.devices.requireChannel(unit, body.targetChannelId, 'targetChannelId');
          return;
        }
        if (!body.audioRoomId) return;
        const room = await this.deps.db.audioRoom.findFirst({
          where: { id: body.audioRoomId, inventoryId: { in: inventoriesOf(unit) } },
          select: { serverId: true },
        });
        if (!room) throw bodyProblem('audioRoomId', VALIDATION.invalidField);
        if (intercomServerMismatch(room.serverId, await this.deps.devices.serverOfChannel(unit.selectedChannelId))) throw new AppError('INTERCOM_SERVER_MISMATCH');
      },
      change: (c) => {
        const list = c.intercoms ?? [];
        const next = [0, 1].map((i) => list[i] ?? { mode: i === 0 ? ('audioRoom' as const) : ('targetChannel' as const), destinationAccount: null });
        next[body.intercom - 1] = { ...next[body.intercom - 1], ...intercom };
        return { configuration: { ...c, intercoms: next } };
      },
    });
  }

  updateIntercomAudioJacks(id: string, body: Body<typeof AudioJacksUpdateBody>): Promise<UnitConfiguration> {
    return this.apply(id, 'audioJacks', body.version, {
      device: { jacks: body.jacks },
      check: (unit) => this.deps.devices.requireCapability(unit, 'intercom'),
      change: (c) => {
        const current = (c.audioJacks ?? []).filter((j) => !body.jacks.some((b) => b.jack === j.jack));
        const jacks = [...current, ...body.jacks].sort((a, b) => a.jack - b.jack);
        return { configuration: { ...c, audioJacks: jacks } };
      },
    });
  }

  /**
   * PUT interfaces/config: one interface by port. Cellular settings only on a cellular modem,
   * addressing only on Ethernet / Wi-Fi; disabling the last connected interface is refused (spec
   * 000 §5). APN passwords go to the device and storage, never into an answer.
   */
  updateInterfacesConfig(id: string, body: Body<typeof InterfacesConfigUpdateBody>): Promise<UnitConfiguration> {
    const { port, version: _v, ...setting } = body;
    return this.apply(id, 'interfaces', body.version, {
      device: { port, ...setting },
      check: () => {
        const modems = this.deps.telemetry.get(id)?.modems ?? [];
        if (modems.length === 0) return; // not reported yet: the device decides
        const modem = modems.find((m) => m.port === port);
        if (!modem) throw bodyProblem('port', VALIDATION.invalidField);
        const cellularOnly = (['networkMode', 'roamingAllowed', 'apns', 'forceScanNow'] as const).filter((k) => body[k] !== undefined);
        const wiredOnly = (['ipMode', 'ip', 'subnetMask', 'gateway'] as const).filter((k) => body[k] !== undefined);
        const wrong = modem.uiType === 'cell' ? wiredOnly : cellularOnly;
        if (wrong.length > 0) throw bodyProblems(wrong.map((k) => ({ path: k, message: VALIDATION.invalidField })));
        if (body.enabled === false && validateDisableInterface(modems, modem.id) === VALIDATION.lastInterface) {
          throw new AppError('LAST_INTERFACE', [{ path: 'body.enabled', message: VALIDATION.lastInterface }]);
        }
      },
      change: (c) => {
        const interfaces = c.network?.interfaces ?? {};
        const key = String(port);
        return { configuration: { ...c, network: { ...c.network, interfaces: { ...interfaces, [key]: { ...interfaces[key], ...setting } } } } };
      },
    });
  }

  // ── core-only settings ──────────────────────────────────────────────────────────────────────

  /** PUT settingsConfiguration/add: output channel of the unit's inventories, multi channel. */
  addSettingsConfiguration(body: Body<typeof SettingsConfigurationAddBody>): Promise<UnitConfiguration> {
    return this.apply(body.id, 'settingsConfiguration', body.version, {
      check: async (unit) => {
        if (body.outputChannel) await this.deps.devices.requireChannel(unit, body.outputChannel, 'outputChannel');
      },
      change: UnitUpdates.mergeKey('settings', { outputChannel: body.outputChannel, multiChannel: body.multiChannel, machineUid: body.id }),
    });
  }

  /**
   * PUT alerts/configuration: automatic (the unit's last group's configuration), group (a group of
   * the unit) or manual (the unit's own alert types and mailing list; recipients replaced when
   * given, an address already verified for that alert type stays verified). Kept by the core (it
   * sends the e-mails): nothing goes to the device.
   */
  updateAlertsConfiguration(id: string, body: Body<typeof AlertsConfigurationUpdateBody>): Promise<UnitConfiguration> {
    return this.applyAlerts(id, body);
  }

  private async applyAlerts(id: string, body: Body<typeof AlertsConfigurationUpdateBody>): Promise<UnitConfiguration> {
    const unit = await this.deps.devices.load(id);
    this.deps.devices.checkVersion(unit, body.version);
    if (body.mode === 'group') {
      const member = await this.deps.db.unitGroup.findFirst({ where: { unitId: id, groupId: body.groupId }, select: { groupId: true } });
      if (!member) throw bodyProblem('groupId', VALIDATION.invalidField);
    }
    return this.store.save(
      id,
      'alerts',
      body.version,
      (c) => ({ configuration: c, columns: { alertsConfigMode: body.mode } }),
      async (tx) => {
        const own = await tx.alertConfiguration.findUnique({ where: { unitId: id }, include: { recipients: true } });
        if (body.mode === 'automatic') return; // the unit's own configuration is kept for a later switch back
        const alerts = { ...anyObject.read(own?.alerts), ...(body.alerts ?? {}) };
        const data = {
          ...(body.mode === 'group' ? { sourceGroupId: body.groupId ?? null } : {}),
          ...(body.alerts ? { alerts } : {}),
        };
        const saved = own
          ? await tx.alertConfiguration.update({ where: { id: own.id }, data: { ...data, version: { increment: 1 } } })
          : await tx.alertConfiguration.create({ data: { scope: 'unit', unitId: id, alerts, ...data } });
        if (body.mode !== 'manual' || body.recipients === undefined) return;
        const verified = new Set((own?.recipients ?? []).filter((r) => r.verified).map((r) => `${r.alertType}:${r.email.toLowerCase()}`));
        await tx.alertEmailRecipient.deleteMany({ where: { alertConfigurationId: saved.id } });
        if (body.recipients.length > 0) {
          await tx.alertEmailRecipient.createMany({
            data: body.recipients.map((r) => ({
              alertConfigurationId: saved.id,
              alertType: r.alertType,
              email: r.email,
              verified: verified.has(`${r.alertType}:${r.email.toLowerCase()}`),
            })),
          });
        }
      },
    );
  }
}

/** The calls UnitUpdates answers. */
export const unitUpdateCalls = callsOf<UnitUpdates>()({
  updateUnitDelay: (s, { params, body }) => s.updateDelay(params.id, body),
  updateUnitDatabridge: (s, { params, body }) => s.updateDatabridge(params.id, body),
  updateUnitVideoReturn: (s, { params, body }) => s.updateVideoReturn(params.id, body),
  updateUnitFilenamePrefix: (s, { params, body }) => s.updateFilenamePrefix(params.id, body),
  updateUnitNtpTimecode: (s, { params, body }) => s.updateNtpTimecode(params.id, body),
  updateUnitTransmissionMode: (s, { params, body }) => s.updateTransmissionMode(params.id, body),
  updateUnitFixedInternetDelay: (s, { params, body }) => s.updateFixedInternetDelay(params.id, body),
  updateUnitIpInputStream: (s, { params, body }) => s.updateIpInputStream(params.id, body),
  updateUnitIpPipe: (s, { params, body }) => s.updateIpPipe(params.id, body),
  updateUnitMultipleCamera: (s, { params, body }) => s.updateMultipleCamera(params.id, body),
  updateUnitMultipleCameraChannel: (s, { params, body }) => s.updateMultipleCameraChannel(params.id, body),
  updateUnitMultipleCameraMode: (s, { params, body }) => s.updateMultipleCameraMode(params.id, body),
  updateUnitSingleCamera: (s, { params, body }) => s.updateSingleCamera(params.id, body),
  updateUnitOperationalMode: (s, { params, body }) => s.updateOperationalMode(params.id, body),
  updateUnitSwitcherMode: (s, { params, body }) => s.updateSwitcherMode(params.id, body),
  updateUnitSwitcherHighQualityChannel: (s, { params, body }) => s.updateSwitcherHighQualityChannel(params.id, body),
  updateUnitSwitcherProxyChannel: (s, { params, body }) => s.updateSwitcherProxyChannel(params.id, body),
  updateUnitSwitcherSdiInput: (s, { params, body }) => s.updateSwitcherSdiInput(params.id, body),
  updateUnitAlertsConfiguration: (s, { params, body }) => s.updateAlertsConfiguration(params.id, body),
  updateUnitBwLimitation: (s, { params, body }) => s.updateBwLimitation(params.id, body),
  updateUnitIntercom: (s, { params, body }) => s.updateIntercom(params.id, body),
  updateUnitIntercomAudioJacks: (s, { params, body }) => s.updateIntercomAudioJacks(params.id, body),
  updateUnitInterfacesConfig: (s, { params, body }) => s.updateInterfacesConfig(params.id, body),
  updateUnitSelectedVrChannel: (s, { params, body }) => s.updateSelectedVrChannel(params.id, body),
  updateUnitFetchlogsEnhanced: (s, { params, body }) => s.updateFetchlogsEnhanced(params.id, body),
  updateUnitStoreAndForwardQuality: (s, { params, body }) => s.updateStoreAndForwardQuality(params.id, body),
  updateUnitNetworkCapping: (s, { params, body }) => s.updateNetworkCapping(params.id, body),
  addSettingsConfiguration: (s, { body }) => s.addSettingsConfiguration(body),
});
