/** What the sections of the Simulator panel share: a bordered box with its title and intro, and the control plane's refusals. */
import type { ReactNode } from 'react';
import { Alert, Paper, Stack, Title } from '@mantine/core';
import { PAGE_SIZE, MutedText } from '../../kit';
import { controlPlaneErrorMessage } from './trpc';

/** A refusal of the control plane in its words; nothing without one. */
export function ControlPlaneError({ error, testId }: { readonly error: unknown; readonly testId: string }) {
  if (!error) return null;
  return (
    <Alert color="red" data-testid={testId}>
      {controlPlaneErrorMessage(error)}
    </Alert>
  );
}

interface SectionProps {
  readonly testId: string;
  readonly title: string;
  readonly intro?: string;
  readonly gap?: 'xs' | 'sm';
  readonly children: ReactNode;
}

export function SimulatorSection({ testId, title, intro, gap = 'sm', children }: SectionProps) {
  return (
    <Paper withBorder p="md" data-testid={testId}>
      <Stack gap={gap}>
        <Title order={4}>{title}</Title>
        {intro !== undefined && <MutedText>{intro}</MutedText>}
        {children}
      </Stack>
    </Paper>
  );
}

/** A list the control plane gives whole, paged here for the kit's list (its failure shows above it, not in the list). */
export function wholeListPage<T>(query: { readonly data: readonly T[] | undefined; readonly isPending: boolean; readonly isError: boolean }, page: number) {
  const items = query.data ?? [];
  const data = { items: items.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE), total: items.length };
  return { isPending: query.isPending && !query.isError, isError: false, error: null, data };
}
