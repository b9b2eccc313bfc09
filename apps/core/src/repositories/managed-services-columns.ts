/** The codec of the Inventory row's managed services JSON column (Inventory.managedServices). */
import { z } from 'zod';
import { jsonColumn, lenient, lenientRecord } from './json-column.js';

/**
 * Spec 001 §3 managed services of an inventory: `{ [service]: { status, trialState?, trialStartedAt?,
 * trialEndsAt?, usedHours? } }` (status SERVICE_STATUS_VALUES, trialState TRIAL_STATES; the trial
 * fields as the graphics trial counts them, §9 "graphics trial 10 hours, expires in 30 days").
 * Entries that do not fit are dropped; unknown fields are kept.
 */
export const inventoryManagedServices = jsonColumn(
  lenientRecord(
    z.looseObject({
      status: lenient(z.string()),
      trialState: lenient(z.string()),
      trialStartedAt: lenient(z.iso.datetime({ offset: true })),
      trialEndsAt: lenient(z.iso.datetime({ offset: true })),
      usedHours: lenient(z.number().int().nonnegative()),
    }),
  ).transform((r) => r ?? {}),
  () => ({}),
);
export type ManagedServices = ReturnType<typeof inventoryManagedServices.read>;
export type ManagedServiceEntry = ManagedServices[string];
