/**
 * Panels of /channels besides the list (spec 001 §7 Channels), each read only once opened:
 *
 * - Inventory outputs: the SDI channels (GET channels/sdi) or the output channels (GET
 *   channels/output) of one inventory, with that inventory's counters (POST channels/fetch with
 *   the inventory in the body), each row's output information (POST channels/mediaAccessOutputInfo
 *   with the rows' ids) and, for outputs, the output licence of their servers (POST
 *   channels/fetch_details: the ids of every row, up to 100 a request, too many for a URL);
 * - Multipoint channels: the caller's point-to-multipoint channels and their receivers (GET
 *   channels/fetchPtmpChannels).
 *
 * A channel's name opens its manage-channel modal.
 */
import { useMemo, useState } from 'react';
import { Anchor, Badge, Group, Loader, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { Select } from '../../components/Pickers';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callEndpoint } from '../../api/client';
import { endpointKey, useEndpointQuery } from '../../api/hooks';
import { InventorySelect } from '../../kit/InventorySelect';
import { ListTable } from '../../kit/ListTable';
import { useCanCall } from '../../kit/access';
import { useSessionUser } from '../../session/hooks';
import { idBatches, ptmpReceivers, serverLicences } from './channelDetails';
import { ErrorAlert } from '../../kit/ErrorAlert';
import { MutedText } from '../../kit/MutedText';
import { channelStatusLabel } from '../../lib/statusLabels';
import { useRegionCall } from '../../api/regionCalls';

type Kind = 'sdi' | 'output';

interface PanelProps {
  /** Opens the manage-channel modal of a channel. */
  readonly onOpen: (channelId: string) => void;
}

function ChannelLink({ id, name, onOpen }: { id: string; name: string; onOpen: (id: string) => void }) {
  return (
    <Anchor component="button" type="button" size="sm" onClick={() => onOpen(id)} data-testid={`channel-panel-open-${id}`}>
      {name}
    </Anchor>
  );
}

/** The inventory choice: any inventory for admins who may search them, else the user's own. */
function InventoryChoice({ value, onChange }: { value: string | null; onChange: (id: string | null) => void }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const canSearch = useCanCall('searchAdminInventories');
  if (canSearch) return <InventorySelect label={t('channels.panels.inventory')} value={value} onChange={onChange} testId="channel-outputs-inventory" />;
  return (
    <Select
      label={t('channels.panels.inventory')}
      data={(user?.inventories ?? []).map((i) => ({ value: i.id, label: i.name }))}
      value={value}
      onChange={onChange}
      searchable
      data-testid="channel-outputs-inventory"
    />
  );
}

function InventoryChannels({ inventoryId, kind, onOpen }: { inventoryId: string; kind: Kind } & PanelProps) {
  const { t } = useTranslation();
  const input = { query: { inventoryId } };
  const sdi = useEndpointQuery('getSdiChannels', input, { enabled: kind === 'sdi' });
  const output = useEndpointQuery('getOutputChannels', input, { enabled: kind === 'output' });
  const list = kind === 'sdi' ? sdi : output;
  const counters = useEndpointQuery('fetchChannelsPost', { body: { inventory: inventoryId } }).data?.counters;
  const batches = useMemo(() => idBatches(list.data?.channels.map((c) => c.channelId) ?? []), [list.data]);
  useRegionCall('mediaAccessOutputInfo');
  useRegionCall(kind === 'output' ? 'fetchChannelDetailsPost' : null);
  const info = useQueries({
    queries: batches.map((uniqueIds) => ({
      queryKey: endpointKey('mediaAccessOutputInfo', { body: { uniqueIds } }),
      queryFn: ({ signal }: { signal: AbortSignal }) => callEndpoint('mediaAccessOutputInfo', { body: { uniqueIds } }, { signal }),
    })),
  });
  const details = useQueries({
    queries: batches.map((ids) => ({
      queryKey: endpointKey('fetchChannelDetailsPost', { body: { ids } }),
      queryFn: ({ signal }: { signal: AbortSignal }) => callEndpoint('fetchChannelDetailsPost', { body: { ids } }, { signal }),
      enabled: kind === 'output',
    })),
  });
  const outputs = new Map(info.flatMap((q) => q.data?.outputs ?? []).map((o) => [o.uniqueId, o]));
  const licences = kind === 'output' ? serverLicences(details.flatMap((q) => q.data?.channels ?? [])) : [];
  const none = t('channels.cells.none');
  const outputText = (id: string) => {
    const o = outputs.get(id);
    if (o === undefined) return none;
    const parts = [
      o.sdiNo != null ? t('channels.panels.sdiNo', { no: o.sdiNo }) : null,
      o.ndi ? t('channels.panels.ndi') : null,
      o.flavor,
      o.cdnName,
      o.protocol,
      o.forwardRtmp ? t('channels.panels.forwardRtmp') : null,
    ].filter((p): p is string => p !== null && p !== '');
    return `${o.isOutput ? t('channels.panels.isOutput') : t('channels.panels.isInput')}${parts.length > 0 ? ` · ${parts.join(' · ')}` : ''}`;
  };

  return (
    <Stack gap="xs">
      {counters && (
        <MutedText testId="channel-outputs-counters">
          {t('channels.panels.counters', { busy: counters.busy, idle: counters.idle, offline: counters.offline, sdi: counters.sdi, output: counters.output })}
        </MutedText>
      )}
      <ErrorAlert error={list.error} />
      {list.data === undefined && !list.error && <Loader size="sm" />}
      {list.data !== undefined && (
        <ListTable
          plain
          items={list.data.channels}
          rowKey={(c) => c.channelId}
          testIdPrefix="channel-outputs"
          testId="channel-outputs-rows"
          emptyText={kind === 'sdi' ? t('channels.panels.noSdi') : t('channels.panels.noOutputs')}
          columns={[
            { id: 'name', header: t('channels.panels.name'), render: (c) => <ChannelLink id={c.channelId} name={c.channelName} onOpen={onOpen} /> },
            { id: 'status', header: t('channels.panels.status'), render: (c) => channelStatusLabel(t, c.status) },
            { id: 'info', header: t('channels.panels.output'), cellTestId: true, render: (c) => outputText(c.channelId) },
          ]}
        />
      )}
      {licences.map((l) => (
        <Text key={l.serverId} size="sm" c="dimmed" data-testid={`channel-outputs-licence-${l.serverId}`}>
          {l.licensed == null
            ? t('channels.panels.licenceUnlimited', { server: l.serverName, used: l.used })
            : t('channels.panels.licence', { server: l.serverName, used: l.used, licensed: l.licensed })}
        </Text>
      ))}
    </Stack>
  );
}

export function InventoryOutputsPanel({ onOpen }: PanelProps) {
  const { t } = useTranslation();
  const [inventoryId, setInventoryId] = useState<string | null>(null);
  const [kind, setKind] = useState<Kind>('output');
  return (
    <Paper withBorder p="sm" radius="md" data-testid="channel-outputs-panel">
      <Stack gap="sm">
        <Title order={5}>{t('channels.panels.outputsTitle')}</Title>
        <Group align="flex-end">
          <InventoryChoice value={inventoryId} onChange={setInventoryId} />
          <SegmentedControl
            value={kind}
            onChange={(v) => setKind(v === 'sdi' ? 'sdi' : 'output')}
            data={[
              { value: 'output', label: t('channels.panels.outputs') },
              { value: 'sdi', label: t('channels.panels.sdi') },
            ]}
            data-testid="channel-outputs-kind"
          />
        </Group>
        {inventoryId === null ? (
          <MutedText>{t('channels.panels.chooseInventory')}</MutedText>
        ) : (
          <InventoryChannels inventoryId={inventoryId} kind={kind} onOpen={onOpen} />
        )}
      </Stack>
    </Paper>
  );
}

export function PtmpChannelsPanel({ onOpen }: PanelProps) {
  const { t } = useTranslation();
  const query = useEndpointQuery('fetchPtmpChannels');
  const none = t('channels.cells.none');
  return (
    <Paper withBorder p="sm" radius="md" data-testid="channel-ptmp-panel">
      <Stack gap="sm">
        <Title order={5}>{t('channels.panels.ptmpTitle')}</Title>
        <ErrorAlert error={query.error} />
        {query.data === undefined && !query.error && <Loader size="sm" />}
        {query.data !== undefined && (
          <ListTable
            plain
            items={query.data.channels}
            rowKey={(c) => c.uniqueID}
            testIdPrefix="channel-ptmp"
            emptyText={t('channels.panels.noPtmp')}
            columns={[
              {
                id: 'name',
                header: t('channels.panels.name'),
                render: (c) => (
                  <>
                    <ChannelLink id={c.uniqueID} name={c.channelName} onOpen={onOpen} />{' '}
                    {c.ptmpLu100 && (
                      <Badge size="xs" variant="light">
                        LU100
                      </Badge>
                    )}
                  </>
                ),
              },
              {
                id: 'receivers',
                header: t('channels.multipoint.machines'),
                cellTestId: true,
                render: (c) =>
                  ptmpReceivers(c)
                    .map((r) => `${r.uid}: ${r.status ?? t('channels.multipoint.noReport')}`)
                    .join(', ') || none,
              },
              { id: 'delay', header: t('channels.panels.ptmpDelay'), render: (c) => c.ptmpDelay ?? none },
            ]}
          />
        )}
      </Stack>
    </Paper>
  );
}
