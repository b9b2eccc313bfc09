/**
 * What the core keeps in memory about every unit: its inventories, groups and topics (for scope
 * checks and for addressing events without a query) and its live state as its device last
 * reported it (status derived by packages/domain, applications). Filled from storage at start and
 * kept current by the unit service (memberships) and the device reports (live state).
 */
import { groupTopic, inventoryTopic, type Applications, type UnitStatus } from '@fleet/contracts';

export interface Membership {
  readonly inventoryIds: string[];
  readonly groupIds: string[];
  /** The unit's topics, built once per membership change (the telemetry path reads them 10,000 times a second). */
  readonly topics: readonly string[];
}

export interface LiveState {
  readonly status: UnitStatus;
  readonly applications: Applications;
  /** The applications as JSON, to skip unchanged reports cheaply. */
  readonly appsKey: string;
}

const OFFLINE: LiveState = { status: 'offline', applications: {}, appsKey: '{}' };

export class UnitIndex {
  private readonly live = new Map<string, LiveState>();
  private readonly membership = new Map<string, Membership>();

  /** Record a unit's memberships (a new unit starts offline: nothing is known until its device reports). */
  remember(unitId: string, inventoryIds: string[], groupIds: string[]): Membership {
    const m: Membership = { inventoryIds, groupIds, topics: [...groupIds.map(groupTopic), ...inventoryIds.map(inventoryTopic)] };
    this.membership.set(unitId, m);
    if (!this.live.has(unitId)) this.live.set(unitId, OFFLINE);
    return m;
  }

  forget(unitId: string): void {
    this.membership.delete(unitId);
    this.live.delete(unitId);
  }

  has(unitId: string): boolean {
    return this.live.has(unitId);
  }

  membershipOf(unitId: string): Membership | undefined {
    return this.membership.get(unitId);
  }

  /** Topics an event about this unit goes to: each of its groups and inventories. */
  topicsOf(unitId: string): readonly string[] {
    return this.membership.get(unitId)?.topics ?? [];
  }

  liveOf(unitId: string): LiveState | undefined {
    return this.live.get(unitId);
  }

  setLive(unitId: string, state: LiveState): void {
    this.live.set(unitId, state);
  }

  /** Current derived status of a unit (offline until its device reports). */
  statusOf(unitId: string): UnitStatus {
    return this.live.get(unitId)?.status ?? 'offline';
  }

  /** Current applications of a unit as its device last reported them. */
  applicationsOf(unitId: string): Applications {
    return this.live.get(unitId)?.applications ?? {};
  }
}
