import { groupTopic, type GroupListRow } from '@fleet/contracts';
import type { ChangeOrigin, GroupRow } from '../../platform/storage/read-model.js';
import { inventoryAudience } from '../../platform/topics.js';
import type { ServiceDeps } from '../deps.js';

/**
 * The groups' news on /ws (the group service builds one of these).
 * Every change this instance wrote — to a group's row (created, renamed, details, default
 * configuration, alert and invitation settings, a member change raising its version) or to who
 * is in it (units, channels, video return channels, whichever service changed them) — is
 * announced as `group.changed` to its inventory and each of the inventory's groups (a console with groups learns of a new group too), once per turn of the
 * event loop; a deleted group as `group.removed`. Another instance's writes were announced there
 * (they reach our subscribers through the broker); the first load is no news. Users are not in
 * the read model: a change to a group's users is announced when made by the group calls here
 * (they raise the group's version), not when made by the user calls.
 */
export class GroupAnnouncements {
  /** Each group's inventory, to address `group.removed` once the row is gone. */
  private readonly inventoryOf = new Map<string, string>();
  /** Each unit's, channel's and video return channel's memberships as last seen (the read model's arrays). */
  private readonly memberships = new Map<string, readonly { groupId: string }[]>();
  /** Groups to announce at the end of this turn of the event loop. */
  private readonly pending = new Set<string>();
  private flushScheduled = false;
  /** Announcements leave one after the other, so a later state never goes out before an earlier one. */
  private announcing: Promise<void> = Promise.resolve();

  constructor(
    private readonly deps: ServiceDeps,
    /** The groups as the /groups list shows them. */
    private readonly rows: (groups: readonly GroupRow[]) => Promise<GroupListRow[]>,
  ) {
    const rm = deps.readModel;
    // What the read model already holds (when it was loaded before this service was built).
    for (const g of rm.groups.all()) this.inventoryOf.set(g.id, g.inventoryId);
    for (const u of rm.units.all()) this.memberships.set(`unit:${u.id}`, u.groups);
    for (const c of rm.channels.all()) this.memberships.set(`channel:${c.id}`, c.groups);
    for (const v of rm.vrChannels.all()) this.memberships.set(`vrChannel:${v.id}`, v.groups);
    rm.groups.onChange((id, row, origin) => this.followGroup(id, row, origin));
    rm.units.onChange((id, row, origin) => this.followMemberships(`unit:${id}`, row?.groups, origin));
    rm.channels.onChange((id, row, origin) => this.followMemberships(`channel:${id}`, row?.groups, origin));
    rm.vrChannels.onChange((id, row, origin) => this.followMemberships(`vrChannel:${id}`, row?.groups, origin));
  }

  private followGroup(id: string, row: GroupRow | undefined, origin: ChangeOrigin): void {
    const inventoryId = row?.inventoryId ?? this.inventoryOf.get(id);
    if (row) this.inventoryOf.set(id, row.inventoryId);
    else this.inventoryOf.delete(id);
    if (origin !== 'local') return;
    if (row) this.schedule(id);
    else if (inventoryId !== undefined) {
      this.pending.delete(id);
      // The group is gone from the read model: its own topic is named besides its inventory's audience.
      this.deps.hub.publish([groupTopic(id), ...inventoryAudience(this.deps.readModel, [inventoryId])], {
        type: 'group.removed',
        groupId: id,
        at: this.deps.clock.now(),
      });
    }
  }

  private followMemberships(key: string, groups: readonly { groupId: string }[] | undefined, origin: ChangeOrigin): void {
    const before = this.memberships.get(key);
    // A row whose own columns changed keeps its membership array: nothing to compare.
    if (before === groups) return;
    if (groups) this.memberships.set(key, groups);
    else this.memberships.delete(key);
    if (origin !== 'local') return;
    const was = new Set((before ?? []).map((m) => m.groupId));
    const now = new Set((groups ?? []).map((m) => m.groupId));
    for (const g of was) if (!now.has(g)) this.schedule(g);
    for (const g of now) if (!was.has(g)) this.schedule(g);
  }

  private schedule(groupId: string): void {
    this.pending.add(groupId);
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => {
      this.flushScheduled = false;
      const ids = [...this.pending];
      this.pending.clear();
      this.announcing = this.announcing
        .then(() => this.publishChanged(ids))
        .catch((e: unknown) => this.deps.log.warn({ err: e }, 'group.changed not announced'));
    });
  }

  private async publishChanged(ids: readonly string[]): Promise<void> {
    // A group deleted meanwhile was announced as removed.
    const groups = ids.map((id) => this.deps.readModel.groups.get(id)).filter((g): g is GroupRow => g !== undefined);
    const at = this.deps.clock.now();
    for (const row of await this.rows(groups)) {
      this.deps.hub.publish(inventoryAudience(this.deps.readModel, [row.inventoryId]), { type: 'group.changed', group: row, at });
    }
  }
}
