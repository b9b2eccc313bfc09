/**
 * The one rule of associating an object with an inventory under the admin path, shared by the
 * channel and the video return channel associations (spec 001 §7 PUT/DELETE
 * admin/inventories/{inv}/channels/{id} and .../vrChannels/{id}): adding an association that is
 * there is spec 001 §8 "Association already exists"; removing one that is not there leaves things
 * as they are (a repeated DELETE succeeds); the object leaves that inventory's groups with it (a
 * group shows objects of its own inventory only). What else a kind of object refuses (a transceiver
 * feed, a video return channel's last inventory) is checked by its caller before the removal.
 */
import { AppError } from '../errors.js';
import type { ReadModel } from './storage/read-model.js';

/** An object with inventory and group memberships (a channel or video return channel row). */
export interface InventoryMember {
  readonly inventories: readonly { readonly inventoryId: string }[];
  readonly groups: readonly { readonly groupId: string }[];
}

export function inInventory(member: InventoryMember, inventoryId: string): boolean {
  return member.inventories.some((i) => i.inventoryId === inventoryId);
}

/** Stores the association (`store`) unless it exists already. */
export async function addToInventory(member: InventoryMember, inventoryId: string, store: () => Promise<unknown>): Promise<void> {
  if (inInventory(member, inventoryId)) throw new AppError('ASSOCIATION_EXISTS');
  await store();
}

/**
 * Removes the association: `check` refuses what the object's kind does not allow, `remove` drops
 * the memberships of the inventory's groups named and the inventory's, in one transaction. Nothing
 * happens when there is no association.
 */
export async function removeFromInventory(
  readModel: Pick<ReadModel, 'groups'>,
  member: InventoryMember,
  inventoryId: string,
  check: () => void,
  remove: (groupIds: string[]) => Promise<unknown>,
): Promise<void> {
  if (!inInventory(member, inventoryId)) return;
  check();
  await remove(member.groups.map((g) => g.groupId).filter((g) => readModel.groups.get(g)?.inventoryId === inventoryId));
}
