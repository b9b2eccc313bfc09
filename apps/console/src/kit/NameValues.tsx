/**
 * What an entity reports, read-only: rows of a name and its value, in a bordered section (with a
 * title when it has one). The modals' details tabs (a channel's status and audio interfaces, a
 * unit's activity) show their readings with these.
 */
import type { ReactNode } from 'react';
import { Paper, Stack, Table, Text, Title } from '@mantine/core';

/** One reading with its label above it (a detail modal's or an overview's value). */
export function LabelledValue({ label, children, testId }: { readonly label: string; readonly children: ReactNode; readonly testId?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" data-testid={testId}>
        {children}
      </Text>
    </Stack>
  );
}

export function InfoSection({ testId, title, children }: { readonly testId?: string; readonly title?: string; readonly children: ReactNode }) {
  return (
    <Paper withBorder p="md" data-testid={testId}>
      <Stack gap="sm">
        {title !== undefined && <Title order={5}>{title}</Title>}
        {children}
      </Stack>
    </Paper>
  );
}

export function NameValues({ rows, testId }: { readonly rows: readonly (readonly [string, ReactNode])[]; readonly testId?: string }) {
  return (
    <Table data-testid={testId}>
      <Table.Tbody>
        {rows.map(([name, value]) => (
          <Table.Tr key={name}>
            <Table.Th w="40%">{name}</Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
