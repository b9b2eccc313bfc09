/**
 * What a recording saw of units' configuration and servers' configuration tabs (pure; part of
 * mock/fleet-capture.ts). Each answer comes parsed with its call's answer schema; it gives the
 * stored columns it shows and a patch of the stored configuration (Unit.configuration,
 * Server.configuration), laid field by field on what was seen before (the last word stands) and,
 * by an import, on what the mock has. Secrets are never answered (an IP input's passphrase, Wi-Fi
 * and APN passwords: the mock keeps its own); a value that reads `[redacted]` is left out.
 */
import type { IpPipeSettings, ServerConfiguration, SmpteSettings, UnitConfiguration } from '@fleet/contracts';
import { isRow, mergeDeep, withoutSecrets, type Row } from './fleet-capture-columns.js';

/** A unit's or server's configuration as the recording last saw it. */
export interface CapturedConfiguration {
  id: string;
  /** Stored columns the configuration answers showed (the unit's or server's own). */
  columns: Record<string, unknown>;
  /** A patch of the stored configuration JSON (objects merge key by key; arrays replace). */
  configuration: Row;
}

function configurationOf(map: Map<string, CapturedConfiguration>, id: string): CapturedConfiguration {
  let c = map.get(id);
  if (!c) map.set(id, (c = { id, columns: {}, configuration: {} }));
  return c;
}

/** Lay what an answer showed on what was seen before (secrets left out). */
function lay(c: CapturedConfiguration, columns: Row, configuration: Row): void {
  const cols = withoutSecrets(columns);
  const cfg = withoutSecrets(configuration);
  if (isRow(cols)) Object.assign(c.columns, cols);
  if (isRow(cfg)) c.configuration = mergeDeep(c.configuration, cfg);
}

const noNulls = (r: Row): Row => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== null));

/**
 * A unit's configuration (GET v2/units/{id}/configurationV2 and every unit update's answer, the
 * `unit.configuration` event): the settings as Unit.configuration stores them, and the unit's own
 * columns among them. The alerts setting is the alerts kind's (only its mode is a unit column).
 */
export function captureUnitConfiguration(map: Map<string, CapturedConfiguration>, c: UnitConfiguration): void {
  const columns: Row = {
    storeAndForwardVideoQuality: c.storeAndForwardVideoQualityV2,
    filenamePrefix: c.filenamePrefix,
    transmissionMode: c.transmissionMode,
    workingMode: c.workingMode,
    selectedChannelId: c.selectedChannelId,
    multiCameraLabels: c.multiCameraLabels,
    alertsConfigMode: c.alerts.mode,
    version: c.version,
  };
  const configuration: Row = {
    delay: c.delay,
    delayMode: c.delayMode,
    virtualChannelName: c.virtualChannelName,
    paths: c.paths,
    files: c.files,
    port: c.port,
    forceScanNow: c.forceScanNow,
    audio: c.audio,
    bandwidth: c.bandwidth,
    pairingCodeMode: c.pairingCodeMode,
    switcher: c.switcher,
    multiCamera: c.multiCamera,
    singleCamera: c.singleCamera,
    databridge: c.databridge,
    videoReturn: { enabled: c.videoReturn.enabled, output: c.videoReturn.output },
    vrChannels: { selected: c.videoReturn.selectedVrChannelId },
    ntpTimecode: c.ntpTimecode,
    fixedInternetDelay: c.fixedInternetDelay,
    // `hasPassphrase` only: the passphrase itself is never answered (the mock keeps its own).
    ipInput: { enabled: c.ipInput.enabled, protocol: c.ipInput.protocol, port: c.ipInput.port, latencyMs: c.ipInput.latencyMs },
    ipPipe: { enabled: c.ipPipe.enabled, serverId: c.ipPipe.serverId, port: c.ipPipe.port },
    intercoms: c.intercoms,
    audioJacks: c.audioJacks,
    // An interface's unset values answer null: stored, they are absent.
    network: { interfaces: Object.fromEntries(c.interfaces.map(({ port, ...i }) => [String(port), noNulls(i)])) },
    fetchlogs: c.fetchlogs,
    settings: { outputChannel: c.settings.outputChannel, multiChannel: c.settings.multiChannel },
    metadata: c.metadata,
    ifb: c.ifb,
    ancillaryData: c.ancillaryData,
    shootingMode: c.shootingMode,
    encoder: c.encoder,
    videoComplexity: c.videoComplexity,
    wifi: c.wifi,
    cellular: c.cellular,
  };
  lay(configurationOf(map, c.unitUniqueId), columns, configuration);
}

/** Unit columns another answer showed (a unit's alerts configuration mode). */
export function captureUnitColumns(map: Map<string, CapturedConfiguration>, unitId: string, columns: Row): void {
  lay(configurationOf(map, unitId), columns, {});
}

/** A multimedia hub's or video return server's configuration tab (GET/POST mmhservers|vrservers/{id}/configuration). */
export function captureServerConfiguration(map: Map<string, CapturedConfiguration>, c: ServerConfiguration): void {
  const columns: Row = {
    maxChannels: c.maxChannels,
    webrtcPort: c.webrtcPort,
    publishingMode: c.publishingMode,
    genlockOffset: c.genlockOffset,
    version: c.version,
    // A video return server's answer says null: it has no IFB mode to tell.
    ...(c.serverType === 'mmh_server' ? { ifbMode: c.ifbMode } : {}),
  };
  const configuration: Row = { registrationServer: c.registrationServer, registrationServerPort: c.registrationServerPort, certificates: c.certificates };
  lay(configurationOf(map, c.serverId), columns, configuration);
}

/** A multimedia hub's SMPTE 2110 tab (GET/PUT mmhservers/{id}/configuration/smpte). */
export function captureServerSmpte(map: Map<string, CapturedConfiguration>, s: SmpteSettings): void {
  lay(
    configurationOf(map, s.serverId),
    { genlockOffset: s.genlockOffset, version: s.version },
    { smpte: { primary: s.primary, secondary: s.secondary, ptpDomain: s.ptpDomain } },
  );
}

/**
 * A multimedia hub's IP pipe tab (GET/POST/PUT mmhservers/{id}/configuration/ippipe). Settings not
 * configured tell nothing to add; the server list only when the page held all of it.
 */
export function captureServerIpPipe(map: Map<string, CapturedConfiguration>, p: IpPipeSettings): void {
  if (!p.configured) return;
  const whole = p.offset === 0 && p.servers.length === p.serverCount;
  const ipPipe: Row = { enabled: p.enabled, port: p.port, bitrateKbps: p.bitrateKbps, state: p.state, ...(whole ? { servers: p.servers } : {}) };
  lay(configurationOf(map, p.serverId), { version: p.version }, { ipPipe });
}
