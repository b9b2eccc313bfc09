/**
 * Groups (spec 001 §3 Group): the groups the caller may see, and the unit settings a group gives
 * its units (the group's default configuration, named as in a unit's configuration so that a
 * group default applies as is).
 */
import type { z } from 'zod';
import {
  LIMITS, StoreAndForwardProfile, TransmissionMode,
  type GroupUnitSettings, type GroupUnitSettingsUpdateBody, type LightGroup,
} from '@fleet/contracts';
import { callsOf } from '../calls.js';
import { AppError } from '../errors.js';
import { unitConfiguration, type StoredUnitConfiguration } from '../repositories/unit-columns.js';
import { canSeeGroup, visibleGroup, type AuthUser } from './access.js';
import { byNameThenId } from './order.js';
import type { ServiceDeps } from './deps.js';

/** Attempts of a read-modify-write without a caller's version before answering 409. */
const SAVE_ATTEMPTS = 8;

export class GroupService {
  constructor(private readonly deps: ServiceDeps) {}

  /** The groups the caller may see, by name then id. */
  async lightGroups(user: AuthUser): Promise<LightGroup[]> {
    return this.deps.readModel.groups
      .all()
      .filter((g) => canSeeGroup(user, g))
      .sort(byNameThenId)
      .map((g) => ({ id: g.id, name: g.name, inventoryId: g.inventoryId }));
  }

  /**
   * PUT v0/groups/{id}/unitSettings: merge the given unit settings into the group's default
   * configuration for its units. Only a group the caller may see — others answer 404. `version`
   * is the group's.
   */
  async updateGroupUnitSettings(user: AuthUser, groupId: string, body: z.infer<typeof GroupUnitSettingsUpdateBody>) {
    const group = visibleGroup(this.deps.readModel, user, groupId);
    if (!group) throw new AppError('NOT_FOUND');
    if (body.version !== undefined && body.version !== group.version) throw new AppError('CONFLICT');
    // After a lost race the read model may not hold the winner's write yet: retries read storage.
    const read = () => this.deps.db.group.findUnique({ where: { id: groupId }, select: { version: true, defaultConfiguration: true } });
    for (let attempt = 0; attempt < SAVE_ATTEMPTS; attempt++) {
      const current = attempt === 0 ? group : await read();
      if (!current) throw new AppError('NOT_FOUND');
      const next = mergeGroupSettings(unitConfiguration.read(current.defaultConfiguration), body);
      const { count } = await this.deps.db.group.updateMany({
        where: { id: groupId, version: current.version },
        data: { defaultConfiguration: unitConfiguration.write(next), version: { increment: 1 } },
      });
      if (count === 1) return { groupId, settings: groupSettingsOf(next), version: current.version + 1 };
      if (body.version !== undefined) break;
    }
    throw new AppError('CONFLICT');
  }
}

function mergeGroupSettings(current: StoredUnitConfiguration, body: z.infer<typeof GroupUnitSettingsUpdateBody>): StoredUnitConfiguration {
  const next: StoredUnitConfiguration = { ...current };
  if (body.delayMs !== undefined) next.delay = body.delayMs;
  if (body.transmissionMode !== undefined) next.transmissionMode = body.transmissionMode;
  if (body.storeAndForwardQuality !== undefined) next.storeAndForwardVideoQualityV2 = body.storeAndForwardQuality;
  if (body.audioBitrateKbps !== undefined) next.audio = { ...current.audio, bitrateKbps: body.audioBitrateKbps };
  if (body.totalKbps !== undefined || body.cellularKbps !== undefined) {
    next.bandwidth = {
      ...current.bandwidth,
      ...(body.totalKbps === undefined ? {} : { total: body.totalKbps }),
      ...(body.cellularKbps === undefined ? {} : { cellular: body.cellularKbps }),
    };
  }
  return next;
}

function groupSettingsOf(c: StoredUnitConfiguration): GroupUnitSettings {
  const out: GroupUnitSettings = {};
  const delay = c.delay;
  if (delay !== undefined && delay !== null && delay >= LIMITS.lowDelayThresholdMs && delay <= LIMITS.delayMaxMs) out.delayMs = delay;
  const mode = TransmissionMode.safeParse(c.transmissionMode);
  if (mode.success) out.transmissionMode = mode.data;
  else if (c.transmissionMode !== undefined) out.transmissionMode = 'live';
  const quality = StoreAndForwardProfile.safeParse(c.storeAndForwardVideoQualityV2);
  if (quality.success) out.storeAndForwardQuality = quality.data;
  else if (c.storeAndForwardVideoQualityV2 !== undefined) out.storeAndForwardQuality = 'standard_h264';
  const bitrate = c.audio?.bitrateKbps;
  if (bitrate === 96 || bitrate === 128 || bitrate === 192) out.audioBitrateKbps = bitrate;
  if (c.bandwidth && 'total' in c.bandwidth) out.totalKbps = c.bandwidth.total ?? null;
  if (c.bandwidth && 'cellular' in c.bandwidth) out.cellularKbps = c.bandwidth.cellular ?? null;
  return out;
}

export const groupCalls = callsOf<GroupService>()({
  lightFetchGroups: (s, _input, user) => s.lightGroups(user),
  updateGroupUnitSettings: (s, { params, body }, user) => s.updateGroupUnitSettings(user, params.id, body),
});
