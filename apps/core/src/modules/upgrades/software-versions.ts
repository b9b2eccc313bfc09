/**
 * Software versions (spec 001 §3 Software version: number, description, release notes URL,
 * supported devices, inventories, deprecated; §9 "Version numbers 3.5 up to 10.1, compared by
 * major, minor, patch"; §8 "software version exists"): the /sw_version screen's list, read,
 * create, update, delete, and making a version available to an inventory or withdrawing it.
 *
 * - Availability: a version assigned to no inventory is available to every inventory; one
 *   assigned to some is available to those only. A non-global caller sees the versions available
 *   to one of their inventories (others answer 404, as unknown ones), and of a version's
 *   inventories only their own. An admin assigns or withdraws only their own inventories (the
 *   route checks the inventory); withdrawing the last inventory is refused (the version would
 *   become available to every inventory), and so is withdrawing from a version available to all
 *   (it is not assigned to one). Assigning a version available to all changes nothing.
 * - Numbers are stored in one spelling ("6.1.0" is "6.1"), so the unique index on the number also
 *   catches two requests racing with the same version ("Software version exists", 409, at the
 *   number field).
 * - A version a pending or upgrading job targets is neither deleted nor renumbered (409): the
 *   upgrades read their target's row. The check and the write are made atomic against a job
 *   starting at the same moment by `jobsStarted` (see `guardOf`). Deprecating it is allowed (the
 *   job goes on; the version is no longer offered as a target).
 * - Versions are few and not in the read model: read from storage, filtered and ordered here
 *   (numbers compared as versions, the same way on both providers).
 * - Every change is announced as `softwareVersion.changed` / `softwareVersion.removed` on the
 *   topics of the inventories it was and is assigned to (every inventory's for one available to all).
 */
import {
  canonicalSoftwareVersionNumber,
  VALIDATION,
  type CreateSoftwareVersionBody,
  type FieldProblem,
  type SoftwareVersion,
  type SoftwareVersionDeleted,
  type SoftwareVersionPage,
  type SoftwareVersionSearchQuery,
  type UpdateSoftwareVersionBody,
  RULES,
} from '@fleet/contracts';
import { compareVersions, parseVersion } from '@fleet/domain';
import { transaction, type Prisma } from '@fleet/db';
import { callsOf } from '../../calls.js';
import { AppError, validationError } from '../../errors.js';
import { softwareVersionDevices } from './software-version-columns.js';
import { unlessTaken, atVersion, requireFound } from '../../platform/versioned-write.js';
import { recordStamps } from '../../platform/storage/record-stamps.js';
import type { AuthUser } from '../../platform/access.js';
import type { ServiceDeps } from '../deps.js';
import { compareText } from '../../platform/order.js';
import { inventoryAudience } from '../../platform/topics.js';
import { pageOf } from '../../platform/paging.js';
import * as repo from './repository.js';

type VersionRow = repo.SoftwareVersionRecord;

/** Upgrade job states that still need their target version (spec 001 §4 "pending, upgrading"). */
const RUNNING_UPGRADE_STATES = ['pending', 'upgrading'];

const versionExists = () => new AppError('SOFTWARE_VERSION_EXISTS', [{ path: 'body.number', message: 'Software version exists' }]);

/** Numbers compared as versions (an unparsable stored one sorts after every valid one), then by text. */
function compareNumbers(a: string, b: string): number {
  const va = parseVersion(a);
  const vb = parseVersion(b);
  if (va && vb) return compareVersions(va, vb) || compareText(a, b);
  if (va) return -1;
  if (vb) return 1;
  return compareText(a, b);
}

const sameVersion = (a: string, b: string): boolean => {
  const va = parseVersion(a);
  const vb = parseVersion(b);
  return va !== null && vb !== null ? compareVersions(va, vb) === 0 : a === b;
};

export class SoftwareVersionService {
  constructor(private readonly deps: ServiceDeps) {}

  /** GET v2/softwareVersions. */
  async list(user: AuthUser, q: SoftwareVersionSearchQuery): Promise<SoftwareVersionPage> {
    // A non-global caller filtering by another's inventory would learn its assignments: nothing matches.
    if (q.inventoryId !== undefined && !user.global && !user.inventoryIds.includes(q.inventoryId))
      return { items: [], total: 0, offset: q.offset, limit: q.limit };
    const value = (q.searchValue ?? '').trim().toLowerCase();
    const dir = q.sortDir === 'asc' ? 1 : -1;
    const order = (a: VersionRow, b: VersionRow) =>
      q.sortBy === 'number'
        ? compareNumbers(a.number, b.number)
        : compareText(a[q.sortBy].toISOString(), b[q.sortBy].toISOString()) || compareNumbers(a.number, b.number);
    const rows = (await repo.findSoftwareVersions(this.deps.db))
      .filter((r) => this.visible(user, r))
      .filter((r) => q.deprecated === undefined || r.deprecated === q.deprecated)
      .filter((r) => q.device === undefined || softwareVersionDevices.read(r.supportedDevices).includes(q.device))
      .filter((r) => q.inventoryId === undefined || r.inventories.length === 0 || r.inventories.some((i) => i.inventoryId === q.inventoryId))
      .filter((r) => value === '' || (q.searchKey === 'number' ? r.number : r.description).toLowerCase().includes(value))
      .sort((a, b) => dir * order(a, b) || compareText(a.id, b.id));
    return pageOf(rows, q, (r) => this.present(user, r));
  }

  /** GET v2/softwareVersions/{id}. */
  async get(user: AuthUser, id: string): Promise<SoftwareVersion> {
    return this.present(user, await this.require(user, id));
  }

  /** POST v2/softwareVersions (super user and staff). */
  async create(user: AuthUser, body: CreateSoftwareVersionBody): Promise<SoftwareVersion> {
    const inventoryIds = body.inventoryIds ?? [];
    const problems = this.inventoryProblems(inventoryIds);
    if (problems.length > 0) throw validationError(problems);
    const number = canonicalSoftwareVersionNumber(body.number);
    await this.assertNumberFree(number, null);
    const row = await unlessTaken(
      () =>
        repo.createSoftwareVersion(
          this.deps.db,
          {
            number,
            description: body.description ?? '',
            releaseNotesUrl: body.releaseNotesUrl === undefined || body.releaseNotesUrl === '' ? null : body.releaseNotesUrl,
            supportedDevices: softwareVersionDevices.write([...new Set(body.supportedDevices ?? [])]),
            deprecated: body.deprecated ?? false,
          },
          inventoryIds,
        ),
      versionExists,
    );
    this.announceChanged(row, null);
    return this.present(user, row);
  }

  /** PUT v2/softwareVersions/{id} (super user and staff). */
  async update(user: AuthUser, id: string, body: UpdateSoftwareVersionBody): Promise<SoftwareVersion> {
    const row = await this.require(user, id);
    if (body.version !== undefined && body.version !== row.version) throw new AppError('CONFLICT');
    const problems = body.inventoryIds === undefined ? [] : this.inventoryProblems(body.inventoryIds);
    if (problems.length > 0) throw validationError(problems);
    const number = body.number === undefined ? row.number : canonicalSoftwareVersionNumber(body.number);
    if (number !== row.number) {
      await this.assertNumberFree(number, row.id);
      if (await this.inUse(row.number)) throw new AppError('SOFTWARE_VERSION_IN_USE');
    }
    const data: Prisma.SoftwareVersionUpdateManyMutationInput = {
      ...(number !== row.number ? { number } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.releaseNotesUrl !== undefined ? { releaseNotesUrl: body.releaseNotesUrl === '' ? null : body.releaseNotesUrl } : {}),
      ...(body.supportedDevices !== undefined ? { supportedDevices: softwareVersionDevices.write([...new Set(body.supportedDevices)]) } : {}),
      ...(body.deprecated !== undefined ? { deprecated: body.deprecated } : {}),
    };
    const inventoryIds = body.inventoryIds === undefined ? undefined : [...new Set(body.inventoryIds)];
    return this.write(user, row, data, inventoryIds === undefined ? undefined : { set: inventoryIds });
  }

  /** DELETE v2/softwareVersions/{id} (super user and staff). */
  async delete(user: AuthUser, id: string): Promise<SoftwareVersionDeleted> {
    const row = await this.require(user, id);
    if (await this.inUse(row.number)) throw new AppError('SOFTWARE_VERSION_IN_USE');
    // Only as checked: no change, and no job started towards it since (see `guardOf`).
    await atVersion(repo.deleteSoftwareVersionGuarded(this.deps.db, id, this.guardOf(row)), { none: () => this.lostRace(row) });
    this.deps.hub.publish(this.topicsOf(row.inventories.map((i) => i.inventoryId)), {
      type: 'softwareVersion.removed',
      softwareVersionId: id,
      number: row.number,
      at: this.deps.clock.now(),
    });
    return { id, number: row.number, deleted: true };
  }

  /** PUT v2/softwareVersions/{id}/inventories/{inventoryId} (the inventory is the caller's: checked by the route). */
  async assign(user: AuthUser, id: string, inventoryId: string): Promise<SoftwareVersion> {
    const row = await this.require(user, id);
    const assigned = row.inventories.map((i) => i.inventoryId);
    // Available to every inventory, or to this one already: nothing to do.
    if (assigned.length === 0 || assigned.includes(inventoryId)) return this.present(user, row);
    return this.write(user, row, {}, { add: inventoryId });
  }

  /** DELETE v2/softwareVersions/{id}/inventories/{inventoryId} (the inventory is the caller's: checked by the route). */
  async withdraw(user: AuthUser, id: string, inventoryId: string): Promise<SoftwareVersion> {
    const row = await this.require(user, id);
    const assigned = row.inventories.map((i) => i.inventoryId);
    if (assigned.length === 0) throw new AppError('SOFTWARE_VERSION_GLOBAL');
    if (!assigned.includes(inventoryId)) return this.present(user, row);
    if (assigned.length === 1) throw new AppError('SOFTWARE_VERSION_LAST_INVENTORY');
    return this.write(user, row, {}, { remove: inventoryId });
  }

  // ── helpers ────────────────────────────────────────────────────────────────────────────────

  /** Available to the caller: global callers see all; others versions for every inventory or one of theirs. */
  private visible(user: AuthUser, row: VersionRow): boolean {
    return user.global || row.inventories.length === 0 || row.inventories.some((i) => user.inventoryIds.includes(i.inventoryId));
  }

  /** Unknown versions and versions not available to the caller both answer 404. */
  private require(user: AuthUser, id: string): Promise<VersionRow> {
    return requireFound(repo.findSoftwareVersion(this.deps.db, id), (r) => this.visible(user, r));
  }

  /**
   * Writes the fields and the inventory change over the version read (409 when another change came
   * first), in one transaction, and announces the result.
   */
  private async write(
    user: AuthUser,
    row: VersionRow,
    data: Prisma.SoftwareVersionUpdateManyMutationInput,
    inventories: { set: string[] } | { add: string } | { remove: string } | undefined,
  ): Promise<SoftwareVersion> {
    // A renumbering is guarded like a deletion (the jobs name the old number); other changes leave the jobs their target.
    const renumbering = data.number !== undefined;
    try {
      // The number taken meanwhile, or the same inventory assigned by a request racing this one.
      const taken = () => (data.number !== undefined ? versionExists() : new AppError('CONFLICT'));
      await unlessTaken(
        transaction(this.deps.db, async (tx) => {
          const guard = renumbering ? this.guardOf(row) : { version: row.version };
          await atVersion(repo.updateSoftwareVersionGuarded(tx, row.id, guard, data));
          if (inventories === undefined) return;
          if ('set' in inventories) {
            await repo.setSoftwareVersionInventories(tx, row.id, inventories.set);
          } else if ('add' in inventories) {
            await repo.addSoftwareVersionInventory(tx, row.id, inventories.add);
          } else {
            await repo.removeSoftwareVersionInventory(tx, row.id, inventories.remove);
          }
        }),
        taken,
      );
    } catch (e) {
      if (renumbering && e instanceof AppError && e.code === 'CONFLICT') throw await this.lostRace(row);
      throw e;
    }
    const fresh = await repo.findSoftwareVersion(this.deps.db, row.id);
    if (!fresh) throw new AppError('CONFLICT');
    this.announceChanged(
      fresh,
      row.inventories.map((i) => i.inventoryId),
    );
    return this.present(user, fresh);
  }

  /** `before`: the inventories it was assigned to (null: just created). */
  private announceChanged(row: VersionRow, before: readonly string[] | null): void {
    const after = row.inventories.map((i) => i.inventoryId);
    // Available to all before or after the change: every inventory hears of it.
    const everyone = after.length === 0 || (before !== null && before.length === 0);
    const topics = this.topicsOf(everyone ? [] : [...new Set([...(before ?? []), ...after])]);
    this.deps.hub.publish(topics, { type: 'softwareVersion.changed', softwareVersionId: row.id, number: row.number, at: this.deps.clock.now() });
  }

  /** The topics of these inventories and their groups; of every inventory when none is given (a version available to all). */
  private topicsOf(inventoryIds: readonly string[]): string[] {
    const ids = inventoryIds.length > 0 ? inventoryIds : this.deps.readModel.inventories.all().map((i) => i.id);
    return inventoryAudience(this.deps.readModel, ids);
  }

  /** Another version with the same number (compared as versions) → "Software version exists". */
  private async assertNumberFree(number: string, exceptId: string | null): Promise<void> {
    const rows = await repo.findSoftwareVersionNumbers(this.deps.db);
    if (rows.some((r) => r.id !== exceptId && sameVersion(r.number, number))) throw versionExists();
  }

  /**
   * What a deletion or renumbering of a version requires to be unchanged since it was read and
   * checked: its `version` (another change), and `jobsStarted`, which a job's creation counts in the
   * job's own transaction (UpgradeService.insertPending). A job started after the "in use" check
   * makes the conditional write match nothing, instead of leaving a job whose target is gone: on
   * SQLite the writes are serial; on PostgreSQL the later of the two waits for the other's row lock
   * and then sees the row changed (or gone: the job is refused as an unknown version).
   */
  private guardOf(row: VersionRow): { version: number; jobsStarted: number } {
    return { version: row.version, jobsStarted: row.jobsStarted };
  }

  /** Why a guarded write matched nothing: a job started towards the version meanwhile (in use), else another change (409). */
  private async lostRace(row: VersionRow): Promise<AppError> {
    return (await this.inUse(row.number)) ? new AppError('SOFTWARE_VERSION_IN_USE') : new AppError('CONFLICT');
  }

  /** A pending or upgrading job targets this number. */
  private async inUse(number: string): Promise<boolean> {
    const jobs = await repo.findJobTargetVersions(this.deps.db, RUNNING_UPGRADE_STATES);
    return jobs.some((j) => sameVersion(j.targetVersion, number));
  }

  /** Each inventory exists and is named once. */
  private inventoryProblems(inventoryIds: readonly string[]): FieldProblem[] {
    const problems: FieldProblem[] = [];
    const seen = new Set<string>();
    inventoryIds.forEach((id, i) => {
      if (seen.has(id)) problems.push({ path: `body.inventoryIds.${i}`, message: VALIDATION.fieldUnique });
      else if (!this.deps.readModel.inventories.get(id)) problems.push({ path: `body.inventoryIds.${i}`, message: RULES.unknownInventory });
      seen.add(id);
    });
    return problems;
  }

  private present(user: AuthUser, row: VersionRow): SoftwareVersion {
    const inventories = row.inventories
      .filter((i) => user.global || user.inventoryIds.includes(i.inventoryId))
      .map((i) => ({ id: i.inventoryId, name: this.deps.readModel.inventories.get(i.inventoryId)?.name ?? i.inventoryId }))
      .sort((a, b) => compareText(a.name, b.name) || compareText(a.id, b.id));
    return {
      id: row.id,
      number: row.number,
      description: row.description,
      releaseNotesUrl: row.releaseNotesUrl,
      supportedDevices: softwareVersionDevices.read(row.supportedDevices),
      inventories,
      global: row.inventories.length === 0,
      deprecated: row.deprecated,
      ...recordStamps(row),
    };
  }
}

export const softwareVersionCalls = callsOf<SoftwareVersionService>()({
  listSoftwareVersions: (svc, { query }, user) => svc.list(user, query),
  getSoftwareVersion: (svc, { params }, user) => svc.get(user, params.id),
  createSoftwareVersion: (svc, { body }, user) => svc.create(user, body),
  updateSoftwareVersion: (svc, { params, body }, user) => svc.update(user, params.id, body),
  deleteSoftwareVersion: (svc, { params }, user) => svc.delete(user, params.id),
  assignSoftwareVersionInventory: (svc, { params }, user) => svc.assign(user, params.id, params.inventoryId),
  withdrawSoftwareVersionInventory: (svc, { params }, user) => svc.withdraw(user, params.id, params.inventoryId),
});
