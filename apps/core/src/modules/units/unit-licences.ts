/**
 * A unit's services and licences (spec 000 §7 POST v2/units/{id}/services, DELETE services/{id}):
 * enabling, re-enabling and removing a service; the unit row keeps the summary its detail shows.
 */
import { type AuthUser } from '../../platform/access.js';
import type { z } from 'zod';
import type { AddUnitServiceBody, UnitServiceInfo } from '@fleet/contracts';
import { transaction, type DbTx } from '@fleet/db';
import { callsOf } from '../../calls.js';
import { AppError } from '../../errors.js';
import type { ServiceDeps } from '../deps.js';
import type { UnitService } from './units.js';
import * as repo from './repository.js';

export class UnitLicenceService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly units: Pick<UnitService, 'announce' | 'assertVisible'>,
  ) {}

  /** POST v2/units/{id}/services: enable a service (created, or re-enabled when it exists). */
  async addUnitService(id: string, body: z.infer<typeof AddUnitServiceBody>): Promise<UnitServiceInfo> {
    const row = await transaction(this.deps.db, async (tx) => {
      const existing = await repo.findUnitService(tx, id, body.serviceName);
      const saved = existing
        ? await repo.updateService(tx, existing.id, { serviceStatus: 'enabled', ...(body.tier ? { tier: body.tier } : {}) })
        : await repo.createService(tx, { unitId: id, serviceName: body.serviceName, serviceStatus: 'enabled', tier: body.tier ?? null, usageKind: 'na' });
      await syncServiceSummary(tx, id);
      return saved;
    });
    await this.units.announce(id);
    return toServiceInfo(row);
  }

  /** DELETE v2/units/{id}/services/{serviceId}: by service id or service name. */
  async removeUnitService(id: string, serviceId: string): Promise<UnitServiceInfo[]> {
    const rows = await transaction(this.deps.db, async (tx) => {
      const target = await repo.findUnitServiceByIdOrName(tx, id, serviceId);
      if (!target) throw new AppError('NOT_FOUND');
      await repo.deleteService(tx, target.id);
      await syncServiceSummary(tx, id);
      return repo.findUnitServices(tx, id);
    });
    await this.units.announce(id);
    return rows.map(toServiceInfo);
  }

  async services(user: AuthUser, id: string): Promise<UnitServiceInfo[]> {
    await this.units.assertVisible(user, id);
    const rows = await repo.findUnitServices(this.deps.db, id);
    return rows.map((s) => ({
      id: s.id,
      serviceName: s.serviceName,
      serviceStatus: s.serviceStatus,
      enabled: s.serviceStatus.toUpperCase() === 'ENABLED',
      tier: s.tier,
      lifecycle: s.lifecycle,
      trialState: s.trialState,
      trialEndsAt: iso(s.trialEndsAt),
      expiresAt: iso(s.expiresAt),
      usageKind: s.usageKind,
    }));
  }
}

function toServiceInfo(s: {
  id: string;
  serviceName: string;
  serviceStatus: string;
  tier: string | null;
  lifecycle: string | null;
  trialState: string | null;
  trialEndsAt: Date | null;
  expiresAt: Date | null;
  usageKind: string;
}): UnitServiceInfo {
  return {
    id: s.id,
    serviceName: s.serviceName,
    serviceStatus: s.serviceStatus,
    enabled: s.serviceStatus.toLowerCase() === 'enabled',
    tier: s.tier,
    lifecycle: s.lifecycle,
    trialState: s.trialState,
    trialEndsAt: s.trialEndsAt ? s.trialEndsAt.toISOString() : null,
    expiresAt: s.expiresAt ? s.expiresAt.toISOString() : null,
    usageKind: s.usageKind,
  };
}

/** Unit.services keeps the summary the unit detail shows: [{ serviceName, serviceStatus }]. */
async function syncServiceSummary(tx: DbTx, unitId: string): Promise<void> {
  const all = await repo.findUnitServiceSummary(tx, unitId);
  await repo.setUnitServiceSummary(
    tx,
    unitId,
    all.map((s) => ({ serviceName: s.serviceName, serviceStatus: s.serviceStatus })),
  );
}

/** The calls UnitActionService answers. */

export const unitLicenceCalls = callsOf<UnitLicenceService>()({
  getUnitServices: (s, { params }, user) => s.services(user, params.id),
  addUnitService: (s, { params, body }) => s.addUnitService(params.id, body),
  removeUnitService: (s, { params }) => s.removeUnitService(params.id, params.serviceId),
});

function iso(d: Date | null | undefined): string | null {
  return d ? d.toISOString() : null;
}

/** The calls UnitReadService answers. */
