import { ADMIN_TOPIC, groupTopic, hasAnyRole, inventoryTopic, PLATFORM_ADMIN_ROLES, REALTIME, TOPIC_PATTERN } from '@fleet/contracts';
import type { CurrentUser, Role, Topic } from '@fleet/contracts';

/**
 * The topics of one user (spec 001 §7: subscribed per group and per inventory): every group of
 * the user; a user with no groups follows the inventories instead; plus a global user's shell inventory. Ids that cannot form a topic
 * are left out (the server would refuse the whole batch).
 */
export function topicsForUser(user: Pick<CurrentUser, 'groups' | 'inventories'>, shellInventoryId: string | null = null): Topic[] {
  const followsGroups = user.groups.length > 0;
  const topics = followsGroups ? user.groups.map((group) => groupTopic(group.id)) : user.inventories.map((inv) => inventoryTopic(inv.id));
  // A global user's shell inventory may be one none of their topics reaches (picked from the admin
  // list): follow it too. The core announces an inventory's news to the inventory and to each of
  // its groups, so one already reached through a group or the inventory is not followed twice.
  if (shellInventoryId !== null) {
    const reached = followsGroups
      ? user.groups.some((group) => group.inventoryId === shellInventoryId)
      : user.inventories.some((inv) => inv.id === shellInventoryId);
    if (!reached) topics.push(inventoryTopic(shellInventoryId));
  }
  return [...new Set(topics)].filter((topic) => TOPIC_PATTERN.test(topic));
}

/**
 * The topics of the platform admin console: ADMIN_TOPIC for super users and staff. A core that does
 * not offer it refuses it, and the admin lists read again on their timer instead (`useRealtime().adminLive`).
 */
export function adminTopicsFor(roles: readonly Role[]): Topic[] {
  return hasAnyRole(roles, PLATFORM_ADMIN_ROLES) ? [ADMIN_TOPIC] : [];
}

/** Whether a topic is one of the console's own beyond the spec's groups and inventories. */
export const isAdminTopic = (topic: Topic): boolean => topic === ADMIN_TOPIC;

/** Subscription batch size: the user's property, else the default 50 (spec 001 §7). */
export function batchSizeFor(user: Pick<CurrentUser, 'props'>): number {
  const size = user.props.wsBatchSize;
  return typeof size === 'number' && size > 0 ? size : REALTIME.defaultBatchSize;
}

export function inBatches<T>(items: readonly T[], size: number): T[][] {
  const step = Math.max(1, Math.floor(size));
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += step) out.push(items.slice(i, i + step));
  return out;
}
