/**
 * The inventory choice of admin forms: any inventory the admin may see (super user and staff: all),
 * searched by name over v2/admin/inventories rather than only the inventories of the admin's own
 * account; the current value's name shows before the search answers.
 */
import { useState } from 'react';
import { Select } from '../components/Pickers';
import type { ReactNode } from 'react';

import { keepPreviousData } from '@tanstack/react-query';
import { useEndpointQuery } from '../api/hooks';

interface InventorySelectProps {
  readonly label: string;
  readonly value: string | null;
  /** The name of the current value (shown before the search answers). */
  readonly valueName?: string | null;
  readonly onChange: (id: string | null) => void;
  readonly error?: ReactNode;
  readonly clearable?: boolean;
  readonly disabled?: boolean;
  readonly testId: string;
  /** An inventory that may not be chosen (e.g. the inventory itself as its own parent). */
  readonly exclude?: string;
}

export function InventorySelect({ label, value, valueName, onChange, error, clearable = false, disabled = false, testId, exclude }: InventorySelectProps) {
  const [search, setSearch] = useState('');
  const found = useEndpointQuery(
    'searchAdminInventories',
    { query: { limit: 50, sortBy: 'name', sortDir: 'asc', ...(search.trim() !== '' ? { searchKey: 'name', searchValue: search.trim() } : {}) } },
    { placeholderData: keepPreviousData },
  );
  const options = (found.data?.items ?? []).filter((i) => i.id !== exclude).map((i) => ({ value: i.id, label: i.name }));
  if (value !== null && !options.some((o) => o.value === value)) options.unshift({ value, label: valueName ?? value });
  return (
    <Select
      label={label}
      data={options}
      value={value}
      onChange={onChange}
      searchable
      onSearchChange={(text) => {
        // The choice itself puts its label into the search: do not search for it.
        if (!options.some((o) => o.label === text)) setSearch(text);
      }}
      clearable={clearable}
      disabled={disabled}
      error={error}
      data-testid={testId}
    />
  );
}
