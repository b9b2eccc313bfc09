import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { Alert, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { ChannelList, ChannelLive } from '@fleet/contracts';
import { useEndpointQuery } from '../../api/hooks';
import { useApiErrorMessage } from '../../api/errorMessage';
import { FiltersToggle } from '../../components/FiltersToggle';
import { DataGrid } from '../../components/grid/DataGrid';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useRealtime } from '../../realtime/RealtimeProvider';
import { useSessionUser } from '../../session/hooks';
import { ChannelCounterBar } from './ChannelCounterBar';
import { countChannels } from '@fleet/domain';
import { activeChannelFilterCount, filterChannels, filtersForChannelCounter, isCounterActive } from './channelFilters';
import type { ChannelCounterName } from './channelFilters';
import { CHANNEL_DEFAULT_SORT, CHANNEL_GRID_ID, useChannelColumns } from './channelColumns';
import type { ScopeOption } from './ChannelFilterBar';
import { useChannelListPrefs } from './useChannelListPrefs';
import { useChannelsLive } from './useChannelsLive';

// Not needed to show the list: loaded when the filters or a channel open.
const ChannelFilterBar = lazy(() => import('./ChannelFilterBar').then((m) => ({ default: m.ChannelFilterBar })));
const ChannelModal = lazy(() => import('./ChannelModal'));
const InventoryOutputsPanel = lazy(() => import('./ChannelPanels').then((m) => ({ default: m.InventoryOutputsPanel })));
const PtmpChannelsPanel = lazy(() => import('./ChannelPanels').then((m) => ({ default: m.PtmpChannelsPanel })));

/** `/channels?channel=<id>` opens the manage-channel modal (a link to one channel; survives a reload). */
export const CHANNEL_PARAM = 'channel';
const NO_CHANNELS: readonly ChannelLive[] = [];

const rowKey = (channel: ChannelLive) => channel.channelId;
const rowTestId = (channel: ChannelLive) => `channel-row-${channel.channelId}`;
const rowAttributes = (channel: ChannelLive) => ({ 'data-status': channel.status, 'data-type': channel.type });

/** Counters follow the rows: the core's answer first, counted again once realtime patched rows. */
function useCounters(list: ChannelList | undefined) {
  return useMemo(() => list?.counters ?? countChannels(NO_CHANNELS), [list]);
}

/**
 * /channels (spec 001 §2 "manage channels"): the channels the user sees (GET channels/fetch), kept
 * current over /ws, in the shared DataGrid with the counter bar and the persisted filters; a row
 * opens the manage-channel modal. The inventory outputs and multipoint panels (ChannelPanels.tsx)
 * open from the header.
 */
export default function ChannelsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('routes.channels'));
  const errorMessage = useApiErrorMessage();
  const user = useSessionUser();
  const list = useEndpointQuery('fetchChannels', {}, { staleTime: Number.POSITIVE_INFINITY });
  useChannelsLive();
  const { listError } = useRealtime();
  const prefs = useChannelListPrefs();
  const { filters, setFilters } = prefs;
  const [params, setParams] = useSearchParams();
  const openId = params.get(CHANNEL_PARAM);

  const all = list.data?.channels ?? NO_CHANNELS;
  const counters = useCounters(list.data);
  const shown = useMemo(() => filterChannels(all, filters), [all, filters]);
  const columns = useChannelColumns();
  const filterCount = activeChannelFilterCount(filters);
  const scopes = useMemo(
    (): ScopeOption[] => [
      ...(user?.groups ?? []).map((g) => ({ value: `group:${g.id}`, label: t('channels.filters.groupOption', { name: g.name }) })),
      ...(user?.inventories ?? []).map((i) => ({ value: `inventory:${i.id}`, label: t('channels.filters.inventoryOption', { name: i.name }) })),
    ],
    [user, t],
  );

  const onCounterClick = useCallback((counter: ChannelCounterName) => setFilters(filtersForChannelCounter(filters, counter)), [filters, setFilters]);
  const counterActive = useCallback((counter: ChannelCounterName) => isCounterActive(filters, counter), [filters]);
  const [panels, setPanels] = useState({ outputs: false, ptmp: false });
  const openChannel = useCallback(
    (channelId: string) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        next.set(CHANNEL_PARAM, channelId);
        return next;
      }),
    [setParams],
  );
  const open = useCallback((channel: ChannelLive) => openChannel(channel.channelId), [openChannel]);
  const close = useCallback(
    () =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        next.delete(CHANNEL_PARAM);
        next.delete('tab');
        return next;
      }),
    [setParams],
  );

  let body: React.ReactNode;
  if (list.isPending) {
    body = (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} data-testid="channels-loading" />
      </Center>
    );
  } else if (listError) {
    body = (
      <Alert color="red" data-testid="channels-error" data-reason="websocket" title={t('realtime.websocketErrorTitle')}>
        {t('realtime.websocketError', { attempts: listError.attempts })}
      </Alert>
    );
  } else if (list.isError) {
    body = (
      <Alert color="red" data-testid="channels-error" title={list.error.status === 500 ? t('channels.internalError') : t('channels.loadFailed')}>
        {errorMessage(list.error)}
      </Alert>
    );
  } else if (all.length === 0) {
    body = (
      <Text c="dimmed" data-testid="channels-empty">
        {t('channels.empty')}
      </Text>
    );
  } else {
    body = (
      <DataGrid
        gridId={CHANNEL_GRID_ID}
        ariaLabel={t('routes.channels')}
        columns={columns}
        rows={shown}
        rowKey={rowKey}
        rowTestId={rowTestId}
        rowAttributes={rowAttributes}
        selectedKey={openId}
        onRowClick={open}
        defaultSort={CHANNEL_DEFAULT_SORT}
        empty={t('channels.noMatch')}
      />
    );
  }

  return (
    <Stack gap="sm" data-testid="channels-page">
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={2} data-testid="page-title">
          {t('routes.channels')}
        </Title>
        <Group gap="sm">
          <Button size="xs" variant={panels.outputs ? 'filled' : 'light'} onClick={() => setPanels((p) => ({ ...p, outputs: !p.outputs }))} data-testid="channel-outputs-toggle">
            {t('channels.panels.outputsTitle')}
          </Button>
          <Button size="xs" variant={panels.ptmp ? 'filled' : 'light'} onClick={() => setPanels((p) => ({ ...p, ptmp: !p.ptmp }))} data-testid="channel-ptmp-toggle">
            {t('channels.panels.ptmpTitle')}
          </Button>
          <Text size="sm" c="dimmed" data-testid="channel-list-summary" data-shown={shown.length} data-total={all.length}>
            {t('channels.summary', { shown: shown.length, total: all.length })}
          </Text>
          <FiltersToggle
            open={prefs.filtersOpen}
            onToggle={prefs.setFiltersOpen}
            count={filterCount}
            label={t('channels.filters.toggle')}
            testIdPrefix="channel-filters"
          />
        </Group>
      </Group>
      <ChannelCounterBar counters={counters} isActive={counterActive} onCounterClick={onCounterClick} />
      {prefs.filtersOpen && (
        <Paper withBorder p="sm" radius="md">
          <Suspense fallback={<Loader size="sm" aria-label={t('common.loading')} />}>
            <ChannelFilterBar filters={filters} onChange={setFilters} onReset={prefs.resetFilters} scopes={scopes} />
          </Suspense>
        </Paper>
      )}
      {(panels.outputs || panels.ptmp) && (
        <Suspense fallback={<Loader size="sm" aria-label={t('common.loading')} />}>
          {panels.outputs && <InventoryOutputsPanel onOpen={openChannel} />}
          {panels.ptmp && <PtmpChannelsPanel onOpen={openChannel} />}
        </Suspense>
      )}
      <div data-testid="channel-table">{body}</div>
      {openId !== null && (
        <Suspense fallback={null}>
          <ChannelModal channelId={openId} onClose={close} />
        </Suspense>
      )}
    </Stack>
  );
}
