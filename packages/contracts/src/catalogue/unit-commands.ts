/**
 * POST devices/{id}/commands/{command} of spec 000 §7, one declaration per command kind: the kind
 * is a literal path segment (the UNIT_COMMANDS value), so each kind has a body schema that fits it.
 * Every command needs a unit the caller controls (UNIT_CONTROL_ROLES; read-only users never
 * command units) and answers UNIT_OFFLINE when the unit is offline.
 */
import type { z } from 'zod';
import type { UnitCommand } from '../enums.js';
import { UNIT_CONTROL_ROLES } from '../roles.js';
import { IdParams } from '../entities/common.js';
import {
  CancelFileUploadResult,
  CellularScanResult,
  SetVirtualChannelResult,
  SpeedTestResult,
  UNIT_COMMAND_BODIES,
  UnitCommandAccepted,
  WifiQueryResult,
} from '../entities/unit-commands.js';
import { endpoint, type EndpointDef } from './define.js';

/** One command kind's declaration. */
function command<const K extends UnitCommand, R extends z.ZodType>(kind: K, summary: string, response: R) {
  return endpoint({
    method: 'POST',
    path: `/devices/{id}/commands/${kind}` as const,
    summary,
    spec: `000 §7 Commands: POST devices/{id}/commands/{command}, command ${kind}`,
    roles: UNIT_CONTROL_ROLES,
    scope: 'unit',
    params: IdParams,
    // Indexing with a generic key widens to the union of bodies; the kind's own body is this one.
    body: UNIT_COMMAND_BODIES[kind] as (typeof UNIT_COMMAND_BODIES)[K],
    response,
  });
}

export const unitCommandEndpoints = {
  commandSetVirtualChannel: command('setVirtualChannel', 'Select the channel the unit transmits to (its virtual channel)', SetVirtualChannelResult),
  commandStopStreaming: command(
    'stopStreaming',
    'Stop every streaming activity of the unit (video, multi camera, switcher); cancels a running speed test',
    UnitCommandAccepted,
  ),
  commandReboot: command('reboot', 'Reboot the unit: offline at once, back after a few seconds', UnitCommandAccepted),
  commandMetadata: command('metadata', 'Set the metadata the unit embeds (no semicolons)', UnitCommandAccepted),
  commandLinkConfiguration: command('linkConfiguration', 'Enable or disable one link (the last connected one cannot be disabled)', UnitCommandAccepted),
  commandWifiQuery: command('wifiQuery', 'List the Wi-Fi networks the unit sees', WifiQueryResult),
  commandWifiConnect: command('wifiConnect', 'Connect the unit’s Wi-Fi to a network', UnitCommandAccepted),
  commandWifiDisconnect: command('wifiDisconnect', 'Disconnect the unit’s Wi-Fi (not the last connected interface)', UnitCommandAccepted),
  commandCellularScan: command('cellularScan', 'Scan the operators a cellular modem sees (1–2 minutes; result as unit.commandResult)', CellularScanResult),
  commandCellularSelect: command('cellularSelect', 'Pin a cellular modem to an operator, or back to automatic', UnitCommandAccepted),
  commandActiveSim: command('activeSim', 'Choose SIM slot A or B of a cellular modem', UnitCommandAccepted),
  commandAudioParameters: command('audioParameters', 'Audio input, channels (4 and above SDI only) and gain', UnitCommandAccepted),
  commandAudioBitrate: command('audioBitrate', 'AAC-LC audio bitrate (96, 128 or 192 kbps)', UnitCommandAccepted),
  commandIfbDelay: command('ifbDelay', 'Delay of the return audio (IFB)', UnitCommandAccepted),
  commandIfbAlwaysOn: command('ifbAlwaysOn', 'Keep the return audio (IFB) open when not streaming', UnitCommandAccepted),
  commandAncillaryData: command('ancillaryData', 'Pass SDI ancillary data through', UnitCommandAccepted),
  commandShootingMode: command('shootingMode', 'The encoder’s scene preset', UnitCommandAccepted),
  commandStoreAndForwardQuality: command('storeAndForwardQuality', 'Store-and-forward recording profile', UnitCommandAccepted),
  commandEncoder: command('encoder', 'Video codec and colour depth', UnitCommandAccepted),
  commandCancelFileUpload: command('cancelFileUpload', 'Cancel the upload of the given files', CancelFileUploadResult),
  commandSpeedTest: command('speedTest', 'Run a speed test towards a channel (channel 7.5.1 or later; outcome as unit.commandResult)', SpeedTestResult),
  commandVideoComplexity: command('videoComplexity', 'How demanding the scene is, for the encoder’s bitrate budget', UnitCommandAccepted),
} as const satisfies Record<string, EndpointDef>;
