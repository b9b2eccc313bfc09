/**
 * Managed service states (spec 001 §4 "Service: not enabled, on trial, trial expired, purchased,
 * expired, over usage"; trial states enabledTrial, activeTrial, expiredTrial, expiredService,
 * purchasedService; "Service enabled means status ENABLED"; usage kinds data, time, na) and the
 * trials of §9 ("Trial 30 days for LU-Smart and LU-Lite; graphics trial 10 hours, expires in 30
 * days").
 *
 * The state is computed at `now` from what is stored, so a trial or a service that runs out
 * changes state without anyone writing: the same record reads `onTrial` before its end and
 * `trialExpired` after it.
 */
import { TIMINGS, type ManagedServiceState as ManagedServiceStateName } from '@fleet/contracts';

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

/** What an inventory keeps of one managed service (Inventory.managedServices[serviceName]). */
export interface ManagedServiceRecord {
  status?: string | undefined;
  trialState?: string | undefined;
  trialStartedAt?: string | undefined;
  trialEndsAt?: string | undefined;
  /** Trial hours used (services whose trial is counted in hours too: graphics). */
  usedHours?: number | undefined;
  /** A purchased or enabled service ends here. */
  expiresAt?: string | undefined;
  usageKind?: string | undefined;
  /** Monthly quota of a service counted in data (GB) or time (hours). */
  quota?: number | undefined;
}

/** How a service's trial runs. */
export interface TrialRule {
  /** The trial ends this many days after it starts. */
  days: number;
  /** …or after this many hours of use, whichever comes first (null: days only). */
  hours: number | null;
  /**
   * An offered trial (enabledTrial) is usable at once and starts at the first use (graphics: at
   * the first composition session); otherwise it must be started (POST managed-services/trial).
   */
  startsOnUse: boolean;
}

export interface ServiceStanding {
  state: ManagedServiceStateName;
  /** The service's features may be used now. */
  usable: boolean;
  /** The trial state as it stands at `now` (an active trial past its end reads expiredTrial). */
  trialState: string | null;
  /** A trial is offered and not yet started: the start-trial action applies. */
  trialAvailable: boolean;
  trialEndsAt: string | null;
  trialHoursUsed: number | null;
  trialHoursLeft: number | null;
}

/** The trial of each managed service: graphics 10 hours within 30 days, the others 30 days. */
export function trialRuleOf(serviceName: string): TrialRule {
  if (serviceName === 'graphics') return { days: TIMINGS.trialDays, hours: TIMINGS.graphicsTrialHours, startsOnUse: true };
  return { days: TIMINGS.trialDays, hours: null, startsOnUse: false };
}

/**
 * Usage in the quota's unit (GB for data, hours for time) over the current period, or null when
 * unknown (then a service is never over usage).
 */
export type QuotaUsage = number | null;

/** The usage of a record measured against its quota: the kind counts (data or time) and a quota is set. */
export function countsUsage(record: ManagedServiceRecord | undefined): boolean {
  return (record?.usageKind === 'data' || record?.usageKind === 'time') && (record.quota ?? 0) > 0;
}

function passed(iso: string | undefined, now: number): boolean {
  return iso !== undefined && Date.parse(iso) <= now;
}

/** Where one managed service stands at `now` (see the file comment). */
export function managedServiceState(record: ManagedServiceRecord | undefined, now: number, rule: TrialRule, usage: QuotaUsage = null): ServiceStanding {
  const none = { trialAvailable: false, trialEndsAt: null, trialHoursUsed: null, trialHoursLeft: null };
  const trialState = record?.trialState ?? null;
  const over = countsUsage(record) && usage !== null && usage >= (record?.quota ?? 0);
  const paid = (state: 'enabled' | 'purchased'): ServiceStanding =>
    over ? { state: 'overUsage', usable: false, trialState, ...none } : { state, usable: true, trialState, ...none };

  if (record?.status === 'expired' || trialState === 'expiredService') return { state: 'expired', usable: false, trialState, ...none };
  if (record?.status === 'enabled' || trialState === 'purchasedService') {
    if (passed(record?.expiresAt, now))
      return { state: 'expired', usable: false, trialState: trialState === 'purchasedService' ? 'expiredService' : trialState, ...none };
    return paid(record?.status === 'enabled' ? 'enabled' : 'purchased');
  }
  if (trialState === 'activeTrial' || (trialState === 'enabledTrial' && rule.startsOnUse)) {
    const used = record?.usedHours ?? 0;
    const hoursLeft = rule.hours === null ? null : Math.max(0, rule.hours - used);
    const endsAt = trialState === 'activeTrial' ? (record?.trialEndsAt ?? null) : null;
    const expired = hoursLeft === 0 || (endsAt !== null && Date.parse(endsAt) <= now);
    const hours = rule.hours === null ? { trialHoursUsed: null, trialHoursLeft: null } : { trialHoursUsed: used, trialHoursLeft: expired ? 0 : hoursLeft };
    if (expired) return { state: 'trialExpired', usable: false, trialState: 'expiredTrial', trialAvailable: false, trialEndsAt: endsAt, ...hours };
    if (over) return { state: 'overUsage', usable: false, trialState, trialAvailable: trialState === 'enabledTrial', trialEndsAt: endsAt, ...hours };
    return { state: 'onTrial', usable: true, trialState, trialAvailable: trialState === 'enabledTrial', trialEndsAt: endsAt, ...hours };
  }
  if (trialState === 'enabledTrial') return { state: 'notEnabled', usable: false, trialState, ...none, trialAvailable: true };
  if (trialState === 'expiredTrial') return { state: 'trialExpired', usable: false, trialState, ...none };
  return { state: 'notEnabled', usable: false, trialState, ...none };
}

export type TrialStartRefusal = 'notOffered' | 'alreadyStarted';

/**
 * Start an offered trial at `now` (enabledTrial → activeTrial, ending `rule.days` later; hours
 * used so far are kept). A trial starts once: one started, running or over, is refused, and so
 * is a service with no trial offered.
 */
export function startTrial<R extends ManagedServiceRecord>(record: R | undefined, now: number, rule: TrialRule): R | TrialStartRefusal {
  if (record === undefined) return 'notOffered';
  const trialState = record.trialState;
  if (trialState === 'activeTrial' || trialState === 'expiredTrial') return 'alreadyStarted';
  if (trialState !== 'enabledTrial' || record.status === 'enabled') return 'notOffered';
  return {
    ...record,
    trialState: 'activeTrial',
    trialStartedAt: new Date(now).toISOString(),
    trialEndsAt: new Date(now + rule.days * DAY_MS).toISOString(),
    usedHours: record.usedHours ?? 0,
  };
}

/**
 * One counted hour of use of a service whose trial counts hours (graphics sessions): an offered
 * trial starts with it. Null when nothing is counted (not on a trial, or a trial in days only).
 */
export function countTrialHour<R extends ManagedServiceRecord>(record: R | undefined, now: number, rule: TrialRule, hours = 1): R | null {
  if (record === undefined || rule.hours === null || managedServiceState(record, now, rule).state !== 'onTrial') return null;
  const started = record.trialState === 'activeTrial' && record.trialStartedAt !== undefined;
  const base = started ? record : startTrial({ ...record, trialState: 'enabledTrial' }, now, rule);
  if (typeof base === 'string') return null;
  return { ...base, usedHours: (record.usedHours ?? 0) + hours };
}

/**
 * The times at which a record changes state on its own (a trial's end, a service's expiry), in
 * (`from`, `to`]: what a sweep announces.
 */
export function expiriesBetween(record: ManagedServiceRecord | undefined, from: number, to: number): boolean {
  return [record?.trialEndsAt, record?.expiresAt].some((iso) => {
    if (iso === undefined) return false;
    const t = Date.parse(iso);
    return t > from && t <= to;
  });
}
