/**
 * What the console's two list tables share (the kit's paged ListTable and the virtualised DataGrid):
 * the column, its header label that sorts, the empty note, a cell's test id and Enter on a row.
 */
import type { KeyboardEvent, ReactNode } from 'react';
import { Text, UnstyledButton, VisuallyHidden, type MantineBreakpoint } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SortDirection, SortValue } from './gridSort';

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

/** A cell's test id (see `cellTestId`). */
export function cellTestIdOf<Row>(column: ListColumn<Row>, row: Row, prefix: string | undefined, key: string): string | undefined {
  if (typeof column.cellTestId === 'function') return column.cellTestId(row);
  return column.cellTestId && prefix !== undefined ? `${prefix}-${column.id}-${key}` : undefined;
}

/** Extra `data-*` attributes of a row (read by the end-to-end tests). */
export type RowData = Readonly<Record<`data-${string}`, string | number | boolean | undefined>>;

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
export function UnnamedHeader({ action }: { action: boolean }) {
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
