/**
 * Where news of an inventory's objects is announced. A console subscribes to its user's groups, and
 * to its user's inventories only when the user has no group (spec 001 §7 "subscribed per group and
 * per inventory"), so what concerns a whole inventory goes to the inventory and to each of its groups.
 */
import { groupTopic, inventoryTopic } from '@fleet/contracts';
import type { ReadModel } from './storage/read-model.js';

export function inventoryAudience(readModel: ReadModel, inventoryIds: readonly string[]): string[] {
  const groups = readModel.groups.all().filter((g) => inventoryIds.includes(g.inventoryId));
  return [...inventoryIds.map((id) => inventoryTopic(id)), ...groups.map((g) => groupTopic(g.id))];
}

/** Where news of a channel goes: its groups and its inventories (as its `channel.changed`). */
export function channelAudience(channel: { groups: readonly { groupId: string }[]; inventories: readonly { inventoryId: string }[] }): string[] {
  return [...channel.groups.map((g) => groupTopic(g.groupId)), ...channel.inventories.map((i) => inventoryTopic(i.inventoryId))];
}

/**
 * Where news for every console goes (what's new, a global system message): every inventory's and
 * every group's topic, since each console follows at least one of them.
 */
export function everyoneAudience(readModel: ReadModel): string[] {
  return inventoryAudience(
    readModel,
    readModel.inventories.all().map((i) => i.id),
  );
}
