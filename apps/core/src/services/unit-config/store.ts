/**
 * The unit configuration in storage (Unit.configuration, one key per setting, plus the Unit
 * columns lists need) and the UnitConfiguration every update answers (spec 000 §3 "Unit
 * configuration fields"). Saving one setting is a read-modify-write under the unit's `version`:
 * with a version from the caller a stale one answers 409; without, concurrent updates of different
 * settings are retried until both land.
 */
import {
  ALERT_TYPES, AUTH_PROTOCOLS, ANCILLARY_DATA_TYPES, AUDIO_INPUTS, BANDWIDTH_CAP_OPTIONS, CHANNEL_SELECTION_MODES,
  DATABRIDGE_MODES, DEFAULT_ALERT_TYPE_SETTINGS, DELAY_MODES, INTERCOM_MODES, IP_INPUT_PROTOCOLS, IP_MODES, LIMITS,
  MULTI_CAMERA_MODES, NETWORK_MODES, SHOOTING_MODES, STORE_AND_FORWARD_PROFILES, SWITCHER_CONFIG_MODES, TRANSMISSION_MODES,
  VIDEO_CODECS, VIDEO_COMPLEXITIES, VIDEO_RETURN_OUTPUTS, WIFI_SECURITY, WORKING_MODES, ALERT_LEVELS,
  type AlertConfigMode, type Applications, type IpPipeState, type UnitConfiguration, type UnitSetting,
} from '@fleet/contracts';
import { forcesWiredLink, isLowDelay } from '@fleet/domain';
import { transaction, type DbTx } from '@fleet/db';
import { AppError } from '../../errors.js';
import type { ServiceDeps } from '../deps.js';
import { unitConfiguration, type StoredUnitConfiguration } from '../../repositories/unit-columns.js';
import {
  bool, configUnitSelect, int, num, oneOf, record, str, strings, toJson, type ConfigUnit, type SettingChange,
} from './support.js';

/** Attempts of a read-modify-write without a caller's version before answering 409. */
const SAVE_ATTEMPTS = 8;

export type AlertsSetting = UnitConfiguration['alerts'];

export type ConfigStoreDeps = Pick<ServiceDeps, 'db' | 'index' | 'units' | 'hub'>;

export class ConfigStore {
  constructor(private readonly deps: ConfigStoreDeps) {}

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
    change: (configuration: StoredUnitConfiguration, unit: ConfigUnit) => SettingChange,
    alongside?: (tx: DbTx, unit: ConfigUnit) => Promise<void>,
  ): Promise<UnitConfiguration> {
    for (let attempt = 0; ; attempt++) {
      const saved = await transaction(this.deps.db, async (tx) => {
        const unit: ConfigUnit | null = await tx.unit.findUnique({ where: { id }, select: configUnitSelect });
        if (!unit) throw new AppError('NOT_FOUND');
        if (version !== undefined && unit.version !== version) throw new AppError('CONFLICT');
        const next = change(unitConfiguration.read(unit.configuration), unit);
        const { count } = await tx.unit.updateMany({
          where: { id, version: unit.version },
          data: {
            ...(next.configuration ? { configuration: toJson(next.configuration) } : {}),
            ...next.columns,
            version: { increment: 1 },
          },
        });
        if (count === 0) return false;
        if (alongside) await alongside(tx, unit);
        return true;
      });
      if (saved) break;
      if (version !== undefined || attempt + 1 >= SAVE_ATTEMPTS) throw new AppError('CONFLICT');
    }
    const configuration = await this.configurationOf(id);
    if (setting !== null) await this.announce(id, setting, configuration);
    return configuration;
  }

  /** Tell subscribers: the configuration (unit.configuration) and the unit row (unit.updated: version, modes). */
  async announce(id: string, setting: UnitSetting, configuration: UnitConfiguration): Promise<void> {
    this.deps.hub.publish(this.deps.index.topicsOf(id), { type: 'unit.configuration', unitId: id, setting, configuration, at: Date.now() });
    await this.deps.units.announce(id);
  }

  /** The unit's configuration as answered (stored values, defaults, live IP pipe state). */
  async configurationOf(id: string): Promise<UnitConfiguration> {
    const unit: ConfigUnit | null = await this.deps.db.unit.findUnique({ where: { id }, select: configUnitSelect });
    if (!unit) throw new AppError('NOT_FOUND');
    const alerts = await this.alertsOf(unit);
    return buildConfiguration(unit, alerts, this.deps.index.applicationsOf(id));
  }

  /**
   * The alerts setting in force: manual → the unit's own configuration; group → the chosen group's;
   * automatic → the unit's last group's ("inherit from last group": the group it joined last, ties
   * by id); a missing group configuration falls back to the platform default.
   */
  async alertsOf(unit: Pick<ConfigUnit, 'id' | 'alertsConfigMode'>): Promise<AlertsSetting> {
    const mode = oneOf<AlertConfigMode>(['automatic', 'group', 'manual'], unit.alertsConfigMode, 'automatic');
    const own = await this.deps.db.alertConfiguration.findUnique({ where: { unitId: unit.id }, include: { recipients: true } });
    let groupId: string | null = null;
    let source = own;
    if (mode !== 'manual') {
      groupId = mode === 'group' ? (own?.sourceGroupId ?? null) : await this.lastGroupOf(unit.id);
      source = groupId ? await this.deps.db.alertConfiguration.findUnique({ where: { groupId }, include: { recipients: true } }) : null;
      source ??= await this.deps.db.alertConfiguration.findFirst({ where: { scope: 'default' }, include: { recipients: true } });
    }
    const stored = record(source?.alerts);
    // One entry per ALERT_TYPES value: Object.fromEntries loses the key type, restored here.
    const alerts = Object.fromEntries(
      ALERT_TYPES.map((t) => {
        const a = record(stored[t]);
        return [t, { enabled: bool(a.enabled, DEFAULT_ALERT_TYPE_SETTINGS[t].enabled), level: oneOf(ALERT_LEVELS, a.level, DEFAULT_ALERT_TYPE_SETTINGS[t].level) }];
      }),
    ) as AlertsSetting['alerts'];
    const recipients = (source?.recipients ?? [])
      .map((r) => ({ alertType: oneOf([...ALERT_TYPES, 'all'] as const, r.alertType, 'all'), email: r.email, verified: r.verified }))
      .sort((a, b) => a.email.localeCompare(b.email) || a.alertType.localeCompare(b.alertType));
    return { mode, groupId, alerts, recipients };
  }

  /** The group the unit joined last (automatic alerts mode), ties broken by the larger id. */
  async lastGroupOf(unitId: string): Promise<string | null> {
    const link = await this.deps.db.unitGroup.findFirst({ where: { unitId }, orderBy: [{ createdAt: 'desc' }, { groupId: 'desc' }], select: { groupId: true } });
    return link?.groupId ?? null;
  }
}

/** Spec 000 §4 IP pipe states from the l2ControlPipe activity the device reports. */
export function ipPipeStateOf(apps: Applications): IpPipeState {
  const state = apps.l2ControlPipe?.state;
  if (state === undefined) return 'not_connected';
  if (state === 'running') return 'connected';
  if (state === 'connecting') return 'connecting';
  if (state === 'failed') return 'failed';
  return 'disconnecting';
}

/** A cap in kbps as a cap option (spec 000 §9): none → disabled, a preset's value → it, else custom. */
export function capOptionOf(kbps: number | null): UnitConfiguration['network']['capping'] {
  if (kbps === null || kbps <= 0) return { option: 'disabled', mbps: null };
  const preset = BANDWIDTH_CAP_OPTIONS.find((o) => o !== 'disabled' && o !== 'custom' && Math.round(Number(o) * 1000) === kbps);
  return { option: preset ?? 'custom', mbps: kbps / 1000 };
}

function buildConfiguration(unit: ConfigUnit, alerts: AlertsSetting, apps: Applications): UnitConfiguration {
  const c = record(unit.configuration);
  const delay = int(c.delay);
  const audio = record(c.audio);
  const bandwidth = record(c.bandwidth);
  const cellularKbps = num(bandwidth.cellular);
  const switcher = record(c.switcher);
  const labels = strings(unit.multiCameraLabels);
  const multiCamera = record(c.multiCamera);
  const storedCameras = Array.isArray(multiCamera.cameras) ? multiCamera.cameras.map(record) : null;
  const singleCamera = record(c.singleCamera);
  const databridge = record(c.databridge);
  const videoReturn = record(c.videoReturn);
  const ntp = record(c.ntpTimecode);
  const ipInput = record(c.ipInput);
  const ipPipe = record(c.ipPipe);
  const intercoms = Array.isArray(c.intercoms) ? c.intercoms.map(record) : [];
  const network = record(c.network);
  const settings = record(c.settings);
  const ifb = record(c.ifb);
  const ancillary = record(c.ancillaryData);
  const encoder = record(c.encoder);
  const wifi = record(c.wifi);
  return {
    unitUniqueId: unit.id,
    version: unit.version,
    storeAndForwardVideoQualityV2: oneOf(STORE_AND_FORWARD_PROFILES, unit.storeAndForwardVideoQuality, 'standard_h264'),
    delay,
    delayMode: oneOf(DELAY_MODES, c.delayMode, delay !== null && isLowDelay(delay) ? 'subSecond' : 'normal'),
    forcesWiredLink: delay !== null && forcesWiredLink(delay),
    virtualChannelName: str(c.virtualChannelName) ?? '',
    paths: strings(c.paths),
    files: strings(c.files),
    port: int(c.port),
    forceScanNow: bool(c.forceScanNow, false),
    audio: {
      input: oneOf(AUDIO_INPUTS, audio.input, 'sdi'),
      channels: int(audio.channels) ?? LIMITS.audioEncodingChannels,
      bitrateKbps: oneOf<number>(LIMITS.audioEncodingKbps, audio.bitrateKbps, LIMITS.audioEncodingKbps[1]),
      gainDb: num(audio.gainDb) ?? 0,
    },
    bandwidth: {
      cellular: cellularKbps,
      total: num(bandwidth.total),
      priorityLimits: (Array.isArray(bandwidth.priorityLimits) ? bandwidth.priorityLimits.map(record) : []).flatMap((p) => {
        const priority = int(p.priority);
        const kbps = num(p.kbps);
        return priority !== null && kbps !== null ? [{ priority, kbps }] : [];
      }),
    },
    alerts,
    pairingCodeMode: bool(c.pairingCodeMode, false),
    multiCameraLabels: labels,
    switcher: {
      mode: str(switcher.mode) !== null ? oneOf<(typeof SWITCHER_CONFIG_MODES)[number]>(SWITCHER_CONFIG_MODES, switcher.mode, 'switcher') : null,
      highQualityChannel: str(switcher.highQualityChannel),
      proxyChannel: str(switcher.proxyChannel),
      inputSdi: int(switcher.inputSdi),
    },
    selectedChannelId: unit.selectedChannelId,
    filenamePrefix: unit.filenamePrefix,
    transmissionMode: oneOf(TRANSMISSION_MODES, unit.transmissionMode, 'live'),
    workingMode: oneOf(WORKING_MODES, unit.workingMode, 'video'),
    multiCamera: {
      numberOfFeeds: int(multiCamera.numberOfFeeds) ?? Math.max(1, Math.min(labels.length, LIMITS.multiCameraMaxCameras)),
      channelSelectionMode: oneOf(CHANNEL_SELECTION_MODES, multiCamera.channelSelectionMode, 'automatic'),
      customSelectedChannels: strings(multiCamera.customSelectedChannels),
      channel: str(multiCamera.channel),
      mode: oneOf(MULTI_CAMERA_MODES, multiCamera.mode, 'highQuality'),
      cameras: storedCameras
        ? storedCameras.map((cam, i) => ({ label: str(cam.label) ?? '', priority: int(cam.priority) ?? i + 1 }))
        : labels.slice(0, LIMITS.multiCameraMaxCameras).map((label, i) => ({ label, priority: i + 1 })),
      maxBandwidthMbps: num(multiCamera.maxBandwidthMbps),
    },
    singleCamera: {
      resolution: int(singleCamera.resolution) ?? 1080,
      colourDepth: oneOf<number>(LIMITS.colourDepths, singleCamera.colourDepth, LIMITS.colourDepths[0]),
      maxBandwidthMbps: num(singleCamera.maxBandwidthMbps),
    },
    databridge: { enabled: bool(databridge.enabled, false), bridgeMode: oneOf(DATABRIDGE_MODES, databridge.bridgeMode, 'layer2') },
    videoReturn: {
      enabled: bool(videoReturn.enabled, false),
      output: oneOf(VIDEO_RETURN_OUTPUTS, videoReturn.output, 'sdi'),
      selectedVrChannelId: str(record(c.vrChannels).selected),
    },
    ntpTimecode: { enabled: bool(ntp.enabled, false), server: str(ntp.server) },
    fixedInternetDelay: int(c.fixedInternetDelay),
    ipInput: {
      enabled: bool(ipInput.enabled, false),
      protocol: str(ipInput.protocol) !== null ? oneOf(IP_INPUT_PROTOCOLS, ipInput.protocol, 'srt') : null,
      port: int(ipInput.port),
      latencyMs: int(ipInput.latencyMs),
      hasPassphrase: typeof ipInput.passphrase === 'string',
    },
    ipPipe: { enabled: bool(ipPipe.enabled, false), serverId: str(ipPipe.serverId), port: int(ipPipe.port), state: ipPipeStateOf(apps) },
    intercoms: [0, 1].map((i) => {
      const ic = intercoms[i] ?? {};
      return {
        mode: oneOf(INTERCOM_MODES, ic.mode, i === 0 ? 'audioRoom' : 'targetChannel'),
        audioRoomId: str(ic.audioRoomId),
        targetChannelId: str(ic.targetChannelId),
        destinationAccount: str(ic.destinationAccount),
      };
    }),
    audioJacks: (Array.isArray(c.audioJacks) ? c.audioJacks.map(record) : []).flatMap((j) => {
      const jack = int(j.jack);
      return jack === null ? [] : [{ jack, intercom: int(j.intercom), volume: int(j.volume) ?? 0, muted: bool(j.muted, false) }];
    }),
    interfaces: Object.entries(record(network.interfaces))
      .map(([port, v]) => {
        const i = record(v);
        return {
          port: Number(port),
          enabled: typeof i.enabled === 'boolean' ? i.enabled : null,
          networkMode: str(i.networkMode) !== null ? oneOf(NETWORK_MODES, i.networkMode, '3G/4G/5G') : null,
          roamingAllowed: typeof i.roamingAllowed === 'boolean' ? i.roamingAllowed : null,
          apns: (Array.isArray(i.apns) ? i.apns.map(record) : []).map((a) => ({
            slot: int(a.slot) ?? 1,
            apn: str(a.apn) ?? '',
            username: str(a.username) ?? '',
            authProtocol: oneOf(AUTH_PROTOCOLS, a.authProtocol, 'none'),
          })),
          forceScanNow: bool(i.forceScanNow, false),
          ipMode: str(i.ipMode) !== null ? oneOf(IP_MODES, i.ipMode, 'dhcp') : null,
          ip: str(i.ip),
          subnetMask: str(i.subnetMask),
          gateway: str(i.gateway),
        };
      })
      .filter((i) => Number.isInteger(i.port))
      .sort((a, b) => a.port - b.port),
    network: { capping: capOptionOf(cellularKbps) },
    fetchlogs: { enhanced: bool(record(c.fetchlogs).enhanced, false) },
    settings: { outputChannel: str(settings.outputChannel), multiChannel: bool(settings.multiChannel, false), machineUid: unit.id },
    metadata: (Array.isArray(c.metadata) ? c.metadata.map(record) : []).flatMap((m) => {
      const key = str(m.key);
      return key === null ? [] : [{ key, value: str(m.value) ?? '' }];
    }),
    ifb: { delayMs: int(ifb.delayMs) ?? 0, alwaysOn: bool(ifb.alwaysOn, false) },
    ancillaryData: { enabled: bool(ancillary.enabled, false), types: strings(ancillary.types).filter((t): t is (typeof ANCILLARY_DATA_TYPES)[number] => (ANCILLARY_DATA_TYPES as readonly string[]).includes(t)) },
    shootingMode: oneOf(SHOOTING_MODES, c.shootingMode, 'standard'),
    encoder: { codec: oneOf(VIDEO_CODECS, encoder.codec, 'h264'), colourDepth: oneOf<number>(LIMITS.colourDepths, encoder.colourDepth, LIMITS.colourDepths[0]) },
    videoComplexity: oneOf(VIDEO_COMPLEXITIES, c.videoComplexity, 'medium'),
    wifi: { ssid: str(wifi.ssid), security: str(wifi.security) !== null ? oneOf(WIFI_SECURITY, wifi.security, 'wpa2') : null },
    cellular: Object.fromEntries(
      Object.entries(record(c.cellular)).map(([modemId, v]) => {
        const network = record(v).network;
        const n = record(network);
        return [modemId, { network: network === 'automatic' || str(n.mcc) === null ? ('automatic' as const) : { mcc: str(n.mcc) ?? '', mnc: str(n.mnc) ?? '' } }];
      }),
    ),
  };
}
