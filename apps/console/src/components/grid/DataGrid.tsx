/**
 * DataGrid — the console's shared, virtualised data grid (unit list, files, ...).
 *
 * Props (`DataGridProps<T>`):
 * - `gridId` (string, required): names the grid. Its column widths and sort are remembered in
 *   preferences.gridPrefs[gridId] = { columnWidths, sortState } (spec 000 §2 "data grids remember
 *   column widths and sort") and restored when the grid mounts. `persist={false}` turns that off.
 * - `columns` (DataGridColumn<T>[], required; keep the array stable with useMemo): the console's
 *   one column type (columns.tsx `ListColumn`) with its `width` (default px): `id`, `header`,
 *   `render(row)` (the cell), optional `minWidth`, `grow` (the column takes the width left over), `sortValue(row)` (string | number | boolean |
 *   null; the column is sortable when given; no value sorts last), `align`, `resizable` (default
 *   true), `interactive` (the cell holds buttons: its clicks do not reach `onRowClick`),
 *   `cellTestId` (true: `<testIdPrefix>-<id>-<rowKey>`, or a function of the row).
 * - `rows` (T[], required), `rowKey(row)` (stable unique string, required).
 * - `testIdPrefix`: rows get `<prefix>-row-<key>`; `rowTestId(row)` names a row otherwise (e.g.
 *   `unit-row-<id>`); `rowAttributes(row)`: extra `data-*` attributes on the row.
 * - `selectedKey`: the selected row's key (the row gets data-selected="true" and aria-selected);
 *   `onRowClick(row)`.
 * - Expandable rows: `renderExpanded(row)` adds an expander column; `expandedKeys` (the expanded
 *   rows' keys) and `onExpandedChange(key, expanded)` keep the state with the caller.
 * - `defaultSort` ({ column, direction } or null) when nothing is saved; `onSortChange(sort)`.
 *   Clicking a sortable header cycles asc → desc → none.
 * - `height` (CSS height of the scrolling viewport; default fills the window below the grid's
 *   top, at least 320 px), `rowHeight` (px, default 44; a collapsed row has exactly this height,
 *   cells clip what does not fit), `overscan` (rows, default 8), `empty`
 *   (node shown without rows), `ariaLabel`.
 * - `scrollToKey`: a row key to bring into view when the grid mounts or when the key changes
 *   (e.g. a selection restored from preferences).
 *
 * Test ids: `grid-<gridId>` (the viewport), `grid-header-<colId>` (the sort button or header
 * label; `data-sort` = asc | desc | none), `grid-resize-<colId>` (drag handle; ArrowLeft/Right
 * resize by 16 px), `grid-<gridId>-expand-<rowKey>` (expander), `grid-<gridId>-expanded-<rowKey>`
 * (expanded content), and the caller's row test ids. The viewport carries `data-row-count` (rows
 * after sorting) and `data-sort`.
 *
 * The grid is a region of its own and each cell and expanded row one of its own
 * (components/RegionBoundary): what cannot be drawn says so in its place, the other rows stay.
 *
 * The action column (id `actions`) is pinned to the viewport's end edge: when the columns are wider
 * than the grid, the others scroll beneath it and the rows' buttons stay in view. Its header
 * carries `data-column="actions"` (every header its column's id).
 *
 * Only the rows in view (plus overscan) are in the DOM (@tanstack/react-virtual), so 10,000 rows
 * stay smooth; sorting precomputes keys (gridSort.ts).
 */
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { CSSProperties, KeyboardEvent as ReactKeyboardEvent, ReactNode } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Drawn, RegionBoundary, RegionCell } from '../RegionBoundary';
import { PlainActionIcon } from '../plain/Plain';
import { MIN_COLUMN_WIDTH, nextSortState, resortRows } from './gridSort';
import type { SortDirection, SortedRows, SortKey, SortState } from './gridSort';
import { useGridPrefs } from './useGridPrefs';
import { useFillHeight } from './useFillHeight';
import { cellTestIdOf, EmptyNote, isActionColumn, openOnEnter, type ListColumn } from './columns';
import { HeaderCell } from './GridHeaderCell';
import classes from './DataGrid.module.css';

export type { SortState, SortDirection, SortValue } from './gridSort';

/** The grid's column: the console's one column type (kit/ListTable `ListColumn`) with its width. */
export type DataGridColumn<T> = ListColumn<T> & { readonly width: number };

export interface DataGridProps<T> {
  readonly gridId: string;
  readonly columns: readonly DataGridColumn<T>[];
  readonly rows: readonly T[];
  readonly rowKey: (row: T) => string;
  /** Test id prefix of the rows (`<prefix>-row-<key>`) and of the cells whose column sets `cellTestId`. */
  readonly testIdPrefix?: string;
  readonly rowTestId?: (row: T) => string;
  readonly rowAttributes?: (row: T) => Readonly<Record<`data-${string}`, string>>;
  readonly selectedKey?: string | null;
  readonly onRowClick?: (row: T) => void;
  readonly renderExpanded?: (row: T) => ReactNode;
  readonly expandedKeys?: ReadonlySet<string>;
  readonly onExpandedChange?: (key: string, expanded: boolean) => void;
  readonly defaultSort?: SortState | null;
  readonly onSortChange?: (sort: SortState | null) => void;
  readonly persist?: boolean;
  readonly height?: CSSProperties['height'];
  readonly rowHeight?: number;
  readonly overscan?: number;
  readonly empty?: ReactNode;
  readonly ariaLabel?: string;
  readonly scrollToKey?: string | null;
}

const EXPANDER_WIDTH = 36;
const NO_KEYS: ReadonlySet<string> = new Set();

function Chevron({ open }: { open: boolean }) {
  return (
    <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" className={open ? `${classes.chevron} ${classes.open}` : classes.chevron}>
      <path d="M4 2 L8 6 L4 10" fill="none" stroke="currentColor" strokeWidth="1.6" />
    </svg>
  );
}

/** A focused row: Enter opens it as a click does; the up and down arrows go to the row above or below. */
function rowKeys(open: () => void): (event: ReactKeyboardEvent<HTMLDivElement>) => void {
  const enter = openOnEnter(open);
  return (event) => {
    if (event.target === event.currentTarget && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      const next = event.key === 'ArrowDown' ? event.currentTarget.nextElementSibling : event.currentTarget.previousElementSibling;
      if (next instanceof HTMLElement) {
        event.preventDefault();
        next.focus();
      }
      return;
    }
    enter(event);
  };
}

interface RowProps<T> {
  readonly row: T;
  readonly rowId: string;
  readonly prefix: string | undefined;
  readonly gridId: string;
  readonly columns: readonly DataGridColumn<T>[];
  readonly template: string;
  readonly rowHeight: number;
  readonly expandable: boolean;
  readonly expanded: boolean;
  readonly onRowClick: ((row: T) => void) | undefined;
  readonly onToggle: (key: string, expanded: boolean) => void;
  readonly renderExpanded: ((row: T) => ReactNode) | undefined;
  readonly expandLabel: string;
  readonly collapseLabel: string;
}

function GridRowInner<T>({
  row,
  rowId,
  prefix,
  gridId,
  columns,
  template,
  rowHeight,
  expandable,
  expanded,
  onRowClick,
  onToggle,
  renderExpanded,
  expandLabel,
  collapseLabel,
}: RowProps<T>) {
  const stop = (event: React.SyntheticEvent) => event.stopPropagation();
  return (
    <>
      <div className={classes.line} style={{ gridTemplateColumns: template, height: rowHeight }} onClick={onRowClick ? () => onRowClick(row) : undefined}>
        {expandable && (
          <div className={classes.cell} role="gridcell" onClick={stop}>
            <PlainActionIcon
              variant="subtle"
              size="sm"
              aria-expanded={expanded}
              aria-label={expanded ? collapseLabel : expandLabel}
              data-testid={`grid-${gridId}-expand-${rowId}`}
              onClick={() => onToggle(rowId, !expanded)}
            >
              <Chevron open={expanded} />
            </PlainActionIcon>
          </div>
        )}
        {columns.map((column) => (
          <div
            key={column.id}
            role="gridcell"
            className={isActionColumn(column) ? `${classes.cell} ${classes.pinned}` : classes.cell}
            style={column.align ? { textAlign: column.align } : undefined}
            data-testid={cellTestIdOf(column, row, prefix, rowId)}
            onClick={column.interactive ? stop : undefined}
          >
            <RegionCell render={column.render} row={row} />
          </div>
        ))}
      </div>
      {expandable && expanded && renderExpanded && (
        <div className={classes.expanded} data-testid={`grid-${gridId}-expanded-${rowId}`}>
          <RegionBoundary kind="panel" compact>
            <Drawn draw={() => renderExpanded(row)} />
          </RegionBoundary>
        </div>
      )}
    </>
  );
}

const GridRow = memo(GridRowInner) as typeof GridRowInner;

/** The grid is a region of its own (a sort or a row that cannot be drawn fails it alone), each cell one of its own. */
export function DataGrid<T>(props: DataGridProps<T>) {
  return (
    <RegionBoundary kind="table">
      <DataGridBody {...props} />
    </RegionBoundary>
  );
}

function DataGridBody<T>({
  gridId,
  columns,
  rows,
  rowKey,
  testIdPrefix,
  rowTestId,
  rowAttributes,
  selectedKey = null,
  onRowClick,
  renderExpanded,
  expandedKeys = NO_KEYS,
  onExpandedChange,
  defaultSort = null,
  onSortChange,
  persist = true,
  height,
  rowHeight = 44,
  overscan = 8,
  empty,
  ariaLabel,
  scrollToKey = null,
}: DataGridProps<T>) {
  const { t } = useTranslation();
  const shapes = useMemo(() => columns.map((c) => ({ id: c.id, width: c.width, minWidth: c.minWidth, sortable: c.sortValue !== undefined })), [columns]);
  const prefs = useGridPrefs(gridId, shapes, defaultSort, persist);
  const { sort, setSort, widths, setWidth } = prefs;

  const sortColumn = sort ? columns.find((c) => c.id === sort.column && c.sortValue) : undefined;
  const columnSortValue = sortColumn?.sortValue;
  // A row whose value cannot be read (an answer that left a field out) has no value: it sorts last,
  // and the grid sorts the other rows (its own cell says what failed).
  const sortValue = useMemo(
    () =>
      columnSortValue &&
      ((row: T) => {
        try {
          return columnSortValue(row);
        } catch {
          return null;
        }
      }),
    [columnSortValue],
  );
  const direction = sort?.direction ?? 'asc';
  // Keys of the sort column, kept while the column's value function is the same.
  const keyCache = useMemo(() => {
    void sortValue;
    return new WeakMap<object, SortKey>();
  }, [sortValue]);
  // The last sort, kept aside (not as state): a live update that replaces rows without changing
  // their sort keys keeps its order instead of sorting every row again (resortRows).
  const [lastSort] = useState<{ sortValue: DataGridColumn<T>['sortValue']; direction: SortDirection; result: SortedRows<T> | null }>(() => ({
    sortValue: undefined,
    direction: 'asc',
    result: null,
  }));
  const sorted = useMemo(() => {
    if (!sortValue) return rows;
    const previous = lastSort.sortValue === sortValue && lastSort.direction === direction ? lastSort.result : null;
    const next = resortRows(previous, rows, sortValue, direction, rowKey, keyCache);
    Object.assign(lastSort, { sortValue, direction, result: { rows, sorted: next } });
    return next;
  }, [rows, sortValue, direction, keyCache, rowKey, lastSort]);
  // The rows' keys in display order: the same array while the order is the same, so that the
  // virtualiser (whose item keys and sizes follow it) does not rebuild the measurements of every
  // row when a live update only replaced rows.
  const [lastKeys] = useState<{ keys: readonly string[] }>(() => ({ keys: [] }));
  const keys = useMemo(() => {
    const previous = lastKeys.keys;
    if (previous.length === sorted.length && sorted.every((row, index) => rowKey(row) === previous[index])) return previous;
    const next = sorted.map(rowKey);
    Object.assign(lastKeys, { keys: next });
    return next;
  }, [sorted, rowKey, lastKeys]);

  const onSort = useCallback(
    (columnId: string) => {
      const next = nextSortState(sort, columnId);
      setSort(next);
      onSortChange?.(next);
    },
    [sort, setSort, onSortChange],
  );

  const expandable = renderExpanded !== undefined;
  const template = useMemo(
    () =>
      [
        ...(expandable ? [`${EXPANDER_WIDTH}px`] : []),
        ...columns.map((c) => (c.grow ? `minmax(${widths[c.id] ?? c.width}px, 1fr)` : `${widths[c.id] ?? c.width}px`)),
      ].join(' '),
    [columns, widths, expandable],
  );
  const totalWidth = useMemo(() => columns.reduce((sum, c) => sum + (widths[c.id] ?? c.width), expandable ? EXPANDER_WIDTH : 0), [columns, widths, expandable]);

  const scrollRef = useRef<HTMLDivElement>(null);
  const filled = useFillHeight(scrollRef, height === undefined);
  // Stable while the order is: the virtualiser rebuilds its measurements of every row (O(rows))
  // whenever these functions change, so they must not be new on each render or live update.
  const estimateSize = useCallback(
    (index: number) => {
      const key = keys[index];
      return key !== undefined && expandedKeys.has(key) ? rowHeight * 3 : rowHeight;
    },
    [keys, expandedKeys, rowHeight],
  );
  const getItemKey = useCallback((index: number) => keys[index] ?? index, [keys]);
  const getScrollElement = useCallback(() => scrollRef.current, []);
  // Until the viewport is measured (after the first commit), the rows in view are those of a viewport
  // as tall as its set height or the window: the first render (in the background) draws them. With no
  // estimate it would draw none, and the measurement would then draw them all in one blocking render.
  const [initialRect] = useState(() => ({ width: window.innerWidth, height: typeof height === 'number' ? height : window.innerHeight }));
  // The compiler leaves this component unmemoised because of useVirtualizer (its functions change
  // identity with the scroll position), which is what the grid needs: nothing is passed on memoised.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({ count: sorted.length, getScrollElement, estimateSize, getItemKey, overscan, initialRect });

  // Bring `scrollToKey` into view once per key (when its row is there).
  const scrolledTo = useRef<string | null>(null);
  useEffect(() => {
    if (scrollToKey === null || scrolledTo.current === scrollToKey) return;
    const index = sorted.findIndex((row) => rowKey(row) === scrollToKey);
    if (index < 0) return;
    scrolledTo.current = scrollToKey;
    virtualizer.scrollToIndex(index, { align: 'auto' });
  }, [scrollToKey, sorted, rowKey, virtualizer]);

  // The rows are memoised: a toggle that changed with every list update (a live event) would render
  // every row in view again for one unit's change. It reads the current rows at the click instead.
  const toggleState = useRef({ sorted, rowKey, virtualizer, rowHeight, onExpandedChange });
  useLayoutEffect(() => {
    toggleState.current = { sorted, rowKey, virtualizer, rowHeight, onExpandedChange };
  });
  const onToggle = useCallback((key: string, expanded: boolean) => {
    const current = toggleState.current;
    // A collapsing row goes back to the fixed height (its measured size would stay otherwise).
    if (!expanded) {
      const index = current.sorted.findIndex((row) => current.rowKey(row) === key);
      if (index >= 0) current.virtualizer.resizeItem(index, current.rowHeight);
    }
    current.onExpandedChange?.(key, expanded);
  }, []);
  // Looked up once, not on every live update: the header cells are memoised and keep them.
  const labels = useMemo(
    () => ({
      expand: t('unitList.grid.expand'),
      collapse: t('unitList.grid.collapse'),
      expandColumn: t('unitList.grid.expandColumn'),
      resize: new Map(columns.map((c) => [c.id, t('unitList.grid.resize', { column: typeof c.header === 'string' ? c.header : c.id })])),
    }),
    [t, columns],
  );

  return (
    <div
      ref={scrollRef}
      className={classes.viewport}
      style={{ height: height ?? filled }}
      role="grid"
      aria-label={ariaLabel}
      // The scrolling body takes focus, so the keyboard scrolls it too.
      tabIndex={0}
      aria-rowcount={sorted.length}
      data-testid={`grid-${gridId}`}
      data-row-count={sorted.length}
      data-sort={sort ? `${sort.column}:${sort.direction}` : 'none'}
    >
      <div style={{ width: totalWidth, minWidth: '100%' }}>
        <div className={classes.header} role="row" style={{ gridTemplateColumns: template }}>
          {expandable && (
            <div className={classes.headerCell} role="columnheader">
              <VisuallyHidden>{labels.expandColumn}</VisuallyHidden>
            </div>
          )}
          {columns.map((column) => (
            <HeaderCell
              key={column.id}
              id={column.id}
              header={column.headerNode ?? column.header}
              sortable={column.sortValue !== undefined}
              direction={sort?.column === column.id ? sort.direction : 'none'}
              resizable={column.resizable !== false}
              width={widths[column.id] ?? column.width}
              minWidth={column.minWidth ?? MIN_COLUMN_WIDTH}
              align={column.align}
              pinned={isActionColumn(column)}
              onSort={onSort}
              onResize={setWidth}
              resizeLabel={labels.resize.get(column.id) ?? column.id}
            />
          ))}
        </div>
        {sorted.length === 0 ? (
          <EmptyNote testId={`grid-${gridId}-empty`} className={classes.empty}>
            {empty ?? t('unitList.grid.empty')}
          </EmptyNote>
        ) : (
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((item) => {
              const row = sorted[item.index];
              if (row === undefined) return null;
              const key = rowKey(row);
              const selected = key === selectedKey;
              return (
                <div
                  key={item.key}
                  // Collapsed rows have a fixed height (the estimate); only expanded ones are measured.
                  ref={expandable && expandedKeys.has(key) ? virtualizer.measureElement : undefined}
                  data-index={item.index}
                  role="row"
                  aria-rowindex={item.index + 2}
                  aria-selected={selected}
                  className={`${classes.row} ${onRowClick ? classes.clickable : ''}`}
                  style={{ transform: `translateY(${item.start}px)` }}
                  data-testid={rowTestId?.(row) ?? (testIdPrefix === undefined ? undefined : `${testIdPrefix}-row-${key}`)}
                  data-selected={selected ? 'true' : 'false'}
                  tabIndex={onRowClick ? 0 : undefined}
                  onKeyDown={onRowClick ? rowKeys(() => onRowClick(row)) : undefined}
                  {...rowAttributes?.(row)}
                >
                  <GridRow
                    row={row}
                    rowId={key}
                    prefix={testIdPrefix}
                    gridId={gridId}
                    columns={columns}
                    template={template}
                    rowHeight={rowHeight}
                    expandable={expandable}
                    expanded={expandedKeys.has(key)}
                    onRowClick={onRowClick}
                    onToggle={onToggle}
                    renderExpanded={renderExpanded}
                    expandLabel={labels.expand}
                    collapseLabel={labels.collapse}
                  />
                </div>
              );
            })}
          </div>
        )}
      </div>
    </div>
  );
}
