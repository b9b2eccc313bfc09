import { useCallback, useMemo, useState } from 'react';
import { lazy } from '../../lib/lazy';
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ChannelLive } from '@fleet/contracts';
import { useEndpointQuery } from '../../api/hooks';
import { GridPage } from '../../kit/GridPage';
import { useSearchParam } from '../../routing/useSearchParam';
import { useSessionUser } from '../../session/hooks';
import { CounterButtons } from '../../components/CounterButtons';
import { countChannels } from '@fleet/domain';
import { useListFilterPrefs } from '../../preferences/useListFilterPrefs';
import {
  activeChannelFilterCount,
  CHANNEL_COUNTERS,
  CHANNEL_FILTER_LIST,
  filterChannels,
  filtersForChannelCounter,
  isCounterActive,
  parseChannelFilters,
  resetChannelFilters,
  serializeChannelFilters,
} from './channelFilters';
import type { ChannelCounterName } from './channelFilters';
import { CHANNEL_DEFAULT_SORT, CHANNEL_GRID_ID, useChannelColumns } from './channelColumns';
import { useCanSimulate } from '../simulator/useMockCapabilities';
import type { Option } from '../../kit/formRules';
import { TAB_PARAM } from './modalTabs';

// Not needed to show the list: loaded when the filters or a channel open.
const ChannelFilterBar = lazy(() => import('./ChannelFilterBar').then((m) => ({ default: m.ChannelFilterBar })));
const ChannelModal = lazy(() => import('./ChannelModal'));
const InventoryOutputsPanel = lazy(() => import('./ChannelPanels').then((m) => ({ default: m.InventoryOutputsPanel })));
const PtmpChannelsPanel = lazy(() => import('./ChannelPanels').then((m) => ({ default: m.PtmpChannelsPanel })));

/** `/channels?channel=<id>` opens the manage-channel modal (a link to one channel; survives a reload). */
export const CHANNEL_PARAM = 'channel';
const NO_CHANNELS: readonly ChannelLive[] = [];
/** The panels the header opens, in its order. */
const PANELS = ['outputs', 'ptmp'] as const;

const rowKey = (channel: ChannelLive) => channel.channelId;
const rowAttributes = (channel: ChannelLive) => ({ 'data-status': channel.status, 'data-type': channel.type });

/**
 * /channels (spec 001 §2 "manage channels"): the channels the user sees (GET channels/fetch), kept
 * current over /ws, in the shared DataGrid with the counter bar and the persisted filters; a row
 * opens the manage-channel modal. The inventory outputs and multipoint panels (ChannelPanels.tsx)
 * open from the header.
 */
export default function ChannelsPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const list = useEndpointQuery('fetchChannels', {}, { staleTime: Number.POSITIVE_INFINITY });
  const prefs = useListFilterPrefs(CHANNEL_FILTER_LIST, parseChannelFilters, serializeChannelFilters, resetChannelFilters);
  const { filters, setFilters } = prefs;
  const [openId, openChannel] = useSearchParam(CHANNEL_PARAM, { also: [TAB_PARAM] });

  const all = list.data?.channels ?? NO_CHANNELS;
  // Counters follow the rows: the core's answer first, counted again once realtime patched rows.
  const counters = useMemo(() => list.data?.counters ?? countChannels(NO_CHANNELS), [list.data]);
  const shown = useMemo(() => filterChannels(all, filters), [all, filters]);
  const columns = useChannelColumns(useCanSimulate());
  const scopes = useMemo(
    (): Option[] => [
      ...(user?.groups ?? []).map((g) => ({ value: `group:${g.id}`, label: t('channels.filters.groupOption', { name: g.name }) })),
      ...(user?.inventories ?? []).map((i) => ({ value: `inventory:${i.id}`, label: t('channels.filters.inventoryOption', { name: i.name }) })),
    ],
    [user, t],
  );

  const onCounterClick = useCallback((counter: ChannelCounterName) => setFilters(filtersForChannelCounter(filters, counter)), [filters, setFilters]);
  const counterActive = useCallback((counter: ChannelCounterName) => isCounterActive(filters, counter), [filters]);
  const [panels, setPanels] = useState({ outputs: false, ptmp: false });
  const open = useCallback((channel: ChannelLive) => openChannel(channel.channelId), [openChannel]);
  const close = useCallback(() => openChannel(null), [openChannel]);

  return (
    <GridPage
      pageTestId="channels"
      testId="channel"
      title={t('routes.channels')}
      query={list}
      errorTitle={list.error?.status === 500 ? t('channels.internalError') : t('channels.loadFailed')}
      total={all.length}
      summary={t('channels.summary', { shown: shown.length, total: all.length })}
      emptyText={t('channels.empty')}
      noMatchText={t('channels.noMatch')}
      grid={{ gridId: CHANNEL_GRID_ID, columns, rows: shown, rowKey, rowAttributes, selectedKey: openId, onRowClick: open, defaultSort: CHANNEL_DEFAULT_SORT }}
      controls={PANELS.map((panel) => (
        <Button
          key={panel}
          size="xs"
          variant={panels[panel] ? 'filled' : 'light'}
          onClick={() => setPanels((p) => ({ ...p, [panel]: !p[panel] }))}
          data-testid={`channel-${panel}-toggle`}
        >
          {t(`channels.panels.${panel}Title`)}
        </Button>
      ))}
      filters={{
        open: prefs.filtersOpen,
        onToggle: prefs.setFiltersOpen,
        count: activeChannelFilterCount(filters),
        label: t('channels.filters.toggle'),
        panel: <ChannelFilterBar filters={filters} onChange={setFilters} onReset={prefs.resetFilters} scopes={scopes} />,
      }}
      above={
        // Spec 001 §3 counters over every listed channel, each a filter (pressed while it is the filter).
        <CounterButtons
          names={CHANNEL_COUNTERS}
          counts={counters}
          label={(name) => t(`channels.counters.${name}`)}
          title={(name) => t('channels.counterFilter', { counter: t(`channels.counters.${name}`) })}
          isActive={counterActive}
          onClick={onCounterClick}
          testIdPrefix="channel-counter"
        />
      }
      below={
        (panels.outputs || panels.ptmp) && (
          <>
            {panels.outputs && <InventoryOutputsPanel onOpen={openChannel} />}
            {panels.ptmp && <PtmpChannelsPanel onOpen={openChannel} />}
          </>
        )
      }
    >
      {openId !== null && <ChannelModal channelId={openId} onClose={close} />}
    </GridPage>
  );
}
