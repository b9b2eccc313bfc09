/**
 * Usage profiles (spec 001 §3 Usage profile: name, type data or hours, quota per month, reset day;
 * §5 rules; /usage_profiles) and assigning them to units.
 *
 * - A profile belongs to one inventory, or to none (global: the seeded defaults), and is offered to
 *   that inventory (a global one to every inventory). The caller sees the global profiles and those
 *   of their inventories (global roles: all); another inventory's profile answers 404 as an unknown
 *   one. Global profiles are changed and deleted by global roles only (403 for others).
 * - Names are unique over all profiles ("Name field has to be unique"; the table's unique index backs
 *   the check). Reset day 1-31, quota at least 1 (the contracts' schemas, in the spec's words).
 * - Default profiles and profiles units are on are not deleted (409, §5's words).
 * - Assigning: units of the inventory (each must be one: "Invalid field" on the entry otherwise,
 *   once: "This field must be unique"; a unit the caller cannot see is 404) onto a profile the
 *   inventory may use (another of the caller's inventories' profile is "Invalid field", one the
 *   caller cannot see 404), or onto none. The unit
 *   rows are written (their version moves), then the units are announced (`unit.updated`).
 * - Every change is announced per inventory that lists the profile, with that inventory's unit count:
 *   `usageProfile.changed` / `usageProfile.removed` on the inventory's topic and its groups'. A global
 *   profile's news goes to every inventory.
 */
import {
  VALIDATION,
  type AssignUsageProfileBody,
  type CreateUsageProfileBody,
  type FieldProblem,
  type UnitUsageProfiles,
  type UpdateUsageProfileBody,
  type UsageProfile,
  type UsageProfileDeleted,
  type UsageProfilePage,
  type UsageProfileSearchQuery,
  RULES,
} from '@fleet/contracts';
import type { Prisma } from '@fleet/db';
import { callsOf } from '../../calls.js';
import { AppError, validationError } from '../../errors.js';
import { unlessTaken, atVersion } from '../../platform/versioned-write.js';
import { recordStamps } from '../../platform/storage/record-stamps.js';
import { canSeeUnit, type AuthUser } from '../../platform/access.js';
import type { ServiceDeps } from '../deps.js';
import { byNameThenId, compareText } from '../../platform/order.js';
import { inventoryAudience } from '../../platform/topics.js';
import { pageRows } from '../../platform/paging.js';
import * as repo from './repository.js';

type UsageProfileRow = repo.UsageProfileRecord;

const nameTaken = () => validationError([{ path: 'body.name', message: VALIDATION.nameUnique }]);

/**
 * What usage profiles tell the units module (met by its UnitService): a unit's row changed. Declared
 * here, so usage does not import the units module (which reads the inventories, which read usage).
 */
export interface UnitChanges {
  refreshUnit(unitId: string): Promise<void>;
  announce(unitId: string): Promise<void>;
}

export class UsageProfileService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly unitChanges: UnitChanges,
  ) {}

  /** GET v2/inventories/{id}/usageProfiles (inventory scope checked by the route). */
  async list(inventoryId: string, q: UsageProfileSearchQuery): Promise<UsageProfilePage> {
    // A handful of profiles: searched and ordered here, the same on both providers.
    const value = (q.searchValue ?? '').toLowerCase();
    const dir = q.sortDir === 'asc' ? 1 : -1;
    const counts = this.unitCounts(inventoryId);
    const order = (a: UsageProfileRow, b: UsageProfileRow) => {
      if (q.sortBy === 'name' || q.sortBy === 'type') return compareText(a[q.sortBy], b[q.sortBy]);
      return a[q.sortBy] - b[q.sortBy];
    };
    const rows = (await repo.findProfilesForInventory(this.deps.db, inventoryId))
      .filter((r) => value === '' || r.name.toLowerCase().includes(value))
      .sort((a, b) => dir * order(a, b) || compareText(a.name, b.name) || compareText(a.id, b.id));
    const page = pageRows(rows, q);
    return { items: page.map((r) => this.toProfile(r, counts.get(r.id) ?? 0)), total: rows.length, offset: q.offset, limit: q.limit };
  }

  /** POST v2/inventories/{id}/usageProfiles (inventory scope checked by the route). */
  async create(inventoryId: string, body: CreateUsageProfileBody): Promise<UsageProfile> {
    await this.assertNameFree(body.name, null);
    const row = await unlessTaken(
      () =>
        repo.createProfile(this.deps.db, {
          inventoryId,
          name: body.name,
          type: body.type,
          quotaPerMonth: body.quotaPerMonth,
          resetDay: body.resetDay,
        }),
      nameTaken,
    );
    return this.announce(row, inventoryId);
  }

  /** PUT v2/usageProfiles/{id}. */
  async update(user: AuthUser, id: string, body: UpdateUsageProfileBody): Promise<UsageProfile> {
    const row = await this.requireWritable(user, id);
    if (body.version !== undefined && body.version !== row.version) throw new AppError('CONFLICT');
    if (body.name !== undefined && body.name !== row.name) await this.assertNameFree(body.name, row.id);
    const data: Prisma.UsageProfileUpdateManyMutationInput = {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.type !== undefined ? { type: body.type } : {}),
      ...(body.quotaPerMonth !== undefined ? { quotaPerMonth: body.quotaPerMonth } : {}),
      ...(body.resetDay !== undefined ? { resetDay: body.resetDay } : {}),
    };
    await atVersion(repo.updateProfileAtVersion(this.deps.db, id, row.version, data), { taken: nameTaken });
    const fresh = await repo.findProfile(this.deps.db, id);
    if (!fresh) throw new AppError('CONFLICT');
    // The caller's answer counts the units of the profile's inventory, or for a global profile the caller's first inventory's.
    return this.announce(fresh, fresh.inventoryId ?? user.inventoryIds[0] ?? null);
  }

  /** DELETE v2/usageProfiles/{id}: not a default profile, nor one units are on. */
  async delete(user: AuthUser, id: string): Promise<UsageProfileDeleted> {
    const row = await this.requireWritable(user, id);
    if (row.isDefault) throw new AppError('USAGE_PROFILE_DEFAULT');
    if ((await repo.countUnitsOnProfile(this.deps.db, id)) > 0) throw new AppError('USAGE_PROFILE_IN_USE');
    // A unit put on it meanwhile keeps it (the delete then finds no row to remove).
    await atVersion(repo.deleteUnusedProfileAtVersion(this.deps.db, id, row.version));
    const at = this.deps.clock.now();
    for (const inventoryId of this.inventoriesOf(row)) {
      this.deps.hub.publish(inventoryAudience(this.deps.readModel, [inventoryId]), { type: 'usageProfile.removed', usageProfileId: id, inventoryId, at });
    }
    return { id, inventoryId: row.inventoryId, deleted: true };
  }

  /** GET v2/inventories/{id}/unitUsageProfiles: the inventory's units by name with their profiles. */
  units(inventoryId: string): UnitUsageProfiles {
    const units = this.unitsOf(inventoryId)
      .slice()
      .sort(byNameThenId)
      .map((u) => ({ unitId: u.id, unitName: u.name, usageProfileId: u.usageProfileId }));
    return { inventoryId, units };
  }

  /**
   * PUT v2/inventories/{id}/unitUsageProfiles (inventory scope checked by the route). Units and a
   * profile the caller cannot see (unknown or of inventories not theirs) answer 404, as unknown ones;
   * ones the caller sees that the inventory cannot take are "Invalid field" on the entry.
   */
  async assign(user: AuthUser, inventoryId: string, body: AssignUsageProfileBody): Promise<UnitUsageProfiles> {
    const units = this.deps.readModel.units;
    for (const unitId of body.unitIds) {
      const unit = units.get(unitId);
      if (!unit || !canSeeUnit(user, { inventoryIds: unit.inventories.map((m) => m.inventoryId), groupIds: unit.groups.map((g) => g.groupId) }))
        throw new AppError('NOT_FOUND');
    }
    const problems: FieldProblem[] = [];
    let profile: UsageProfileRow | null = null;
    if (body.usageProfileId !== null) {
      profile = await repo.findProfile(this.deps.db, body.usageProfileId);
      if (!profile || !(profile.inventoryId === null || user.global || user.inventoryIds.includes(profile.inventoryId))) throw new AppError('NOT_FOUND');
      if (profile.inventoryId !== null && profile.inventoryId !== inventoryId) problems.push({ path: 'body.usageProfileId', message: RULES.notOfInventory });
    }
    const seen = new Set<string>();
    body.unitIds.forEach((unitId, i) => {
      if (seen.has(unitId)) problems.push({ path: `body.unitIds.${i}`, message: VALIDATION.fieldUnique });
      else if (!units.get(unitId)?.inventories.some((m) => m.inventoryId === inventoryId))
        problems.push({ path: `body.unitIds.${i}`, message: RULES.notOfInventory });
      seen.add(unitId);
    });
    if (problems.length > 0) throw validationError(problems);
    const previous = new Set(body.unitIds.flatMap((unitId) => this.deps.readModel.units.get(unitId)?.usageProfileId ?? []));
    const changing = body.unitIds.filter((unitId) => this.deps.readModel.units.get(unitId)?.usageProfileId !== body.usageProfileId);
    if (changing.length > 0) {
      await repo.setUnitsProfile(this.deps.db, changing, body.usageProfileId);
      for (const unitId of changing) {
        await this.unitChanges.refreshUnit(unitId);
        await this.unitChanges.announce(unitId);
      }
      // The profiles whose unit counts moved, in every inventory of the units moved.
      const inventories = new Set(changing.flatMap((unitId) => this.deps.readModel.units.get(unitId)?.inventories.map((m) => m.inventoryId) ?? []));
      const affected = [...previous, ...(profile ? [profile.id] : [])];
      const rows = await repo.findProfilesByIds(this.deps.db, affected);
      for (const row of rows) for (const inv of inventories) if (row.inventoryId === null || row.inventoryId === inv) this.publishChanged(row, inv);
    }
    return this.units(inventoryId);
  }

  // ── helpers ────────────────────────────────────────────────────────────────────────────────

  /** Unknown profiles and profiles of inventories the caller does not have both answer 404; global profiles are written by global roles only. */
  private async requireWritable(user: AuthUser, id: string): Promise<UsageProfileRow> {
    const row = await repo.findProfile(this.deps.db, id);
    if (!row) throw new AppError('NOT_FOUND');
    if (row.inventoryId === null) {
      if (!user.global) throw new AppError('FORBIDDEN');
      return row;
    }
    if (!(user.global || user.inventoryIds.includes(row.inventoryId))) throw new AppError('NOT_FOUND');
    return row;
  }

  private async assertNameFree(name: string, exceptId: string | null): Promise<void> {
    if (await repo.profileNameTaken(this.deps.db, name, exceptId)) throw nameTaken();
  }

  private unitsOf(inventoryId: string) {
    return this.deps.readModel.units.all().filter((u) => u.inventories.some((m) => m.inventoryId === inventoryId));
  }

  /** Units of the inventory per profile id. */
  private unitCounts(inventoryId: string): Map<string, number> {
    const counts = new Map<string, number>();
    for (const u of this.unitsOf(inventoryId)) if (u.usageProfileId) counts.set(u.usageProfileId, (counts.get(u.usageProfileId) ?? 0) + 1);
    return counts;
  }

  /** The inventories whose lists show the profile. */
  private inventoriesOf(row: UsageProfileRow): string[] {
    return row.inventoryId !== null ? [row.inventoryId] : this.deps.readModel.inventories.all().map((i) => i.id);
  }

  private publishChanged(row: UsageProfileRow, inventoryId: string): UsageProfile {
    const profile = this.toProfile(row, this.unitCounts(inventoryId).get(row.id) ?? 0);
    this.deps.hub.publish(inventoryAudience(this.deps.readModel, [inventoryId]), {
      type: 'usageProfile.changed',
      inventoryId,
      usageProfile: profile,
      at: this.deps.clock.now(),
    });
    return profile;
  }

  /** Announce to every inventory listing the profile; answers the profile as `answerFor`'s list shows it. */
  private announce(row: UsageProfileRow, answerFor: string | null): UsageProfile {
    let answer: UsageProfile | null = null;
    for (const inventoryId of this.inventoriesOf(row)) {
      const profile = this.publishChanged(row, inventoryId);
      if (inventoryId === answerFor) answer = profile;
    }
    return answer ?? this.toProfile(row, answerFor === null ? 0 : (this.unitCounts(answerFor).get(row.id) ?? 0));
  }

  private toProfile(row: UsageProfileRow, unitCount: number): UsageProfile {
    return {
      id: row.id,
      name: row.name,
      type: row.type === 'hours' ? 'hours' : 'data',
      quotaPerMonth: row.quotaPerMonth,
      resetDay: row.resetDay,
      isDefault: row.isDefault,
      inventoryId: row.inventoryId,
      unitCount,
      ...recordStamps(row),
    };
  }
}

export const usageProfileCalls = callsOf<UsageProfileService>()({
  listInventoryUsageProfiles: (svc, { params, query }) => svc.list(params.id, query),
  createUsageProfile: (svc, { params, body }) => svc.create(params.id, body),
  updateUsageProfile: (svc, { params, body }, user) => svc.update(user, params.id, body),
  deleteUsageProfile: (svc, { params }, user) => svc.delete(user, params.id),
  listUnitUsageProfiles: async (svc, { params }) => svc.units(params.id),
  assignUsageProfile: (svc, { params, body }, user) => svc.assign(user, params.id, body),
});
