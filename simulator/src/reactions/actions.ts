/**
 * Device reactions to unit actions (spec 000 §7 unit actions, deletes, social media and CDN):
 * the payload is parsed and the unit's own method does the rest. Starts and stops pass through
 * connecting / disconnecting (spec 000 §4) on the device's applications; the core derives the
 * unit's status from what the device reports (packages/domain).
 */
import { UnitDeviceAction, UnitDeviceActionPayloads, type UnitDeviceActionPayload } from '@fleet/contracts';
import type { UnitDevice } from '../device.js';
import { accepted, refused, type Reaction } from '../reaction.js';
import type { IntercomSession } from '../unit/state.js';
import { startP2pStream, stopP2pStream } from './p2p-stream.js';

type ActionHandler<A extends UnitDeviceAction> = (device: UnitDevice, payload: UnitDeviceActionPayload<A>) => Reaction;
type ActionHandlers = { [A in UnitDeviceAction]: ActionHandler<A> };

export function reactToAction(device: UnitDevice, action: string, payload: unknown): Reaction {
  const name = UnitDeviceAction.safeParse(action);
  if (!name.success) return refused('FEATURE_DISABLED');
  const parsed = UnitDeviceActionPayloads[name.data].safeParse(payload ?? {});
  if (!parsed.success) return refused('VALIDATION_FAILED');
  // The table pairs each action with the handler of its own payload; TypeScript cannot follow the
  // correlation through the union of keys, so the handler is widened to the parsed payload here.
  const handler = HANDLERS[name.data] as (d: UnitDevice, p: unknown) => Reaction;
  return handler(device, parsed.data);
}

const HANDLERS: ActionHandlers = {
  startMultiCamera: (d) => d.startApp('multiCamera'),
  stopMultiCamera: (d) => d.stopApp('multiCamera'),
  startSwitcher: (d, p) => {
    // One switcher mode at a time.
    if (d.applications[p.mode === 'switcher' ? 'switcherAndProxy' : 'switcher']) return refused('UNIT_BUSY');
    return d.startApp(p.mode);
  },
  stopSwitcher: (d) => {
    d.stopApp('switcher');
    return d.stopApp('switcherAndProxy');
  },
  startDatabridge: (d) => d.startApp('databridge'),
  stopDatabridge: (d) => d.stopApp('databridge'),
  startVideoReturn: (d, p) => d.startApp('videoReturn', { vrChannelId: p.vrChannelId }),
  stopVideoReturn: (d) => d.stopApp('videoReturn'),
  connectIpPipe: (d, p) => d.connectIpPipe(p.serverOnline),
  disconnectIpPipe: (d) => d.disconnectIpPipe(),
  startIntercom: (d, p) => d.sessions.openIntercom(session(p.session), p.mode),
  stopIntercom: (d, p) => d.sessions.closeIntercom(session(p.session)),

  shutdown: (d) => {
    d.shutDown();
    return accepted;
  },

  uploadFiles: (d, p) => d.recording.queueUploads(p.files, p.channelId),
  deleteFiles: (d, p) => d.recording.deleteFiles(p.paths),
  startFetchLogs: (d, p) => d.diagnostics.startFetchLogs(p.channelId),
  stopFetchLogs: (d) => d.diagnostics.stopFetchLogs(),
  unpair: () => accepted,

  startSocialMedia: (d, p) => d.sessions.startExternalStream('social_media', p.destinationId),
  stopSocialMedia: (d) => d.sessions.stopExternalStream('social_media'),
  startCdn: (d, p) => d.sessions.startExternalStream('cdn', p.destinationId),
  stopCdn: (d) => d.sessions.stopExternalStream('cdn'),

  startP2pStream,
  stopP2pStream,
};

/** The payload schema bounds sessions to 1–2. */
function session(n: number): IntercomSession {
  return n === 2 ? 2 : 1;
}
