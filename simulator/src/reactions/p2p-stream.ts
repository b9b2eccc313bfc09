/**
 * A master unit's point-to-point streaming (spec 001 §7 Point-to-point): the unit starts streaming
 * to the link's machines when it is online and idle, and refuses otherwise ("Selected channel busy
 * or offline" when off, "Unit is busy" while it runs an activity or streams another link).
 */
import type { UnitDeviceActionPayload } from '@fleet/contracts';
import { isBusy } from '@fleet/domain';
import type { UnitDevice } from '../device.js';
import { accepted, refused, type Reaction } from '../reaction.js';

export function startP2pStream(d: UnitDevice, p: UnitDeviceActionPayload<'startP2pStream'>): Reaction {
  if (!d.online) return refused('UNIT_OFFLINE');
  if (d.p2pLinkId === p.linkId) return accepted;
  if (d.p2pLinkId !== null || isBusy(d.applications)) return refused('UNIT_BUSY');
  d.p2pLinkId = p.linkId;
  return accepted;
}

/** Stopping a link the unit does not stream is already done. */
export function stopP2pStream(d: UnitDevice, p: UnitDeviceActionPayload<'stopP2pStream'>): Reaction {
  if (!d.online) return refused('UNIT_OFFLINE');
  if (d.p2pLinkId === p.linkId) d.p2pLinkId = null;
  return accepted;
}
