/**
 * A resource's screen from its declaration (kit/resource.ts): the searchable list, the New button
 * (when the user may make the create call), the modal that creates an entity or reads, changes and
 * deletes one (fields read-only when the user may not make the update call; the tabs the user may
 * read), the toasts; the lists follow /ws through the realtime event table (live/table.ts), which
 * reads them again when an event says they changed. A create or save closes the modal, or keeps it with the entity (`reopen`); a kind with a
 * modal of its own (`dialog`) gets that instead.
 *
 * Test ids, with the declaration's `testId` and `formTestId`: the list's (kit/ResourceList),
 * `<testId>-new`; `<formTestId>-modal`, `-loading`, `-load-error`, `-tab-<value>`, `-<field>`,
 * `-error.<field>`, `-form-error`, `-save`, `-cancel`, `-delete`, `-delete-confirm`.
 */
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Button } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../api/ApiError';
import type { QueryLike } from '../components/queryView';
import { Drawn, RegionBoundary } from '../components/RegionBoundary';
import { useRegionCall } from '../api/regionCalls';
import { useForm } from '../lib/forms/useForm';
import { invalidateReads } from '../realtime/systemEntities';
import { useToast } from '../toast/useToast';
import { canCall, useUserRoles } from './access';
import { FormPanel } from './FormPanel';
import { DeleteButton, ResourceModal } from './ModalParts';
import type { ListView, Resource } from './resource';
import { ResourceList, useListView } from './ResourceList';

/** The open modal: a new entity, one by its key (`row`: the row it was opened from), or a row that opens as listed. */
export type Open<Row> =
  | { readonly kind: 'new' }
  | { readonly kind: 'key'; readonly key: string; readonly row?: Row }
  | { readonly kind: 'row'; readonly row: Row };

interface ResourcePageProps<Row, E, V> {
  readonly resource: Resource<Row, E, V>;
  /** Shown right of the search, before the New button (e.g. a filter). */
  readonly actions?: ReactNode;
  /** Shown above the list, from the list's search (e.g. a count of what it matches, a filter's note). */
  readonly above?: (view: ListView) => ReactNode;
  /** Reads the list again this often (ms) where no realtime event says it changed; default never. */
  readonly refreshMs?: number | false;
}

export function ResourcePage<Row, E, V extends object>({ resource, actions, above, refreshMs = false }: ResourcePageProps<Row, E, V>) {
  const { t } = useTranslation();
  const roles = useUserRoles();
  const { view, setView, list } = useResourceList(resource, { refreshMs });
  const [open, setOpen] = useState<Open<Row> | null>(null);
  const { get, create, form, dialog, fromRow } = resource;
  const mayCreate = dialog !== undefined ? canCall(roles, dialog.create) : create !== undefined && form !== undefined && canCall(roles, create.id);
  const opens = get !== undefined || fromRow !== undefined || dialog !== undefined;
  const close = () => setOpen(null);
  const show = (key: string) => setOpen({ kind: 'key', key });
  return (
    <>
      {above && (
        <RegionBoundary kind="panel">
          <Drawn draw={() => above(view)} />
        </RegionBoundary>
      )}
      <ResourceList
        testId={resource.testId}
        searchKeys={resource.list.searchKeys.map((k) => ({ value: k, label: searchKeyLabel(resource, k, t) }))}
        columns={resource.columns(t)}
        view={view}
        onViewChange={setView}
        query={list}
        rowKey={resource.rowKey}
        onOpen={
          opens ? (row) => setOpen(get === undefined && fromRow !== undefined ? { kind: 'row', row } : { kind: 'key', key: resource.rowKey(row) }) : undefined
        }
        actions={
          (actions !== undefined || mayCreate) && (
            <>
              {actions}
              {mayCreate && (
                <Button onClick={() => setOpen({ kind: 'new' })} data-testid={`${resource.testId}-new`}>
                  {t(resource.titles.new)}
                </Button>
              )}
            </>
          )
        }
      />
      {open !== null && (
        <RegionBoundary kind="dialog">
          {dialog !== undefined ? (
            dialog.render(open.kind === 'key' ? open.key : null, close, show)
          ) : (
            <ResourceDialog resource={resource} open={open} onClose={close} onShow={show} />
          )}
        </RegionBoundary>
      )}
    </>
  );
}

/** A search key's label: the declared one, else the header of the column of that id or sort key, else the key itself. */
export function searchKeyLabel<Row, E, V>(resource: Resource<Row, E, V>, key: string, t: TFunction): string {
  const declared = resource.list.searchLabels?.[key];
  if (declared !== undefined) return t(declared);
  return resource.columns(t).find((c) => c.id === key || c.sortKey === key)?.header ?? key;
}

/** A resource's list as its view asks for it (the page shown stays while the next loads), read again when an event makes it stale. */
export function useResourceList<Row, E, V>(resource: Resource<Row, E, V>, options: { sortDir?: 'asc' | 'desc'; refreshMs?: number | false } = {}) {
  const [view, setView] = useListView(resource.list.searchKeys[0] ?? 'name', resource.list.defaultSort, options.sortDir);
  useRegionCall(resource.list.op.id);
  const list = useQuery({
    queryKey: resource.list.op.key(view),
    queryFn: ({ signal }) => resource.list.op.run(view, signal),
    placeholderData: keepPreviousData,
    refetchInterval: options.refreshMs ?? false,
  });
  return { view, setView, list };
}

/**
 * RowButtonsPage's modal: its rows are its entities (`asEntity`), read fresh at each opening; no
 * delete (the rows carry it); the rows `listed` feed the form's rules; `onCreated` after a create.
 */
export interface RowsDialog<Row, E> {
  readonly asEntity: (row: Row) => E;
  readonly listed: readonly Row[];
  readonly onCreated?: ((entity: E) => void) | undefined;
}

interface DialogProps<Row, E, V> {
  readonly resource: Resource<Row, E, V>;
  readonly open: Open<Row>;
  readonly onClose: () => void;
  readonly onShow: (key: string) => void;
  readonly rows?: RowsDialog<Row, E>;
}

/** The modal that creates an entity or reads, changes and deletes one (ResourcePage's and RowButtonsPage's). */
export function ResourceDialog<Row, E, V extends object>({ resource, open, onClose, onShow, rows }: DialogProps<Row, E, V>) {
  const { t } = useTranslation();
  const roles = useUserRoles();
  const { get } = resource;
  const asEntity = rows?.asEntity ?? resource.fromRow;
  const key = open.kind === 'key' ? open.key : null;
  useRegionCall(get?.id);
  const read = useQuery({
    queryKey: get && key !== null ? get.key(key) : ['kit.none'],
    queryFn: ({ signal }) => (get && key !== null ? get.run(key, signal) : Promise.reject(new Error('nothing to read'))),
    enabled: get !== undefined && key !== null,
    ...(rows === undefined ? {} : { staleTime: 0, retry: false }),
  });
  const query: QueryLike<E> = open.kind === 'row' && asEntity ? { isPending: false, isError: false, error: null, data: asEntity(open.row) } : read;
  const isNew = open.kind === 'new';
  const named = query.data ?? (open.kind === 'key' && open.row !== undefined ? asEntity?.(open.row) : undefined);
  const title = isNew ? t(resource.titles.new) : t(resource.titles.edit, { name: named === undefined ? '' : resource.label(named) });
  const done = (entity: E | null) => {
    if (resource.reopen === undefined) onClose();
    else if (entity === null) onClose();
    else if (isNew) onShow(resource.reopen(entity));
  };
  return (
    <ResourceModal
      testId={resource.formTestId ?? resource.testId}
      title={title}
      isNew={isNew}
      query={query}
      editor={(entity) => <ResourceEditor resource={resource} entity={entity} onClose={onClose} onDone={done} rows={rows} />}
      tabs={(resource.tabs ?? [])
        .filter((tab) => tab.call === undefined || canCall(roles, tab.call))
        .map((tab) => ({ value: tab.value, label: t(tab.label), render: tab.render }))}
      onClose={onClose}
    />
  );
}

/**
 * The create, update and delete calls of a resource with what follows each: the resource's reads
 * read again, the toast, `done` (with the entity created or saved; null after a delete). Errors go
 * to the caller (the form shows them).
 */
export function useResourceMutations<Row, E, V>(resource: Resource<Row, E, V>, done: (entity: E | null) => void) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const after = (key: 'created' | 'saved' | 'deleted') => (entity: E) => {
    invalidateReads(queryClient, [resource.list.op.id, ...(resource.get ? [resource.get.id] : []), ...(resource.stale ?? [])]);
    const name = resource.label(entity);
    const message =
      key === 'created' && resource.titles.created !== undefined
        ? t(resource.titles.created, { name })
        : t(`kit.toast.${key}`, { kind: t(resource.titles.noun), name });
    toast.show({ message, variant: 'success' });
    done(key === 'deleted' ? null : entity);
  };
  const create = useMutation<E, ApiError, V>({
    mutationFn: (values) => (resource.create ? resource.create.run(values) : Promise.reject(new Error('no create call'))),
    onSuccess: after('created'),
  });
  const update = useMutation<E, ApiError, { entity: E; values: V }>({
    mutationFn: (change) => (resource.update ? resource.update.run(change) : Promise.reject(new Error('no update call'))),
    onSuccess: after('saved'),
  });
  const remove = useMutation<unknown, ApiError, E>({
    mutationFn: (entity) => (resource.remove ? resource.remove.run(entity) : Promise.reject(new Error('no delete call'))),
    onSuccess: (_answer, entity) => after('deleted')(entity),
  });
  return { create, update, remove };
}

interface EditorProps<Row, E, V> {
  readonly resource: Resource<Row, E, V>;
  readonly entity: E | null;
  readonly onClose: () => void;
  readonly onDone: (entity: E | null) => void;
  readonly rows: RowsDialog<Row, E> | undefined;
}

function ResourceEditor<Row, E, V extends object>({ resource, entity, onClose, onDone, rows }: EditorProps<Row, E, V>) {
  const roles = useUserRoles();
  const declared = resource.form;
  if (declared === undefined) throw new Error(`${resource.testId}: a resource that opens needs a form`);
  const form = useForm<V>(declared.initial(entity), (values) => declared.check(values, entity, rows?.listed));
  const { create, update, remove } = useResourceMutations(resource, onDone);
  const call = entity === null ? resource.create : resource.update;
  const mayWrite = call !== undefined && canCall(roles, call.id);
  const mayDelete = rows === undefined && entity !== null && resource.remove !== undefined && canCall(roles, resource.remove.id);
  const save = () => {
    const values = form.submit();
    if (!values) return;
    const failed = (e: ApiError) => form.failed(e);
    if (entity === null) create.mutate(values, { onError: failed, onSuccess: rows === undefined ? form.saved : (made) => rows.onCreated?.(made) });
    else update.mutate({ entity, values }, { onError: failed, onSuccess: form.saved });
  };
  const testId = resource.formTestId ?? resource.testId;
  return (
    <FormPanel
      form={form}
      fields={declared.fields}
      testId={testId}
      formTestId={rows && `${testId}-form`}
      anyInline={rows !== undefined}
      isNew={entity === null}
      onSave={mayWrite ? save : null}
      onCancel={onClose}
      saving={create.isPending || update.isPending}
      closes
      left={
        mayDelete &&
        entity !== null && (
          <DeleteButton testId={testId} onConfirm={() => remove.mutate(entity, { onError: (e) => form.failed(e, {}) })} loading={remove.isPending} />
        )
      }
    />
  );
}
