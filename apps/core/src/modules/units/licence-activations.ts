/**
 * Unit and licence activation, a grantable permission (spec 001 §6; /unit_license_activation; "license limit reached").
 *
 * - The pool: Inventory.settings.licences `{ [unit service]: { total } }`; in use = the
 *   inventory's units with that service enabled (Unit.services, in the read model).
 * - Activating or deactivating a licence on a unit is enabling or removing that unit service
 *   through UnitLicenceService (one implementation; the unit is announced on /ws as for any service
 *   change). Activation needs the caller's `unitLicenseActivation` permission (User.permissions;
 *   super users always have it): otherwise 403 "Not available for your user type". An exhausted
 *   pool answers 402 "License limit reached". Activations of one inventory run one at a time in
 *   this process, so two at once cannot both take the last licence.
 * - Granting: admins (ADMIN_UNIT_ROLES) on users of their inventories (global roles: anyone);
 *   another inventory's user and an unknown one both answer 404.
 */
import {
  ACTIVATABLE_LICENCES,
  VALIDATION,
  type ActivatableLicence,
  type LicenceActivationResult,
  type LicenceActivationView,
  type LicencePermission,
  type LicencePoolEntry,
  type LicenceUnit,
  type SetLicenceActivationBody,
  type SetLicencePermissionBody,
  type SetLicencePoolBody,
} from '@fleet/contracts';
import { callsOf } from '../../calls.js';
import { AppError, validationError } from '../../errors.js';
import { inventoryLicencePool, userPermissions } from './licence-columns.js';
import { unitServices } from '../../platform/storage/unit-columns.js';
import type { UnitRecord } from '../../platform/storage/unit-rows.js';
import { canSeeSomeInventory, type AuthUser } from '../../platform/access.js';
import type { ServiceDeps } from '../deps.js';
import { updateInventoryAtVersion } from '../inventories/repository.js';
import { findUserColumns } from '../users/repository.js';
import type { UnitLicenceService } from './unit-licences.js';
import * as repo from './repository.js';

const WRITE_TRIES = 5;

function activeLicences(unit: UnitRecord): ActivatableLicence[] {
  const enabled = new Set(
    unitServices
      .read(unit.services)
      .filter((s) => s.serviceStatus.toLowerCase() === 'enabled')
      .map((s) => s.serviceName),
  );
  return ACTIVATABLE_LICENCES.filter((l) => enabled.has(l));
}

export class LicenceActivationService {
  /** The activation under way per inventory (one at a time: the pool check and the write go together). */
  private readonly running = new Map<string, Promise<unknown>>();

  constructor(
    private readonly deps: ServiceDeps,
    private readonly unitLicences: Pick<UnitLicenceService, 'addUnitService' | 'removeUnitService'>,
  ) {}

  /** GET v2/inventories/{id}/licenceActivation. */
  async view(user: AuthUser, inventoryId: string): Promise<LicenceActivationView> {
    return { inventoryId, canActivate: await this.mayActivate(user), pool: this.pool(inventoryId), units: this.units(inventoryId).map(toLicenceUnit) };
  }

  /** POST v2/inventories/{id}/licenceActivation. */
  async set(user: AuthUser, inventoryId: string, body: SetLicenceActivationBody): Promise<LicenceActivationResult> {
    const unit = this.units(inventoryId).find((u) => u.id === body.unitId);
    if (!unit) throw new AppError('NOT_FOUND');
    if (!(await this.mayActivate(user))) throw new AppError('NOT_AVAILABLE_FOR_USER_TYPE');
    return this.oneAtATime(inventoryId, async () => {
      const current = this.deps.readModel.units.get(body.unitId);
      const active = current ? activeLicences(current).includes(body.serviceName) : false;
      if (body.active && !active) {
        const entry = this.pool(inventoryId).find((p) => p.serviceName === body.serviceName);
        if (!entry || entry.available === 0) throw new AppError('LICENSE_LIMIT_REACHED');
        await this.unitLicences.addUnitService(body.unitId, { serviceName: body.serviceName });
      } else if (!body.active && active) {
        await this.unitLicences.removeUnitService(body.unitId, body.serviceName);
      }
      const after = this.deps.readModel.units.get(body.unitId) ?? unit;
      return { inventoryId, unit: toLicenceUnit(after), pool: this.pool(inventoryId) };
    });
  }

  /** PUT v2/admin/inventories/{id}/licencePool: not below the licences in use. */
  async setPool(user: AuthUser, inventoryId: string, body: SetLicencePoolBody): Promise<LicenceActivationView> {
    await this.oneAtATime(inventoryId, async () => {
      const used = this.pool(inventoryId).find((p) => p.serviceName === body.serviceName)?.used ?? 0;
      if (body.total < used) throw validationError([{ path: 'body.total', message: VALIDATION.minValue(used) }]);
      for (let attempt = 0; attempt < WRITE_TRIES; attempt++) {
        const inventory = this.deps.readModel.inventories.get(inventoryId);
        if (!inventory) throw new AppError('NOT_FOUND');
        const settings = inventoryLicencePool.read(inventory.settings);
        const next = { ...settings, licences: { ...settings.licences, [body.serviceName]: { ...settings.licences[body.serviceName], total: body.total } } };
        const count = await updateInventoryAtVersion(this.deps.db, inventoryId, inventory.version, { settings: inventoryLicencePool.write(next) });
        if (count === 1) return;
      }
      throw new AppError('CONFLICT');
    });
    return this.view(user, inventoryId);
  }

  /** PUT v2/admin/users/{id}/permissions/unitLicenseActivation. */
  async setPermission(user: AuthUser, userId: string, body: SetLicencePermissionBody): Promise<LicencePermission> {
    const target = await repo.findPermissionTarget(this.deps.db, userId);
    if (!target) throw new AppError('NOT_FOUND');
    if (!canSeeSomeInventory(user, target.inventories)) throw new AppError('NOT_FOUND');
    const permissions = { ...userPermissions.read(target.permissions), unitLicenseActivation: body.granted };
    await repo.setUserPermissions(this.deps.db, userId, userPermissions.write(permissions));
    return { userId, granted: body.granted };
  }

  // ── internals ──────────────────────────────────────────────────────────────────────────────

  private async mayActivate(user: AuthUser): Promise<boolean> {
    if (user.roles.includes('super_user')) return true;
    const row = await findUserColumns(this.deps.db, user.id, { permissions: true });
    return row ? userPermissions.read(row.permissions).unitLicenseActivation === true : false;
  }

  private units(inventoryId: string): UnitRecord[] {
    return this.deps.readModel.units
      .all()
      .filter((u) => u.inventories.some((i) => i.inventoryId === inventoryId))
      .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  }

  private pool(inventoryId: string): LicencePoolEntry[] {
    const inventory = this.deps.readModel.inventories.get(inventoryId);
    if (!inventory) throw new AppError('NOT_FOUND');
    const { licences } = inventoryLicencePool.read(inventory.settings);
    const units = this.units(inventoryId).map(activeLicences);
    return ACTIVATABLE_LICENCES.map((serviceName) => {
      const total = licences[serviceName]?.total ?? 0;
      const used = units.filter((a) => a.includes(serviceName)).length;
      return { serviceName, total, used, available: Math.max(0, total - used) };
    });
  }

  private oneAtATime<T>(inventoryId: string, work: () => Promise<T>): Promise<T> {
    const before = this.running.get(inventoryId) ?? Promise.resolve();
    const mine = before.catch(() => undefined).then(work);
    const settled = mine.catch(() => undefined);
    this.running.set(inventoryId, settled);
    void settled.then(() => {
      if (this.running.get(inventoryId) === settled) this.running.delete(inventoryId);
    });
    return mine;
  }
}

function toLicenceUnit(u: UnitRecord): LicenceUnit {
  return { unitId: u.id, name: u.name, productType: u.productType, active: activeLicences(u) };
}

export const licenceActivationCalls = callsOf<LicenceActivationService>()({
  getLicenceActivation: (svc, { params }, user) => svc.view(user, params.id),
  setLicenceActivation: (svc, { params, body }, user) => svc.set(user, params.id, body),
  setLicencePool: (svc, { params, body }, user) => svc.setPool(user, params.id, body),
  setLicencePermission: (svc, { params, body }, user) => svc.setPermission(user, params.id, body),
});
