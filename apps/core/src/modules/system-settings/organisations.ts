/**
 * Organisations and their inventories (spec 001 §2 /system_settings organization, organization_inventory; §3 Organisation: name, external UID, default role, max users).
 *
 * - Name and external UID are unique ("Name field has to be unique", "This field must be unique";
 *   the table's unique indexes back the checks). An empty external UID is none.
 * - Max users (0 = no limit) is what the user service's licence check reads ("No available user
 *   license", §8). It is not lowered below the organisation's active users: the refusal is on the
 *   field, in the spec's generic words "Must be N or more" with N the active users.
 * - An organisation with users is not deleted (ORGANISATION_HAS_USERS): they would be left
 *   without one. Its inventory associations go with it.
 * - organization_inventory: an inventory joins an organisation once ("Association already exists", §8).
 * - Every change is announced as `systemSetting.changed` (settings-support.ts).
 */
import {
  VALIDATION,
  type AddOrganisationInventoryBody,
  type CreateOrganisationBody,
  type Organisation,
  type OrganisationInventory,
  type OrganisationInventoryPage,
  type OrganisationInventoryRemoved,
  type OrganisationInventorySearchQuery,
  type OrganisationSearchQuery,
  Role,
  type SettingDeleted,
  type UpdateOrganisationBody,
  RULES,
} from '@fleet/contracts';
import type { Db } from '@fleet/db';
import { callsOf } from '../../calls.js';
import { AppError, validationError } from '../../errors.js';
import { unlessTaken, requireWritten } from '../../platform/versioned-write.js';
import { recordStamps } from '../../platform/storage/record-stamps.js';
import { countActiveUsers } from '../users/repository.js';
import { announceSetting, pageOfRows, uniqueName } from './settings-support.js';
import { defineSettingKind, settingService } from './setting-kind.js';
import * as repo from './repository.js';

const storedRole = Role.catch('luc_regular');
interface Counts {
  users: number;
  active: number;
  inventories: number;
}

const blankToNull = (v: string | null | undefined): string | null | undefined =>
  v === undefined ? undefined : v === null || v.trim() === '' ? null : v.trim();

/** Users, active users and inventories per organisation (one organisation's with `id`). */
async function counts(db: Db, id?: string): Promise<Map<string, Counts>> {
  const [users, inventories] = await Promise.all([repo.findOrganisationUsers(db, id), repo.findOrganisationInventoryOwners(db, id)]);
  const out = new Map<string, Counts>();
  const of = (org: string) => {
    let c = out.get(org);
    if (!c) {
      c = { users: 0, active: 0, inventories: 0 };
      out.set(org, c);
    }
    return c;
  };
  for (const u of users) {
    if (u.organisationId === null) continue;
    const c = of(u.organisationId);
    c.users += 1;
    if (u.active) c.active += 1;
  }
  for (const i of inventories) of(i.organisationId).inventories += 1;
  return out;
}

export const organisationKind = defineSettingKind<{
  row: repo.OrganisationRecord;
  out: Organisation;
  create: CreateOrganisationBody;
  update: UpdateOrganisationBody;
  query: OrganisationSearchQuery;
}>()({
  kind: 'organization',
  store: repo.organisations,
  context: (deps, id) => counts(deps.db, id),
  present: (row, counts) => {
    const c = counts.get(row.id);
    return {
      id: row.id,
      name: row.name,
      externalUid: row.externalUid,
      // A stored role the contracts no longer know reads as the default one.
      defaultRole: storedRole.parse(row.defaultRole),
      maxUsers: row.maxUsers,
      userCount: c?.users ?? 0,
      activeUsers: c?.active ?? 0,
      inventoryCount: c?.inventories ?? 0,
      ...recordStamps(row),
    };
  },
  list: {
    search: (o) => [o.name, o.externalUid],
    sort: (o, key) => o[key],
  },
  insert: (body) => ({
    name: body.name,
    externalUid: blankToNull(body.externalUid) ?? null,
    defaultRole: body.defaultRole ?? 'luc_regular',
    maxUsers: body.maxUsers ?? 0,
  }),
  changes: (body) => {
    const externalUid = blankToNull(body.externalUid);
    return {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(externalUid !== undefined ? { externalUid } : {}),
      ...(body.defaultRole !== undefined ? { defaultRole: body.defaultRole } : {}),
      ...(body.maxUsers !== undefined ? { maxUsers: body.maxUsers } : {}),
    };
  },
  unique: [
    uniqueName,
    {
      column: 'externalUid',
      value: (body) => blankToNull(body.externalUid),
      error: () => validationError([{ path: 'body.externalUid', message: VALIDATION.fieldUnique }]),
    },
  ],
  /** Max users not below the organisation's active users. */
  guard: async ({ body, row }, deps) => {
    if (row === null || body.maxUsers === undefined || body.maxUsers <= 0) return;
    const active = await countActiveUsers(deps.db, row.id);
    if (body.maxUsers < active) throw validationError([{ path: 'body.maxUsers', message: VALIDATION.minValue(active) }]);
  },
});

export class OrganisationService extends settingService(organisationKind) {
  /** DELETE v2/admin/organisations/{id}: only without users. */
  override async delete(id: string): Promise<SettingDeleted> {
    await this.require(id);
    // One statement: a user joining meanwhile keeps the organisation.
    const count = await repo.deleteOrganisationWithoutUsers(this.deps.db, id);
    if (count === 0) {
      if (await repo.organisations.find(this.deps.db, id)) throw new AppError('ORGANISATION_HAS_USERS');
      throw new AppError('NOT_FOUND');
    }
    announceSetting(this.deps, 'organization', id, true);
    announceSetting(this.deps, 'organization_inventory', id, true);
    return { id, deleted: true };
  }

  /** GET v2/admin/organisationInventories. */
  async listInventories(q: OrganisationInventorySearchQuery): Promise<OrganisationInventoryPage> {
    const rows = await repo.findOrganisationInventories(this.deps.db, q.organisationId);
    const items = rows.map((r) => ({
      ...this.toAssociation(r.organisationId, r.organisation.name, r.inventoryId),
      id: `${r.organisationId}/${r.inventoryId}`,
    }));
    const page = pageOfRows(
      items,
      q,
      (r) => [r.inventoryName, r.organisationName],
      (r, key) => r[key],
    );
    return { ...page, items: page.items.map(({ id: _key, ...rest }) => rest) };
  }

  /** POST v2/admin/organisations/{id}/inventories. */
  async addInventory(id: string, body: AddOrganisationInventoryBody): Promise<OrganisationInventory> {
    const org = await this.require(id);
    if (!this.deps.readModel.inventories.get(body.inventoryId)) throw validationError([{ path: 'body.inventoryId', message: RULES.unknownInventory }]);
    if (await repo.organisationHasInventory(this.deps.db, id, body.inventoryId)) throw new AppError('ASSOCIATION_EXISTS');
    await unlessTaken(repo.addOrganisationInventory(this.deps.db, id, body.inventoryId), () => new AppError('ASSOCIATION_EXISTS'));
    announceSetting(this.deps, 'organization_inventory', id);
    announceSetting(this.deps, 'organization', id);
    return this.toAssociation(id, org.name, body.inventoryId);
  }

  /** DELETE v2/admin/organisations/{id}/inventories/{inventoryId}. */
  async removeInventory(id: string, inventoryId: string): Promise<OrganisationInventoryRemoved> {
    await this.require(id);
    await requireWritten(repo.removeOrganisationInventory(this.deps.db, id, inventoryId));
    announceSetting(this.deps, 'organization_inventory', id, true);
    announceSetting(this.deps, 'organization', id);
    return { organisationId: id, inventoryId, deleted: true };
  }

  private toAssociation(organisationId: string, organisationName: string, inventoryId: string): OrganisationInventory {
    return { organisationId, organisationName, inventoryId, inventoryName: this.deps.readModel.inventories.get(inventoryId)?.name ?? inventoryId };
  }
}

export const organisationCalls = callsOf<OrganisationService>()({
  searchOrganisations: (svc, { query }) => svc.list(query),
  createOrganisation: (svc, { body }) => svc.create(body),
  getOrganisation: (svc, { params }) => svc.get(params.id),
  updateOrganisation: (svc, { params, body }) => svc.update(params.id, body),
  deleteOrganisation: (svc, { params }) => svc.delete(params.id),
  searchOrganisationInventories: (svc, { query }) => svc.listInventories(query),
  addOrganisationInventory: (svc, { params, body }) => svc.addInventory(params.id, body),
  removeOrganisationInventory: (svc, { params }) => svc.removeInventory(params.id, params.inventoryId),
});
