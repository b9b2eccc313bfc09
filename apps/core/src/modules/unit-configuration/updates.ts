/**
 * Unit updates (PUT v2/units/{id}/..., PUT v0 storeandforward_quality) of spec 000 §7: delay and
 * modes, licensed features, cameras, the switcher, files, timecode, inputs and the IP pipe. The
 * links and audio are link-updates.ts. Every update: the unit's version is checked first (stale →
 * 409), then every rule (spec 000 §5, licences of §8) before anything is sent or written; a setting
 * a real core pushes to the device goes to it (`configure`; unreachable → UNIT_OFFLINE, refused →
 * the device's error); then the one setting is merged into the stored configuration under the
 * version check, answered and announced (`unit.configuration`); update-plan.ts has those steps.
 */
import {
  VALIDATION,
  type DatabridgeUpdateBody,
  type DelayUpdateBody,
  type FetchlogsEnhancedUpdateBody,
  type FilenamePrefixUpdateBody,
  type FixedInternetDelayUpdateBody,
  type IpInputStreamUpdateBody,
  type IpPipeUpdateBody,
  type MultipleCameraChannelUpdateBody,
  type MultipleCameraModeUpdateBody,
  type MultipleCameraUpdateBody,
  type NtpTimecodeUpdateBody,
  type OperationalModeUpdateBody,
  type SingleCameraUpdateBody,
  type StoreAndForwardQualityUpdateBody,
  type SwitcherChannelUpdateBody,
  type SwitcherModeUpdateBody,
  type SwitcherSdiInputUpdateBody,
  type TransmissionModeUpdateBody,
  type UnitConfiguration,
  type UnitSetting,
  UnitTypeGroup,
  type VideoReturnUpdateBody,
  type VrChannelSelectedUpdateBody,
  RULES,
} from '@fleet/contracts';
import {
  isBusy,
  isFilenamePrefixTaken,
  isStreaming,
  resolutionLicenceProblem,
  transmissionModeProblem,
  validateDelay,
  workingModeProblem,
} from '@fleet/domain';
import { AppError } from '../../errors.js';
import { unitCapabilities, unitLicense } from '../../platform/storage/unit-columns.js';
import { bodyProblem } from '../../errors.js';
import { unitConfiguration } from '../../platform/storage/unit-columns.js';
import { callsOf } from '../../calls.js';
import { SettingUpdates, withoutVersion, type Body } from './update-plan.js';
import * as repo from './repository.js';

export class UnitUpdates extends SettingUpdates {
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
        this.throwProblem(
          transmissionModeProblem(body.transmissionMode, unitCapabilities.read(unit.capabilities), await this.devices.licences(unit)),
          'transmissionMode',
        );
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
        this.throwProblem(workingModeProblem(body.workingMode, await this.devices.licences(unit)), 'workingMode');
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
      change: SettingUpdates.mergeKey('databridge', setting),
    });
  }

  /** PUT videoreturn: "No Video Return licenses" without one. */
  updateVideoReturn(id: string, body: Body<typeof VideoReturnUpdateBody>): Promise<UnitConfiguration> {
    const setting = withoutVersion(body);
    return this.apply(id, 'videoReturn', body.version, {
      device: setting,
      check: (unit) => this.requireLicence(unit, 'videoReturn'),
      change: SettingUpdates.mergeKey('videoReturn', setting),
    });
  }

  /** PUT vrChannels/selected: a video return channel of the unit's inventories (or none). */
  updateSelectedVrChannel(id: string, body: Body<typeof VrChannelSelectedUpdateBody>): Promise<UnitConfiguration> {
    return this.apply(id, 'vrChannelSelected', body.version, {
      device: { vrChannelId: body.vrChannelId },
      check: async (unit) => {
        await this.requireLicence(unit, 'videoReturn');
        if (body.vrChannelId === null) return;
        if (!this.devices.vrChannelOf(unit, body.vrChannelId)) throw bodyProblem('vrChannelId', RULES.notOfUnit);
      },
      change: SettingUpdates.mergeKey('vrChannels', { selected: body.vrChannelId }),
    });
  }

  /** PUT multiplecamera: licence, channels of the unit's inventories; labels become the unit's camera labels. */
  updateMultipleCamera(id: string, body: Body<typeof MultipleCameraUpdateBody>): Promise<UnitConfiguration> {
    const setting = withoutVersion(body);
    return this.apply(id, 'multiCamera', body.version, {
      device: setting,
      check: async (unit) => {
        await this.requireLicence(unit, 'multiCamera');
        await this.devices.requireChannels(unit, 'customSelectedChannels', body.customSelectedChannels);
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
        await this.devices.requireChannel(unit, body.channelId, 'channelId');
      },
      change: SettingUpdates.mergeKey('multiCamera', { channel: body.channelId }),
    });
  }

  updateMultipleCameraMode(id: string, body: Body<typeof MultipleCameraModeUpdateBody>): Promise<UnitConfiguration> {
    return this.apply(id, 'multiCameraMode', body.version, {
      device: { mode: body.mode },
      check: (unit) => this.requireLicence(unit, 'multiCamera'),
      change: SettingUpdates.mergeKey('multiCamera', { mode: body.mode }),
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
      change: SettingUpdates.mergeKey('singleCamera', setting),
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
        await this.devices.requireChannel(unit, body.highQualityChannel, 'highQualityChannel');
        if (body.proxyChannel) await this.devices.requireChannel(unit, body.proxyChannel, 'proxyChannel');
      },
      change: SettingUpdates.mergeKey('switcher', switcher),
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
        await this.devices.requireChannel(unit, body.channelId, 'channelId');
        if (unitConfiguration.read(unit.configuration).switcher?.[other] === body.channelId) throw bodyProblem('channelId', VALIDATION.proxySameAsHighQuality);
      },
      change: SettingUpdates.mergeKey('switcher', { [key]: body.channelId }),
    });
  }

  updateSwitcherSdiInput(id: string, body: Body<typeof SwitcherSdiInputUpdateBody>): Promise<UnitConfiguration> {
    return this.apply(id, 'switcherSdiInput', body.version, {
      device: { inputSdi: body.inputSdi },
      check: (unit) => this.requireLicence(unit, 'multiCamera'),
      change: SettingUpdates.mergeKey('switcher', { inputSdi: body.inputSdi }),
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
        const hub = await this.devices.serverOfChannel(unit.selectedChannelId);
        if (!prefix || !hub) return;
        const others = await repo.findOtherUnitsWithPrefix(this.deps.db, unit.id, prefix);
        const onHub = (channelId: string | null) => channelId !== null && this.deps.readModel.channels.get(channelId)?.serverId === hub;
        const prefixesOnHub = others.filter((o) => onHub(o.selectedChannelId)).map((o) => o.filenamePrefix);
        if (isFilenamePrefixTaken(prefix, prefixesOnHub)) throw bodyProblem('filenamePrefix', VALIDATION.filenamePrefixUnique);
      },
      change: (c) => ({ configuration: c, columns: { filenamePrefix: prefix } }),
    });
  }

  updateNtpTimecode(id: string, body: Body<typeof NtpTimecodeUpdateBody>): Promise<UnitConfiguration> {
    const setting = { enabled: body.enabled, server: body.server ?? null };
    return this.apply(id, 'ntpTimecode', body.version, { device: setting, change: SettingUpdates.mergeKey('ntpTimecode', setting) });
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
        this.devices.requireCapability(unit, 'ipPipe');
        if (!body.serverId) return;
        if (!this.devices.serverOf(unit, body.serverId)) throw bodyProblem('serverId', RULES.notOfUnit);
      },
      change: SettingUpdates.mergeKey('ipPipe', setting),
    });
  }

  updateFetchlogsEnhanced(id: string, body: Body<typeof FetchlogsEnhancedUpdateBody>): Promise<UnitConfiguration> {
    return this.apply(id, 'fetchlogsEnhanced', body.version, {
      device: { enhanced: body.enabled },
      change: SettingUpdates.mergeKey('fetchlogs', { enhanced: body.enabled }),
    });
  }

  /** PUT v0 storeandforward_quality: the recording profile (column and configuration). */
  updateStoreAndForwardQuality(id: string, body: Body<typeof StoreAndForwardQualityUpdateBody>): Promise<UnitConfiguration> {
    return this.apply(id, 'storeAndForwardQuality', body.version, {
      device: { quality: body.quality },
      change: (c) => ({ configuration: { ...c, storeAndForwardVideoQualityV2: body.quality }, columns: { storeAndForwardVideoQuality: body.quality } }),
    });
  }
}

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
  updateUnitSelectedVrChannel: (s, { params, body }) => s.updateSelectedVrChannel(params.id, body),
  updateUnitFetchlogsEnhanced: (s, { params, body }) => s.updateFetchlogsEnhanced(params.id, body),
  updateUnitStoreAndForwardQuality: (s, { params, body }) => s.updateStoreAndForwardQuality(params.id, body),
});
