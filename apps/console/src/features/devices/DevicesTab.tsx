/**
 * The devices tab of /devices: the units the user sees (GET devices/fetch, the unit list's data,
 * kept current over /ws by the realtime provider) with the servers they work with where the
 * channels tell it (unitServers.ts). A unit opens its LU-Link tab.
 */
import { useMemo } from 'react';
import { Anchor, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ChannelLive, UnitSummary } from '@fleet/contracts';
import { useEndpointQuery } from '../../api/hooks';
import { DataGrid } from '../../components/grid/DataGrid';
import type { DataGridColumn, SortState } from '../../components/grid/DataGrid';
import { QueryView } from '../../components/QueryView';
import { unitServers } from './unitServers';
import type { UnitServerRef } from './unitServers';
import { MutedText } from '../../kit/MutedText';
import { textColumn } from '../../kit/textColumn';
import { unitStatusLabel } from '../../lib/statusLabels';

interface UnitRow {
  readonly unit: UnitSummary;
  readonly servers: readonly UnitServerRef[];
}

const NO_CHANNELS: readonly ChannelLive[] = [];
const rowKey = (row: UnitRow) => row.unit.uniqueId;
const UNIT_SORT: SortState = { column: 'name', direction: 'asc' };

export function DevicesTab({ onOpenServer, onOpenLink }: { onOpenServer: (serverId: string) => void; onOpenLink: (unitId: string) => void }) {
  const { t } = useTranslation();
  const units = useEndpointQuery('fetchDevices', {}, { staleTime: Number.POSITIVE_INFINITY });
  const channels = useEndpointQuery('fetchChannels', {}, { staleTime: Number.POSITIVE_INFINITY });
  const channelRows = channels.data?.channels ?? NO_CHANNELS;
  const rows = useMemo(() => (units.data ?? []).map((unit) => ({ unit, servers: unitServers(unit, channelRows) })), [units.data, channelRows]);
  const columns = useMemo(
    (): DataGridColumn<UnitRow>[] => [
      textColumn({ id: 'name', header: t('devices.units.columns.name'), width: 200, sortValue: (r) => r.unit.name, bold: true, truncate: true }),
      textColumn({ id: 'uniqueId', header: t('devices.units.columns.uniqueId'), width: 150, sortValue: (r) => r.unit.uniqueId }),
      textColumn({ id: 'type', header: t('devices.units.columns.type'), width: 110, sortValue: (r) => r.unit.type }),
      textColumn({
        id: 'status',
        header: t('devices.units.columns.status'),
        width: 140,
        sortValue: (r) => r.unit.status,
        text: (r) => unitStatusLabel(t, r.unit.status),
        testId: (r) => `device-status-${r.unit.uniqueId}`,
      }),
      textColumn({ id: 'version', header: t('devices.units.columns.version'), width: 110, sortValue: (r) => r.unit.swVersion }),
      {
        id: 'servers',
        header: t('devices.units.columns.servers'),
        width: 220,
        interactive: true,
        sortValue: (r) => r.servers.map((s) => s.serverName).join(' '),
        render: (r) =>
          r.servers.length === 0 ? (
            <MutedText>{t('devices.units.noServer')}</MutedText>
          ) : (
            <Group gap={6} wrap="nowrap" data-testid={`device-servers-${r.unit.uniqueId}`}>
              {r.servers.map((s) => (
                <Anchor key={s.serverId} size="sm" component="button" type="button" onClick={() => onOpenServer(s.serverId)}>
                  {s.serverName}
                </Anchor>
              ))}
            </Group>
          ),
      },
      {
        id: 'link',
        header: t('devices.units.columns.link'),
        width: 110,
        interactive: true,
        render: (r) => (
          <Anchor size="sm" component="button" type="button" onClick={() => onOpenLink(r.unit.uniqueId)} data-testid={`device-link-${r.unit.uniqueId}`}>
            {t('devices.units.openLink')}
          </Anchor>
        ),
      },
    ],
    [t, onOpenServer, onOpenLink],
  );

  return (
    <div data-testid="devices-tab">
      <QueryView query={units} testIdPrefix="devices" errorTitle={t('devices.units.loadFailed')}>
        {() => (
          <DataGrid
            gridId="deviceUnits"
            ariaLabel={t('devices.tabs.devices')}
            columns={columns}
            rows={rows}
            rowKey={rowKey}
            testIdPrefix="device"
            defaultSort={UNIT_SORT}
            empty={t('devices.units.empty')}
          />
        )}
      </QueryView>
    </div>
  );
}
