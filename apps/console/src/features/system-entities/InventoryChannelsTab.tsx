/**
 * The inventory's tally and IFB channels (spec 001 §7 Inventories: tally and IFB channel
 * association, IFB available / used / frozen counts; §6 "Tally data is fetched only if the user
 * has the tally service"): the associated channels, a channel of the inventory added or removed
 * ("Association already exists" in the core's words), and the IFB counts as the core keeps them.
 * Adding and removing are offered only to the roles the catalogue lets make the calls.
 *
 * Test ids: the association panels `inventory-tally`, `inventory-ifb` (AssociationPanel's),
 * `inventory-tally-no-service`, `inventory-ifb-counts` with `-available`, `-used`, `-frozen`.
 */
import { Group, Stack, Text } from '@mantine/core';
import { ErrorAlert } from '../../kit/ErrorAlert';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { IfbCounts, InventoryIfb, InventoryTally } from '@fleet/contracts';
import { endpointKey, useEndpointMutation, useEndpointQuery } from '../../api/hooks';
import { AssociationPanel, MutedText, newest, useCanApply } from '../../kit';
import { useToast } from '../../toast/useToast';
import { associationName, channelCandidates, ifbMembers, memberRows, tallyMembers } from './inventoryTabRules';
import { useAfterInventoryWrite } from './useInventoryTabs';

/** The inventory's channels that may join (the core takes channels of the inventory only); read only for a user who may add. */
function useInventoryChannels(inventoryId: string, enabled: boolean) {
  const { t } = useTranslation();
  const list = useEndpointQuery('fetchChannels', { query: { inventory: inventoryId } }, { enabled });
  return channelCandidates(list.data?.channels ?? [], t);
}

export function InventoryTallyTab({ inventoryId }: { readonly inventoryId: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const afterWrite = useAfterInventoryWrite(inventoryId);
  const mayAdd = useCanApply('addInventoryTallyChannel');
  const mayRemove = useCanApply('removeInventoryTallyChannel');
  const mayChange = mayAdd && mayRemove;
  const input = { params: { id: inventoryId } };
  const tally = useEndpointQuery('getInventoryTally', input);
  const candidates = useInventoryChannels(inventoryId, mayChange);
  const add = useEndpointMutation('addInventoryTallyChannel');
  const remove = useEndpointMutation('removeInventoryTallyChannel');
  const members = memberRows(tally, (data) => tallyMembers(data.channels, t));
  const done = (key: 'added' | 'removed', channelId: string) => (answer: InventoryTally) => {
    const name = associationName(channelId, [...(tally.data?.channels ?? []), ...answer.channels], candidates);
    queryClient.setQueryData<InventoryTally>(endpointKey('getInventoryTally', input), (cached) => (cached === undefined ? answer : newest(cached, answer)));
    afterWrite('getInventoryTally');
    toast.show({ message: t(`systemEntities.inventoryTabs.tally.${key}`, { name }), variant: 'success' });
  };
  return (
    <Stack gap="sm">
      {tally.data?.tallyService === false && <MutedText testId="inventory-tally-no-service">{t('systemEntities.inventoryTabs.tally.noService')}</MutedText>}
      <AssociationPanel
        testId="inventory-tally"
        members={members}
        candidates={candidates}
        onAdd={mayChange ? (channelId) => add.mutateAsync({ params: { id: inventoryId, channelId } }).then(done('added', channelId)) : undefined}
        onRemove={mayChange ? (channelId) => remove.mutateAsync({ params: { id: inventoryId, channelId } }).then(done('removed', channelId)) : undefined}
      />
    </Stack>
  );
}

export function InventoryIfbTab({ inventoryId }: { readonly inventoryId: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const afterWrite = useAfterInventoryWrite(inventoryId);
  const mayAdd = useCanApply('addInventoryIfbChannel');
  const mayRemove = useCanApply('removeInventoryIfbChannel');
  const mayChange = mayAdd && mayRemove;
  const input = { params: { id: inventoryId } };
  const ifb = useEndpointQuery('getInventoryIfb', input);
  const counts = useEndpointQuery('getInventoryIfbCounts', input);
  const candidates = useInventoryChannels(inventoryId, mayChange);
  const add = useEndpointMutation('addInventoryIfbChannel');
  const remove = useEndpointMutation('removeInventoryIfbChannel');
  const members = memberRows(ifb, (data) => ifbMembers(data.channels, t));
  const done = (key: 'added' | 'removed', channelId: string) => (answer: InventoryIfb) => {
    const name = associationName(channelId, [...(ifb.data?.channels ?? []), ...answer.channels], candidates);
    queryClient.setQueryData<InventoryIfb>(endpointKey('getInventoryIfb', input), (cached) => (cached === undefined ? answer : newest(cached, answer)));
    // The counts come with the channels: the same moment of the inventory.
    queryClient.setQueryData<IfbCounts>(endpointKey('getInventoryIfbCounts', input), answer.counts);
    afterWrite('getInventoryIfb');
    toast.show({ message: t(`systemEntities.inventoryTabs.ifb.${key}`, { name }), variant: 'success' });
  };
  return (
    <Stack gap="sm">
      <IfbCountsLine counts={counts} />
      <AssociationPanel
        testId="inventory-ifb"
        members={members}
        candidates={candidates}
        onAdd={mayChange ? (channelId) => add.mutateAsync({ params: { id: inventoryId, channelId } }).then(done('added', channelId)) : undefined}
        onRemove={mayChange ? (channelId) => remove.mutateAsync({ params: { id: inventoryId, channelId } }).then(done('removed', channelId)) : undefined}
      />
    </Stack>
  );
}

function IfbCountsLine({ counts }: { readonly counts: { readonly data: IfbCounts | undefined; readonly isError: boolean; readonly error: unknown } }) {
  const { t } = useTranslation();
  if (counts.isError) return <ErrorAlert error={counts.error} />;
  const value = (n: number | undefined) => (n === undefined ? '…' : String(n));
  return (
    <Group gap="lg" data-testid="inventory-ifb-counts">
      {(['available', 'used', 'frozen'] as const).map((key) => (
        <Text key={key} size="sm">
          {t(`systemEntities.inventoryTabs.ifb.${key}`)}:{' '}
          <Text span fw={600} data-testid={`inventory-ifb-counts-${key}`}>
            {value(counts.data?.[key])}
          </Text>
        </Text>
      ))}
    </Group>
  );
}
