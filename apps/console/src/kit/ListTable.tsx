/**
 * The console's one list table, inside the kit (ResourceList shows every paged list with it: the
 * system entities and settings, the admin pages, the contractor entities, the Simulator panel's
 * lists; the screens' short lists held in memory show with it too): the empty note or a striped
 * table — headers that sort (▲/▼, aria-sort) when the column names a sort key, one row per item
 * (clickable when `onRowClick` is given) — then the total and the pages (Mantine Pagination once
 * there is more than one page; none without `onPage`). It owns no data. The header and the empty
 * note are the virtualised grid's too (components/grid/DataGrid): `HeaderLabel`, `EmptyNote`
 * (components/grid/columns.tsx). The action column (id `actions`, `ACTION_COLUMN_ID`) is pinned to the table's end edge in
 * both tables: when the other columns are wider than the page they scroll beneath it, and the row's
 * buttons stay in view.
 * A row with its own queries or state takes them from `useRow`, a hook each row calls on its item
 * (the columns then show what it returns); a short table may go without its header (`headless`).
 *
 * Test ids, with `testIdPrefix` the screen's prefix: `-grid` (or `-<tableTestId>`, or `testId`),
 * `-row-<key>` (or `rowTestId(row)`), `-sort-<columnId>`, `-<columnId>-<key>` on a cell whose column
 * sets `cellTestId`, `-empty`, `-total` (only with `totalText`), `-pagination`; the rows and cells
 * take `rowTestIdPrefix` instead where given.
 *
 * The table is a region of its own and each cell one of its own (components/RegionBoundary): a cell
 * whose value cannot be drawn says so in one line, its row and the other rows stay.
 */
import type { ReactNode } from 'react';
import { Group, Pagination, Stack, Table, Text, type MantineBreakpoint, type TableProps } from '@mantine/core';
import {
  ariaSort,
  cellTestIdOf,
  EmptyNote,
  HeaderLabel,
  isActionColumn,
  openOnEnter,
  UnnamedHeader,
  type ListColumn,
  type RowData,
} from '../components/grid/columns';
import type { SortDirection } from '../components/grid/gridSort';
import { RegionBoundary, RegionCell } from '../components/RegionBoundary';
import classes from './ListTable.module.css';

export {
  ACTION_COLUMN_ID,
  ariaSort,
  cellTestIdOf,
  EmptyNote,
  HeaderLabel,
  isActionColumn,
  openOnEnter,
  type ListColumn,
  type RowData,
} from '../components/grid/columns';

export interface ListSort {
  readonly sortBy: string;
  readonly sortDir: SortDirection;
}

/** The breakpoint from which a column shows: the action column always shows. */
const visibleFromOf = (column: ListColumn<never>): MantineBreakpoint | undefined => (isActionColumn(column) ? undefined : column.visibleFrom);

/** `Item` is what the list holds; `Row` what the columns show: the item itself, or what `useRow` makes of it. */
export interface ListTableProps<Row, Item = Row> {
  readonly items: readonly Item[];
  readonly columns: readonly ListColumn<Row>[];
  readonly rowKey: (item: Item) => string;
  /** A hook each row calls once on its item (the row's own queries and state); the columns show what it returns. The same hook on every render (a module's function, not one made in render). */
  readonly useRow?: (item: Item) => Row;
  /** A short table without its header row. */
  readonly headless?: boolean;
  readonly testIdPrefix: string;
  /** The table's test id suffix: `grid` unless the screen's tests know it as something else. */
  readonly tableTestId?: string;
  /** The table's whole test id, where the screen's tests know it apart from the prefix. */
  readonly testId?: string;
  /** The rows' and cells' prefix where the screen's tests know them apart from the list (`story-row-<id>` in `stories-table`). */
  readonly rowTestIdPrefix?: string;
  /** A row's whole test id, where the screen's tests know it apart from the prefix. */
  readonly rowTestId?: (row: Row) => string;
  /** The current sort; without it no header sorts. */
  readonly sort?: ListSort;
  /** A click on a sortable header, with that column's sort key. */
  readonly onSort?: (sortKey: string) => void;
  readonly onRowClick?: (row: Row) => void;
  readonly rowData?: (row: Row) => RowData;
  /** The paging (a list paged on the server): the total, the page and its size; no pages without `onPage`. */
  readonly total?: number;
  readonly page?: number;
  readonly pageSize?: number;
  readonly onPage?: (page: number) => void;
  /** The empty list's note; without it an empty list shows its table. */
  readonly emptyText?: ReactNode;
  /** The total's text (e.g. "12 in all"); no total shown without it. */
  readonly totalText?: (total: number) => string;
  readonly minWidth?: number;
  readonly striped?: boolean;
  /** A screen's short table: Mantine's plain look (not striped, no hover) and no least width. */
  readonly plain?: boolean;
  /** The table's look where a screen's differs further (e.g. `{ withTableBorder: true }`). */
  readonly tableProps?: TableProps;
}

const LIST_LOOK: TableProps = { highlightOnHover: true, verticalSpacing: 'xs' };
function Header<R>({ column, sort, onSort, prefix }: { column: ListColumn<R>; sort?: ListSort; onSort?: (sortKey: string) => void; prefix: string }) {
  const { sortKey } = column;
  const label = column.headerNode ?? column.header;
  const pinned = isActionColumn(column) ? classes.pinned : undefined;
  if (sortKey === undefined || sort === undefined || onSort === undefined) {
    return (
      <Table.Th ta={column.align} className={pinned} visibleFrom={visibleFromOf(column)} data-column={column.id}>
        {label === '' ? <UnnamedHeader action={isActionColumn(column)} /> : label}
      </Table.Th>
    );
  }
  const direction = sort.sortBy === sortKey ? sort.sortDir : 'none';
  return (
    <Table.Th ta={column.align} aria-sort={ariaSort(direction)} className={pinned} visibleFrom={visibleFromOf(column)} data-column={column.id}>
      <HeaderLabel label={label} direction={direction} onSort={() => onSort(sortKey)} testId={`${prefix}-sort-${column.id}`} />
    </Table.Th>
  );
}

/** The row as it is: the item itself where the list gives no `useRow`. */
function useItem<R, I>(item: I): R {
  return item as unknown as R;
}

function ListRow<R, I>({
  item,
  rowKey,
  useRow = useItem,
  columns,
  prefix,
  onRowClick,
  rowData,
  rowTestId,
}: Pick<ListTableProps<R, I>, 'rowKey' | 'useRow' | 'columns' | 'onRowClick' | 'rowData' | 'rowTestId'> & { item: I; prefix: string }) {
  const row = useRow(item);
  const key = rowKey(item);
  return (
    <Table.Tr
      {...rowData?.(row)}
      data-testid={rowTestId?.(row) ?? `${prefix}-row-${key}`}
      onClick={onRowClick ? () => onRowClick(row) : undefined}
      onKeyDown={onRowClick ? openOnEnter(() => onRowClick(row)) : undefined}
      tabIndex={onRowClick ? 0 : undefined}
      className={onRowClick ? classes.opens : undefined}
    >
      {columns.map((column) => (
        <Table.Td
          key={column.id}
          ta={column.align}
          className={isActionColumn(column) ? classes.pinned : undefined}
          visibleFrom={visibleFromOf(column)}
          {...column.cellData?.(row)}
          data-testid={cellTestIdOf(column, row, prefix, key)}
        >
          <RegionCell render={column.render} row={row} />
        </Table.Td>
      ))}
    </Table.Tr>
  );
}

/** The list's rows are its items, or what each row's `useRow` makes of its item. */
export function ListTable<Row, Item>(props: ListTableProps<Row, Item> & { readonly useRow: (item: Item) => Row }): ReactNode;
export function ListTable<Row>(props: ListTableProps<Row>): ReactNode;
export function ListTable<Row, Item = Row>(props: ListTableProps<Row, Item>): ReactNode {
  // A table is a region of its own (a row's cell fails alone, in one line; the table as a whole in its place).
  return (
    <RegionBoundary kind="table">
      <ListTableBody {...props} />
    </RegionBoundary>
  );
}

function ListTableBody<Row, Item = Row>(props: ListTableProps<Row, Item>): ReactNode {
  const { columns, rowKey, testIdPrefix: prefix, sort, onSort, page = 1, pageSize = Number.POSITIVE_INFINITY, onPage, totalText } = props;
  // A list an answer left out or null is empty.
  const items = props.items ?? [];
  const total = props.total ?? items.length;
  const paged = onPage !== undefined && total > pageSize;
  return (
    <Stack gap="sm">
      {items.length === 0 && props.emptyText !== undefined ? (
        <EmptyNote testId={`${prefix}-empty`}>{props.emptyText}</EmptyNote>
      ) : (
        <Table.ScrollContainer minWidth={props.minWidth ?? (props.plain ? 0 : 700)}>
          <Table
            {...(props.plain ? {} : LIST_LOOK)}
            striped={props.striped ?? !props.plain}
            {...props.tableProps}
            data-testid={props.testId ?? `${prefix}-${props.tableTestId ?? 'grid'}`}
          >
            {!props.headless && (
              <Table.Thead>
                <Table.Tr>
                  {columns.map((column) => (
                    <Header key={column.id} column={column} sort={sort} onSort={onSort} prefix={prefix} />
                  ))}
                </Table.Tr>
              </Table.Thead>
            )}
            <Table.Tbody>
              {items.map((item) => (
                <ListRow
                  key={rowKey(item)}
                  item={item}
                  rowKey={rowKey}
                  useRow={props.useRow}
                  columns={columns}
                  prefix={props.rowTestIdPrefix ?? prefix}
                  onRowClick={props.onRowClick}
                  rowData={props.rowData}
                  rowTestId={props.rowTestId}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {(totalText !== undefined || paged) && (
        <Group justify="space-between">
          {totalText !== undefined && (
            <Text size="sm" c="dimmed" data-testid={`${prefix}-total`}>
              {totalText(total)}
            </Text>
          )}
          {paged && <Pagination total={Math.ceil(total / pageSize)} value={page} onChange={onPage} size="sm" data-testid={`${prefix}-pagination`} />}
        </Group>
      )}
    </Stack>
  );
}
