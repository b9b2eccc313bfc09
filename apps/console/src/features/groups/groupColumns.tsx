/** The /groups grid's columns (grid id `groups`): spec 001 §3 Group — name, inventory, created on, member counts. */
import { useMemo } from 'react';
import { ActionIcon, Checkbox, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { GroupListRow } from '@fleet/contracts';
import type { DataGridColumn, SortState } from '../../components/grid/DataGrid';
import { dateText } from '../../lib/dateFormat';
import { textOr } from '../../lib/tolerant';

export const GROUP_GRID_ID = 'groups';
export const GROUP_DEFAULT_SORT: SortState = { column: 'name', direction: 'asc' };

interface ColumnOptions {
  /** Write rights: the selection and rename columns show only then. */
  readonly canWrite: boolean;
  readonly selected: ReadonlySet<string>;
  readonly onSelect: (id: string, on: boolean) => void;
  readonly onRename: (row: GroupListRow) => void;
}

const COUNTS = ['units', 'channels', 'vrChannels', 'users'] as const;

export function useGroupColumns({ canWrite, selected, onSelect, onRename }: ColumnOptions): DataGridColumn<GroupListRow>[] {
  const { t, i18n } = useTranslation();
  return useMemo((): DataGridColumn<GroupListRow>[] => {
    const select: DataGridColumn<GroupListRow> = {
      id: 'select',
      header: '',
      width: 44,
      resizable: false,
      interactive: true,
      render: (g) => (
        <Checkbox
          aria-label={t('groups.actions.select', { name: g.name })}
          checked={selected.has(g.id)}
          onChange={(e) => onSelect(g.id, e.currentTarget.checked)}
          data-testid={`group-select-${g.id}`}
        />
      ),
    };
    const rename: DataGridColumn<GroupListRow> = {
      id: 'actions',
      header: '',
      width: 60,
      resizable: false,
      interactive: true,
      render: (g) => (
        <Tooltip label={t('groups.actions.rename')}>
          <ActionIcon variant="subtle" aria-label={t('groups.actions.rename')} onClick={() => onRename(g)} data-testid={`group-rename-${g.id}`}>
            ✎
          </ActionIcon>
        </Tooltip>
      ),
    };
    const columns: DataGridColumn<GroupListRow>[] = [
      {
        id: 'name',
        header: t('groups.columns.name'),
        width: 220,
        minWidth: 100,
        sortValue: (g) => g.name.toLowerCase(),
        render: (g) => (
          <Text size="sm" fw={500} truncate="end" title={g.name} data-testid={`group-name-${g.id}`}>
            {textOr(g.name)}
          </Text>
        ),
      },
      {
        id: 'inventory',
        header: t('groups.columns.inventory'),
        width: 180,
        sortValue: (g) => g.inventoryName.toLowerCase(),
        render: (g) => <Text size="sm">{textOr(g.inventoryName)}</Text>,
      },
      {
        id: 'createdOn',
        header: t('groups.columns.createdOn'),
        width: 180,
        sortValue: (g) => g.createdOn,
        render: (g) => <Text size="sm">{dateText(g.createdOn, (d) => d.toLocaleDateString(i18n.language))}</Text>,
      },
      ...COUNTS.map(
        (kind): DataGridColumn<GroupListRow> => ({
          id: kind,
          header: t(`groups.columns.${kind}`),
          width: 110,
          align: 'right',
          sortValue: (g) => g.counts[kind],
          cellTestId: (g) => `group-count-${kind}-${g.id}`,
          render: (g) => <Text size="sm">{g.counts[kind]}</Text>,
        }),
      ),
    ];
    return canWrite ? [select, ...columns, rename] : columns;
  }, [t, i18n.language, canWrite, selected, onSelect, onRename]);
}
