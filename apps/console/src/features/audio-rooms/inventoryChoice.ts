/**
 * The inventory a per-inventory screen (/audio_rooms, /my_graphics) shows: the one picked on the
 * screen, else the preferences' current inventory, else the user's first, as long as it is one of
 * the user's; null when the user has none.
 */
export function resolveInventoryId(picked: string | null, preferred: string | null, inventories: readonly { readonly id: string }[]): string | null {
  const mine = (id: string | null): id is string => id !== null && inventories.some((i) => i.id === id);
  if (mine(picked)) return picked;
  if (mine(preferred)) return preferred;
  return inventories[0]?.id ?? null;
}
