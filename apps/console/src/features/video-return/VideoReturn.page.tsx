import { lazy, Suspense, useCallback, useMemo } from 'react';
import { Alert, Group, Loader, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { VR_CHANNEL_STATUSES } from '@fleet/contracts';
import type { VrChannelDetail, VrChannelStatus } from '@fleet/contracts';
import { useEndpointQuery } from '../../api/hooks';
import { CounterButtons } from '../../components/CounterButtons';
import { QueryView } from '../../components/QueryView';
import { FiltersToggle } from '../../components/FiltersToggle';
import { DataGrid } from '../../components/grid/DataGrid';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { usePreferences } from '../../preferences/usePreferences';
import { useRealtime } from '../../realtime/RealtimeProvider';
import { useSearchParam } from '../../routing/useSearchParam';
import { useSessionUser } from '../../session/hooks';
import { TAB_PARAM } from '../channels/modalTabs';
import { resolveGroupId } from '../files/fileFilters';
import { activeVrFilterCount, countVrChannels, filterVrChannels, isStatusFilterActive, toggleStatusFilter } from './vrFilters';
import { useVrColumns, VR_DEFAULT_SORT, VR_GRID_ID } from './vrColumns';
import { useVrChannelsLive } from './useVrChannelsLive';
import { useVrListPrefs } from './useVrListPrefs';

// Not needed to show the list: loaded when the filters or a channel open.
const VrFilterBar = lazy(() => import('./VrFilterBar').then((m) => ({ default: m.VrFilterBar })));
const VrChannelModal = lazy(() => import('./VrChannelModal'));

/** `/video_return?vr=<uniqueId>` opens the channel's configuration and feed sharing (a link that survives a reload). */
export const VR_PARAM = 'vr';
const NO_CHANNELS: readonly VrChannelDetail[] = [];

const rowKey = (channel: VrChannelDetail) => channel.uniqueId;
const rowTestId = (channel: VrChannelDetail) => `vr-row-${channel.uniqueId}`;
const rowAttributes = (channel: VrChannelDetail) => ({ 'data-status': channel.status, 'data-input-type': channel.configuration.inputType });

/**
 * /video_return (spec 001 §2 "video return channels and feed sharing"): the video return channels
 * of one of the user's groups (GET v0/groups/{groupId}/video-return-channels; the preferences'
 * group unless another is picked), kept current over /ws, with counts by status that filter, the
 * persisted filters and the shared DataGrid; a row opens its configuration and feed sharing.
 */
export default function VideoReturnPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('routes.videoReturn'));
  const user = useSessionUser();
  const preferences = usePreferences();
  const prefs = useVrListPrefs();
  const { filters, setFilters } = prefs;
  const groups = useMemo(() => user?.groups ?? [], [user]);
  const groupId = resolveGroupId(filters.groupId, preferences.groupId, groups);
  const list = useEndpointQuery('listGroupVrChannels', { params: { groupId: groupId ?? '' } }, { enabled: groupId !== null, staleTime: Number.POSITIVE_INFINITY });
  useVrChannelsLive();
  const { listError } = useRealtime();
  const [openId, setOpenId] = useSearchParam(VR_PARAM, { also: [TAB_PARAM] });

  const all = list.data?.items ?? NO_CHANNELS;
  // Counted from the rows: realtime events change rows (the shell's status patch included).
  const counters = useMemo(() => countVrChannels(all), [all]);
  const shown = useMemo(() => filterVrChannels(all, filters), [all, filters]);
  const columns = useVrColumns();
  const filterCount = activeVrFilterCount(filters);

  const onCounterClick = useCallback((status: VrChannelStatus) => setFilters(toggleStatusFilter(filters, status)), [filters, setFilters]);
  const counterActive = useCallback((status: VrChannelStatus) => isStatusFilterActive(filters, status), [filters]);
  const open = useCallback((channel: VrChannelDetail) => setOpenId(channel.uniqueId), [setOpenId]);
  const close = useCallback(() => setOpenId(null), [setOpenId]);

  let body: React.ReactNode;
  if (groupId === null) {
    body = (
      <Text c="dimmed" data-testid="vr-no-group">
        {t('videoReturn.noGroup')}
      </Text>
    );
  } else if (listError) {
    body = (
      <Alert color="red" data-testid="vr-error" data-reason="websocket" title={t('realtime.websocketErrorTitle')}>
        {t('realtime.websocketError', { attempts: listError.attempts })}
      </Alert>
    );
  } else {
    body = (
      <QueryView query={list} testIdPrefix="vr" errorTitle={list.error?.status === 500 ? t('videoReturn.internalError') : t('videoReturn.loadFailed')}>
        {() =>
          all.length === 0 ? (
            <Text c="dimmed" data-testid="vr-empty">
              {t('videoReturn.empty')}
            </Text>
          ) : (
            <DataGrid
              gridId={VR_GRID_ID}
              ariaLabel={t('routes.videoReturn')}
              columns={columns}
              rows={shown}
              rowKey={rowKey}
              rowTestId={rowTestId}
              rowAttributes={rowAttributes}
              selectedKey={openId}
              onRowClick={open}
              defaultSort={VR_DEFAULT_SORT}
              empty={t('videoReturn.noMatch')}
            />
          )
        }
      </QueryView>
    );
  }

  return (
    <Stack gap="sm" data-testid="vr-page">
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={2} data-testid="page-title">
          {t('routes.videoReturn')}
        </Title>
        <Group gap="sm" align="center">
          <Select
            aria-label={t('videoReturn.group')}
            placeholder={t('videoReturn.group')}
            data={groups.map((g) => ({ value: g.id, label: g.name }))}
            value={groupId}
            onChange={(value) => {
              if (value !== null) setFilters({ ...filters, groupId: value });
            }}
            allowDeselect={false}
            searchable
            size="xs"
            w={220}
            data-testid="vr-group"
          />
          <Text size="sm" c="dimmed" data-testid="vr-list-summary" data-shown={shown.length} data-total={all.length}>
            {t('videoReturn.summary', { shown: shown.length, total: all.length })}
          </Text>
          <FiltersToggle
            open={prefs.filtersOpen}
            onToggle={prefs.setFiltersOpen}
            count={filterCount}
            label={t('videoReturn.filters.toggle')}
            testIdPrefix="vr-filters"
          />
        </Group>
      </Group>
      <CounterButtons
        names={VR_CHANNEL_STATUSES}
        counts={counters}
        label={(status) => t(`videoReturn.counters.${status}`)}
        title={(status) => t('videoReturn.counterFilter', { counter: t(`videoReturn.counters.${status}`) })}
        isActive={counterActive}
        onClick={onCounterClick}
        testIdPrefix="vr-counter"
      />
      {prefs.filtersOpen && (
        <Paper withBorder p="sm" radius="md">
          <Suspense fallback={<Loader size="sm" aria-label={t('common.loading')} />}>
            <VrFilterBar filters={filters} onChange={setFilters} onReset={prefs.resetFilters} />
          </Suspense>
        </Paper>
      )}
      <div data-testid="vr-table">{body}</div>
      {openId !== null && (
        <Suspense fallback={null}>
          <VrChannelModal channel={all.find((c) => c.uniqueId === openId) ?? null} loading={list.isPending} uniqueId={openId} onClose={close} />
        </Suspense>
      )}
    </Stack>
  );
}
