/**
 * A header cell of the DataGrid: its label that sorts (kit-wide HeaderLabel) and the handle that
 * resizes its column by pointer drag, or by 16 px with ArrowLeft/Right (`grid-resize-<colId>`).
 * While dragging, the width goes to `onResize(id, width, false)`; on release with `commit` true.
 */
import { memo, useRef, useState } from 'react';
import type { KeyboardEvent as ReactKeyboardEvent, PointerEvent as ReactPointerEvent, ReactNode } from 'react';
import { ariaSort, HeaderLabel } from './columns';
import { clampWidth } from './gridSort';
import classes from './DataGrid.module.css';

const KEY_STEP = 16;

interface HeaderCellProps {
  readonly id: string;
  readonly header: ReactNode;
  readonly sortable: boolean;
  readonly direction: 'asc' | 'desc' | 'none';
  readonly resizable: boolean;
  readonly width: number;
  readonly minWidth: number;
  readonly align: 'left' | 'center' | 'right' | undefined;
  /** The action column: pinned to the end edge. */
  readonly pinned: boolean;
  readonly onSort: (id: string) => void;
  readonly onResize: (id: string, width: number, commit: boolean) => void;
  readonly resizeLabel: string;
}

export const HeaderCell = memo(function HeaderCell({
  id,
  header,
  sortable,
  direction,
  resizable,
  width,
  minWidth,
  align,
  pinned,
  onSort,
  onResize,
  resizeLabel,
}: HeaderCellProps) {
  const [dragging, setDragging] = useState(false);
  const drag = useRef<{ startX: number; startWidth: number; width: number } | null>(null);

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    event.preventDefault();
    event.stopPropagation();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { startX: event.clientX, startWidth: width, width };
    setDragging(true);
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const state = drag.current;
    if (!state) return;
    state.width = clampWidth(state.startWidth + event.clientX - state.startX, minWidth);
    onResize(id, state.width, false);
  };
  const onPointerUp = (event: ReactPointerEvent<HTMLDivElement>) => {
    const state = drag.current;
    if (!state) return;
    drag.current = null;
    setDragging(false);
    if (event.currentTarget.hasPointerCapture(event.pointerId)) event.currentTarget.releasePointerCapture(event.pointerId);
    onResize(id, state.width, true);
  };
  const onKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    onResize(id, clampWidth(width + (event.key === 'ArrowRight' ? KEY_STEP : -KEY_STEP), minWidth), true);
  };

  return (
    <div
      className={pinned ? `${classes.headerCell} ${classes.pinned}` : classes.headerCell}
      role="columnheader"
      data-column={id}
      aria-sort={sortable ? ariaSort(direction) : undefined}
      style={align ? { justifyContent: align === 'right' ? 'flex-end' : align } : undefined}
    >
      <HeaderLabel
        label={header}
        direction={direction}
        onSort={sortable ? () => onSort(id) : undefined}
        testId={`grid-header-${id}`}
        action={pinned}
        className={sortable ? classes.sortButton : classes.headerLabel}
      />
      {resizable && (
        <div
          role="separator"
          aria-orientation="vertical"
          aria-label={resizeLabel}
          aria-valuenow={width}
          tabIndex={0}
          className={`${classes.resizeHandle} ${dragging ? classes.resizing : ''}`}
          data-testid={`grid-resize-${id}`}
          data-width={width}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          onKeyDown={onKeyDown}
          onClick={(event) => event.stopPropagation()}
        />
      )}
    </div>
  );
});
