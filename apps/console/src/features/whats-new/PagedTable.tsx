/**
 * The list frame of the admin pages (what's new, system messages, access approvals): the empty
 * note, or a striped table with translated column heads, one row per item, and the pages.
 */
import type { ReactNode } from 'react';
import { Pagination, Stack, Table, Text } from '@mantine/core';

interface PagedTableProps<T> {
  readonly data: { readonly items: readonly T[]; readonly total: number };
  /** The column heads, translated. */
  readonly columns: readonly string[];
  readonly emptyText: string;
  /** Test ids: `<testIdPrefix>-empty`, `-table`, `-pagination`. */
  readonly testIdPrefix: string;
  readonly minWidth: number;
  readonly page: number;
  readonly pageSize: number;
  readonly onPage: (page: number) => void;
  readonly row: (item: T) => ReactNode;
}

export function PagedTable<T>({ data, columns, emptyText, testIdPrefix, minWidth, page, pageSize, onPage, row }: PagedTableProps<T>) {
  if (data.items.length === 0) return <Text c="dimmed" data-testid={`${testIdPrefix}-empty`}>{emptyText}</Text>;
  return (
    <Stack gap="xs">
      <Table.ScrollContainer minWidth={minWidth}>
        <Table striped verticalSpacing="xs" data-testid={`${testIdPrefix}-table`}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c}>{c}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{data.items.map(row)}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {data.total > pageSize && <Pagination total={Math.ceil(data.total / pageSize)} value={page} onChange={onPage} size="sm" data-testid={`${testIdPrefix}-pagination`} />}
    </Stack>
  );
}
