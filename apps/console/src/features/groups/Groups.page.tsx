import { useCallback, useMemo, useState } from 'react';
import { lazy } from '../../lib/lazy';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { Select } from '../../components/Pickers';
import { Modal } from '../../components/Overlays';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { GroupListRow } from '@fleet/contracts';
import { useEndpointQuery } from '../../api/hooks';
import { useToastMutation } from '../../kit/useToastMutation';
import { GridPage } from '../../kit/GridPage';
import { useSearchParam } from '../../routing/useSearchParam';
import { GROUP_DEFAULT_SORT, GROUP_GRID_ID, useGroupColumns } from './groupColumns';
import { toggleSelected } from '../../lib/selection';
import { inventoriesOfRows, keepSelected, searchGroups } from './groupList';
import { TAB_PARAM } from './modalTabs';
import { dropGroupRows } from './useGroupsLive';
import { useCanCall } from '../../kit/access';
import { ErrorAlert } from '../../kit/ErrorAlert';
import { MutedText, StrongText } from '../../kit/MutedText';

// Not needed to show the list: loaded when a form opens.
const GroupNameModal = lazy(() => import('./GroupNameModal'));
const GroupModal = lazy(() => import('./GroupModal'));

/** `/groups?group=<id>&tab=general|alerts|defaultConfiguration|invitations` opens a group's modal (a link survives a reload). */
export const GROUP_PARAM = 'group';
const NO_GROUPS: readonly GroupListRow[] = [];
const NONE: ReadonlySet<string> = new Set();

const rowKey = (g: GroupListRow) => g.id;
const rowAttributes = (g: GroupListRow) => ({ 'data-name': g.name });

type NameForm = { readonly kind: 'create' } | { readonly kind: 'rename'; readonly group: GroupListRow } | null;

function DeleteConfirm({
  groups,
  onClose,
  onDone,
}: {
  readonly groups: readonly GroupListRow[];
  readonly onClose: () => void;
  readonly onDone: (ids: readonly string[]) => void;
}) {
  const { t } = useTranslation();
  // The dialog shows the refusal.
  const remove = useToastMutation('removeGroups', { success: (r) => t('groups.toasts.deleted', { count: r.removed.length }), onError: () => undefined });
  return (
    <Modal opened onClose={onClose} title={t('groups.delete.title', { count: groups.length })}>
      <Stack gap="sm" data-testid="group-delete-confirm">
        <Text size="sm">{t('groups.delete.question', { count: groups.length })}</Text>
        <StrongText testId="group-delete-names">{groups.map((g) => g.name).join(', ')}</StrongText>
        <MutedText size="xs">{t('groups.delete.membersStay')}</MutedText>
        <ErrorAlert error={remove.error} testId="group-delete-error" role="alert" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-testid="group-delete-cancel">
            {t('groups.actions.cancel')}
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() => remove.mutate({ body: { ids: groups.map((g) => g.id) } }, { onSuccess: (r) => onDone(r.removed) })}
            data-testid="group-delete-submit"
          >
            {t('groups.actions.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * /groups (spec 001 §2 "manage groups", §3 Group): the groups the user may see (GET groups/fetch)
 * kept current over /ws, searched by name or inventory, created, renamed and deleted several at
 * once with confirmation (write roles only: the calls' own roles); a row opens the group's modal
 * (general, alerts, default configuration, LU-Smart/Lite invitations).
 */
export default function GroupsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = useEndpointQuery('fetchGroups', {}, { staleTime: Number.POSITIVE_INFINITY });
  const canCreate = useCanCall('addGroup');
  const canWrite = useCanCall('updateGroup');
  const canDelete = useCanCall('removeGroups');
  const [search, setSearch] = useState('');
  const [inventoryId, setInventoryId] = useState<string | null>(null);
  const [nameForm, setNameForm] = useState<NameForm>(null);
  const [confirming, setConfirming] = useState(false);
  const [picked, setPicked] = useState<ReadonlySet<string>>(NONE);
  const [openId, setOpenId] = useSearchParam(GROUP_PARAM, { also: [TAB_PARAM] });

  const all = list.data ?? NO_GROUPS;
  const inventories = useMemo(() => inventoriesOfRows(all), [all]);
  const shown = useMemo(() => searchGroups(all, search, inventoryId), [all, search, inventoryId]);
  const selected = keepSelected(picked, all);
  const selectedRows = useMemo(() => all.filter((g) => selected.has(g.id)), [all, selected]);

  const onSelect = useCallback((id: string, on: boolean) => setPicked((s) => toggleSelected(s, id, on)), []);
  const onRename = useCallback((group: GroupListRow) => setNameForm({ kind: 'rename', group }), []);
  const columns = useGroupColumns({ canWrite: canWrite || canDelete, selected, onSelect, onRename });

  const open = useCallback((group: GroupListRow) => setOpenId(group.id), [setOpenId]);
  const close = useCallback(() => setOpenId(null), [setOpenId]);
  const deleted = (ids: readonly string[]) => {
    dropGroupRows(queryClient, ids);
    setPicked(NONE);
    setConfirming(false);
  };

  return (
    <GridPage
      pageTestId="groups"
      testId="group"
      title={t('routes.groups')}
      query={list}
      errorTitle={t('groups.loadFailed')}
      total={all.length}
      summary={t('groups.summary', { shown: shown.length, total: all.length })}
      emptyText={t('groups.empty')}
      noMatchText={t('groups.noMatch')}
      grid={{ gridId: GROUP_GRID_ID, columns, rows: shown, rowKey, rowAttributes, selectedKey: openId, onRowClick: open, defaultSort: GROUP_DEFAULT_SORT }}
      actions={
        <>
          <TextInput
            size="xs"
            placeholder={t('groups.search')}
            aria-label={t('groups.search')}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            data-testid="group-search"
          />
          {inventories.length > 1 && (
            <Select
              size="xs"
              clearable
              placeholder={t('groups.allInventories')}
              aria-label={t('groups.fields.inventory')}
              data={inventories}
              value={inventoryId}
              onChange={setInventoryId}
              data-testid="group-inventory-filter"
            />
          )}
          {canDelete && (
            <Button size="xs" color="red" variant="light" disabled={selected.size === 0} onClick={() => setConfirming(true)} data-testid="group-delete">
              {t('groups.actions.deleteSelected', { count: selected.size })}
            </Button>
          )}
          {canCreate && (
            <Button size="xs" onClick={() => setNameForm({ kind: 'create' })} data-testid="group-create">
              {t('groups.actions.create')}
            </Button>
          )}
        </>
      }
      above={
        !canCreate &&
        !canWrite && (
          <Alert color="gray" data-testid="groups-read-only">
            {t('permissions.notAvailableForUserType')}
          </Alert>
        )
      }
    >
      {nameForm !== null && <GroupNameModal group={nameForm.kind === 'rename' ? nameForm.group : null} rows={all} onClose={() => setNameForm(null)} />}
      {openId !== null && <GroupModal groupId={openId} onClose={close} />}
      {confirming && selectedRows.length > 0 && <DeleteConfirm groups={selectedRows} onClose={() => setConfirming(false)} onDone={deleted} />}
    </GridPage>
  );
}
