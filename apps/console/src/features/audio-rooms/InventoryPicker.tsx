/** The inventory a per-inventory screen (/audio_rooms, /my_graphics) shows, and the header's picker of it. */
import { useState } from 'react';
import { Select } from '@mantine/core';
import type { CurrentUser } from '@fleet/contracts';
import { usePreferences } from '../../preferences/usePreferences';
import { rolesOf, useSessionUser } from '../../session/hooks';
import { currentInventory, picksAmongAllInventories, withCurrentOption } from '../../shell/scope';
import { resolveInventoryId } from './inventoryChoice';

export interface InventoryChoice {
  /** The inventory shown (see resolveInventoryId); null when the user has none. */
  readonly inventoryId: string | null;
  readonly inventories: CurrentUser['inventories'];
  readonly pick: (inventoryId: string) => void;
}

export function useInventoryChoice(): InventoryChoice {
  const user = useSessionUser();
  const preferences = usePreferences();
  const [picked, setPicked] = useState<string | null>(null);
  const own = user?.inventories ?? [];
  // The shell's current inventory is where the screen starts; a global user's may lie outside their own list.
  const global = user !== undefined && picksAmongAllInventories(rolesOf(user));
  const inventories = withCurrentOption(own, currentInventory(preferences, own, global));
  return { inventoryId: resolveInventoryId(picked, preferences.inventoryId ?? null, inventories), inventories, pick: setPicked };
}

export function InventoryPicker({ choice, label, testId }: { readonly choice: InventoryChoice; readonly label: string; readonly testId: string }) {
  return (
    <Select
      aria-label={label}
      data={choice.inventories.map((i) => ({ value: i.id, label: i.name }))}
      value={choice.inventoryId}
      onChange={(value) => value !== null && choice.pick(value)}
      allowDeselect={false}
      searchable
      size="xs"
      w={220}
      data-testid={testId}
    />
  );
}
