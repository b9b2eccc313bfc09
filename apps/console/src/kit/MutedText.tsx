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

/** The small medium-weight label over a part of a screen (a list's or a form part's name). */
export function StrongText({ children, testId }: { readonly children: ReactNode; readonly testId?: string }) {
  return (
    <Text size="sm" fw={500} data-testid={testId}>
      {children}
    </Text>
  );
}
