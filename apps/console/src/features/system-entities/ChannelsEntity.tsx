/**
 * Channels (spec 001 §2 /system_entities channels; §3 Channel; §7 Channels admin list, GET, PUT,
 * DELETE, POST, inventories and groups).
 *
 * The searchable, sortable, paged list over v2/admin/channels; a modal creates a channel on a
 * server, or renames or deletes one (refused while busy, fed by ingest or shared as a transceiver
 * feed: the core's words), with its inventories (added and removed with the admin inventory
 * channel calls) and its groups (changed from the group's own modal).
 */
import { useState } from 'react';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { Alert, Badge, Button, Select, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ADMIN_CHANNEL_SEARCH_KEYS, ChannelName, VALIDATION } from '@fleet/contracts';
import type { AdminChannelSearchQuery, ChannelDetails, ChannelLive } from '@fleet/contracts';
import { endpointPrefix, useEndpointMutation, useEndpointQuery } from '../../api/hooks';
import { useApiErrorMessage } from '../../api/errorMessage';
import { checkSchema, mergeErrors, type FieldErrors } from '../../lib/forms/fieldErrors';
import { useFieldError } from '../../lib/forms/useFieldError';
import { useForm } from '../../lib/forms/useForm';
import { useToast } from '../../toast/useToast';
import { AssociationPanel } from './AssociationPanel';
import type { SystemEntitiesProps } from './SystemEntities';
import { useListRefresh } from './useEntityLive';
import { useDevicesLive } from './useDevicesLive';
import { DeleteButton, InventorySelect, ModalFooter, ResourceList, ResourceModal, useListView } from '../../kit';
import { listQuery } from '../contractor-entities/entityKinds';
import type { ListColumn } from '../../components/ListTable';

const NEW = 'new';
/** Reads a channel change makes stale. */
const CHANNEL_READS = ['searchAdminChannels', 'getAdminChannel', 'getAdminChannelInventories', 'getAdminChannelGroups'] as const;

export default function ChannelsEntity(_props: SystemEntitiesProps) {
  const { t } = useTranslation();
  const listRefresh = useListRefresh();
  useDevicesLive();
  const [view, setView] = useListView('name');
  const [open, setOpen] = useState<string | null>(null);
  const list = useEndpointQuery(
    'searchAdminChannels',
    { query: { ...listQuery(view), searchKey: view.searchKey as AdminChannelSearchQuery['searchKey'], sortBy: view.sortBy as AdminChannelSearchQuery['sortBy'] } },
    { placeholderData: keepPreviousData, refetchInterval: listRefresh },
  );
  const columns: ListColumn<ChannelLive>[] = [
    { id: 'name', header: t('systemDevices.channels.name'), sortKey: 'name', render: (c) => c.channelName },
    { id: 'uniqueId', header: t('systemDevices.channels.uniqueId'), sortKey: 'uniqueId', render: (c) => c.channelId },
    { id: 'server', header: t('systemDevices.channels.server'), sortKey: 'serverId', render: (c) => c.serverName },
    { id: 'type', header: t('systemDevices.channels.type'), sortKey: 'type', render: (c) => c.type },
    { id: 'status', header: t('systemDevices.channels.status'), sortKey: 'status', render: (c) => <Badge variant="light">{c.status}</Badge> },
  ];
  return (
    <>
      <ResourceList
        testId="channels"
        searchKeys={ADMIN_CHANNEL_SEARCH_KEYS.map((k) => ({ value: k, label: t(`systemDevices.channels.searchKeys.${k}`) }))}
        columns={columns}
        view={view}
        onViewChange={setView}
        query={list}
        rowKey={(c) => c.channelId}
        onOpen={(c) => setOpen(c.channelId)}
        actions={
          <Button onClick={() => setOpen(NEW)} data-testid="channels-new">
            {t('systemDevices.channels.new')}
          </Button>
        }
      />
      {open !== null && <ChannelModal id={open === NEW ? null : open} onClose={() => setOpen(null)} />}
    </>
  );
}

function ChannelModal({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const query = useEndpointQuery('getAdminChannel', { params: { id: id ?? '' } }, { enabled: id !== null });
  return (
    <ResourceModal
      testId="channel"
      title={id === null ? t('systemDevices.channels.new') : t('systemDevices.channels.editTitle', { name: query.data?.channel.channelName ?? '' })}
      isNew={id === null}
      query={query}
      editor={(details) => <ChannelEditor details={details} onClose={onClose} />}
      tabs={[
        { value: 'inventories', label: t('systemEntities.common.inventories'), render: (d) => <ChannelInventories channelId={d.channel.channelId} /> },
        { value: 'groups', label: t('systemEntities.common.groups'), render: (d) => <ChannelGroups channelId={d.channel.channelId} /> },
      ]}
      onClose={onClose}
    />
  );
}

interface ChannelForm {
  readonly name: string;
  readonly serverId: string | null;
  readonly inventoryId: string | null;
}

function checkChannel(isNew: boolean): (form: ChannelForm) => FieldErrors {
  return (form) => {
    const server: FieldErrors = isNew && form.serverId === null ? { serverId: VALIDATION.required } : {};
    return mergeErrors(nameErrors(form.name), server);
  };
}

/** The channel name schema's problem (reported at its root path) as the name field's. */
function nameErrors(name: string): FieldErrors {
  const message = Object.values(checkSchema(ChannelName, name.trim()))[0];
  return message === undefined ? {} : { name: message };
}

function ChannelEditor({ details, onClose }: { details: ChannelDetails | null; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useApiErrorMessage();
  const queryClient = useQueryClient();
  const [serverSearch, setServerSearch] = useState('');
  const form = useForm<ChannelForm>({ name: details?.channel.channelName ?? '', serverId: null, inventoryId: null }, checkChannel(details === null));
  const error = useFieldError('channel-error', form.errors);
  const servers = useEndpointQuery(
    'searchAdminServers',
    { query: { limit: 50, sortBy: 'name', sortDir: 'asc', ...(serverSearch.trim() !== '' ? { searchValue: serverSearch.trim() } : {}) } },
    { enabled: details === null, placeholderData: keepPreviousData },
  );
  const create = useEndpointMutation('createAdminChannel');
  const update = useEndpointMutation('updateAdminChannel');
  const remove = useEndpointMutation('deleteAdminChannel');
  const done = (key: 'created' | 'saved' | 'deleted', name: string) => {
    for (const id of CHANNEL_READS) void queryClient.invalidateQueries({ queryKey: endpointPrefix(id) });
    toast.show({ message: t(`systemDevices.channels.${key}`, { name }), variant: 'success' });
    onClose();
  };
  const save = () => {
    const values = form.submit();
    if (!values) return;
    const name = values.name.trim();
    if (details === null) {
      create.mutate(
        { body: { name, serverId: values.serverId ?? '', ...(values.inventoryId !== null ? { inventoryIds: [values.inventoryId] } : {}) } },
        { onSuccess: (d) => done('created', d.channel.channelName), onError: (e) => form.failed(e) },
      );
    } else {
      update.mutate(
        { params: { id: details.channel.channelId }, body: { name, version: details.channel.version } },
        { onSuccess: (d) => done('saved', d.channel.channelName), onError: (e) => form.failed(e) },
      );
    }
  };
  const del = () => {
    if (details) remove.mutate({ params: { id: details.channel.channelId } }, { onSuccess: () => done('deleted', details.channel.channelName), onError: (e) => form.failed(e, {}) });
  };
  return (
    <Stack gap="sm">
      {form.error !== null && Object.keys(form.errors).length === 0 && (
        <Alert color="red" data-testid="channel-form-error">{errorText(form.error)}</Alert>
      )}
      <TextInput
        label={t('systemDevices.channels.name')}
        value={form.values.name}
        onChange={(e) => form.set({ name: e.currentTarget.value })}
        error={error('name')}
        required
        data-testid="channel-name"
      />
      {details === null ? (
        <>
          <Select
            label={t('systemDevices.channels.server')}
            data={(servers.data?.items ?? []).map((s) => ({ value: s.id, label: `${s.name} (${s.serverType})` }))}
            value={form.values.serverId}
            onChange={(serverId) => form.set({ serverId })}
            searchable
            onSearchChange={setServerSearch}
            error={error('serverId')}
            required
            data-testid="channel-server"
          />
          <InventorySelect
            label={t('systemDevices.channels.inventory')}
            value={form.values.inventoryId}
            onChange={(inventoryId) => form.set({ inventoryId })}
            error={error('inventoryIds.0')}
            clearable
            testId="channel-inventory"
          />
        </>
      ) : (
        <TextInput label={t('systemDevices.channels.server')} value={details.channel.serverName} readOnly data-testid="channel-server-name" />
      )}
      <ModalFooter
        testId="channel"
        onSave={save}
        onCancel={onClose}
        saving={create.isPending || update.isPending}
        left={details !== null && <DeleteButton testId="channel" onConfirm={del} loading={remove.isPending} />}
      />
    </Stack>
  );
}

/** The channel's inventories: any inventory joins (PUT), one leaves with its groups (DELETE). */
function ChannelInventories({ channelId }: { channelId: string }) {
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const members = useEndpointQuery(
    'getAdminChannelInventories',
    { params: { id: channelId } },
    { select: (list) => ({ total: list.inventories.length, items: list.inventories.map((i) => ({ id: i.id, label: i.name, detail: i.region })) }) },
  );
  const candidates = useEndpointQuery(
    'searchAdminInventories',
    { query: { limit: 20, sortBy: 'name', sortDir: 'asc', ...(search.trim() !== '' ? { searchKey: 'name', searchValue: search.trim() } : {}) } },
    { placeholderData: keepPreviousData },
  );
  const add = useEndpointMutation('addAdminInventoryChannel');
  const remove = useEndpointMutation('removeAdminInventoryChannel');
  const changed = () => {
    for (const id of CHANNEL_READS) void queryClient.invalidateQueries({ queryKey: endpointPrefix(id) });
  };
  return (
    <AssociationPanel
      testId="channel-inventories"
      members={members}
      candidates={(candidates.data?.items ?? []).map((i) => ({ id: i.id, label: i.name, detail: i.region }))}
      onCandidateSearch={setSearch}
      onAdd={(inventoryId) => add.mutateAsync({ params: { id: channelId, inventoryId } }).then(changed)}
      onRemove={(inventoryId) => remove.mutateAsync({ params: { id: channelId, inventoryId } }).then(changed)}
    />
  );
}

/** The channel's groups (a channel joins or leaves a group from the group's modal). */
function ChannelGroups({ channelId }: { channelId: string }) {
  const members = useEndpointQuery(
    'getAdminChannelGroups',
    { params: { id: channelId } },
    { select: (list) => ({ total: list.groups.length, items: list.groups.map((g) => ({ id: g.id, label: g.name, detail: g.inventoryName })) }) },
  );
  return <AssociationPanel testId="channel-groups" members={members} candidates={[]} onCandidateSearch={() => undefined} onAdd={async () => undefined} onRemove={async () => undefined} readOnly />;
}
