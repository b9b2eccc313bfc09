/**
 * Features that depend on the managed services of the current inventory (spec 001 §3 managed
 * services, §6 "Graphics depends on a service-enabled check", §7 services_status, §9 services
 * cached 30 min): which console features each service gates, which services the answer of
 * services_status says are off, and that answer patched by /ws `managedService.changed` (a trial
 * started or run out, an admin change) so the menu follows without a reload. Pure: the hook that
 * reads and follows it is useServiceGates.ts.
 *
 * A feature is turned off only by an answer that names its service as not usable: while the answer
 * is loading, when the call fails (a core without it) or for a service the answer leaves out, the
 * feature stays as it was (never everything hidden by an outage).
 */
import type { ManagedServiceName, RealtimeEvent, ServicesStatus } from '@fleet/contracts';

/** The console features a managed service gates (menu entries hidden, actions disabled while it is off). */
export const SERVICE_OF_FEATURE = {
  /** Manage → My Graphics (/my_graphics). */
  myGraphics: 'graphics',
  /** Manage → Audio Connect (/audio_rooms): web audio connect. */
  audioConnect: 'web_aud_connect',
  /** The unit configuration's return audio (IFB delay, IFB always on). */
  ifb: 'audio_ifb',
} as const satisfies Record<string, ManagedServiceName>;

export type GatedFeature = keyof typeof SERVICE_OF_FEATURE;

/** Whether a feature is off: its service named in the answer as not usable. */
export type FeatureOff = (feature: GatedFeature) => boolean;

/** Nothing known: every feature as it is without gates. */
export const NO_GATES: FeatureOff = () => false;

/** The gates an answer of services_status sets (undefined: no answer, nothing off). */
export function featureGates(status: ServicesStatus | undefined): FeatureOff {
  if (status === undefined) return NO_GATES;
  const off = new Set(status.services.filter((s) => !s.usable).map((s) => s.serviceName));
  if (off.size === 0) return NO_GATES;
  return (feature) => off.has(SERVICE_OF_FEATURE[feature]);
}

export type ManagedServiceChanged = Extract<RealtimeEvent, { type: 'managedService.changed' }>;

/**
 * The answer with one service as the event says (same inventory only), its summaries
 * (activeFeatures, hasGraphics, hasSmartPlan, hasGoPlan) following; the same object when nothing
 * changes, so a repeated event (one per subscribed topic) re-renders nothing.
 */
export function applyServiceChange(status: ServicesStatus, event: ManagedServiceChanged): ServicesStatus {
  const next = event.service;
  if (next.inventoryId !== status.inventoryId) return status;
  const current = status.services.find((s) => s.serviceName === next.serviceName);
  if (current?.state === next.state && current.usable === next.usable) return status;
  const entry = { serviceName: next.serviceName, state: next.state, usable: next.usable };
  const services = current ? status.services.map((s) => (s.serviceName === next.serviceName ? entry : s)) : [...status.services, entry];
  const usable = (name: ManagedServiceName) => services.some((s) => s.serviceName === name && s.usable);
  return {
    ...status,
    services,
    activeFeatures: services.filter((s) => s.usable).map((s) => s.serviceName),
    hasGraphics: usable('graphics'),
    hasSmartPlan: usable('smart_plan'),
    hasGoPlan: usable('go_plan'),
  };
}
