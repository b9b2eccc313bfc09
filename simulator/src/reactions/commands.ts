/**
 * Device reactions to POST devices/{id}/commands/{command} (spec 000 §7 command kinds): the body
 * is parsed, the link it names found, and the unit's own method does the rest. The
 * acknowledgement is immediate; effects follow on the device's clock and reach the core as state
 * reports (applications), telemetry (links) and device events (speed test, cellular scan).
 */
import { UNIT_COMMAND_BODIES, type UnitCommand } from '@fleet/contracts';
import { validateAudioChannels } from '@fleet/domain';
import type { UnitDevice } from '../device.js';
import type { LinkModel } from '../models/link.js';
import { accepted, acceptedWith, refused, type Reaction } from '../reaction.js';
import type { CommandBody } from '../unit/state.js';
import { record } from './payload.js';

type CommandHandler<K extends UnitCommand> = (device: UnitDevice, payload: CommandBody<K>, raw: unknown) => Reaction;

export function reactToCommand(device: UnitDevice, command: UnitCommand, payload: unknown): Reaction {
  // The core adds the matched file ids to a cancel-file-upload body (`fileIds`); the rest is the user's body.
  const userBody = command === 'cancelFileUpload' ? { files: record(payload).files } : payload;
  const parsed = UNIT_COMMAND_BODIES[command].safeParse(userBody ?? undefined);
  if (!parsed.success) return refused('VALIDATION_FAILED');
  // Each handler takes its own command's payload; TypeScript cannot follow the pairing through the
  // union of keys, so the handler is widened to the parsed payload here.
  const handler = HANDLERS[command] as (d: UnitDevice, p: unknown, raw: unknown) => Reaction;
  return handler(device, parsed.data ?? {}, payload);
}

const HANDLERS: { [K in UnitCommand]: CommandHandler<K> } = {
  setVirtualChannel: (d, p) => d.stream.selectChannel(p.channelId),
  stopStreaming: (d) => d.stream.stopStreaming(),
  reboot: (d) => d.reboot(),

  metadata: (d, p) => {
    d.applySettings({ metadata: p.fields });
    return accepted;
  },

  linkConfiguration: (d, p) => {
    const link = d.links.find((l) => l.id === p.modemId);
    if (!link) return refused('INTERFACE_NOT_PRESENT');
    return p.enabled ? d.linkControl.enableLink(link) : d.linkControl.disableLink(link);
  },

  wifiQuery: (d) => withWifi(d, (wifi) => acceptedWith({ networks: d.linkControl.wifiNetworks(wifi) })),
  wifiConnect: (d, p) => withWifi(d, (wifi) => d.linkControl.joinWifi(wifi, p.ssid, p.security)),
  wifiDisconnect: (d) => withWifi(d, (wifi) => d.linkControl.leaveWifi(wifi)),

  cellularScan: (d, p) => {
    const link = d.links.find((l) => l.id === p.modemId);
    return link ? d.linkControl.startCellularScan(link) : refused('INTERFACE_NOT_PRESENT');
  },
  cellularSelect: (d, p) => withCellular(d, p.modemId, (link) => d.linkControl.selectOperator(link, p.network)),
  activeSim: (d, p) => withCellular(d, p.modemId, (link) => d.linkControl.useSim(link, p.sim)),

  audioParameters: (d, p) => {
    if (validateAudioChannels(p.input, p.channels)) return refused('VALIDATION_FAILED');
    d.applySettings({ audio: { ...d.settings.audio, ...p } });
    return accepted;
  },
  audioBitrate: (d, p) => {
    d.applySettings({ audio: { ...d.settings.audio, bitrateKbps: p.bitrateKbps } });
    return accepted;
  },

  ifbDelay: (d, p) => applied(d, { ifbDelayMs: p.delayMs }),
  ifbAlwaysOn: (d, p) => applied(d, { ifbAlwaysOn: p.enabled }),
  ancillaryData: (d, p) => applied(d, { ancillaryData: p }),
  shootingMode: (d, p) => applied(d, { shootingMode: p.mode }),
  storeAndForwardQuality: (d, p) => applied(d, { storeAndForwardQuality: p.quality }),
  videoComplexity: (d, p) => applied(d, { videoComplexity: p.level }),
  encoder: (d, p) => {
    if (p.codec === 'hevc' && d.spec.capabilities.hevc !== true) return refused('FEATURE_DISABLED');
    return applied(d, { encoder: p });
  },

  cancelFileUpload: (d, p, raw) => {
    d.applySettings({ cancelledUploads: p.files });
    // The core adds the ids of the files it matched (`fileIds`) to the names the user gave.
    const ids = record(raw).fileIds;
    if (Array.isArray(ids)) d.recording.cancelUploads(ids.filter((x): x is string => typeof x === 'string'));
    return accepted;
  },

  speedTest: (d, p) => d.diagnostics.runSpeedTest(p.channelId ?? null, p.timeout),
};

function applied(d: UnitDevice, change: Parameters<UnitDevice['applySettings']>[0]): Reaction {
  d.applySettings(change);
  return accepted;
}

function withWifi(d: UnitDevice, then: (wifi: LinkModel) => Reaction): Reaction {
  const wifi = d.linkControl.linkOfKind('wifi');
  return wifi ? then(wifi) : refused('INTERFACE_NOT_PRESENT');
}

function withCellular(d: UnitDevice, modemId: string, then: (link: LinkModel) => Reaction): Reaction {
  const link = d.links.find((l) => l.id === modemId && l.profile.uiType === 'cell');
  return link ? then(link) : refused('INTERFACE_NOT_PRESENT');
}
