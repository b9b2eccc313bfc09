/** Inventories (spec 001 §3 Inventory): the details of a unit in an inventory (support staff). */
import type { z } from 'zod';
import { VALIDATION, type InventoryUnitDetails, type InventoryUnitDetailsBody } from '@fleet/contracts';
import { callsOf } from '../calls.js';
import { AppError } from '../errors.js';
import type { ServiceDeps } from './deps.js';
import { bodyProblem } from './unit-devices.js';

export class InventoryService {
  constructor(private readonly deps: ServiceDeps) {}

  /**
   * PUT internal/inventory-unit-details: the unit must be in the inventory; a usage profile must
   * exist and be global or the inventory's. `version` is the unit's.
   */
  async updateInventoryUnitDetails(body: z.infer<typeof InventoryUnitDetailsBody>): Promise<z.infer<typeof InventoryUnitDetails>> {
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

export const inventoryCalls = callsOf<InventoryService>()({
  updateInventoryUnitDetails: (s, { body }) => s.updateInventoryUnitDetails(body),
});
