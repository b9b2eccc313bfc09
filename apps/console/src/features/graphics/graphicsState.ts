/**
 * What the /my_graphics screen shows of the graphics service (spec 001 §6 "Graphics depends on a
 * service-enabled check", §9 "graphics trial 10 hours, expires in 30 days") and of jobs. No React here.
 */
import type { GraphicsComposition, GraphicsJob, GraphicsServiceStatus, RealtimeEvent } from '@fleet/contracts';

export type ServiceNotice =
  | { readonly kind: 'none' }
  | { readonly kind: 'trial'; readonly hoursLeft: number; readonly endsAt: string | null }
  | { readonly kind: 'disabled'; readonly reason: 'notEnabled' | 'trialExpired' };

export function serviceNotice(service: GraphicsServiceStatus): ServiceNotice {
  if (!service.usable) return { kind: 'disabled', reason: service.state === 'trialExpired' ? 'trialExpired' : 'notEnabled' };
  if (service.state === 'onTrial') return { kind: 'trial', hoursLeft: service.trialHoursLeft ?? 0, endsAt: service.trialEndsAt };
  return { kind: 'none' };
}

/** The jobs still advancing (their status is asked again until they are done). */
export function pendingJobIds(items: readonly GraphicsComposition[]): string[] {
  return items.flatMap((c) => (c.job != null && c.job.status !== 'done' ? [c.job.jobId] : []));
}

/** A composition's job as last known: the fresher job status answer wins over the list's. */
export function latestJob(composition: GraphicsComposition, statuses: readonly GraphicsJob[] | undefined): GraphicsJob | null {
  const job = composition.job;
  // A job the answer left out is none.
  if (job == null) return null;
  return statuses?.find((s) => s.jobId === job.jobId) ?? job;
}

/**
 * The My Graphics reads an event makes stale (live over /ws): a composition made, opened
 * again or deleted (`graphics.changed`: the compositions and the trial hours) or the inventory's
 * graphics service changed (`managedService.changed`: whether graphics show at all).
 */
export function staleGraphicsReads(event: RealtimeEvent): { readonly inventoryId: string; readonly reads: readonly GraphicsRead[] } | null {
  if (event.type === 'graphics.changed') return { inventoryId: event.inventoryId, reads: ['listMyGraphics', 'getGraphicsPermissions'] };
  if (event.type === 'managedService.changed' && event.service.serviceName === 'graphics') {
    return { inventoryId: event.service.inventoryId, reads: ['getGraphicsPermissions', 'listMyGraphics', 'listGraphicsTemplates'] };
  }
  return null;
}

export type GraphicsRead = 'listMyGraphics' | 'getGraphicsPermissions' | 'listGraphicsTemplates';
