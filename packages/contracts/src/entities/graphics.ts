/**
 * Shapes of graphics (spec 001 §3 Graphics composition: name, template, last updated; §7 Graphics:
 * my graphics, singular, delete app, templates, permissions, job status; §6 "Graphics depends on a
 * service-enabled check"; §9 "graphics trial 10 hours, expires in 30 days"). The spec shows no
 * shapes: these are what the /my_graphics screen shows.
 */
import { z } from 'zod';
import { Id, IsoDate } from './common.js';
import { UnitName } from './unit.js';

/**
 * Where an inventory's `graphics` managed service stands (spec 001 §4 service states): enabled
 * (status enabled), purchased, on trial (10 hours of use within 30 days of the trial's start),
 * trial expired, or not enabled. Only `enabled`, `purchased` and `onTrial` let graphics calls through.
 */
export const GRAPHICS_SERVICE_STATES = ['enabled', 'purchased', 'onTrial', 'trialExpired', 'notEnabled'] as const;
export const GraphicsServiceState = z.enum(GRAPHICS_SERVICE_STATES);
export type GraphicsServiceState = z.infer<typeof GraphicsServiceState>;

export const GraphicsServiceStatus = z.object({
  state: GraphicsServiceState,
  /** Graphics calls are answered (enabled, purchased or on an active trial). */
  usable: z.boolean(),
  /** Trial only: hours of use counted so far, hours left of the 10, and when the trial ends. */
  trialHoursUsed: z.number().int().nonnegative().nullable(),
  trialHoursLeft: z.number().int().nonnegative().nullable(),
  trialEndsAt: IsoDate.nullable(),
});
export type GraphicsServiceStatus = z.infer<typeof GraphicsServiceStatus>;

/** Render/export job states of a composition's Singular app (advance with time). */
export const GRAPHICS_JOB_STATUSES = ['queued', 'rendering', 'done'] as const;
export const GraphicsJobStatusValue = z.enum(GRAPHICS_JOB_STATUSES);

export const GraphicsJob = z.object({
  jobId: Id,
  appId: Id,
  status: GraphicsJobStatusValue,
  /** 0-100. */
  progress: z.number().int().min(0).max(100),
  createdAt: IsoDate,
});
export type GraphicsJob = z.infer<typeof GraphicsJob>;

export const GraphicsComposition = z.object({
  id: Id,
  inventoryId: Id,
  name: z.string(),
  /** Template id, and its name (the id when the template is no longer offered). */
  template: z.string(),
  templateName: z.string(),
  /** The Singular app the composition opens in (null until opened once). */
  appId: Id.nullable(),
  /** The latest job of the composition's app, if any. */
  job: GraphicsJob.nullable(),
  /** "last updated" */
  updatedAt: IsoDate,
});
export type GraphicsComposition = z.infer<typeof GraphicsComposition>;

/** GET inventory/{id}/mygraphics: the inventory's compositions, last updated first. */
export const MyGraphics = z.object({ inventoryId: Id, items: z.array(GraphicsComposition) });
export type MyGraphics = z.infer<typeof MyGraphics>;

export const GraphicsTemplate = z.object({ id: Id, name: z.string(), description: z.string(), category: z.string() });
export type GraphicsTemplate = z.infer<typeof GraphicsTemplate>;
/** GET inventory/{id}/templates. */
export const GraphicsTemplates = z.object({ inventoryId: Id, items: z.array(GraphicsTemplate) });
export type GraphicsTemplates = z.infer<typeof GraphicsTemplates>;

/** GET inventory/{id}/permissions: what the caller may do with graphics there, and the service's state. */
export const GraphicsPermissions = z.object({
  inventoryId: Id,
  service: GraphicsServiceStatus,
  canView: z.boolean(),
  canCreate: z.boolean(),
  canDelete: z.boolean(),
});
export type GraphicsPermissions = z.infer<typeof GraphicsPermissions>;

export const GraphicsInventoryParams = z.object({ id: Id }).strict();
export const GraphicsAppParams = z.object({ id: Id, appId: Id }).strict();

/**
 * POST graphics/singular: open a composition in the Singular graphics app. With `compositionId`,
 * an existing one (its app id kept); otherwise a new one from `template` named `name`. Each call
 * starts a session (counted against a trial) and a job preparing the app.
 */
export const SingularBody = z
  .object({
    inventoryId: Id,
    compositionId: Id.optional(),
    name: UnitName.optional(),
    template: Id.optional(),
  })
  .strict();
export type SingularBody = z.infer<typeof SingularBody>;
export const SingularSession = z.object({
  appId: Id,
  composition: GraphicsComposition,
  job: GraphicsJob,
  service: GraphicsServiceStatus,
});
export type SingularSession = z.infer<typeof SingularSession>;

export const GraphicsAppDeleted = z.object({ inventoryId: Id, appId: Id, deleted: z.literal(true) });
export type GraphicsAppDeleted = z.infer<typeof GraphicsAppDeleted>;

/** Jobs asked at once (not in the spec: a guard). */
export const GRAPHICS_JOBS_PER_REQUEST_MAX = 50;
/** POST graphics/job/status: the status of jobs of the inventory's apps. */
export const GraphicsJobStatusBody = z
  .object({
    inventoryId: Id,
    jobIds: z.array(Id).min(1).max(GRAPHICS_JOBS_PER_REQUEST_MAX),
  })
  .strict();
export type GraphicsJobStatusBody = z.infer<typeof GraphicsJobStatusBody>;
export const GraphicsJobStatuses = z.object({ inventoryId: Id, jobs: z.array(GraphicsJob) });
export type GraphicsJobStatuses = z.infer<typeof GraphicsJobStatuses>;
