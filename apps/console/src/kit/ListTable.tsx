/**
 * The console's one list table, inside the kit (ResourceList shows every paged list with it: the
 * system entities and settings, the admin pages, the contractor entities, the Simulator panel's
 * lists; the screens' short lists held in memory show with it too): the empty note or a striped
 * table — headers that sort (▲/▼, aria-sort) when the column names a sort key, one row per item
 * (clickable when `onRowClick` is given) — then the total and the pages (Mantine Pagination once
 * there is more than one page; none without `onPage`). It owns no data. The header and the empty
 * note are the virtualised grid's too (components/grid/DataGrid): `HeaderLabel`, `EmptyNote`.
 * The action column (id `actions`, {@link ACTION_COLUMN_ID}) is pinned to the table's end edge in
 * both tables: when the other columns are wider than the page they scroll beneath it, and the row's
 * buttons stay in view.
 * A row with its own queries or state takes them from `useRow`, a hook each row calls on its item
 * (the columns then show what it returns); a short table may go without its header (`headless`).
 *
 * Test ids, with `testIdPrefix` the screen's prefix: `-grid` (or `-<tableTestId>`, or `testId`),
 * `-row-<key>` (or `rowTestId(row)`), `-sort-<columnId>`, `-<columnId>-<key>` on a cell whose column
 * sets `cellTestId`, `-empty`, `-total` (only with `totalText`), `-pagination`; the rows and cells
 * take `rowTestIdPrefix` instead where given.
 */
import type { KeyboardEvent, ReactNode } from 'react';
import { Group, Pagination, Stack, Table, Text, UnstyledButton, VisuallyHidden, type MantineBreakpoint, type TableProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import type { SortDirection, SortValue } from '../components/grid/gridSort';
import classes from './ListTable.module.css';
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
  /** Shown in the header instead of the text (e.g. a select-all box). */
  readonly headerNode?: ReactNode;
  /** The list call's sortBy value; the header sorts when given. */
  readonly sortKey?: string;
  readonly render: (row: Row) => ReactNode;
  /** Gives the column's cells the test id `<prefix>-<id>-<rowKey>` (true), or the one it names. */
  readonly cellTestId?: boolean | ((row: Row) => string);
  /** Extra `data-*` attributes of the column's cells (read by the end-to-end tests). */
  readonly cellData?: (row: Row) => RowData;
  /** The grid's: the width in px (the default; the user may resize it unless `resizable` is false) and the least. */
  readonly width?: number;
  readonly minWidth?: number;
  readonly resizable?: boolean;
  /** The grid's: the column takes the width the others leave in the grid (at least its `width`). */
  readonly grow?: boolean;
  /** The paged table's: a secondary column shown only from this breakpoint up (never the action column). */
  readonly visibleFrom?: MantineBreakpoint;
  /** The grid's: sorts in memory by this value (none sorts last); the column is sortable when given. */
  readonly sortValue?: (row: Row) => SortValue;
  /** The cells' and the header's alignment (both tables). */
  readonly align?: 'left' | 'center' | 'right';
  /** The grid's: the cell holds buttons, its clicks do not open the row. */
  readonly interactive?: boolean;
}

/** The id of a list's action column (its rows' buttons): pinned to the end edge of both tables, never scrolled out of view. */
export const ACTION_COLUMN_ID = 'actions';

/** Whether a column is the action column (pinned to the end edge). */
export const isActionColumn = (column: { readonly id: string }): boolean => column.id === ACTION_COLUMN_ID;

/** The breakpoint from which a column shows: the action column always shows. */
const visibleFromOf = (column: ListColumn<never>): MantineBreakpoint | undefined => (isActionColumn(column) ? undefined : column.visibleFrom);

/** A cell's test id (see `cellTestId`). */
export function cellTestIdOf<Row>(column: ListColumn<Row>, row: Row, prefix: string | undefined, key: string): string | undefined {
  if (typeof column.cellTestId === 'function') return column.cellTestId(row);
  return column.cellTestId && prefix !== undefined ? `${prefix}-${column.id}-${key}` : undefined;
}

/** Extra `data-*` attributes of a row (read by the end-to-end tests). */
export type RowData = Readonly<Record<`data-${string}`, string | number | boolean | undefined>>;

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
const ARIA_SORT = { asc: 'ascending', desc: 'descending', none: 'none' } as const;
const ARROW = { asc: ' ▲', desc: ' ▼', none: '' } as const;

/** A column's `aria-sort`. */
export function ariaSort(direction: SortDirection | 'none'): 'ascending' | 'descending' | 'none' {
  return ARIA_SORT[direction];
}

/**
 * Enter on a focused row opens it as a click does (the row's own buttons keep their Enter); the
 * list's rows are in the tab order when they open something.
 */
export function openOnEnter(open: () => void): (event: KeyboardEvent<HTMLElement>) => void {
  return (event) => {
    if (event.key !== 'Enter' || event.target !== event.currentTarget) return;
    event.preventDefault();
    open();
  };
}

/** A column without a header of its own (the row buttons' column) is still named to screen readers. */
function UnnamedHeader({ action }: { action: boolean }) {
  const { t } = useTranslation();
  return <VisuallyHidden>{t(action ? 'kit.list.actions' : 'kit.list.unnamedColumn')}</VisuallyHidden>;
}

/**
 * The one column header of the console's lists (the paged table's and the virtualised grid's): a
 * button that sorts, with the direction's arrow (`data-sort`), when the column sorts; its label alone otherwise.
 */
export function HeaderLabel({
  label,
  direction,
  onSort,
  testId,
  className,
  action = false,
}: {
  label: ReactNode;
  direction: SortDirection | 'none';
  onSort?: () => void;
  testId?: string;
  className?: string;
  /** The row buttons' column (named "Actions" to screen readers when it shows no header). */
  action?: boolean;
}) {
  if (onSort === undefined) {
    return (
      <span className={className} data-testid={testId} data-sort={testId && 'none'}>
        {label === '' ? <UnnamedHeader action={action} /> : label}
      </span>
    );
  }
  return (
    <UnstyledButton onClick={onSort} className={className} data-testid={testId} data-sort={direction} fw={600} fz="sm">
      {label}
      {/* The mark is seen, not read: the column's name stays the button's name (aria-sort says the order). */}
      {direction !== 'none' && <span aria-hidden="true">{ARROW[direction]}</span>}
    </UnstyledButton>
  );
}

/** The one empty note of the console's lists. */
export function EmptyNote({ testId, className, children }: { testId: string; className?: string; children: ReactNode }) {
  return (
    <Text c="dimmed" size="sm" className={className} data-testid={testId}>
      {children}
    </Text>
  );
}

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
          {column.render(row)}
        </Table.Td>
      ))}
    </Table.Tr>
  );
}

/** The list's rows are its items, or what each row's `useRow` makes of its item. */
export function ListTable<Row, Item>(props: ListTableProps<Row, Item> & { readonly useRow: (item: Item) => Row }): ReactNode;
export function ListTable<Row>(props: ListTableProps<Row>): ReactNode;
export function ListTable<Row, Item = Row>(props: ListTableProps<Row, Item>): ReactNode {
  const { items, columns, rowKey, testIdPrefix: prefix, sort, onSort, page = 1, pageSize = Number.POSITIVE_INFINITY, onPage, totalText } = props;
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
