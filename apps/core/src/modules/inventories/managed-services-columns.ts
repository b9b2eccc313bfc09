/** The codec of the Inventory row's managed services JSON column (Inventory.managedServices). */
import { z } from 'zod';
import { jsonColumn, lenient, lenientRecord } from '../../platform/storage/json-column.js';

/**
 * Spec 001 §3 managed services of an inventory, the one store of them: `{ [service]: { status,
 * trialState?, trialStartedAt?, trialEndsAt?, usedHours?, expiresAt?, usageKind?, quota?,
 * planType?, version? } }` (status SERVICE_STATUS_VALUES, trialState TRIAL_STATES, usageKind
 * USAGE_KINDS, planType PLAN_TYPES; the trial fields as @fleet/domain service-state counts them;
 * `version` is the service's own, for its admin form). Entries that do not fit are dropped;
 * unknown fields are kept.
 */
export const inventoryManagedServices = jsonColumn(
  lenientRecord(
    z.looseObject({
      status: lenient(z.string()),
      trialState: lenient(z.string()),
      trialStartedAt: lenient(z.iso.datetime({ offset: true })),
      trialEndsAt: lenient(z.iso.datetime({ offset: true })),
      usedHours: lenient(z.number().int().nonnegative()),
      expiresAt: lenient(z.iso.datetime({ offset: true })),
      usageKind: lenient(z.string()),
      quota: lenient(z.number().nonnegative()),
      planType: lenient(z.string()),
      version: lenient(z.number().int().nonnegative()),
    }),
  ).transform((r) => r ?? {}),
  () => ({}),
);
export type ManagedServices = ReturnType<typeof inventoryManagedServices.read>;
export type ManagedServiceEntry = ManagedServices[string];
