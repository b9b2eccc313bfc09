/**
 * The frame every /system_settings kind shares (spec 001 §2): a searchable, sortable, paged list
 * over the kind's list call (`{ items, total, offset, limit }`; the table is components/ListTable),
 * an Add button, per-row Edit and Delete buttons, a form modal and a delete confirmation. The kind's component owns the calls and
 * the form's fields; the frame owns the layout, the list state and the test ids.
 *
 * - `SettingsFrame`: the list. Props (stable): `testId` (test ids `settings-<testId>` on the root,
 *   `-search`, `-add`, `-grid`, `-row-<key>`, `-edit-<key>`, `-delete-<key>`, `-empty`, `-total`,
 *   `-pagination`, `-loading`, `-error`, and `-sort-<columnId>` on sortable headers), `query` (the
 *   list call's React Query result), `columns` ({ id, header, render, sortKey? — the call's sortBy
 *   value }), `rowKey`, `view` / `onViewChange` (search, sort, page: `useSettingsView`, sent as
 *   `settingsListQuery(view)`), optional `onAdd` (no button without it: hide it from a role that
 *   may not write), `addLabel`, `onEdit`, `onDelete`, `rowActions` (more buttons per row),
 *   `toolbar` (more filters left of the search), `searchable` (default true), `pageSize`,
 *   `emptyText`, `children` (the kind's modals).
 * - `SettingsFormModal`: a modal with the kind's fields as children, the refusal of the last save
 *   as a note (`error`; pass null when the refusal is shown on its fields), Cancel and Save.
 *   Test ids `settings-<testId>-modal`, `-save`, `-cancel`, `-save-error`.
 * - `SettingsDeleteModal`: "Delete <name>?" (`ConfirmDeleteModal` with the frame's texts; spread
 *   `useConfirmedDelete(...).modalProps` into it); test ids `settings-<testId>-delete-modal`,
 *   `-delete-question`, `-delete-error`, `-delete-cancel`, `-delete-confirm`.
 * - `useSettingsLive(kinds, endpoints)`: reads the lists again when another console changes a row
 *   of those kinds (`systemSetting.changed` on /ws).
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { EndpointId, SystemSettingKind } from '@fleet/contracts';
import { useApiErrorMessage } from '../../api/errorMessage';
import { endpointPrefix } from '../../api/hooks';
import { ConfirmDeleteModal } from '../../components/ConfirmDeleteModal';
import { ListTable, type ListColumn, type SortDir } from '../../components/ListTable';
import { nextListSort } from '../../components/listSort';
import { QueryView } from '../../components/QueryView';
import type { QueryLike } from '../../components/queryView';
import type { ConfirmDeleteModalState } from '../../components/useConfirmedDelete';
import { useRealtime } from '../../realtime/RealtimeProvider';
import { ErrorNote } from '../dialogs/DialogParts';

export const SETTINGS_PAGE_SIZE = 25;

export type SettingsSortDir = SortDir;

/** What the list shows: the search text, the sort (the list call's sortBy value) and the page (from 1). */
export interface SettingsView {
  readonly searchValue: string;
  readonly sortBy: string;
  readonly sortDir: SettingsSortDir;
  readonly page: number;
}

export function initialSettingsView(sortBy: string, sortDir: SettingsSortDir = 'asc'): SettingsView {
  return { searchValue: '', sortBy, sortDir, page: 1 };
}

/** The list call's paging, search and sort for a view (no searchValue when the box is empty). */
export function settingsListQuery(view: SettingsView, pageSize: number = SETTINGS_PAGE_SIZE): {
  offset: number;
  limit: number;
  sortBy: string;
  sortDir: SettingsSortDir;
  searchValue?: string;
} {
  const search = view.searchValue.trim();
  return {
    offset: (view.page - 1) * pageSize,
    limit: pageSize,
    sortBy: view.sortBy,
    sortDir: view.sortDir,
    ...(search === '' ? {} : { searchValue: search }),
  };
}

export function useSettingsView(sortBy: string, sortDir: SettingsSortDir = 'asc'): [SettingsView, (view: SettingsView) => void] {
  const [view, setView] = useState<SettingsView>(() => initialSettingsView(sortBy, sortDir));
  return [view, setView];
}

/** A column of the list: `sortKey` is the list call's sortBy value; the header sorts when given. */
export type SettingsColumn<T> = ListColumn<T>;

export interface SettingsPage<T> {
  readonly items: readonly T[];
  readonly total: number;
}

export interface SettingsFrameProps<T> {
  readonly testId: string;
  readonly query: QueryLike<SettingsPage<T>>;
  readonly columns: readonly SettingsColumn<T>[];
  readonly rowKey: (row: T) => string;
  readonly view: SettingsView;
  readonly onViewChange: (view: SettingsView) => void;
  readonly onAdd?: () => void;
  readonly addLabel?: string;
  readonly onEdit?: (row: T) => void;
  readonly onDelete?: (row: T) => void;
  readonly rowActions?: (row: T) => ReactNode;
  readonly toolbar?: ReactNode;
  readonly searchable?: boolean;
  readonly pageSize?: number;
  readonly emptyText?: string;
  readonly children?: ReactNode;
}

export function SettingsFrame<T>(props: SettingsFrameProps<T>) {
  const { testId, query, rowKey, view, onViewChange, onAdd, onEdit, onDelete, rowActions, toolbar, children } = props;
  const { t } = useTranslation();
  const prefix = `settings-${testId}`;
  const withActions = onEdit !== undefined || onDelete !== undefined || rowActions !== undefined;

  const actions = (row: T) => {
    const key = rowKey(row);
    return (
      <Group gap="xs" wrap="nowrap">
        {onEdit && (
          <Button size="compact-sm" variant="light" onClick={() => onEdit(row)} data-testid={`${prefix}-edit-${key}`}>
            {t('systemSettings.frame.edit')}
          </Button>
        )}
        {rowActions?.(row)}
        {onDelete && (
          <Button size="compact-sm" variant="light" color="red" onClick={() => onDelete(row)} data-testid={`${prefix}-delete-${key}`}>
            {t('systemSettings.frame.delete')}
          </Button>
        )}
      </Group>
    );
  };
  const columns = withActions ? [...props.columns, { id: 'actions', header: t('systemSettings.frame.actions'), render: actions }] : props.columns;

  const grid = (page: SettingsPage<T>) => (
    <ListTable
      items={page.items}
      total={page.total}
      columns={columns}
      rowKey={rowKey}
      testIdPrefix={prefix}
      sort={view}
      onSort={(sortKey) => onViewChange(nextListSort(view, sortKey))}
      page={view.page}
      pageSize={props.pageSize ?? SETTINGS_PAGE_SIZE}
      onPage={(page) => onViewChange({ ...view, page })}
      emptyText={props.emptyText ?? t('systemSettings.frame.empty')}
      totalText={(count) => t('systemSettings.frame.total', { count })}
    />
  );

  return (
    <Stack gap="sm" data-testid={prefix}>
      <Group gap="sm" align="flex-end" justify="space-between">
        <Group gap="sm" align="flex-end">
          {toolbar}
          {props.searchable !== false && (
            <TextInput
              label={t('systemSettings.frame.search')}
              value={view.searchValue}
              onChange={(e) => onViewChange({ ...view, searchValue: e.currentTarget.value, page: 1 })}
              data-testid={`${prefix}-search`}
            />
          )}
        </Group>
        {onAdd && (
          <Button onClick={onAdd} data-testid={`${prefix}-add`}>
            {props.addLabel ?? t('systemSettings.frame.add')}
          </Button>
        )}
      </Group>
      <QueryView query={query} testIdPrefix={prefix} errorTitle={t('systemSettings.frame.loadError')}>
        {grid}
      </QueryView>
      {children}
    </Stack>
  );
}

interface SettingsFormModalProps {
  readonly testId: string;
  readonly title: string;
  readonly pending: boolean;
  /** The last save's refusal shown as a note (null: none, or shown on the fields). */
  readonly error: unknown;
  readonly onSave: () => void;
  readonly onClose: () => void;
  readonly saveLabel?: string;
  readonly children: ReactNode;
}

export function SettingsFormModal({ testId, title, pending, error, onSave, onClose, saveLabel, children }: SettingsFormModalProps) {
  const { t } = useTranslation();
  const errorText = useApiErrorMessage();
  const prefix = `settings-${testId}`;
  return (
    <Modal opened onClose={onClose} title={title} size="lg" data-testid={`${prefix}-modal`}>
      <Stack gap="sm">
        {children}
        {error !== null && error !== undefined && <ErrorNote testId={`${prefix}-save-error`} message={errorText(error)} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-testid={`${prefix}-cancel`}>
            {t('systemSettings.frame.cancel')}
          </Button>
          <Button onClick={onSave} loading={pending} data-testid={`${prefix}-save`}>
            {saveLabel ?? t('systemSettings.frame.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The settings kinds' delete confirmation: `ConfirmDeleteModal` with the frame's texts and test ids. */
export function SettingsDeleteModal({ testId, name, ...state }: ConfirmDeleteModalState & { readonly testId: string; readonly name: string }) {
  const { t } = useTranslation();
  return <ConfirmDeleteModal title={t('systemSettings.frame.deleteTitle')} question={t('systemSettings.frame.deleteQuestion', { name })} testIdPrefix={`settings-${testId}-delete`} {...state} />;
}

/** Reads the given calls' cached answers again when another console changes a row of one of these kinds. */
export function useSettingsLive(kinds: readonly SystemSettingKind[], endpoints: readonly EndpointId[]): void {
  const queryClient = useQueryClient();
  const { subscribe } = useRealtime();
  // The latest lists without subscribing again when the caller passes new arrays.
  const latest = useRef({ kinds, endpoints });
  useEffect(() => {
    latest.current = { kinds, endpoints };
  });
  useEffect(
    () =>
      subscribe((event) => {
        if (event.type !== 'systemSetting.changed' || !latest.current.kinds.includes(event.kind)) return;
        for (const id of latest.current.endpoints) void queryClient.invalidateQueries({ queryKey: endpointPrefix(id) });
      }),
    [subscribe, queryClient],
  );
}
