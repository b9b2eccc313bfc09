/**
 * A resource's screen from its declaration (kit/resource.ts): the searchable list, the New button
 * (when the user may make the create call), the modal that creates an entity or reads, changes and
 * deletes one (fields read-only when the user may not make the update call), the toasts, and the
 * live refresh (each realtime event makes the reads `staleOn` names read again).
 *
 * Test ids, with the declaration's `testId` and `formTestId`: the list's (kit/ResourceList),
 * `<testId>-new`; `<formTestId>-modal`, `-loading`, `-load-error`, `-tab-<value>`, `-<field>`,
 * `-error.<field>`, `-form-error`, `-save`, `-cancel`, `-delete`, `-delete-confirm`.
 */
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { Alert, Button, Stack } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useApiErrorMessage } from '../api/errorMessage';
import type { ApiError } from '../api/ApiError';
import { hasErrors } from '../lib/forms/fieldErrors';
import { useForm } from '../lib/forms/useForm';
import { useRealtime } from '../realtime/RealtimeProvider';
import { invalidateReads } from '../realtime/systemEntities';
import { useToast } from '../toast/useToast';
import { canCall, useUserRoles } from './access';
import { ResourceForm } from './fields';
import { DeleteButton, ModalFooter, ResourceModal } from './ModalParts';
import type { Resource } from './resource';
import { ResourceList, useListView } from './ResourceList';

const NEW = '\u0000new';

interface ResourcePageProps<Row, E, V> {
  readonly resource: Resource<Row, E, V>;
  /** Shown right of the search, before the New button (e.g. a filter). */
  readonly actions?: ReactNode;
  /** Reads the list again this often (ms) where no realtime event says it changed; default never. */
  readonly refreshMs?: number | false;
}

export function ResourcePage<Row, E, V extends object>({ resource, actions, refreshMs = false }: ResourcePageProps<Row, E, V>) {
  const { t } = useTranslation();
  const roles = useUserRoles();
  const [view, setView] = useListView(resource.list.searchKeys[0] ?? 'name', resource.list.defaultSort);
  const [open, setOpen] = useState<string | null>(null);
  useResourceLive(resource);
  const list = useQuery({
    queryKey: resource.list.op.key(view),
    queryFn: ({ signal }) => resource.list.op.run(view, signal),
    placeholderData: keepPreviousData,
    refetchInterval: refreshMs,
  });
  const { get, create, form } = resource;
  const mayCreate = create !== undefined && form !== undefined && canCall(roles, create.id);
  return (
    <>
      <ResourceList
        testId={resource.testId}
        searchKeys={resource.list.searchKeys.map((k) => ({ value: k, label: searchKeyLabel(resource, k, t) }))}
        columns={resource.columns(t)}
        view={view}
        onViewChange={setView}
        query={list}
        rowKey={resource.rowKey}
        onOpen={get === undefined ? undefined : (row) => setOpen(resource.rowKey(row))}
        actions={
          (actions !== undefined || mayCreate) && (
            <>
              {actions}
              {mayCreate && (
                <Button onClick={() => setOpen(NEW)} data-testid={`${resource.testId}-new`}>
                  {t(resource.titles.new)}
                </Button>
              )}
            </>
          )
        }
      />
      {open !== null && <ResourceDialog resource={resource} id={open === NEW ? null : open} onClose={() => setOpen(null)} />}
    </>
  );
}

/** A search key's label: the column of the same id's header, else the key itself. */
function searchKeyLabel<Row, E, V>(resource: Resource<Row, E, V>, key: string, t: Parameters<Resource<Row, E, V>['columns']>[0]): string {
  return resource.columns(t).find((c) => c.id === key)?.header ?? key;
}

/** Each realtime event makes the reads the declaration names stale (read again where cached). */
export function useResourceLive<Row, E, V>(resource: Resource<Row, E, V>): void {
  const queryClient = useQueryClient();
  const { subscribe } = useRealtime();
  const { staleOn } = resource;
  useEffect(() => (staleOn === undefined ? undefined : subscribe((event) => invalidateReads(queryClient, staleOn(event)))), [subscribe, queryClient, staleOn]);
}

function ResourceDialog<Row, E, V extends object>({ resource, id, onClose }: { resource: Resource<Row, E, V>; id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { get } = resource;
  const query = useQuery({
    queryKey: get && id !== null ? get.key(id) : ['kit.none'],
    queryFn: ({ signal }) => (get && id !== null ? get.run(id, signal) : Promise.reject(new Error('nothing to read'))),
    enabled: get !== undefined && id !== null,
  });
  const title = id === null ? t(resource.titles.new) : t(resource.titles.edit, { name: query.data === undefined ? '' : resource.label(query.data) });
  return (
    <ResourceModal
      testId={resource.formTestId}
      title={title}
      isNew={id === null}
      query={query}
      editor={(entity) => <ResourceEditor resource={resource} entity={entity} onClose={onClose} />}
      tabs={(resource.tabs ?? []).map((tab) => ({ value: tab.value, label: t(tab.label), render: tab.render }))}
      onClose={onClose}
    />
  );
}

/**
 * The create, update and delete calls of a resource with what follows each: the resource's reads
 * read again, the toast, `done`. Errors go to the caller (the form shows them).
 */
export function useResourceMutations<Row, E, V>(resource: Resource<Row, E, V>, done: () => void) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const after = (key: 'created' | 'saved' | 'deleted') => (entity: E) => {
    invalidateReads(queryClient, [resource.list.op.id, ...(resource.get ? [resource.get.id] : [])]);
    toast.show({ message: t(`kit.toast.${key}`, { kind: t(resource.titles.noun), name: resource.label(entity) }), variant: 'success' });
    done();
  };
  const create = useMutation<E, ApiError, V>({ mutationFn: (values) => (resource.create ? resource.create.run(values) : Promise.reject(new Error('no create call'))), onSuccess: after('created') });
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

function ResourceEditor<Row, E, V extends object>({ resource, entity, onClose }: { resource: Resource<Row, E, V>; entity: E | null; onClose: () => void }) {
  const errorText = useApiErrorMessage();
  const roles = useUserRoles();
  const declared = resource.form;
  if (declared === undefined) throw new Error(`${resource.testId}: a resource that opens needs a form`);
  const form = useForm<V>(declared.initial(entity), (values) => declared.check(values, entity));
  const { create, update, remove } = useResourceMutations(resource, onClose);
  const call = entity === null ? resource.create : resource.update;
  const mayWrite = call !== undefined && canCall(roles, call.id);
  const mayDelete = entity !== null && resource.remove !== undefined && canCall(roles, resource.remove.id);
  const save = () => {
    const values = form.submit();
    if (!values) return;
    const failed = { onError: (e: ApiError) => form.failed(e) };
    if (entity === null) create.mutate(values, failed);
    else update.mutate({ entity, values }, failed);
  };
  const testId = resource.formTestId;
  return (
    <Stack gap="sm">
      {form.error !== null && !hasErrors(form.errors) && (
        <Alert color="red" data-testid={`${testId}-form-error`}>
          {errorText(form.error)}
        </Alert>
      )}
      <ResourceForm fields={declared.fields} form={form} testId={testId} isNew={entity === null} readOnly={!mayWrite} />
      <ModalFooter
        testId={testId}
        onSave={mayWrite ? save : null}
        onCancel={onClose}
        saving={create.isPending || update.isPending}
        left={mayDelete && entity !== null && <DeleteButton testId={testId} onConfirm={() => remove.mutate(entity, { onError: (e) => form.failed(e, {}) })} loading={remove.isPending} />}
      />
    </Stack>
  );
}
