/**
 * Mantine's Select and MultiSelect with their options as a picker can hold them: Mantine refuses the
 * whole picker (it throws) for an option without a value or a value offered twice, and an answer of a
 * core may give either (an item whose id it left out, the same item twice). Those options are left
 * out, and an option without a label shows its value (lib/tolerant.ts `selectData`). The console's
 * screens import these instead of Mantine's (MultiSelect from ./MultiSelect.tsx: a file of its own, so a
 * first page that picks one value does not load Mantine's MultiSelect).
 */
import { useMemo } from 'react';
import { Select as MantineSelect } from '@mantine/core';
import type { ComboboxData, ComboboxItem, ComboboxItemGroup, SelectProps } from '@mantine/core';

type Item = string | Partial<ComboboxItem> | Partial<ComboboxItemGroup<string | ComboboxItem>> | null | undefined;

const isGroup = (item: Item): item is ComboboxItemGroup<string | ComboboxItem> =>
  typeof item === 'object' && item !== null && 'group' in item && Array.isArray((item as { items?: unknown }).items);

/** The options a picker can hold, each value once; the same array when every option is one. */
export function pickerData(data: ComboboxData | undefined): ComboboxData | undefined {
  if (!Array.isArray(data)) return data;
  const seen = new Set<string>();
  let changed = false;
  const keep = (item: Item): string | ComboboxItem | null => {
    const value = typeof item === 'string' ? item : typeof item === 'object' && item !== null && 'value' in item ? item.value : undefined;
    if (typeof value !== 'string' || value === '' || seen.has(value)) {
      changed = true;
      return null;
    }
    seen.add(value);
    if (typeof item === 'string') return item;
    const option = item as ComboboxItem;
    if (typeof option.label === 'string' && option.label !== '') return option;
    changed = true;
    return { ...option, label: value };
  };
  const out: (string | ComboboxItem | ComboboxItemGroup<string | ComboboxItem>)[] = [];
  for (const item of data as readonly Item[]) {
    if (isGroup(item)) {
      const items = item.items.flatMap((inner) => keep(inner) ?? []);
      if (items.length !== item.items.length) changed = true;
      out.push(items.length === item.items.length ? item : { ...item, items });
    } else {
      const option = keep(item);
      if (option !== null) out.push(option);
    }
  }
  return changed ? (out as ComboboxData) : data;
}

export function Select({ data, ...props }: SelectProps) {
  const shown = useMemo(() => pickerData(data), [data]);
  return <MantineSelect {...props} data={shown} />;
}
