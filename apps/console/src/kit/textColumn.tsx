/**
 * A grid column (components/grid/DataGrid) whose cells are one line of text, declared as its id,
 * header, width and sort value, with what the grid screens vary: the text when it is not the sort
 * value, a name's weight, truncation with a title, and the text's test id.
 */
import type { ReactNode } from 'react';
import { Text } from '@mantine/core';
import type { DataGridColumn } from '../components/grid/DataGrid';
import type { SortValue } from '../components/grid/gridSort';

export interface TextColumn<R> extends Omit<DataGridColumn<R>, 'render' | 'sortValue'> {
  readonly sortValue: (row: R) => SortValue;
  /** The cell's text (default: the sort value). */
  readonly text?: (row: R) => ReactNode;
  /** A row's name: in bold. */
  readonly bold?: boolean;
  /** Cut at the column's width (with `title` the whole text on hover). */
  readonly truncate?: boolean;
  readonly title?: (row: R) => string | undefined;
  readonly testId?: (row: R) => string;
}

export function textColumn<R>({ text, bold = false, truncate = false, title, testId, ...column }: TextColumn<R>): DataGridColumn<R> {
  const shown = text ?? column.sortValue;
  return {
    ...column,
    render: (row) => (
      <Text size="sm" fw={bold ? 500 : undefined} truncate={truncate ? 'end' : undefined} title={title?.(row)} data-testid={testId?.(row)}>
        {shown(row)}
      </Text>
    ),
  };
}
