/**
 * The list frame every /system_entities kind shows (spec 001 §2 "each kind a searchable, paged,
 * sortable list"; §9 search page size 50): a search key and value, a header whose sortable columns
 * sort on the server, the rows (a click opens the row), the total and the pages (the table is
 * components/ListTable). The kind owns the call (its query reads `listQuery(view)` of
 * contractor-entities/entityKinds.ts) and its modals; this frame owns none of the data, so every
 * kind's list looks and behaves the same.
 *
 * Test ids, with `testId` the kind's prefix: `<testId>-list`, `-search-key`, `-search`, `-grid`,
 * `-row-<key>`, `-sort-<column>`, `-empty`, `-total`, `-pagination`, `-loading`, `-error`.
 */
import { useCallback, useState } from 'react';
import type { ReactNode } from 'react';
import { Group, Select, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ListTable, type ListColumn } from '../../components/ListTable';
import { QueryView } from '../../components/QueryView';
import type { QueryLike } from '../../components/queryView';
import { nextListSort } from '../../components/listSort';
import { ENTITY_PAGE_SIZE, type EntityView } from '../contractor-entities/entityKinds';

export { ENTITY_PAGE_SIZE, listQuery, type EntityView } from '../contractor-entities/entityKinds';

/** A column of the list: `id` names it in test ids (`<testId>-sort-<id>`); it sorts when it names the call's `sortKey`. */
export type EntityListColumn<Row> = ListColumn<Row>;

export interface EntityListPage<Row> {
  readonly items: readonly Row[];
  readonly total: number;
}

export interface EntityListProps<Row> {
  readonly testId: string;
  /** The call's search keys with their labels; the view's key is one of them. */
  readonly searchKeys: readonly { readonly value: string; readonly label: string }[];
  readonly columns: readonly EntityListColumn<Row>[];
  readonly view: EntityView;
  readonly onViewChange: (change: (view: EntityView) => EntityView) => void;
  readonly query: QueryLike<EntityListPage<Row>>;
  readonly rowKey: (row: Row) => string;
  /** A click on a row (e.g. its edit modal); without it rows are not clickable. */
  readonly onOpen?: (row: Row) => void;
  /** Shown right of the search (e.g. the create button). */
  readonly actions?: ReactNode;
  /** Title of the alert when the list cannot be read. */
  readonly errorTitle?: string;
}

/** The list state of one kind, from its default search key and sort. */
export function useEntityView(searchKey: string, sortBy = 'name'): [EntityView, (change: (view: EntityView) => EntityView) => void] {
  const [view, setView] = useState<EntityView>({ searchKey, searchValue: '', sortBy, sortDir: 'asc', page: 1 });
  const change = useCallback((f: (view: EntityView) => EntityView) => setView(f), []);
  return [view, change];
}

export function EntityList<Row>({ testId, searchKeys, columns, view, onViewChange, query, rowKey, onOpen, actions, errorTitle }: EntityListProps<Row>) {
  const { t } = useTranslation();

  const grid = (page: EntityListPage<Row>) => (
    <ListTable
      items={page.items}
      total={page.total}
      columns={columns}
      rowKey={rowKey}
      testIdPrefix={testId}
      sort={view}
      onSort={(sortKey) => onViewChange((v) => nextListSort(v, sortKey))}
      onRowClick={onOpen}
      page={view.page}
      pageSize={ENTITY_PAGE_SIZE}
      onPage={(p) => onViewChange((v) => ({ ...v, page: p }))}
      emptyText={t('systemEntities.list.empty')}
      totalText={(count) => t('systemEntities.list.total', { count })}
      minWidth={800}
    />
  );

  return (
    <Stack gap="sm" data-testid={`${testId}-list`}>
      <Group gap="sm" align="flex-end" justify="space-between">
        <Group gap="sm" align="flex-end">
          <Select
            label={t('systemEntities.list.searchBy')}
            data={searchKeys.map((k) => ({ value: k.value, label: k.label }))}
            value={view.searchKey}
            onChange={(k) => k && onViewChange((v) => ({ ...v, searchKey: k, page: 1 }))}
            allowDeselect={false}
            w={180}
            data-testid={`${testId}-search-key`}
          />
          <TextInput
            label={t('systemEntities.list.search')}
            value={view.searchValue}
            onChange={(e) => {
              const value = e.currentTarget.value;
              onViewChange((v) => ({ ...v, searchValue: value, page: 1 }));
            }}
            data-testid={`${testId}-search`}
          />
        </Group>
        {actions}
      </Group>
      <QueryView query={query} testIdPrefix={testId} errorTitle={errorTitle ?? t('systemEntities.list.loadError')}>
        {grid}
      </QueryView>
    </Stack>
  );
}
