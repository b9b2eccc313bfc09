/**
 * A resource's screen whose rows carry their buttons (the system settings, the admin pages): the
 * searchable list (ResourceList) with, on each row, Edit (the modal reads the entity fresh with the
 * declaration's `get`, so the form starts from it as kept now and saves with its current version),
 * the screen's own buttons, and Delete after a confirmation that names the row; an Add button; the
 * toasts, the live refresh and the role gating of ResourcePage (a button shows only when the
 * catalogue lets the user make its call).
 *
 * Test ids, with the declaration's `testId`: `<testId>` (the page), the list's (ResourceList; its own
 * ids start with `listTestId` where given, the rows with `testId`),
 * `-add` (or `addTestId`), `-edit-<key>`, `-delete-<key>`, and the confirmation's `-delete-modal`,
 * `-delete-question`, `-delete-error`, `-delete-cancel`, `-delete-confirm`; with `formTestId`:
 * `-modal`, `-form`, `-loading`, `-load-error`, `-<field>`, `-error.<field>`, `-form-error`, `-save`,
 * `-cancel`.
 */
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteModal } from '../components/ConfirmDeleteModal';
import type { RowData } from './ListTable';
import { useConfirmedDelete } from '../components/useConfirmedDelete';
import { canCall, useUserRoles } from './access';
import type { ListView, Resource } from './resource';
import { ResourceList } from './ResourceList';
import { ResourceDialog, searchKeyLabel, useResourceList, useResourceMutations, type Open } from './ResourcePage';

interface RowButtonsPageProps<E, V> {
  /** The declaration; its rows are its entities (Edit and Delete act on the row). */
  readonly resource: Resource<E, E, V>;
  /** The Add button's text; default the new entity's title. */
  readonly addLabel?: string;
  readonly addTestId?: string;
  /** Shown left of the search (e.g. a filter). */
  readonly toolbar?: ReactNode;
  /** More buttons of a row, between Edit and Delete. */
  readonly rowActions?: (row: E) => ReactNode;
  /** Whether a row shows Edit and Delete to whom the catalogue lets make them (e.g. not a global one); default every row. */
  readonly rowWritable?: (row: E) => boolean;
  readonly rowData?: (row: E) => RowData;
  /** The confirmation's question; default "Delete <name>?". */
  readonly deleteQuestion?: (row: E) => string;
  /** After a create, once the modal closed (e.g. show what the core made only once). */
  readonly onCreated?: (entity: E) => void;
  /** The empty list's text, or a text from the list's search (e.g. one when nothing matches a search); default "Nothing matches". */
  readonly emptyText?: string | ((view: ListView) => string);
  /** The first sort's direction; default ascending. */
  readonly sortDir?: 'asc' | 'desc';
  /** The prefix of the list's own test ids (search, table, empty, pages) where the screen's tests know it apart from the rows'. */
  readonly listTestId?: string;
  /** The table's test id suffix; default `grid`. */
  readonly tableTestId?: string;
  /** The screen's filters (e.g. of the declaration's list call): another value starts the list again at its first page, the search kept. */
  readonly filterKey?: string;
  /** The screen's own dialogs. */
  readonly children?: ReactNode;
}

export function RowButtonsPage<E, V extends object>(props: RowButtonsPageProps<E, V>) {
  const { resource, rowActions } = props;
  const { t } = useTranslation();
  const roles = useUserRoles();
  const { view, setView, list } = useResourceList(resource, { sortDir: props.sortDir });
  const [editing, setEditing] = useState<Open<E> | null>(null);
  const [filterKey, setFilterKey] = useState(props.filterKey);
  if (filterKey !== props.filterKey) {
    setFilterKey(props.filterKey);
    setView((v) => ({ ...v, page: 1 }));
  }
  const { remove: removeCall } = useResourceMutations(resource, () => undefined);
  const del = useConfirmedDelete(removeCall, { variables: (row: E) => row });
  const { testId, form, create, update, remove } = resource;
  const mayCreate = form !== undefined && create !== undefined && canCall(roles, create.id);
  const mayEdit = form !== undefined && update !== undefined && canCall(roles, update.id);
  const mayDelete = remove !== undefined && canCall(roles, remove.id);
  const buttons = (row: E) => {
    const key = resource.rowKey(row);
    const writable = props.rowWritable?.(row) ?? true;
    return (
      <Group gap="xs" wrap="nowrap">
        {mayEdit && writable && (
          <Button
            size="compact-sm"
            variant="light"
            onClick={() => setEditing(resource.get ? { kind: 'key', key, row } : { kind: 'row', row })}
            data-testid={`${testId}-edit-${key}`}
          >
            {t('kit.form.edit')}
          </Button>
        )}
        {rowActions?.(row)}
        {mayDelete && writable && (
          <Button size="compact-sm" variant="light" color="red" onClick={() => del.ask(row)} data-testid={`${testId}-delete-${key}`}>
            {t('kit.form.delete')}
          </Button>
        )}
      </Group>
    );
  };
  const columns = resource.columns(t);
  const withButtons = mayEdit || mayDelete || rowActions !== undefined;
  return (
    <Stack gap="sm" data-testid={testId}>
      <ResourceList
        testId={props.listTestId ?? testId}
        rowTestId={props.listTestId === undefined ? undefined : testId}
        tableTestId={props.tableTestId}
        searchKeys={resource.list.searchKeys.map((k) => ({ value: k, label: searchKeyLabel(resource, k, t) }))}
        columns={withButtons ? [...columns, { id: 'actions', header: t('kit.list.actions'), render: buttons }] : columns}
        view={view}
        onViewChange={setView}
        query={list}
        pageSize={resource.list.pageSize}
        rowKey={resource.rowKey}
        rowData={props.rowData}
        emptyText={typeof props.emptyText === 'function' ? props.emptyText(view) : props.emptyText}
        toolbar={props.toolbar}
        actions={
          mayCreate && (
            <Button onClick={() => setEditing({ kind: 'new' })} data-testid={props.addTestId ?? `${testId}-add`}>
              {props.addLabel ?? t(resource.titles.new)}
            </Button>
          )
        }
      />
      {editing !== null && (
        <ResourceDialog
          resource={resource}
          open={editing}
          onClose={() => setEditing(null)}
          onShow={() => undefined}
          rows={{ asEntity: (row) => row, listed: list.data?.items ?? [], onCreated: props.onCreated }}
        />
      )}
      {del.target !== null && (
        <ConfirmDeleteModal
          title={t('kit.form.delete')}
          question={props.deleteQuestion?.(del.target) ?? t('kit.form.deleteNamed', { name: resource.label(del.target) })}
          testIdPrefix={`${testId}-delete`}
          {...del.modalProps}
        />
      )}
      {props.children}
    </Stack>
  );
}
