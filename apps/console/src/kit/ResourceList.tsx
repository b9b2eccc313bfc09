/**
 * The searchable list every resource shows (spec 001 §2 "a searchable, paged, sortable list"; §9
 * search page size 50): a search key and value, a header whose sortable columns sort on the
 * server, the rows (a click opens the row), the total and the pages (the table is the kit's
 * ListTable, used by nothing else). The resource owns the call (its query reads `searchQuery(view, …)`) and
 * its modals; this frame owns none of the data, so every list looks and behaves the same.
 *
 * A call with one search key (or none: it searches every field) shows only the search box; a list
 * that is not searched (`search={false}`, e.g. a short list held in memory) shows neither.
 *
 * Test ids, with `testId` the kind's prefix: `<testId>-list`, `-search-key`, `-search`, `-grid`,
 * `-row-<key>`, `-sort-<column>`, `-<column>-<key>` (a column with `cellTestId`), `-empty`, `-total`,
 * `-pagination`, `-loading`, `-error`; the rows and cells start with `rowTestId` instead where given.
 */
import { useCallback, useState } from 'react';
import type { ReactNode } from 'react';
import { Group, Stack, TextInput } from '@mantine/core';
import { Select } from '../components/Pickers';
import { useTranslation } from 'react-i18next';
import { ListTable, type ListColumn, type RowData } from './ListTable';
import { QueryView } from '../components/QueryView';
import type { QueryLike } from '../components/queryView';
import { nextListSort } from '../components/listSort';
import type { Page } from './cache';
import { PAGE_SIZE, type ListView } from './resource';

export interface ResourceListProps<Row> {
  readonly testId: string;
  /** The call's search keys with their labels; the view's key is one of them (none: the call searches without a key). */
  readonly searchKeys?: readonly { readonly value: string; readonly label: string }[];
  readonly columns: readonly ListColumn<Row>[];
  readonly view: ListView;
  readonly onViewChange: (change: (view: ListView) => ListView) => void;
  readonly query: QueryLike<Page<Row>>;
  readonly rowKey: (row: Row) => string;
  /** A click on a row (e.g. its edit modal); without it rows are not clickable. */
  readonly onOpen?: (row: Row) => void;
  /** Shown right of the search (e.g. the create button). */
  readonly actions?: ReactNode;
  /** Shown left of the search (e.g. a filter). */
  readonly toolbar?: ReactNode;
  /** Whether the list has a search box; default true. */
  readonly search?: boolean;
  /** Extra `data-*` attributes of a row. */
  readonly rowData?: (row: Row) => RowData;
  /** The empty list's text; default "Nothing matches". */
  readonly emptyText?: string;
  /** Title of the alert when the list cannot be read. */
  readonly errorTitle?: string;
  /** The rows' and cells' test id prefix where the screen's tests know them apart from the list's. */
  readonly rowTestId?: string;
  /** The table's test id suffix (`<testId>-<tableTestId>`); default `grid`. */
  readonly tableTestId?: string;
  /** Rows per page where the call's page is not the search page size (the stories' 20). */
  readonly pageSize?: number;
}

/** The list state of one resource, from its default search key and sort (ascending unless told). */
export function useListView(searchKey: string, sortBy = 'name', sortDir: 'asc' | 'desc' = 'asc'): [ListView, (change: (view: ListView) => ListView) => void] {
  const [view, setView] = useState<ListView>({ searchKey, searchValue: '', sortBy, sortDir, page: 1 });
  const change = useCallback((f: (view: ListView) => ListView) => setView(f), []);
  return [view, change];
}

export function ResourceList<Row>(props: ResourceListProps<Row>) {
  const { testId, searchKeys = [], columns, view, onViewChange, query, rowKey, onOpen, actions, toolbar, search = true, rowData, emptyText } = props;
  const { t } = useTranslation();

  const grid = (page: Page<Row>) => (
    <ListTable
      items={page.items}
      total={page.total}
      columns={columns}
      rowKey={rowKey}
      testIdPrefix={testId}
      rowTestIdPrefix={props.rowTestId}
      tableTestId={props.tableTestId}
      sort={view}
      onSort={(sortKey) => onViewChange((v) => nextListSort(v, sortKey))}
      onRowClick={onOpen}
      rowData={rowData}
      page={view.page}
      pageSize={props.pageSize ?? PAGE_SIZE}
      onPage={(p) => onViewChange((v) => ({ ...v, page: p }))}
      emptyText={emptyText ?? t('kit.list.empty')}
      totalText={(count) => t('kit.list.total', { count })}
      minWidth={800}
    />
  );

  return (
    <Stack gap="sm" data-testid={`${testId}-list`}>
      <Group gap="sm" align="flex-end" justify="space-between">
        <Group gap="sm" align="flex-end">
          {toolbar}
          {search && searchKeys.length > 1 && (
            <Select
              label={t('kit.list.searchBy')}
              data={searchKeys.map((k) => ({ value: k.value, label: k.label }))}
              value={view.searchKey}
              onChange={(k) => k && onViewChange((v) => ({ ...v, searchKey: k, page: 1 }))}
              allowDeselect={false}
              w={180}
              data-testid={`${testId}-search-key`}
            />
          )}
          {search && (
            <TextInput
              label={t('kit.list.search')}
              value={view.searchValue}
              onChange={(e) => {
                const value = e.currentTarget.value;
                onViewChange((v) => ({ ...v, searchValue: value, page: 1 }));
              }}
              data-testid={`${testId}-search`}
            />
          )}
        </Group>
        {actions}
      </Group>
      <QueryView query={query} testIdPrefix={testId} errorTitle={props.errorTitle ?? t('kit.list.loadError')}>
        {grid}
      </QueryView>
    </Stack>
  );
}
