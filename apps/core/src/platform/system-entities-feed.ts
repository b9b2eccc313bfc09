/**
 * The platform admins' live feed (ADMIN_TOPIC): after storage commits a write to a model the system
 * entities lists show, `systemEntities.changed` names the kinds that changed.
 *
 * One source for every kind: the storage write feed (`watchWrites`), not an announcement per
 * service, so a new admin call is live without code of its own, and a change in an inventory the
 * admin follows no topic of (units reported by devices included) reaches the lists as well. Writes
 * are folded: the first one is announced at once, the rest of the next `intervalMs` in one event at
 * its end (a fleet of thousands of units reports status changes all the time; an admin console
 * reads a page again per event, so at most about one a second).
 */
import { ADMIN_TOPIC, type RealtimeEvent, type SystemEntityKind, SYSTEM_ENTITY_KINDS } from '@fleet/contracts';
import { watchWrites, type Db, type WriteChange } from '@fleet/db';
import type { Clock, ClockTimer } from './clock.js';

/** The kinds a write to each storage model changes (its rows, or the associations a list shows). */
export const KINDS_OF_MODEL: Readonly<Record<string, readonly SystemEntityKind[]>> = {
  Inventory: ['inventory'],
  OrganisationInventory: ['inventory'],
  Group: ['group'],
  Unit: ['unit'],
  UnitInventory: ['unit', 'inventory'],
  UnitGroup: ['unit', 'group'],
  User: ['user'],
  UserInventory: ['user'],
  UserGroup: ['user', 'group'],
  Server: ['server'],
  Channel: ['channel'],
  ChannelInventory: ['channel', 'inventory'],
  GroupChannel: ['channel', 'group'],
  VideoReturnChannel: ['vrChannel'],
  VrChannelInventory: ['vrChannel', 'inventory'],
  GroupVrChannel: ['vrChannel', 'group'],
  DatabridgeGateway: ['dbGateway'],
};

/** The kinds a batch of committed writes changed; raw SQL (a fleet reset) may have changed any. */
export function kindsOf(changes: readonly Pick<WriteChange, 'model'>[]): Set<SystemEntityKind> {
  const kinds = new Set<SystemEntityKind>();
  for (const { model } of changes) {
    for (const kind of model === null ? SYSTEM_ENTITY_KINDS : (KINDS_OF_MODEL[model] ?? [])) kinds.add(kind);
  }
  return kinds;
}

interface Publisher {
  publish(topics: readonly string[], event: RealtimeEvent): void;
}

export class SystemEntitiesFeed {
  private readonly pending = new Set<SystemEntityKind>();
  private timer: ClockTimer | null = null;
  private unwatch: () => void = () => undefined;

  constructor(
    private readonly hub: Publisher,
    private readonly clock: Clock,
    private readonly intervalMs = 1000,
  ) {}

  /** Announces what this database commits from now on. */
  follow(db: Db): this {
    this.unwatch();
    this.unwatch = watchWrites(db, (changes) => this.note(kindsOf(changes)));
    return this;
  }

  /** Kinds just stored: announced now, or folded into the announcement at the end of the interval. */
  note(kinds: ReadonlySet<SystemEntityKind>): void {
    if (kinds.size === 0) return;
    for (const kind of kinds) this.pending.add(kind);
    if (this.timer === null) this.flush();
  }

  close(): void {
    this.unwatch();
    this.clock.clearTimeout(this.timer);
    this.timer = null;
    this.pending.clear();
  }

  private flush(): void {
    this.timer = null;
    if (this.pending.size === 0) return;
    // In the contract's order, so equal sets read the same.
    const kinds = SYSTEM_ENTITY_KINDS.filter((kind) => this.pending.has(kind));
    this.pending.clear();
    this.hub.publish([ADMIN_TOPIC], { type: 'systemEntities.changed', kinds, at: this.clock.now() });
    this.timer = this.clock.setTimeout(() => this.flush(), this.intervalMs).unref();
  }
}
