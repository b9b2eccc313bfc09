/**
 * An inventory's managed services, their states and trials (spec 001 §3 Service, §4 service and trial states, §7 Inventories managed services, services_status, managed-services/trial; /inventory_services).
 *
 * One store: Inventory.managedServices (in the read model), one set of rules: @fleet/domain
 * service-state (graphics uses the same, with its 10-hour trial). A state is computed when read, so
 * a trial or service running out needs no write; a sweep every EXPIRY_SWEEP_MS announces the
 * services whose trial end or expiry passed since the last sweep (`managedService.changed`), and the
 * services counted against a quota that went over it or back under (usage grows with no write to
 * the service; a new month starts from nothing). With several instances (REDIS_URL) one of them
 * sweeps at a time, over a lease (sweep-lease.ts), so each change is announced once (a quota crossed
 * in the very sweep where another instance takes the lease over is read at the next change or read).
 *
 * Usage against a quota (services counted in data, GB, or time, hours) is the inventory's usage
 * over the current calendar month (UTC), from the usage records.
 *
 * Writes go over the inventory row's version (other writers change the row too: the settings, a
 * graphics session), retried on such a race; the admin form's concurrency is the service's own
 * `version`, so a change elsewhere on the inventory does not make the form stale.
 */
import {
  MANAGED_SERVICES,
  PLAN_TYPES,
  TIMINGS,
  USAGE_KINDS,
  type ManagedService,
  type ManagedServiceList,
  type ManagedServiceName,
  type ServicesStatus,
  type StartTrialBody,
  type UpdateManagedServiceBody,
} from '@fleet/contracts';
import { countsUsage, countTrialHour, expiriesBetween, managedServiceState, startTrial, trialRuleOf, type ManagedServiceRecord } from '@fleet/domain';
import { callsOf } from '../../calls.js';
import { AppError } from '../../errors.js';
import { inventoryManagedServices, type ManagedServiceEntry, type ManagedServices } from './managed-services-columns.js';
import type { ServiceDeps } from '../deps.js';
import type { ClockTimer } from '../../platform/clock.js';
import { sweepLease, type SweepLease } from '../../platform/sweep-lease.js';
import { inventoryAudience } from '../../platform/topics.js';
import type { UsageReportService } from '../usage/usage-reports.js';
import * as repo from './repository.js';

/** How often passed trial ends and expiries are announced: a console hears of one at most this late. */
const EXPIRY_SWEEP_MS = 2_000;
const WRITE_TRIES = 5;
const GB = 1_000_000_000;

type Usage = { dataBytes: number; seconds: number } | null;

function isManagedService(name: string): name is ManagedServiceName {
  return (MANAGED_SERVICES as readonly string[]).includes(name);
}

function oneOf<T extends string>(values: readonly T[], v: string | undefined): T | null {
  return v !== undefined && (values as readonly string[]).includes(v) ? (v as T) : null;
}

/** The first instant of the month of `now`, and of the next one (UTC). */
function monthOf(now: number): { from: Date; to: Date } {
  const d = new Date(now);
  return { from: new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1)), to: new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)) };
}

/** Usage in the quota's unit: GB for data, hours for time. */
function usedOf(entry: ManagedServiceEntry | undefined, usage: Usage): number | null {
  if (!countsUsage(entry) || usage === null) return null;
  return entry?.usageKind === 'data' ? usage.dataBytes / GB : usage.seconds / 3600;
}

/** A sweeper that stopped renewing its lease (a crash, a long pause) is replaced after this long. */
const SWEEP_LEASE_MS = 3 * EXPIRY_SWEEP_MS;

export class ManagedServiceService {
  private readonly sweepTimer: ClockTimer;
  private readonly lease: SweepLease;
  /** The sweep under way: one at a time. */
  private sweeping: Promise<number> | null = null;
  /** Whether each service counted against a quota (`inventory|service`) was over it at the last sweep. */
  private readonly overUsage = new Map<string, boolean>();

  constructor(
    private readonly deps: ServiceDeps,
    private readonly usageReports: Pick<UsageReportService, 'inventoryUsage'>,
  ) {
    this.lease = sweepLease(deps.config, 'managed-services', SWEEP_LEASE_MS, deps.log, deps.clock);
    this.sweepTimer = deps.clock
      .setInterval(() => {
        this.sweepExpiries().catch((e: unknown) => this.deps.log.warn({ err: e }, 'managed service expiries not swept'));
      }, EXPIRY_SWEEP_MS)
      .unref();
  }

  /** Stop the sweep and give its lease up (the app is closing). */
  async close(): Promise<void> {
    this.deps.clock.clearInterval(this.sweepTimer);
    await this.sweeping?.catch(() => 0);
    await this.lease.close();
  }

  /** GET v2/inventories/{id}/managedServices and its admin twin: every managed service of §3. */
  async list(inventoryId: string): Promise<ManagedServiceList> {
    const services = this.entries(inventoryId);
    const now = this.deps.businessClock.now();
    const usage = await this.usageFor(inventoryId, Object.values(services), now);
    return { inventoryId, items: MANAGED_SERVICES.map((name) => this.toService(inventoryId, name, services[name], now, usage)) };
  }

  /** GET v2/inventories/{id}/services_status. */
  async status(inventoryId: string): Promise<ServicesStatus> {
    const { items } = await this.list(inventoryId);
    const usable = (name: ManagedServiceName) => items.some((s) => s.serviceName === name && s.usable);
    return {
      inventoryId,
      services: items.map((s) => ({ serviceName: s.serviceName, state: s.state, usable: s.usable })),
      activeFeatures: items.filter((s) => s.usable).map((s) => s.serviceName),
      hasGraphics: usable('graphics'),
      hasSmartPlan: usable('smart_plan'),
      hasGoPlan: usable('go_plan'),
      cacheMs: TIMINGS.servicesCacheMs,
      at: this.deps.businessClock.date().toISOString(),
    };
  }

  /** PUT v2/admin/inventories/{id}/managedServices/{serviceName}. */
  async update(inventoryId: string, serviceName: string, body: UpdateManagedServiceBody): Promise<ManagedService> {
    if (!isManagedService(serviceName)) throw new AppError('NOT_FOUND');
    return this.write(inventoryId, serviceName, (entry, now) => {
      if ((entry?.version ?? 0) !== body.version) throw new AppError('CONFLICT');
      const next: ManagedServiceEntry = { ...entry };
      if (body.status !== undefined) next.status = body.status;
      if (body.trialState !== undefined) {
        if (body.trialState === null) delete next.trialState;
        else next.trialState = body.trialState;
        if (body.trialState === 'enabledTrial') {
          // A trial offered again is a fresh one: its dates and hours start at its start.
          delete next.trialStartedAt;
          delete next.trialEndsAt;
          delete next.usedHours;
        } else if (body.trialState === 'activeTrial' && next.trialEndsAt === undefined) {
          const started = startTrial({ ...next, trialState: 'enabledTrial', status: undefined }, now, trialRuleOf(serviceName));
          if (typeof started !== 'string') Object.assign(next, { trialStartedAt: started.trialStartedAt, trialEndsAt: started.trialEndsAt });
        }
      }
      setOrClear(next, 'trialEndsAt', body.trialEndsAt);
      setOrClear(next, 'expiresAt', body.expiresAt);
      setOrClear(next, 'quota', body.quota);
      setOrClear(next, 'planType', body.planType);
      if (body.usageKind !== undefined) next.usageKind = body.usageKind;
      return next;
    });
  }

  /** POST managed-services/trial: the offered trial starts (once). */
  async startTrial(body: StartTrialBody): Promise<ManagedService> {
    return this.write(body.inventoryId, body.serviceName, (entry, now) => {
      const rule = trialRuleOf(body.serviceName);
      // An offered trial whose hours ran out before it was started (graphics) is over too.
      if (managedServiceState(entry, now, rule).state === 'trialExpired') throw new AppError('TRIAL_ALREADY_STARTED');
      const started = startTrial(entry, now, rule);
      if (started === 'alreadyStarted') throw new AppError('TRIAL_ALREADY_STARTED');
      if (started === 'notOffered') throw new AppError('TRIAL_NOT_OFFERED');
      return { ...entry, ...started };
    });
  }

  /**
   * One counted use of a service (a graphics composition session, `hours` of its trial): refused
   * with "Feature disabled" when the service is not usable; on a trial counted in hours the hours
   * grow (an offered trial starts with its first use), written and announced like any change.
   */
  async countUse(inventoryId: string, serviceName: ManagedServiceName, hours: number): Promise<void> {
    const rule = trialRuleOf(serviceName);
    const now = this.deps.businessClock.now();
    const entry = this.entries(inventoryId)[serviceName];
    if (!managedServiceState(entry, now, rule).usable) throw new AppError('FEATURE_DISABLED');
    if (countTrialHour(entry, now, rule, hours) === null) return;
    await this.write(inventoryId, serviceName, (current, at) => {
      if (!managedServiceState(current, at, rule).usable) throw new AppError('FEATURE_DISABLED');
      return countTrialHour(current, at, rule, hours) ?? { ...current };
    });
  }

  /**
   * Announce the services whose trial end or expiry passed since the last sweep (their state
   * changed with no write), when the lease makes it this instance's turn; answers how many.
   */
  sweepExpiries(now: number = this.deps.businessClock.now()): Promise<number> {
    this.sweeping ??= this.lease
      .claim(now)
      .then(async (span) => {
        if (span) return this.announceExpiries(span.from, span.to) + (await this.announceQuotaCrossings(span.to));
        // Another instance's turn: what this one noted goes stale.
        this.overUsage.clear();
        return 0;
      })
      .finally(() => {
        this.sweeping = null;
      });
    return this.sweeping;
  }

  // ── internals ──────────────────────────────────────────────────────────────────────────────

  private announceExpiries(from: number, now: number): number {
    let announced = 0;
    for (const inventory of this.deps.readModel.inventories.all()) {
      const services = inventoryManagedServices.read(inventory.managedServices);
      for (const name of MANAGED_SERVICES) {
        if (!expiriesBetween(services[name], from, now)) continue;
        this.announce(this.toService(inventory.id, name, services[name], now, null));
        announced++;
      }
    }
    return announced;
  }

  /**
   * Announce the services counted against a quota whose over-usage changed since the last sweep
   * (one usage read per inventory that has such a service). The first sweep of an instance only
   * notes where they stand.
   */
  private async announceQuotaCrossings(now: number): Promise<number> {
    let announced = 0;
    const seen = new Set<string>();
    for (const inventory of this.deps.readModel.inventories.all()) {
      const services = inventoryManagedServices.read(inventory.managedServices);
      const counted = MANAGED_SERVICES.filter((name) => countsUsage(services[name]));
      if (counted.length === 0) continue;
      const usage = await this.usageFor(
        inventory.id,
        counted.map((name) => services[name]!),
        now,
      );
      for (const name of counted) {
        const key = `${inventory.id}|${name}`;
        const service = this.toService(inventory.id, name, services[name], now, usage);
        const over = service.state === 'overUsage';
        const before = this.overUsage.get(key);
        seen.add(key);
        this.overUsage.set(key, over);
        if (before === undefined || before === over) continue;
        this.announce(service);
        announced++;
      }
    }
    for (const key of this.overUsage.keys()) if (!seen.has(key)) this.overUsage.delete(key);
    return announced;
  }

  private entries(inventoryId: string): ManagedServices {
    const inventory = this.deps.readModel.inventories.get(inventoryId);
    if (!inventory) throw new AppError('NOT_FOUND');
    return inventoryManagedServices.read(inventory.managedServices);
  }

  /** One usage read per answer, and only when a service is counted against a quota. */
  private async usageFor(inventoryId: string, entries: readonly ManagedServiceEntry[], now: number): Promise<Usage> {
    if (!entries.some((e) => countsUsage(e))) return null;
    const { from, to } = monthOf(now);
    return this.usageReports.inventoryUsage(inventoryId, from, to);
  }

  /**
   * Read-modify-write of one service's entry over the inventory row's version; `change` throws to
   * refuse (nothing is written then). Announces and answers the service as written.
   */
  private async write(
    inventoryId: string,
    serviceName: ManagedServiceName,
    change: (entry: ManagedServiceEntry | undefined, now: number) => ManagedServiceEntry,
  ): Promise<ManagedService> {
    for (let attempt = 0; attempt < WRITE_TRIES; attempt++) {
      const inventory = this.deps.readModel.inventories.get(inventoryId);
      if (!inventory) throw new AppError('NOT_FOUND');
      const services = inventoryManagedServices.read(inventory.managedServices);
      const now = this.deps.businessClock.now();
      const current = services[serviceName];
      const next = { ...change(current, now), version: (current?.version ?? 0) + 1 };
      const count = await repo.updateInventoryAtVersion(this.deps.db, inventoryId, inventory.version, {
        managedServices: inventoryManagedServices.write({ ...services, [serviceName]: next }),
      });
      if (count === 1) {
        const usage = await this.usageFor(inventoryId, [next], now);
        const service = this.toService(inventoryId, serviceName, next, now, usage);
        // Announced here: the sweep need not announce the quota state this write made.
        if (usage !== null) this.overUsage.set(`${inventoryId}|${serviceName}`, service.state === 'overUsage');
        this.announce(service);
        return service;
      }
    }
    throw new AppError('CONFLICT');
  }

  private announce(service: ManagedService): void {
    this.deps.hub.publish(inventoryAudience(this.deps.readModel, [service.inventoryId]), {
      type: 'managedService.changed',
      service,
      at: this.deps.clock.now(),
    });
  }

  private toService(inventoryId: string, serviceName: ManagedServiceName, entry: ManagedServiceEntry | undefined, now: number, usage: Usage): ManagedService {
    const used = usedOf(entry, usage);
    const record: ManagedServiceRecord | undefined = entry;
    const s = managedServiceState(record, now, trialRuleOf(serviceName), used);
    return {
      inventoryId,
      serviceName,
      status: entry?.status ?? null,
      trialState: s.trialState,
      state: s.state,
      usable: s.usable,
      trialAvailable: s.trialAvailable,
      trialStartedAt: entry?.trialStartedAt ?? null,
      trialEndsAt: s.trialEndsAt ?? entry?.trialEndsAt ?? null,
      trialHoursUsed: s.trialHoursUsed,
      trialHoursLeft: s.trialHoursLeft,
      expiresAt: entry?.expiresAt ?? null,
      usageKind: oneOf(USAGE_KINDS, entry?.usageKind) ?? 'na',
      quota: entry?.quota ?? null,
      used,
      planType: oneOf(PLAN_TYPES, entry?.planType),
      version: entry?.version ?? 0,
    };
  }
}

/** A field of the admin body: left out stays, null clears, a value sets. */
function setOrClear<K extends 'trialEndsAt' | 'expiresAt' | 'quota' | 'planType'>(
  entry: ManagedServiceEntry,
  key: K,
  value: ManagedServiceEntry[K] | null | undefined,
): void {
  if (value === undefined) return;
  if (value === null) delete entry[key];
  else entry[key] = value;
}

export const managedServiceCalls = callsOf<ManagedServiceService>()({
  listManagedServices: (svc, { params }) => svc.list(params.id),
  getServicesStatus: (svc, { params }) => svc.status(params.id),
  startManagedServiceTrial: (svc, { body }) => svc.startTrial(body),
  listAdminManagedServices: (svc, { params }) => svc.list(params.id),
  updateAdminManagedService: (svc, { params, body }) => svc.update(params.id, params.serviceName, body),
});
