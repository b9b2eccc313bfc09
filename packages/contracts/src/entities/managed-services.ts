/**
 * An inventory's managed services, their states and trials (spec 001 §3 Service, §4 service and trial states, §7 Inventories managed services, services_status, managed-services/trial; /inventory_services).
 *
 * `ManagedService` is one card of the /inventory_services screen and what `managedService.changed`
 * carries: the stored fields (status, trial state and dates, expiry, usage kind and quota, plan
 * type) and the state they make at the time of the answer (§4 "Service: not enabled, on trial,
 * trial expired, purchased, expired, over usage"; status ENABLED reads `enabled`).
 */
import { z } from 'zod';
import { MANAGED_SERVICES, PLAN_TYPES, SERVICE_STATUS_VALUES, TRIAL_STATES, USAGE_KINDS } from '../enum-values.js';
import { Id, IsoDate } from './common.js';

export const ManagedServiceName = z.enum(MANAGED_SERVICES);
export type ManagedServiceName = z.infer<typeof ManagedServiceName>;

/** §4 service states, and `enabled` (status ENABLED, not bought through a trial). */
export const MANAGED_SERVICE_STATES = ['enabled', 'notEnabled', 'onTrial', 'trialExpired', 'purchased', 'expired', 'overUsage'] as const;
export const ManagedServiceState = z.enum(MANAGED_SERVICE_STATES);
export type ManagedServiceState = z.infer<typeof ManagedServiceState>;

export const ManagedService = z.object({
  inventoryId: Id,
  serviceName: ManagedServiceName,
  /** Stored status (SERVICE_STATUS_VALUES; null when the inventory never had the service). */
  status: z.string().nullable(),
  /** The trial state at the time of the answer (an active trial past its end reads expiredTrial). */
  trialState: z.string().nullable(),
  state: ManagedServiceState,
  /** Its features may be used now (enabled, purchased or on a running trial, within quota). */
  usable: z.boolean(),
  /** A trial is offered and not started: POST managed-services/trial applies. */
  trialAvailable: z.boolean(),
  trialStartedAt: IsoDate.nullable(),
  trialEndsAt: IsoDate.nullable(),
  /** Trials counted in hours too (graphics: 10): hours used and left. */
  trialHoursUsed: z.number().int().nonnegative().nullable(),
  trialHoursLeft: z.number().int().nonnegative().nullable(),
  expiresAt: IsoDate.nullable(),
  usageKind: z.enum(USAGE_KINDS),
  /** Monthly quota: GB (data) or hours (time); null when not counted. */
  quota: z.number().nonnegative().nullable(),
  /** This month's usage in the quota's unit (null when the service is not counted). */
  used: z.number().nonnegative().nullable(),
  planType: z.enum(PLAN_TYPES).nullable(),
  /** Optimistic concurrency of this service's admin form. */
  version: z.number().int().nonnegative(),
});
export type ManagedService = z.infer<typeof ManagedService>;

export const ManagedServiceList = z.object({ inventoryId: Id, items: z.array(ManagedService) });
export type ManagedServiceList = z.infer<typeof ManagedServiceList>;

export const ManagedServiceParams = z.object({ id: Id, serviceName: z.string().min(1).max(64) }).strict();

/**
 * Admin change of one managed service (super user, staff): enable (status enabled), disable,
 * purchase (trialState purchasedService), expire (status expired), offer a trial (trialState
 * enabledTrial: a fresh one, hours and dates cleared), set the trial's end, the expiry, the quota.
 * Fields left out stay; null clears.
 */
export const UpdateManagedServiceBody = z
  .object({
    version: z.number().int().nonnegative(),
    status: z.enum(SERVICE_STATUS_VALUES).optional(),
    trialState: z.enum(TRIAL_STATES).nullable().optional(),
    trialEndsAt: IsoDate.nullable().optional(),
    expiresAt: IsoDate.nullable().optional(),
    usageKind: z.enum(USAGE_KINDS).optional(),
    quota: z.number().nonnegative().max(1_000_000).nullable().optional(),
    planType: z.enum(PLAN_TYPES).nullable().optional(),
  })
  .strict();
export type UpdateManagedServiceBody = z.infer<typeof UpdateManagedServiceBody>;

/** POST managed-services/trial: start the offered trial of one service of one inventory. */
export const StartTrialBody = z.object({ inventoryId: Id, serviceName: ManagedServiceName }).strict();
export type StartTrialBody = z.infer<typeof StartTrialBody>;

/**
 * GET v2/inventories/{id}/services_status: what a console reads to gate features (§6 "Graphics
 * depends on a service-enabled check"; user props activeFeatures, hasGraphics); §9 "services 30
 * min": a console may keep it that long (`cacheMs`), /ws `managedService.changed` tells it sooner.
 */
export const ServicesStatus = z.object({
  inventoryId: Id,
  services: z.array(z.object({ serviceName: ManagedServiceName, state: ManagedServiceState, usable: z.boolean() })),
  /** Names of the usable services. */
  activeFeatures: z.array(ManagedServiceName),
  hasGraphics: z.boolean(),
  hasSmartPlan: z.boolean(),
  hasGoPlan: z.boolean(),
  cacheMs: z.number().int().positive(),
  at: IsoDate,
});
export type ServicesStatus = z.infer<typeof ServicesStatus>;
