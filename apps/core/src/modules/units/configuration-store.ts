/**
 * The unit configuration in storage (Unit.configuration, one key per setting, plus the Unit
 * columns lists need) and the UnitConfiguration every update answers (spec 000 §3 "Unit
 * configuration fields"). Saving one setting is a read-modify-write under the unit's `version`:
 * with a version from the caller a stale one answers 409; without, concurrent updates of different
 * settings are retried until both land.
 */
import {
  ALERT_TYPES,
  AlertConfigMode,
  BANDWIDTH_CAP_OPTIONS,
  DEFAULT_ALERT_TYPE_SETTINGS,
  LIMITS,
  StoreAndForwardProfile,
  TransmissionMode,
  WorkingMode,
  type Applications,
  type UnitConfiguration,
  type UnitSetting,
} from '@fleet/contracts';
import { forcesWiredLink, isLowDelay } from '@fleet/domain';
import { transaction, type DbTx } from '@fleet/db';
import { AppError } from '../../errors.js';
import type { ReadModel } from '../../platform/storage/read-model.js';
import type { ServiceDeps } from '../deps.js';
import type { UnitService } from './units.js';
import { unitConfiguration, unitMultiCameraLabels, type StoredUnitConfiguration } from '../../platform/storage/unit-columns.js';
import { ipPipeStateOf, type DeviceUnit } from './unit-devices.js';
import { resolveAlertConfiguration } from '../alerts/alert-configuration.js';
import type { SettingChange } from './setting-change.js';
import { alertTypeSettings } from '../alerts/alert-columns.js';
import { oneOf, parseOr } from '../../platform/storage/json-column.js';
import * as repo from './repository.js';

/** Attempts of a read-modify-write without a caller's version before answering 409. */
const SAVE_ATTEMPTS = 8;

export type AlertsSetting = UnitConfiguration['alerts'];

/** What the store uses: storage, the read model (its unit rows make the save's write), the unit index, the hub. */
export type ConfigStoreDeps = Pick<ServiceDeps, 'db' | 'index' | 'hub' | 'clock'> & {
  readModel: Pick<ReadModel, 'groups' | 'units' | 'unitRows' | 'alertConfigurationOf'>;
};

export class ConfigStore {
  constructor(
    private readonly deps: ConfigStoreDeps,
    /** Announces the unit row a setting changed (`unit.updated`). */
    private readonly units: Pick<UnitService, 'announce'>,
  ) {}

  /**
   * Change stored configuration keys that are not a setting users edit (external streams,
   * pairing): the same read-modify-write as `save`, without a caller's version and without the
   * configuration events.
   */
  async modify(id: string, change: (configuration: StoredUnitConfiguration) => StoredUnitConfiguration): Promise<void> {
    await this.save(id, null, undefined, (c) => ({ configuration: change(c) }));
  }

  /**
   * Save one setting: `change` gets the stored configuration and the unit row and returns the
   * new configuration and columns; `alongside` writes related rows in the same transaction (alert
   * configuration). Publishes `unit.configuration` and `unit.updated`; answers the configuration.
   */
  async save(
    id: string,
    setting: UnitSetting | null,
    version: number | undefined,
    change: (configuration: StoredUnitConfiguration, unit: DeviceUnit) => SettingChange,
    alongside?: (tx: DbTx, unit: DeviceUnit) => Promise<void>,
  ): Promise<UnitConfiguration> {
    for (let attempt = 0; ; attempt++) {
      // First from the read model (current as of this instance's last commit); the update below
      // is conditional on its version, so a row another instance has just changed only costs a
      // second attempt, which reads storage.
      const fromReadModel = attempt === 0;
      const write = async (tx: DbTx | null): Promise<'saved' | 'stale' | 'lost'> => {
        const unit: DeviceUnit | null = fromReadModel ? (this.deps.readModel.units.get(id) ?? null) : await repo.findDeviceUnit(tx ?? this.deps.db, id);
        if (!unit) throw new AppError('NOT_FOUND');
        if (version !== undefined && unit.version !== version) {
          if (fromReadModel) return 'stale';
          throw new AppError('CONFLICT');
        }
        const next = change(unitConfiguration.read(unit.configuration), unit);
        // The repository's statement, without Prisma's pipeline (inside the transaction when there is one).
        const matched = await this.deps.readModel.unitRows.update(
          { id, version: unit.version },
          { ...(next.configuration ? { configuration: unitConfiguration.write(next.configuration) } : {}), ...next.columns },
          { incrementVersion: true },
        );
        if (!matched) return fromReadModel ? 'stale' : 'lost';
        if (alongside && tx) await alongside(tx, unit);
        return 'saved';
      };
      // The save alone is one conditional statement, atomic by itself; rows written alongside it
      // share a transaction with it.
      const saved = alongside ? await transaction(this.deps.db, (tx) => write(tx)) : await write(null);
      if (saved === 'saved') break;
      if (saved === 'lost' && (version !== undefined || attempt + 1 >= SAVE_ATTEMPTS)) throw new AppError('CONFLICT');
    }
    const configuration = await this.configurationOf(id);
    if (setting !== null) await this.announce(id, setting, configuration);
    return configuration;
  }

  /** Tell subscribers: the configuration (unit.configuration) and the unit row (unit.updated: version, modes). */
  async announce(id: string, setting: UnitSetting, configuration: UnitConfiguration): Promise<void> {
    this.deps.hub.publish(this.deps.index.topicsOf(id), { type: 'unit.configuration', unitId: id, setting, configuration, at: this.deps.clock.now() });
    await this.units.announce(id);
  }

  /** The unit's configuration as answered (stored values, defaults, live IP pipe state). */
  async configurationOf(id: string): Promise<UnitConfiguration> {
    // The read model holds the unit as committed (a save's own write included).
    const unit: DeviceUnit | undefined = this.deps.readModel.units.get(id);
    if (!unit) throw new AppError('NOT_FOUND');
    const alerts = await this.alertsOf(unit);
    return buildConfiguration(unit, alerts, this.deps.index.applicationsOf(id));
  }

  /** The alerts setting in force, as the unit's configuration shows it (alert-configuration.ts resolves which one). */
  async alertsOf(unit: Pick<DeviceUnit, 'id' | 'alertsConfigMode'>): Promise<AlertsSetting> {
    const mode = parseOr(AlertConfigMode, unit.alertsConfigMode, 'automatic');
    const { groupId, row } = await resolveAlertConfiguration(this.deps.readModel, unit.id, mode);
    const stored = alertTypeSettings.read(row.alerts);
    // One entry per ALERT_TYPES value: Object.fromEntries loses the key type, restored here.
    const alerts = Object.fromEntries(
      ALERT_TYPES.map((t) => {
        const a = stored[t];
        return [t, { enabled: a?.enabled ?? DEFAULT_ALERT_TYPE_SETTINGS[t].enabled, level: a?.level ?? DEFAULT_ALERT_TYPE_SETTINGS[t].level }];
      }),
    ) as AlertsSetting['alerts'];
    const recipients = row.recipients
      .map((r) => ({ alertType: oneOf([...ALERT_TYPES, 'all'] as const, r.alertType, 'all'), email: r.email, verified: r.verified }))
      .sort((a, b) => a.email.localeCompare(b.email) || a.alertType.localeCompare(b.alertType));
    return { mode, groupId, alerts, recipients };
  }
}

/** A cap in kbps as a cap option (spec 000 §9): none → disabled, a preset's value → it, else custom. */
export function capOptionOf(kbps: number | null): UnitConfiguration['network']['capping'] {
  if (kbps === null || kbps <= 0) return { option: 'disabled', mbps: null };
  const preset = BANDWIDTH_CAP_OPTIONS.find((o) => o !== 'disabled' && o !== 'custom' && Math.round(Number(o) * 1000) === kbps);
  return { option: preset ?? 'custom', mbps: kbps / 1000 };
}

function buildConfiguration(unit: DeviceUnit, alerts: AlertsSetting, apps: Applications): UnitConfiguration {
  const c = unitConfiguration.read(unit.configuration);
  const delay = c.delay ?? null;
  const cellularKbps = c.bandwidth?.cellular ?? null;
  const labels = unitMultiCameraLabels.read(unit.multiCameraLabels);
  const multiCamera = c.multiCamera ?? {};
  const singleCamera = c.singleCamera ?? {};
  const switcher = c.switcher ?? {};
  const ipInput = c.ipInput ?? {};
  const ipPipe = c.ipPipe ?? {};
  return {
    unitUniqueId: unit.id,
    version: unit.version,
    storeAndForwardVideoQualityV2: parseOr(StoreAndForwardProfile, unit.storeAndForwardVideoQuality, 'standard_h264'),
    delay,
    delayMode: c.delayMode ?? (delay !== null && isLowDelay(delay) ? 'subSecond' : 'normal'),
    forcesWiredLink: delay !== null && forcesWiredLink(delay),
    virtualChannelName: c.virtualChannelName ?? '',
    paths: c.paths ?? [],
    files: c.files ?? [],
    port: c.port ?? null,
    forceScanNow: c.forceScanNow ?? false,
    audio: {
      input: c.audio?.input ?? 'sdi',
      channels: c.audio?.channels ?? LIMITS.audioEncodingChannels,
      bitrateKbps: oneOf<number>(LIMITS.audioEncodingKbps, c.audio?.bitrateKbps, LIMITS.audioEncodingKbps[1]),
      gainDb: c.audio?.gainDb ?? 0,
    },
    bandwidth: { cellular: cellularKbps, total: c.bandwidth?.total ?? null, priorityLimits: c.bandwidth?.priorityLimits ?? [] },
    alerts,
    pairingCodeMode: c.pairingCodeMode ?? false,
    multiCameraLabels: labels,
    switcher: {
      mode: switcher.mode ?? null,
      highQualityChannel: switcher.highQualityChannel ?? null,
      proxyChannel: switcher.proxyChannel ?? null,
      inputSdi: switcher.inputSdi ?? null,
    },
    selectedChannelId: unit.selectedChannelId,
    filenamePrefix: unit.filenamePrefix,
    transmissionMode: parseOr(TransmissionMode, unit.transmissionMode, 'live'),
    workingMode: parseOr(WorkingMode, unit.workingMode, 'video'),
    multiCamera: {
      numberOfFeeds: multiCamera.numberOfFeeds ?? Math.max(1, Math.min(labels.length, LIMITS.multiCameraMaxCameras)),
      channelSelectionMode: multiCamera.channelSelectionMode ?? 'automatic',
      customSelectedChannels: multiCamera.customSelectedChannels ?? [],
      channel: multiCamera.channel ?? null,
      mode: multiCamera.mode ?? 'highQuality',
      cameras: multiCamera.cameras
        ? multiCamera.cameras.map((cam, i) => ({ label: cam.label ?? '', priority: cam.priority ?? i + 1 }))
        : labels.slice(0, LIMITS.multiCameraMaxCameras).map((label, i) => ({ label, priority: i + 1 })),
      maxBandwidthMbps: multiCamera.maxBandwidthMbps ?? null,
    },
    singleCamera: {
      resolution: singleCamera.resolution ?? 1080,
      colourDepth: oneOf<number>(LIMITS.colourDepths, singleCamera.colourDepth, LIMITS.colourDepths[0]),
      maxBandwidthMbps: singleCamera.maxBandwidthMbps ?? null,
    },
    databridge: { enabled: c.databridge?.enabled ?? false, bridgeMode: c.databridge?.bridgeMode ?? 'layer2' },
    videoReturn: {
      enabled: c.videoReturn?.enabled ?? false,
      output: c.videoReturn?.output ?? 'sdi',
      selectedVrChannelId: c.vrChannels?.selected ?? null,
    },
    ntpTimecode: { enabled: c.ntpTimecode?.enabled ?? false, server: c.ntpTimecode?.server ?? null },
    fixedInternetDelay: c.fixedInternetDelay ?? null,
    ipInput: {
      enabled: ipInput.enabled ?? false,
      protocol: ipInput.protocol ?? null,
      port: ipInput.port ?? null,
      latencyMs: ipInput.latencyMs ?? null,
      hasPassphrase: ipInput.passphrase !== undefined,
    },
    ipPipe: { enabled: ipPipe.enabled ?? false, serverId: ipPipe.serverId ?? null, port: ipPipe.port ?? null, state: ipPipeStateOf(apps) },
    intercoms: [0, 1].map((i) => {
      const ic = c.intercoms?.[i] ?? {};
      return {
        mode: ic.mode ?? (i === 0 ? 'audioRoom' : 'targetChannel'),
        audioRoomId: ic.audioRoomId ?? null,
        targetChannelId: ic.targetChannelId ?? null,
        destinationAccount: ic.destinationAccount ?? null,
      };
    }),
    audioJacks: (c.audioJacks ?? []).map((j) => ({ jack: j.jack, intercom: j.intercom ?? null, volume: j.volume ?? 0, muted: j.muted ?? false })),
    interfaces: Object.entries(c.network?.interfaces ?? {})
      .map(([port, i]) => ({
        port: Number(port),
        enabled: i.enabled ?? null,
        networkMode: i.networkMode ?? null,
        roamingAllowed: i.roamingAllowed ?? null,
        apns: (i.apns ?? []).map((a) => ({ slot: a.slot ?? 1, apn: a.apn ?? '', username: a.username ?? '', authProtocol: a.authProtocol ?? 'none' })),
        forceScanNow: i.forceScanNow ?? false,
        ipMode: i.ipMode ?? null,
        ip: i.ip ?? null,
        subnetMask: i.subnetMask ?? null,
        gateway: i.gateway ?? null,
      }))
      .filter((i) => Number.isInteger(i.port))
      .sort((a, b) => a.port - b.port),
    network: { capping: capOptionOf(cellularKbps) },
    fetchlogs: { enhanced: c.fetchlogs?.enhanced ?? false },
    settings: { outputChannel: c.settings?.outputChannel ?? null, multiChannel: c.settings?.multiChannel ?? false, machineUid: unit.id },
    metadata: (c.metadata ?? []).map((m) => ({ key: m.key, value: m.value ?? '' })),
    ifb: { delayMs: c.ifb?.delayMs ?? 0, alwaysOn: c.ifb?.alwaysOn ?? false },
    ancillaryData: { enabled: c.ancillaryData?.enabled ?? false, types: c.ancillaryData?.types ?? [] },
    shootingMode: c.shootingMode ?? 'standard',
    encoder: { codec: c.encoder?.codec ?? 'h264', colourDepth: oneOf<number>(LIMITS.colourDepths, c.encoder?.colourDepth, LIMITS.colourDepths[0]) },
    videoComplexity: c.videoComplexity ?? 'medium',
    wifi: { ssid: c.wifi?.ssid ?? null, security: c.wifi?.security ?? null },
    cellular: Object.fromEntries(Object.entries(c.cellular ?? {}).map(([modemId, v]) => [modemId, { network: v.network }])),
  };
}
