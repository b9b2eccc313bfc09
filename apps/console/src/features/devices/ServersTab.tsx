/**
 * The servers tab of /devices: the servers the user sees (useServers: admins by inventory, others
 * from their channels) kept current over /ws, in the shared DataGrid (widths and sort remembered
 * in preferences.gridPrefs) with persisted filters; a row opens the server detail.
 */
import { useMemo } from 'react';
import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { MultiSelect } from '../../components/MultiSelect';
import { useTranslation } from 'react-i18next';
import { SERVER_TYPES } from '@fleet/contracts';
import type { ServerDetail, ServerType } from '@fleet/contracts';
import { FiltersToggle } from '../../components/FiltersToggle';
import { DataGrid } from '../../components/grid/DataGrid';
import { QueryView } from '../../components/QueryView';
import { SERVER_DEFAULT_SORT, SERVER_GRID_ID, useServerColumns } from './serverColumns';
import { activeServerFilterCount, filterServers, SERVER_STATUSES } from './serverList';
import type { ServerStatusName } from './serverList';
import { useServerListPrefs } from './useServerListPrefs';
import type { ServerListPrefs } from './useServerListPrefs';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ApiError } from '../../api/ApiError';
import { serverStatusLabel } from '../../lib/statusLabels';

const NO_SERVERS: readonly ServerDetail[] = [];
const rowKey = (server: ServerDetail) => server.id;
const rowAttributes = (server: ServerDetail) => ({ 'data-status': server.status, 'data-type': server.serverType });

function ServerFilterBar({ prefs }: { prefs: ServerListPrefs }) {
  const { t } = useTranslation();
  const { filters, setFilters } = prefs;
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" data-testid="server-filters">
      <TextInput
        label={t('devices.servers.filters.search')}
        value={filters.text}
        onChange={(e) => setFilters({ ...filters, text: e.currentTarget.value })}
        data-testid="server-filter-search"
        w={220}
      />
      <MultiSelect
        label={t('devices.servers.filters.type')}
        data={SERVER_TYPES.map((type) => ({ value: type, label: t(`devices.types.${type}`) }))}
        value={[...filters.types]}
        onChange={(value) => setFilters({ ...filters, types: value as ServerType[] })}
        clearable
        data-testid="server-filter-type"
        w={260}
      />
      <MultiSelect
        label={t('devices.servers.filters.status')}
        data={SERVER_STATUSES.map((status) => ({ value: status, label: serverStatusLabel(t, status) }))}
        value={[...filters.statuses]}
        onChange={(value) => setFilters({ ...filters, statuses: value as ServerStatusName[] })}
        clearable
        data-testid="server-filter-status"
        w={240}
      />
      <Button variant="default" onClick={prefs.resetFilters} data-testid="server-filters-reset">
        {t('devices.servers.filters.reset')}
      </Button>
    </Group>
  );
}

export function ServersTab({
  query,
  selectedId,
  onOpen,
}: {
  query: UseQueryResult<readonly ServerDetail[], ApiError>;
  selectedId: string | null;
  onOpen: (server: ServerDetail) => void;
}) {
  const { t } = useTranslation();
  const prefs = useServerListPrefs();
  const columns = useServerColumns();
  const all = query.data ?? NO_SERVERS;
  const shown = useMemo(() => filterServers(all, prefs.filters), [all, prefs.filters]);
  const filterCount = activeServerFilterCount(prefs.filters);

  const body = (
    <QueryView query={query} testIdPrefix="servers" errorTitle={t('devices.servers.loadFailed')}>
      {() =>
        all.length === 0 ? (
          <Text c="dimmed" data-testid="servers-empty">
            {t('devices.servers.empty')}
          </Text>
        ) : (
          <DataGrid
            gridId={SERVER_GRID_ID}
            ariaLabel={t('devices.tabs.servers')}
            columns={columns}
            rows={shown}
            rowKey={rowKey}
            testIdPrefix="server"
            rowAttributes={rowAttributes}
            selectedKey={selectedId}
            onRowClick={onOpen}
            defaultSort={SERVER_DEFAULT_SORT}
            empty={t('devices.servers.noMatch')}
          />
        )
      }
    </QueryView>
  );

  return (
    <Stack gap="sm" data-testid="servers-tab">
      <Group justify="space-between">
        <Text size="sm" c="dimmed" data-testid="server-list-summary" data-shown={shown.length} data-total={all.length}>
          {t('devices.servers.summary', { shown: shown.length, total: all.length })}
        </Text>
        <FiltersToggle
          open={prefs.filtersOpen}
          onToggle={prefs.setFiltersOpen}
          count={filterCount}
          label={t('devices.servers.filters.toggle')}
          testIdPrefix="server-filters"
        />
      </Group>
      {prefs.filtersOpen && (
        <Paper withBorder p="sm" radius="md">
          <ServerFilterBar prefs={prefs} />
        </Paper>
      )}
      <div data-testid="server-table">{body}</div>
    </Stack>
  );
}
