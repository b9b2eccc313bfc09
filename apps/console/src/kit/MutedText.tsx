/** The dimmed small text the screens put under or beside what they show: hints, empty lists, notes. */
import type { ReactNode } from 'react';
import { Text } from '@mantine/core';

export function MutedText({ children, testId, size = 'sm' }: { readonly children: ReactNode; readonly testId?: string; readonly size?: 'xs' | 'sm' }) {
  return (
    <Text size={size} c="dimmed" data-testid={testId}>
      {children}
    </Text>
  );
}
