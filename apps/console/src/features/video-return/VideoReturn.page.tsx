import { useCallback, useMemo } from 'react';
import { lazy } from '../../lib/lazy';
import { Text } from '@mantine/core';
import { Select } from '../../components/Pickers';
import { useTranslation } from 'react-i18next';
import { VR_CHANNEL_STATUSES } from '@fleet/contracts';
import type { VrChannelDetail, VrChannelStatus } from '@fleet/contracts';
import { useEndpointQuery } from '../../api/hooks';
import { CounterButtons } from '../../components/CounterButtons';
import { GridPage } from '../../kit/GridPage';
import { usePreferences } from '../../preferences/usePreferences';
import { useSearchParam } from '../../routing/useSearchParam';
import { useSessionUser } from '../../session/hooks';
import { TAB_PARAM } from '../channels/modalTabs';
import { resolveGroupId } from '../files/fileFilters';
import { useListFilterPrefs } from '../../preferences/useListFilterPrefs';
import {
  activeVrFilterCount,
  countVrChannels,
  filterVrChannels,
  isStatusFilterActive,
  parseVrFilters,
  resetVrFilters,
  serializeVrFilters,
  toggleStatusFilter,
  VR_FILTER_LIST,
} from './vrFilters';
import { useVrColumns, VR_DEFAULT_SORT, VR_GRID_ID } from './vrColumns';

// Not needed to show the list: loaded when the filters or a channel open.
const VrFilterBar = lazy(() => import('./VrFilterBar').then((m) => ({ default: m.VrFilterBar })));
const VrChannelModal = lazy(() => import('./VrChannelModal'));

/** `/video_return?vr=<uniqueId>` opens the channel's configuration and feed sharing (a link that survives a reload). */
export const VR_PARAM = 'vr';
const NO_CHANNELS: readonly VrChannelDetail[] = [];

const rowKey = (channel: VrChannelDetail) => channel.uniqueId;
const rowAttributes = (channel: VrChannelDetail) => ({ 'data-status': channel.status, 'data-input-type': channel.configuration.inputType });

/**
 * /video_return (spec 001 §2 "video return channels and feed sharing"): the video return channels
 * of one of the user's groups (GET v0/groups/{groupId}/video-return-channels; the preferences'
 * group unless another is picked), kept current over /ws, with counts by status that filter, the
 * persisted filters and the shared DataGrid; a row opens its configuration and feed sharing.
 */
export default function VideoReturnPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const preferences = usePreferences();
  const prefs = useListFilterPrefs(VR_FILTER_LIST, parseVrFilters, serializeVrFilters, resetVrFilters);
  const { filters, setFilters } = prefs;
  const groups = useMemo(() => user?.groups ?? [], [user]);
  const groupId = resolveGroupId(filters.groupId, preferences.groupId, groups);
  const list = useEndpointQuery(
    'listGroupVrChannels',
    { params: { groupId: groupId ?? '' } },
    { enabled: groupId !== null, staleTime: Number.POSITIVE_INFINITY },
  );
  const [openId, setOpenId] = useSearchParam(VR_PARAM, { also: [TAB_PARAM] });

  const all = list.data?.items ?? NO_CHANNELS;
  // Counted from the rows: realtime events change rows (the shell's status patch included).
  const counters = useMemo(() => countVrChannels(all), [all]);
  const shown = useMemo(() => filterVrChannels(all, filters), [all, filters]);
  const columns = useVrColumns();

  const onCounterClick = useCallback((status: VrChannelStatus) => setFilters(toggleStatusFilter(filters, status)), [filters, setFilters]);
  const counterActive = useCallback((status: VrChannelStatus) => isStatusFilterActive(filters, status), [filters]);
  const open = useCallback((channel: VrChannelDetail) => setOpenId(channel.uniqueId), [setOpenId]);
  const close = useCallback(() => setOpenId(null), [setOpenId]);

  return (
    <GridPage
      pageTestId="vr"
      testId="vr"
      title={t('routes.videoReturn')}
      query={list}
      errorTitle={list.error?.status === 500 ? t('videoReturn.internalError') : t('videoReturn.loadFailed')}
      total={all.length}
      summary={t('videoReturn.summary', { shown: shown.length, total: all.length })}
      emptyText={t('videoReturn.empty')}
      noMatchText={t('videoReturn.noMatch')}
      grid={{ gridId: VR_GRID_ID, columns, rows: shown, rowKey, rowAttributes, selectedKey: openId, onRowClick: open, defaultSort: VR_DEFAULT_SORT }}
      instead={
        groupId === null && (
          <Text c="dimmed" data-testid="vr-no-group">
            {t('videoReturn.noGroup')}
          </Text>
        )
      }
      controls={
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
      }
      filters={{
        open: prefs.filtersOpen,
        onToggle: prefs.setFiltersOpen,
        count: activeVrFilterCount(filters),
        label: t('videoReturn.filters.toggle'),
        panel: <VrFilterBar filters={filters} onChange={setFilters} onReset={prefs.resetFilters} />,
      }}
      above={
        <CounterButtons
          names={VR_CHANNEL_STATUSES}
          counts={counters}
          label={(status) => t(`videoReturn.counters.${status}`)}
          title={(status) => t('videoReturn.counterFilter', { counter: t(`videoReturn.counters.${status}`) })}
          isActive={counterActive}
          onClick={onCounterClick}
          testIdPrefix="vr-counter"
        />
      }
    >
      {openId !== null && (
        <VrChannelModal channel={all.find((c) => c.uniqueId === openId) ?? null} loading={list.isPending} uniqueId={openId} onClose={close} />
      )}
    </GridPage>
  );
}
