/** Mantine's MultiSelect with its options as a picker can hold them (./Pickers.tsx says why). */
import { useMemo } from 'react';
import { MultiSelect as MantineMultiSelect } from '@mantine/core';
import type { MultiSelectProps } from '@mantine/core';
import { pickerData } from './Pickers';

export function MultiSelect({ data, ...props }: MultiSelectProps) {
  const shown = useMemo(() => pickerData(data), [data]);
  return <MantineMultiSelect {...props} data={shown} />;
}
