/**
 * The inventory's ingest servers and the channels each feeds (spec 001 §7 Inventories: ingest
 * servers and channel associations; §8 "ingest or busy channel conflicts", "association already
 * exists"): one server chosen, its channels listed, a channel of the inventory associated with it or
 * removed, the core's refusals (a busy channel, one another ingest server feeds, a channel on the
 * server itself) in its words. Adding and removing show only to the roles the catalogue lets.
 *
 * Test ids: `inventory-ingest-servers`, `-loading`, `-error`, `-none`, `-server` (the choice); the
 * association panel `inventory-ingest-channels` (AssociationPanel's).
 */
import { useState } from 'react';
import { Stack, Text } from '@mantine/core';
import { Select } from '../../components/Pickers';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ChannelIngestAssociation } from '@fleet/contracts';
import { useEndpointMutation, useEndpointQuery } from '../../api/hooks';
import { QueryView } from '../../components/QueryView';
import { AssociationPanel, MutedText, useCanApply } from '../../kit';
import { useToast } from '../../toast/useToast';
import { channelCandidates, memberRows } from './inventoryTabRules';

export function IngestServersTab({ inventoryId }: { readonly inventoryId: string }) {
  const { t } = useTranslation();
  const query = useEndpointQuery('getInventoryIngestServers', { params: { id: inventoryId } });
  const [picked, setPicked] = useState<string | null>(null);
  return (
    <QueryView query={query} testIdPrefix="inventory-ingest-servers" errorTitle={t('systemEntities.inventoryTabs.loadError')}>
      {({ servers }) => {
        if (servers.length === 0) {
          return <MutedText testId="inventory-ingest-servers-none">{t('systemEntities.inventoryTabs.ingestServers.none')}</MutedText>;
        }
        const serverId = servers.some((s) => s.id === picked) ? picked : (servers[0]?.id ?? null);
        const server = servers.find((s) => s.id === serverId);
        return (
          <Stack gap="sm" data-testid="inventory-ingest-servers">
            <Select
              label={t('systemEntities.inventoryTabs.ingestServers.server')}
              data={servers.map((s) => ({
                value: s.id,
                label: t('systemEntities.inventoryTabs.ingestServers.option', { name: s.name, status: s.status, count: s.channelCount }),
              }))}
              value={serverId}
              onChange={(id) => id !== null && setPicked(id)}
              allowDeselect={false}
              data-testid="inventory-ingest-servers-server"
            />
            {server !== undefined && <ServerChannels inventoryId={inventoryId} serverId={server.id} serverName={server.name} />}
          </Stack>
        );
      }}
    </QueryView>
  );
}

function ServerChannels({ inventoryId, serverId, serverName }: { readonly inventoryId: string; readonly serverId: string; readonly serverName: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const mayAdd = useCanApply('addInventoryIngestServerChannel');
  const mayRemove = useCanApply('removeInventoryIngestServerChannel');
  const mayChange = mayAdd && mayRemove;
  const fed = useEndpointQuery('getInventoryIngestServerChannels', { params: { id: inventoryId, serverId } });
  const inventoryChannels = useEndpointQuery('fetchChannels', { query: { inventory: inventoryId } }, { enabled: mayChange });
  const candidates = channelCandidates(inventoryChannels.data?.channels ?? [], t);
  const add = useEndpointMutation('addInventoryIngestServerChannel');
  const remove = useEndpointMutation('removeInventoryIngestServerChannel');
  const members = memberRows(fed, (data) => channelCandidates(data.channels, t));
  const done = (key: 'added' | 'removed', channelId: string) => (_answer: ChannelIngestAssociation) => {
    const name = [...(fed.data?.channels ?? []), ...(inventoryChannels.data?.channels ?? [])].find((c) => c.channelId === channelId)?.channelName ?? channelId;
    // The server's channels and every server's count of them.
    for (const id of ['getInventoryIngestServerChannels', 'getInventoryIngestServers'] as const)
      void queryClient.invalidateQueries({ queryKey: [id, { params: { id: inventoryId } }] });
    toast.show({ message: t(`systemEntities.inventoryTabs.ingestServers.${key}`, { name, server: serverName }), variant: 'success' });
  };
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {t('systemEntities.inventoryTabs.ingestServers.channels')}
      </Text>
      <AssociationPanel
        testId="inventory-ingest-channels"
        members={members}
        candidates={candidates}
        onAdd={mayChange ? (channelId) => add.mutateAsync({ params: { id: inventoryId, serverId, channelId } }).then(done('added', channelId)) : undefined}
        onRemove={
          mayChange ? (channelId) => remove.mutateAsync({ params: { id: inventoryId, serverId, channelId } }).then(done('removed', channelId)) : undefined
        }
      />
    </Stack>
  );
}
