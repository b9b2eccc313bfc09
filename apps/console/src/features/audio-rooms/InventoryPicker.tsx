/**
 * The inventory a per-inventory screen (/audio_rooms, /usage_profiles, /my_graphics, the subscribers)
 * shows, the header's picker of it, and the frame of such a screen.
 */
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Group, Stack, Text } from '@mantine/core';
import { Select } from '../../components/Pickers';
import { PageTitle } from '../../components/PageTitle';
import { usePreferences } from '../../preferences/usePreferences';
import { rolesOf, useSessionUser } from '../../session/hooks';
import { currentInventory, picksAmongAllInventories, withCurrentOption } from '../../shell/scope';
import { resolveInventoryId } from './inventoryChoice';

/** The inventory shown (`inventoryId`, see resolveInventoryId; null when the user has none), the ones to pick from and the pick. */
export function useInventoryChoice() {
  const user = useSessionUser();
  const preferences = usePreferences();
  const [picked, setPicked] = useState<string | null>(null);
  const own = user?.inventories ?? [];
  // The shell's current inventory is where the screen starts; a global user's may lie outside their own list.
  const global = user !== undefined && picksAmongAllInventories(rolesOf(user));
  const inventories = withCurrentOption(own, currentInventory(preferences, own, global));
  return { inventoryId: resolveInventoryId(picked, preferences.inventoryId ?? null, inventories), inventories, pick: setPicked };
}

type InventoryChoice = ReturnType<typeof useInventoryChoice>;

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

interface InventoryScreenProps {
  /** Test ids: `<testId>-page`, `-inventory` (the picker), `-no-inventory`. */
  readonly testId: string;
  readonly title: string;
  readonly pickerLabel: string;
  /** Said instead of the screen when the user is in no inventory. */
  readonly noInventory: string;
  /** Shown beside the title, for the inventory shown (e.g. a count). */
  readonly beside?: (inventoryId: string) => ReactNode;
  readonly children: (inventoryId: string) => ReactNode;
}

/** A per-inventory screen: its title (also the document's) and the inventory picker above what it shows of that inventory. */
export function InventoryScreen({ testId, title, pickerLabel, noInventory, beside, children }: InventoryScreenProps) {
  const choice = useInventoryChoice();
  const { inventoryId } = choice;
  return (
    <Stack gap="sm" data-testid={`${testId}-page`}>
      <Group justify="space-between" align="center" wrap="wrap">
        <Group gap="sm" align="baseline">
          <PageTitle title={title} />
          {inventoryId !== null && beside?.(inventoryId)}
        </Group>
        <InventoryPicker choice={choice} label={pickerLabel} testId={`${testId}-inventory`} />
      </Group>
      {inventoryId === null ? (
        <Text c="dimmed" data-testid={`${testId}-no-inventory`}>
          {noInventory}
        </Text>
      ) : (
        children(inventoryId)
      )}
    </Stack>
  );
}
