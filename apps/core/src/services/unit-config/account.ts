/**
 * The unit updates of spec 000 §7 that are not one unit's setting: the current user update (spec
 * 001 §5 user rules), the v0 group unit settings, and support staff's inventory-unit details.
 */
import type { z } from 'zod';
import {
  ERROR_CATALOGUE, LIMITS, STORE_AND_FORWARD_PROFILES, TRANSMISSION_MODES, VALIDATION,
  type CurrentUserUpdateBody, type GroupUnitSettings, type GroupUnitSettingsUpdateBody, type InventoryUnitDetails as InventoryUnitDetailsSchema,
  type InventoryUnitDetailsBody,
} from '@fleet/contracts';
import { AppError } from '../../errors.js';
import type { AuthUser } from '../access.js';
import type { ServiceDeps } from '../deps.js';
import { bodyProblem, int, num, oneOf, record, toJson, type ConfigRecord } from './support.js';

type Body<S extends z.ZodType> = z.infer<S>;
type InventoryUnitDetails = z.infer<typeof InventoryUnitDetailsSchema>;

export class AccountUpdates {
  constructor(private readonly deps: ServiceDeps) {}

  /**
   * PUT users/current: the caller's own names, e-mail and label. E-mail unique across users
   * ("Email used by another user"); enterprise users are managed only by their IT admin (spec 001
   * §6: "Not available for your user type"). `version` is the user's (stale → 409).
   */
  async updateCurrentUser(auth: AuthUser, body: Body<typeof CurrentUserUpdateBody>): Promise<void> {
    const user = await this.deps.db.user.findUnique({ where: { id: auth.id }, select: { id: true, version: true, enterprise: true, email: true } });
    if (!user) throw new AppError('NOT_FOUND');
    if (body.version !== undefined && body.version !== user.version) throw new AppError('CONFLICT');
    if (user.enterprise) throw new AppError('NOT_AVAILABLE_FOR_USER_TYPE');
    if (body.email !== undefined && body.email !== user.email) {
      // Compared as stored (the unique index decides too): addresses are kept as the user typed them.
      const clash = await this.deps.db.user.findFirst({ where: { id: { not: user.id }, email: body.email }, select: { id: true } });
      if (clash) throw emailInUse();
    }
    const data = {
      ...(body.firstName === undefined ? {} : { firstName: body.firstName }),
      ...(body.lastName === undefined ? {} : { lastName: body.lastName }),
      ...(body.email === undefined ? {} : { email: body.email }),
      ...(body.userLabel === undefined ? {} : { userLabel: body.userLabel }),
    };
    try {
      const { count } = await this.deps.db.user.updateMany({ where: { id: user.id, version: user.version }, data: { ...data, version: { increment: 1 } } });
      if (count === 0) throw new AppError('CONFLICT');
    } catch (e) {
      if (isUniqueViolation(e)) throw emailInUse();
      throw e;
    }
  }

  /**
   * PUT v0/groups/{id}/unitSettings: merge the given unit settings into the group's default
   * configuration for its units. Only a group the caller may see (its groups or inventories; super
   * user and staff all) — others answer 404. `version` is the group's.
   */
  async updateGroupUnitSettings(auth: AuthUser, groupId: string, body: Body<typeof GroupUnitSettingsUpdateBody>) {
    const group = await this.deps.db.group.findUnique({ where: { id: groupId }, select: { id: true, inventoryId: true, version: true, defaultConfiguration: true } });
    if (!group || !(auth.global || auth.groupIds.includes(group.id) || auth.inventoryIds.includes(group.inventoryId))) throw new AppError('NOT_FOUND');
    if (body.version !== undefined && body.version !== group.version) throw new AppError('CONFLICT');
    for (let attempt = 0; attempt < 8; attempt++) {
      const current = attempt === 0 ? group : await this.deps.db.group.findUnique({ where: { id: groupId }, select: { id: true, inventoryId: true, version: true, defaultConfiguration: true } });
      if (!current) throw new AppError('NOT_FOUND');
      const next = mergeGroupSettings(record(current.defaultConfiguration), body);
      const { count } = await this.deps.db.group.updateMany({ where: { id: groupId, version: current.version }, data: { defaultConfiguration: toJson(next), version: { increment: 1 } } });
      if (count === 1) return { groupId, settings: groupSettingsOf(next), version: current.version + 1 };
      if (body.version !== undefined) break;
    }
    throw new AppError('CONFLICT');
  }

  /**
   * PUT internal/inventory-unit-details: the unit must be in the inventory; a usage profile must
   * exist and be global or the inventory's. `version` is the unit's.
   */
  async updateInventoryUnitDetails(body: Body<typeof InventoryUnitDetailsBody>): Promise<InventoryUnitDetails> {
    const unit = await this.deps.db.unit.findUnique({ where: { id: body.id }, select: { id: true, version: true, usageProfileId: true } });
    if (!unit) throw new AppError('NOT_FOUND');
    if (body.version !== undefined && body.version !== unit.version) throw new AppError('CONFLICT');
    const member = await this.deps.db.unitInventory.findUnique({ where: { unitId_inventoryId: { unitId: body.id, inventoryId: body.inventoryId } } });
    if (!member) throw bodyProblem('inventoryId', VALIDATION.invalidField);
    if (body.usageProfileId) {
      const profile = await this.deps.db.usageProfile.findFirst({
        where: { id: body.usageProfileId, OR: [{ inventoryId: null }, { inventoryId: body.inventoryId }] },
        select: { id: true },
      });
      if (!profile) throw bodyProblem('usageProfileId', VALIDATION.invalidField);
    }
    const usageProfileId = body.usageProfileId === undefined ? unit.usageProfileId : body.usageProfileId;
    const { count } = await this.deps.db.unit.updateMany({
      where: { id: body.id, version: unit.version },
      data: { ownership: body.ownership, usageProfileId, version: { increment: 1 } },
    });
    if (count === 0) throw new AppError('CONFLICT');
    return { uniqueId: body.id, inventoryId: body.inventoryId, ownership: body.ownership, usageProfileId, version: unit.version + 1 };
  }
}

function emailInUse(): AppError {
  return new AppError('EMAIL_IN_USE', [{ path: 'body.email', message: ERROR_CATALOGUE.EMAIL_IN_USE.message }]);
}

function isUniqueViolation(e: unknown): boolean {
  return typeof e === 'object' && e !== null && 'code' in e && (e as { code: unknown }).code === 'P2002';
}

/** Group default configuration keys, named as in a unit's configuration so a group default applies as is. */
function mergeGroupSettings(current: ConfigRecord, body: Body<typeof GroupUnitSettingsUpdateBody>): ConfigRecord {
  const next: ConfigRecord = { ...current };
  if (body.delayMs !== undefined) next.delay = body.delayMs;
  if (body.transmissionMode !== undefined) next.transmissionMode = body.transmissionMode;
  if (body.storeAndForwardQuality !== undefined) next.storeAndForwardVideoQualityV2 = body.storeAndForwardQuality;
  if (body.audioBitrateKbps !== undefined) next.audio = { ...record(current.audio), bitrateKbps: body.audioBitrateKbps };
  if (body.totalKbps !== undefined || body.cellularKbps !== undefined) {
    const bandwidth = record(current.bandwidth);
    next.bandwidth = {
      ...bandwidth,
      ...(body.totalKbps === undefined ? {} : { total: body.totalKbps }),
      ...(body.cellularKbps === undefined ? {} : { cellular: body.cellularKbps }),
    };
  }
  return next;
}

function groupSettingsOf(c: ConfigRecord): GroupUnitSettings {
  const out: GroupUnitSettings = {};
  const delay = int(c.delay);
  if (delay !== null && delay >= LIMITS.lowDelayThresholdMs && delay <= LIMITS.delayMaxMs) out.delayMs = delay;
  if (typeof c.transmissionMode === 'string') out.transmissionMode = oneOf(TRANSMISSION_MODES, c.transmissionMode, 'live');
  if (typeof c.storeAndForwardVideoQualityV2 === 'string') out.storeAndForwardQuality = oneOf(STORE_AND_FORWARD_PROFILES, c.storeAndForwardVideoQualityV2, 'standard_h264');
  const bitrate = record(c.audio).bitrateKbps;
  if (bitrate === 96 || bitrate === 128 || bitrate === 192) out.audioBitrateKbps = bitrate;
  const bandwidth = record(c.bandwidth);
  if ('total' in bandwidth) out.totalKbps = num(bandwidth.total);
  if ('cellular' in bandwidth) out.cellularKbps = num(bandwidth.cellular);
  return out;
}
