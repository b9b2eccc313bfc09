/**
 * What the core should answer, predicted from the simulator's truth: a stream start's answer, and
 * whether a refusal is one of the catalogue's.
 */
import { ERROR_CATALOGUE } from '@fleet/contracts';
import type { Engine } from '@fleet/simulator';

/** A catalogue refusal: its code is the catalogue's and its message the catalogue's text for it. */
export function isCatalogueRefusal(status: number, json: unknown): boolean {
  const error = (json as { error?: { code?: string; message?: string } } | null)?.error;
  if (!error?.code || !(error.code in ERROR_CATALOGUE)) return false;
  const entry = ERROR_CATALOGUE[error.code as keyof typeof ERROR_CATALOGUE];
  return entry.status === status && typeof error.message === 'string' && error.message.length > 0;
}

export type Answer = { status: number; code?: string };

/** The answer the core should give to POST v2/units/{id}/stream, from the simulator's truth before it. */
export function predictStart(
  engine: Engine,
  unitId: string,
  channelId: string | null,
  core: { licenceValid: boolean; selectedChannelId: string | null },
): Answer {
  const d = engine.device(unitId);
  if (!d?.online) return { status: 409, code: 'UNIT_OFFLINE' };
  if (!core.licenceValid) return { status: 402, code: 'UNIT_VIDEO_LICENSE_INVALID' };
  if (!d.cameraConnected) return { status: 409, code: 'CAMERA_NOT_CONNECTED' };
  const t = d.truth();
  const video = t.applications.video?.state;
  if (t.speedTest) return { status: 409, code: 'UNIT_BUSY' };
  // The core sends the channel asked for, else the unit's selected one as the core keeps it.
  const asked = channelId ?? core.selectedChannelId;
  if (video !== undefined && video !== 'disconnecting') {
    const current = t.streamChannel ?? t.streamExternal;
    return asked === null || asked === current ? { status: 200 } : { status: 409, code: 'UNIT_BUSY' };
  }
  if (t.applications.upgrade || t.applications.fetchlogs) return { status: 409, code: 'UNIT_BUSY' };
  const wanted = asked;
  const servers = [...engine.servers()];
  const find = (id: string) => {
    for (const s of servers) {
      const c = s.channels.get(id);
      if (c) return { s, c };
    }
    return undefined;
  };
  if (wanted !== null) {
    const found = find(wanted);
    if (!found || !found.c.licensed) return { status: 200 };
    // The channel that winds down under this unit is given back first.
    const ownWindingDown = t.streamChannel === wanted;
    return found.s.online && (found.c.status === 'idle' || ownWindingDown) ? { status: 200 } : { status: 409, code: 'UNIT_OFFLINE' };
  }
  // Given none, the unit takes a free channel of a multimedia hub (its own winding-down one is given back first),
  // one its people see: sharing a group or an inventory with it, when any hub channel does.
  type Member = { groupIds: string[]; inventoryIds: string[] };
  const shares = (c: { spec: { memberOf?: Member } }, unit: Member) =>
    c.spec.memberOf !== undefined &&
    (c.spec.memberOf.groupIds.some((g) => unit.groupIds.includes(g)) || c.spec.memberOf.inventoryIds.some((v) => unit.inventoryIds.includes(v)));
  const member = d.spec.memberOf;
  const hubChannels = servers.filter((s) => s.spec.serverType === 'mmh_server').flatMap((s) => [...s.channels.values()]);
  const unit = member !== undefined && hubChannels.some((c) => shares(c, member)) ? member : undefined;
  const seen = (c: { spec: { memberOf?: Member } }) => unit === undefined || shares(c, unit);
  const free = servers.some(
    (s) =>
      s.spec.serverType === 'mmh_server' &&
      s.online &&
      [...s.channels.values()].some((c) => (c.status === 'idle' || c.allocatedTo === unitId) && c.licensed && c.type !== 'input' && seen(c)),
  );
  return free ? { status: 200 } : { status: 409, code: 'UNIT_OFFLINE' };
}
