/**
 * The console's one paged list table, inside the kit (ResourceList shows every list with it: the
 * system entities and settings, the admin pages, the contractor entities, the Simulator panel's
 * lists): the empty note or a striped table — headers that sort on the server (▲/▼, aria-sort)
 * when the column names a sort key, one row per item (clickable when `onRowClick` is given) — then
 * the total and the pages (Mantine Pagination once there is more than one page). It owns no data.
 *
 * Test ids, with `testIdPrefix` the screen's prefix: `-grid` (or `-<tableTestId>`), `-row-<key>`,
 * `-sort-<columnId>`, `-<columnId>-<key>` on a cell whose column sets `cellTestId`, `-empty`,
 * `-total` (only with `totalText`), `-pagination`; the rows and cells take `rowTestIdPrefix`
 * instead where given.
 */
import type { ReactNode } from 'react';
import { Group, Pagination, Stack, Table, Text, UnstyledButton } from '@mantine/core';

import type { SortValue } from '../components/grid/gridSort';
import type { SortDir } from '../components/listSort';

export interface ListSort {
  readonly sortBy: string;
  readonly sortDir: SortDir;
}

/**
 * A column of the console's lists: this paged table's and the virtualised grid's
 * (components/grid/DataGrid, which sorts in memory by `sortValue` and sizes by `width`).
 */
export interface ListColumn<Row> {
  /** Names the column in test ids (`-sort-<id>`, `-<id>-<key>`; the grid's `grid-header-<id>`). */
  readonly id: string;
  readonly header: string;
  /** The list call's sortBy value; the header sorts when given. */
  readonly sortKey?: string;
  readonly render: (row: Row) => ReactNode;
  /** Gives the column's cells the test id `<prefix>-<id>-<rowKey>` (true), or the one it names. */
  readonly cellTestId?: boolean | ((row: Row) => string);
  /** The grid's: the width in px (the default; the user may resize it unless `resizable` is false) and the least. */
  readonly width?: number;
  readonly minWidth?: number;
  readonly resizable?: boolean;
  /** The grid's: sorts in memory by this value (none sorts last); the column is sortable when given. */
  readonly sortValue?: (row: Row) => SortValue;
  readonly align?: 'left' | 'center' | 'right';
  /** The grid's: the cell holds buttons, its clicks do not open the row. */
  readonly interactive?: boolean;
}

/** A cell's test id (see `cellTestId`). */
export function cellTestIdOf<Row>(column: ListColumn<Row>, row: Row, prefix: string | undefined, key: string): string | undefined {
  if (typeof column.cellTestId === 'function') return column.cellTestId(row);
  return column.cellTestId && prefix !== undefined ? `${prefix}-${column.id}-${key}` : undefined;
}

/** Extra `data-*` attributes of a row (read by the end-to-end tests). */
export type RowData = Readonly<Record<`data-${string}`, string | number | boolean | undefined>>;

export interface ListTableProps<Row> {
  readonly items: readonly Row[];
  readonly total: number;
  readonly columns: readonly ListColumn<Row>[];
  readonly rowKey: (row: Row) => string;
  readonly testIdPrefix: string;
  /** The table's test id suffix: `grid` unless the screen's tests know it as something else. */
  readonly tableTestId?: string;
  /** The rows' and cells' prefix where the screen's tests know them apart from the list (`story-row-<id>` in `stories-table`). */
  readonly rowTestIdPrefix?: string;
  /** The current sort; without it no header sorts. */
  readonly sort?: ListSort;
  /** A click on a sortable header, with that column's sort key. */
  readonly onSort?: (sortKey: string) => void;
  readonly onRowClick?: (row: Row) => void;
  readonly rowData?: (row: Row) => RowData;
  readonly page: number;
  readonly pageSize: number;
  readonly onPage: (page: number) => void;
  readonly emptyText: string;
  /** The total's text (e.g. "12 in all"); no total shown without it. */
  readonly totalText?: (total: number) => string;
  readonly minWidth?: number;
}

const ARIA_SORT: Record<SortDir, 'ascending' | 'descending'> = { asc: 'ascending', desc: 'descending' };
const ARROW: Record<SortDir, string> = { asc: '▲', desc: '▼' };

function SortHeader({
  column,
  sortKey,
  sort,
  onSort,
  testId,
}: {
  column: { header: string };
  sortKey: string;
  sort: ListSort;
  onSort: (sortKey: string) => void;
  testId: string;
}) {
  const active = sort.sortBy === sortKey;
  return (
    <Table.Th aria-sort={active ? ARIA_SORT[sort.sortDir] : 'none'}>
      <UnstyledButton onClick={() => onSort(sortKey)} data-testid={testId} fw={600} fz="sm">
        {column.header} {active ? ARROW[sort.sortDir] : ''}
      </UnstyledButton>
    </Table.Th>
  );
}

function Header<R>({ column, sort, onSort, prefix }: { column: ListColumn<R>; sort?: ListSort; onSort?: (sortKey: string) => void; prefix: string }) {
  if (column.sortKey === undefined || sort === undefined || onSort === undefined) return <Table.Th>{column.header}</Table.Th>;
  return <SortHeader column={column} sortKey={column.sortKey} sort={sort} onSort={onSort} testId={`${prefix}-sort-${column.id}`} />;
}

function ListRow<R>({
  row,
  rowKey,
  columns,
  prefix,
  onRowClick,
  rowData,
}: Pick<ListTableProps<R>, 'rowKey' | 'columns' | 'onRowClick' | 'rowData'> & { row: R; prefix: string }) {
  const key = rowKey(row);
  return (
    <Table.Tr
      {...rowData?.(row)}
      data-testid={`${prefix}-row-${key}`}
      onClick={onRowClick ? () => onRowClick(row) : undefined}
      style={onRowClick ? { cursor: 'pointer' } : undefined}
    >
      {columns.map((column) => (
        <Table.Td key={column.id} data-testid={cellTestIdOf(column, row, prefix, key)}>
          {column.render(row)}
        </Table.Td>
      ))}
    </Table.Tr>
  );
}

export function ListTable<Row>(props: ListTableProps<Row>) {
  const { items, total, columns, rowKey, testIdPrefix: prefix, sort, onSort, page, pageSize, onPage, totalText } = props;
  return (
    <Stack gap="sm">
      {items.length === 0 ? (
        <Text c="dimmed" data-testid={`${prefix}-empty`}>
          {props.emptyText}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={props.minWidth ?? 700}>
          <Table striped highlightOnHover verticalSpacing="xs" data-testid={`${prefix}-${props.tableTestId ?? 'grid'}`}>
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Header key={column.id} column={column} sort={sort} onSort={onSort} prefix={prefix} />
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((row) => (
                <ListRow
                  key={rowKey(row)}
                  row={row}
                  rowKey={rowKey}
                  columns={columns}
                  prefix={props.rowTestIdPrefix ?? prefix}
                  onRowClick={props.onRowClick}
                  rowData={props.rowData}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {(totalText !== undefined || total > pageSize) && (
        <Group justify="space-between">
          {totalText !== undefined && (
            <Text size="sm" c="dimmed" data-testid={`${prefix}-total`}>
              {totalText(total)}
            </Text>
          )}
          {total > pageSize && <Pagination total={Math.ceil(total / pageSize)} value={page} onChange={onPage} size="sm" data-testid={`${prefix}-pagination`} />}
        </Group>
      )}
    </Stack>
  );
}
