/**
 * Channels (spec 001 §2 /system_entities channels; §3 Channel; §7 Channels admin list, GET, PUT,
 * DELETE, POST, inventories and groups), declared on the resource kit: the searchable, sortable,
 * paged list over v2/admin/channels; a modal creates a channel on a server (searched by name), or
 * renames or deletes one (refused while busy, fed by ingest or shared as a transceiver feed: the
 * core's words), with its inventories (added and removed with the admin inventory channel calls)
 * and its groups (changed from the group's own modal).
 */
import { useState } from 'react';
import { Badge } from '@mantine/core';
import { Select } from '../../components/Pickers';
import { keepPreviousData } from '@tanstack/react-query';
import { ADMIN_CHANNEL_SEARCH_KEYS, ADMIN_CHANNEL_SORT_KEYS, ChannelName, VALIDATION } from '@fleet/contracts';
import type { ChannelDetails, ChannelLive } from '@fleet/contracts';
import { useEndpointQuery } from '../../api/hooks';
import { checkSchema, mergeErrors, type FieldErrors } from '../../lib/forms/fieldErrors';
import { associationTab, defineResource, listRows, op, searchQuery, type Change, type CustomFieldProps, type Field } from '../../kit';
import { SYSTEM_ENTITY_READS } from '../../realtime/systemEntities';
import { entityPage, inventoriesTab } from './entityPage';
import { channelStatusLabel } from '../../lib/statusLabels';

interface ChannelForm {
  readonly name: string;
  readonly serverId: string | null;
  readonly inventoryId: string | null;
  /** The server of an existing channel (shown, not changed). */
  readonly serverName: string;
}

/** The server a new channel runs on: any server, searched by name. */
function ServerChoice({ form, label, testId, error }: CustomFieldProps<ChannelForm>) {
  const [search, setSearch] = useState('');
  const servers = useEndpointQuery(
    'searchAdminServers',
    { query: { limit: 50, sortBy: 'name', sortDir: 'asc', ...(search.trim() !== '' ? { searchValue: search.trim() } : {}) } },
    { placeholderData: keepPreviousData },
  );
  return (
    <Select
      label={label}
      data={(servers.data?.items ?? []).map((s) => ({ value: s.id, label: `${s.name} (${s.serverType})` }))}
      value={form.values.serverId}
      onChange={(serverId) => form.set({ serverId })}
      searchable
      onSearchChange={setSearch}
      error={error('serverId')}
      required
      data-testid={testId}
    />
  );
}

const FIELDS: readonly Field<ChannelForm>[] = [
  { name: 'name', kind: 'text', label: 'systemDevices.channels.name', required: true },
  { name: 'serverId', kind: 'custom', label: 'systemDevices.channels.server', only: 'create', testId: 'server', render: ServerChoice },
  { name: 'inventoryId', kind: 'inventory', label: 'systemDevices.channels.inventory', only: 'create', clearable: true, testId: 'inventory' },
  { name: 'serverName', kind: 'text', label: 'systemDevices.channels.server', only: 'edit', lockedOnEdit: true, testId: 'server-name' },
];

/** The channel name's rules (the schema reports them at its root: the name field's), and a server for a new channel. */
function checkChannel(form: ChannelForm, details: ChannelDetails | null): FieldErrors {
  const name = Object.values(checkSchema(ChannelName, form.name.trim()))[0];
  return mergeErrors(name === undefined ? {} : { name }, details === null && form.serverId == null ? { serverId: VALIDATION.required } : {});
}

const membership = (id: 'addAdminInventoryChannel' | 'removeAdminInventoryChannel') =>
  op(id, ({ of, id: inventoryId }: Change<ChannelDetails>) => ({ params: { id: of.channel.channelId, inventoryId } }));

export const channelResource = defineResource<ChannelLive, ChannelDetails, ChannelForm>({
  testId: 'channels',
  formTestId: 'channel',
  titles: { new: 'systemDevices.channels.new', edit: 'systemDevices.channels.editTitle', noun: 'systemDevices.channels.noun' },
  rowKey: (c) => c.channelId,
  label: (d) => d.channel.channelName,
  list: {
    op: op('searchAdminChannels', (view) => ({ query: searchQuery(view, ADMIN_CHANNEL_SEARCH_KEYS, ADMIN_CHANNEL_SORT_KEYS) })),
    searchKeys: ADMIN_CHANNEL_SEARCH_KEYS,
  },
  columns: (t) => [
    { id: 'name', header: t('systemDevices.channels.name'), sortKey: 'name', render: (c) => c.channelName },
    { id: 'uniqueId', header: t('systemDevices.channels.uniqueId'), sortKey: 'uniqueId', render: (c) => c.channelId },
    { id: 'server', header: t('systemDevices.channels.server'), sortKey: 'serverId', render: (c) => c.serverName },
    { id: 'type', header: t('systemDevices.channels.type'), sortKey: 'type', render: (c) => c.type },
    {
      id: 'status',
      header: t('systemDevices.channels.status'),
      sortKey: 'status',
      render: (c) => <Badge variant="light">{channelStatusLabel(t, c.status)}</Badge>,
    },
  ],
  get: op('getAdminChannel', (id: string) => ({ params: { id } })),
  form: {
    fields: FIELDS,
    initial: (d) => ({ name: d?.channel.channelName ?? '', serverId: null, inventoryId: null, serverName: d?.channel.serverName ?? '' }),
    check: checkChannel,
  },
  create: op('createAdminChannel', (v: ChannelForm) => ({
    body: { name: v.name.trim(), serverId: v.serverId ?? '', ...(v.inventoryId != null ? { inventoryIds: [v.inventoryId] } : {}) },
  })),
  update: op('updateAdminChannel', ({ entity, values }: { entity: ChannelDetails; values: ChannelForm }) => ({
    params: { id: entity.channel.channelId },
    body: { name: values.name.trim(), version: entity.channel.version },
  })),
  remove: op('deleteAdminChannel', (d: ChannelDetails) => ({ params: { id: d.channel.channelId } })),
  stale: SYSTEM_ENTITY_READS.channel,
  tabs: [
    inventoriesTab({
      testId: 'channel-inventories',
      members: {
        op: op('getAdminChannelInventories', (d: ChannelDetails) => ({ params: { id: d.channel.channelId } })),
        rows: ({ inventories }) => listRows((i: (typeof inventories)[number]) => ({ id: i.id, label: i.name, detail: i.region }))(inventories),
      },
      add: membership('addAdminInventoryChannel'),
      remove: membership('removeAdminInventoryChannel'),
      stale: SYSTEM_ENTITY_READS.channel,
    }),
    // A channel joins or leaves a group from the group's modal.
    associationTab({
      value: 'groups',
      label: 'systemEntities.common.groups',
      testId: 'channel-groups',
      members: {
        op: op('getAdminChannelGroups', (d: ChannelDetails) => ({ params: { id: d.channel.channelId } })),
        rows: ({ groups }) => listRows((g: (typeof groups)[number]) => ({ id: g.id, label: g.name, detail: g.inventoryName }))(groups),
      },
      stale: [],
    }),
  ],
});

export default entityPage(channelResource);
