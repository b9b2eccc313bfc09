/**
 * Graphics (spec 001 §7 Graphics): my graphics, singular, delete app, templates, permissions, job
 * status; §6 "Graphics depends on a service-enabled check"; §9 "graphics trial 10 hours, expires in
 * 30 days".
 *
 * The service check: an inventory's `graphics` managed service (Inventory.managedServices) lets
 * graphics calls through when its status is `enabled`, its trial state `purchasedService`, or it is
 * on a trial that has hours and days left; otherwise every graphics call but the permissions
 * answers 403 "Feature disabled" (the permissions say why, for the screen).
 *
 * The trial: `enabledTrial` (offered) starts at the first composition session opened
 * (`activeTrial`, ending 30 days later); `activeTrial` lasts until its end date or until 10 hours of
 * use. Use is counted per composition session: each POST graphics/singular opens one and counts as
 * one hour (the Singular app does not tell the core when a session ends, so a started session is
 * charged as a whole hour, the trial's unit). The session that reaches 10 hours is the last.
 * The service's state and its counting are the managed services' (ManagedServiceService.countUse,
 * the rules of @fleet/domain service-state): one store, one writer, each change announced.
 *
 * Every composition made, opened again or deleted is announced as `graphics.changed` on the
 * inventory's topics.
 *
 * Jobs: each session starts a job preparing the composition's app; its status follows from its age
 * on the core's clock (queued for the first second, then rendering until six seconds, then done),
 * so nothing runs in the background and a restart changes nothing.
 */
import { randomUUID } from 'node:crypto';
import {
  BROADER_ROLES,
  hasAnyRole,
  VALIDATION,
  type GraphicsAppDeleted,
  type GraphicsComposition,
  type GraphicsJob,
  type GraphicsJobStatuses,
  type GraphicsPermissions,
  type GraphicsServiceStatus,
  type GraphicsTemplate,
  type GraphicsTemplates,
  type MyGraphics,
  type SingularBody,
  type SingularSession,
  RULES,
} from '@fleet/contracts';
import { callsOf } from '../../calls.js';
import { AppError, validationError } from '../../errors.js';
import { graphicsCompositionData } from './graphics-columns.js';
import { inventoryManagedServices, type ManagedServiceEntry } from '../inventories/managed-services-columns.js';
import { managedServiceState, trialRuleOf } from '@fleet/domain';
import type { AuthUser } from '../../platform/access.js';
import type { ServiceDeps } from '../deps.js';
import type { ManagedServiceService } from '../inventories/managed-services.js';
import { compareText } from '../../platform/order.js';
import { inventoryAudience } from '../../platform/topics.js';
import * as repo from './repository.js';
import { atVersion } from '../../platform/versioned-write.js';

type CompositionRow = repo.CompositionRecord;

/** A composition session counts as one hour of trial use. */
const SESSION_HOURS = 1;
/** Job timeline from its start. */
const JOB_QUEUED_MS = 1000;
const JOB_DONE_MS = 6000;
/** Jobs remembered per composition (the latest ones). */
const JOBS_KEPT = 5;

/** The templates the mock's Singular account offers (the same for every inventory). */
export const GRAPHICS_TEMPLATES: readonly GraphicsTemplate[] = [
  { id: 'lower-third-v2', name: 'Lower third', description: 'Name and title strap', category: 'news' },
  { id: 'full-screen-title', name: 'Full screen title', description: 'Opening and closing titles', category: 'news' },
  { id: 'breaking-ticker', name: 'Breaking news ticker', description: 'Scrolling headlines', category: 'news' },
  { id: 'scoreboard', name: 'Scoreboard', description: 'Teams, score and clock', category: 'sports' },
  { id: 'clock-bug', name: 'Clock bug', description: 'Corner clock and logo', category: 'branding' },
];

export class GraphicsService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly managedServices: Pick<ManagedServiceService, 'countUse'>,
  ) {}

  /** GET inventory/{id}/mygraphics: last updated first. */
  async myGraphics(inventoryId: string): Promise<MyGraphics> {
    this.requireUsable(inventoryId);
    const rows = await repo.findCompositionsOfInventory(this.deps.db, inventoryId);
    const now = this.deps.clock.now();
    const items = rows.sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime() || compareText(a.id, b.id)).map((r) => toComposition(r, now));
    return { inventoryId, items };
  }

  /** GET inventory/{id}/templates. */
  templates(inventoryId: string): GraphicsTemplates {
    this.requireUsable(inventoryId);
    return { inventoryId, items: [...GRAPHICS_TEMPLATES] };
  }

  /** GET inventory/{id}/permissions: always answered, so the screen can say why graphics are off. */
  permissions(user: AuthUser, inventoryId: string): GraphicsPermissions {
    const service = this.serviceOf(inventoryId, this.deps.businessClock.now());
    const writer = hasAnyRole(user.roles, BROADER_ROLES);
    return { inventoryId, service, canView: service.usable, canCreate: service.usable && writer, canDelete: service.usable && writer };
  }

  /** POST graphics/singular: open (or create, then open) a composition; one session of use. */
  async openSingular(body: SingularBody): Promise<SingularSession> {
    const inventoryId = body.inventoryId;
    this.requireUsable(inventoryId);
    let existing: CompositionRow | null = null;
    if (body.compositionId !== undefined) {
      existing = await repo.findCompositionOfInventory(this.deps.db, inventoryId, body.compositionId);
      if (!existing) throw new AppError('NOT_FOUND');
    } else {
      const problems: { path: string; message: string }[] = [];
      if (body.name === undefined) problems.push({ path: 'body.name', message: VALIDATION.required });
      if (body.template === undefined) problems.push({ path: 'body.template', message: VALIDATION.required });
      else if (!GRAPHICS_TEMPLATES.some((t) => t.id === body.template)) problems.push({ path: 'body.template', message: RULES.unknownTemplate });
      if (problems.length > 0) throw validationError(problems);
    }
    await this.managedServices.countUse(inventoryId, 'graphics', SESSION_HOURS);
    const now = this.deps.clock.date();
    const appId = existing?.appId ?? `app-${randomUUID()}`;
    const job = { jobId: `job-${randomUUID()}`, appId, createdAt: now.toISOString() };
    let row: CompositionRow;
    if (existing) {
      const data = graphicsCompositionData.read(existing.data);
      await atVersion(
        repo.updateCompositionAtVersion(this.deps.db, existing.id, existing.version, {
          appId,
          data: graphicsCompositionData.write({ ...data, jobs: [...(data.jobs ?? []), job].slice(-JOBS_KEPT) }),
        }),
      );
      const fresh = await repo.findComposition(this.deps.db, existing.id);
      if (!fresh) throw new AppError('CONFLICT');
      row = fresh;
    } else {
      row = await repo.createComposition(this.deps.db, {
        inventoryId,
        name: body.name ?? '',
        template: body.template ?? '',
        appId,
        data: graphicsCompositionData.write({ jobs: [job] }),
      });
    }
    const at = now.getTime();
    this.announce(inventoryId, row.id, false);
    return { appId, composition: toComposition(row, at), job: jobStatus(job, at), service: this.serviceOf(inventoryId, at) };
  }

  /** DELETE inventory/{id}/app/{appId}: the composition opened in that app. */
  async deleteApp(inventoryId: string, appId: string): Promise<GraphicsAppDeleted> {
    this.requireUsable(inventoryId);
    const row = await repo.findCompositionOfApp(this.deps.db, inventoryId, appId);
    if (!row) throw new AppError('NOT_FOUND');
    await atVersion(repo.deleteCompositionAtVersion(this.deps.db, row.id, row.version));
    this.announce(inventoryId, row.id, true);
    return { inventoryId, appId, deleted: true };
  }

  /** POST graphics/job/status: jobs of the inventory's compositions (an unknown one answers 404). */
  async jobStatuses(inventoryId: string, jobIds: readonly string[]): Promise<GraphicsJobStatuses> {
    this.requireUsable(inventoryId);
    const rows = await repo.findCompositionDataOfInventory(this.deps.db, inventoryId);
    const jobs = new Map(rows.flatMap((r) => (graphicsCompositionData.read(r.data).jobs ?? []).map((j) => [j.jobId, j] as const)));
    const now = this.deps.clock.now();
    return {
      inventoryId,
      jobs: jobIds.map((id) => {
        const job = jobs.get(id);
        if (!job) throw new AppError('NOT_FOUND');
        return jobStatus(job, now);
      }),
    };
  }

  // ── the service check and the trial ────────────────────────────────────────────────────────

  /** Where the inventory's graphics service stands at `now`. */
  serviceOf(inventoryId: string, now: number): GraphicsServiceStatus {
    const inventory = this.deps.readModel.inventories.get(inventoryId);
    const entry = inventory ? inventoryManagedServices.read(inventory.managedServices).graphics : undefined;
    return graphicsServiceStatus(entry, now);
  }

  /** `graphics.changed` to the inventory's topics (its consoles' My Graphics read it again). */
  private announce(inventoryId: string, compositionId: string, removed: boolean): void {
    this.deps.hub.publish(inventoryAudience(this.deps.readModel, [inventoryId]), {
      type: 'graphics.changed',
      inventoryId,
      compositionId,
      removed,
      at: this.deps.clock.now(),
    });
  }

  private requireUsable(inventoryId: string): void {
    if (!this.serviceOf(inventoryId, this.deps.businessClock.now()).usable) throw new AppError('FEATURE_DISABLED');
  }
}

// ── pure helpers ───────────────────────────────────────────────────────────────────────────

/**
 * The graphics service's state from its managed service entry: the managed services' rules
 * (@fleet/domain service-state) with the graphics trial (10 hours within 30 days, started by the
 * first session). Expired and over-usage services are not usable: the screen says not enabled.
 */
export function graphicsServiceStatus(entry: ManagedServiceEntry | undefined, now: number): GraphicsServiceStatus {
  const s = managedServiceState(entry, now, trialRuleOf('graphics'));
  const state = s.state === 'expired' || s.state === 'overUsage' ? 'notEnabled' : s.state;
  return { state, usable: s.usable, trialHoursUsed: s.trialHoursUsed, trialHoursLeft: s.trialHoursLeft, trialEndsAt: s.trialEndsAt };
}

type StoredJob = { jobId: string; appId: string; createdAt: string };

/** A job's status from its age. */
export function jobStatus(job: StoredJob, now: number): GraphicsJob {
  const age = now - Date.parse(job.createdAt);
  const status = age < JOB_QUEUED_MS ? 'queued' : age < JOB_DONE_MS ? 'rendering' : 'done';
  const progress = status === 'queued' ? 0 : status === 'done' ? 100 : Math.min(99, Math.floor(((age - JOB_QUEUED_MS) / (JOB_DONE_MS - JOB_QUEUED_MS)) * 100));
  return { jobId: job.jobId, appId: job.appId, status, progress, createdAt: job.createdAt };
}

function toComposition(r: CompositionRow, now: number): GraphicsComposition {
  const jobs = graphicsCompositionData.read(r.data).jobs ?? [];
  const latest = jobs.at(-1);
  return {
    id: r.id,
    inventoryId: r.inventoryId,
    name: r.name,
    template: r.template,
    templateName: GRAPHICS_TEMPLATES.find((t) => t.id === r.template)?.name ?? r.template,
    appId: r.appId,
    job: latest ? jobStatus(latest, now) : null,
    updatedAt: r.updatedAt.toISOString(),
  };
}

export const graphicsCalls = callsOf<GraphicsService>()({
  listMyGraphics: (svc, { params }) => svc.myGraphics(params.id),
  openSingularApp: (svc, { body }) => svc.openSingular(body),
  deleteGraphicsApp: (svc, { params }) => svc.deleteApp(params.id, params.appId),
  listGraphicsTemplates: (svc, { params }) => Promise.resolve(svc.templates(params.id)),
  getGraphicsPermissions: (svc, { params }, user) => Promise.resolve(svc.permissions(user, params.id)),
  getGraphicsJobStatus: (svc, { body }) => svc.jobStatuses(body.inventoryId, body.jobIds),
});
