/**
 * Video return channels (spec 001 §2 /system_entities vrChannels; §3 Video return channel; §7
 * Video return channels admin calls).
 *
 * The searchable, sortable, paged list over v2/admin/vrChannels; a modal creates one (in an
 * inventory), or changes its name, description and serial or deletes it (refused while
 * collecting: the core's words), with the inventories and groups it is shared with (feed
 * sharing), each changed through PUT v2/admin/vrChannels/{uid}.
 */
import { useState } from 'react';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { Alert, Badge, Button, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CreateAdminVrChannelBody, UpdateAdminVrChannelBody, VALIDATION, VR_CHANNEL_SEARCH_KEYS } from '@fleet/contracts';
import type { AdminVrChannelSearchQuery, VrChannelDetail } from '@fleet/contracts';
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
const VR_READS = ['searchAdminVrChannels', 'getAdminVrChannel', 'getAdminVrChannelInventories', 'getAdminVrChannelGroups', 'getAdminVrChannelGroupsOfInventories'] as const;

export default function VrChannelsEntity(_props: SystemEntitiesProps) {
  const { t } = useTranslation();
  const listRefresh = useListRefresh();
  useDevicesLive();
  const [view, setView] = useListView('name');
  const [open, setOpen] = useState<string | null>(null);
  const list = useEndpointQuery(
    'searchAdminVrChannels',
    { query: { ...listQuery(view), searchKey: view.searchKey as AdminVrChannelSearchQuery['searchKey'], sortBy: view.sortBy as AdminVrChannelSearchQuery['sortBy'] } },
    { placeholderData: keepPreviousData, refetchInterval: listRefresh },
  );
  const columns: ListColumn<VrChannelDetail>[] = [
    { id: 'name', header: t('systemDevices.vrChannels.name'), sortKey: 'name', render: (c) => c.name },
    { id: 'uniqueId', header: t('systemDevices.vrChannels.uniqueId'), sortKey: 'uniqueId', render: (c) => c.uniqueId },
    { id: 'serialNumber', header: t('systemDevices.vrChannels.serialNumber'), sortKey: 'serialNumber', render: (c) => c.serialNumber ?? '—' },
    { id: 'server', header: t('systemDevices.vrChannels.server'), render: (c) => c.serverName ?? '—' },
    { id: 'status', header: t('systemDevices.vrChannels.status'), sortKey: 'status', render: (c) => <Badge variant="light">{c.status}</Badge> },
  ];
  return (
    <>
      <ResourceList
        testId="vr-channels"
        searchKeys={VR_CHANNEL_SEARCH_KEYS.map((k) => ({ value: k, label: t(`systemDevices.vrChannels.searchKeys.${k}`) }))}
        columns={columns}
        view={view}
        onViewChange={setView}
        query={list}
        rowKey={(c) => c.uniqueId}
        onOpen={(c) => setOpen(c.uniqueId)}
        actions={
          <Button onClick={() => setOpen(NEW)} data-testid="vr-channels-new">
            {t('systemDevices.vrChannels.new')}
          </Button>
        }
      />
      {open !== null && <VrChannelModal uid={open === NEW ? null : open} onClose={() => setOpen(null)} />}
    </>
  );
}

function VrChannelModal({ uid, onClose }: { uid: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const query = useEndpointQuery('getAdminVrChannel', { params: { uid: uid ?? '' } }, { enabled: uid !== null });
  return (
    <ResourceModal
      testId="vr-channel"
      title={uid === null ? t('systemDevices.vrChannels.new') : t('systemDevices.vrChannels.editTitle', { name: query.data?.name ?? '' })}
      isNew={uid === null}
      query={query}
      editor={(channel) => <VrChannelEditor channel={channel} onClose={onClose} />}
      tabs={[
        { value: 'inventories', label: t('systemEntities.common.inventories'), render: (c) => <VrChannelInventories channel={c} /> },
        { value: 'groups', label: t('systemEntities.common.groups'), render: (c) => <VrChannelGroups channel={c} /> },
      ]}
      onClose={onClose}
    />
  );
}

interface VrChannelForm {
  readonly name: string;
  readonly description: string;
  readonly serialNumber: string;
  readonly inventoryId: string | null;
}

const vrBody = (form: VrChannelForm) => ({ name: form.name.trim(), description: form.description, serialNumber: form.serialNumber.trim() });

function checkVrChannel(isNew: boolean): (form: VrChannelForm) => FieldErrors {
  return (form) => {
    if (!isNew) return checkSchema(UpdateAdminVrChannelBody, vrBody(form));
    const missing: FieldErrors = form.inventoryId === null ? { inventoryId: VALIDATION.required } : {};
    return mergeErrors(missing, checkSchema(CreateAdminVrChannelBody, { ...vrBody(form), inventoryIds: [form.inventoryId ?? 'none'] }));
  };
}

function VrChannelEditor({ channel, onClose }: { channel: VrChannelDetail | null; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useApiErrorMessage();
  const queryClient = useQueryClient();
  const form = useForm<VrChannelForm>(
    { name: channel?.name ?? '', description: channel?.description ?? '', serialNumber: channel?.serialNumber ?? '', inventoryId: null },
    checkVrChannel(channel === null),
  );
  const error = useFieldError('vr-channel-error', form.errors);
  const create = useEndpointMutation('createAdminVrChannel');
  const update = useEndpointMutation('updateAdminVrChannel');
  const remove = useEndpointMutation('deleteAdminVrChannel');
  const done = (key: 'created' | 'saved' | 'deleted', name: string) => {
    for (const id of VR_READS) void queryClient.invalidateQueries({ queryKey: endpointPrefix(id) });
    toast.show({ message: t(`systemDevices.vrChannels.${key}`, { name }), variant: 'success' });
    onClose();
  };
  const save = () => {
    const values = form.submit();
    if (!values) return;
    if (channel === null) {
      create.mutate({ body: { ...vrBody(values), inventoryIds: [values.inventoryId ?? ''] } }, { onSuccess: (c) => done('created', c.name), onError: (e) => form.failed(e) });
    } else {
      update.mutate(
        { params: { uid: channel.uniqueId }, body: { ...vrBody(values), version: channel.version } },
        { onSuccess: (c) => done('saved', c.name), onError: (e) => form.failed(e) },
      );
    }
  };
  const del = () => {
    if (channel) remove.mutate({ params: { uid: channel.uniqueId } }, { onSuccess: () => done('deleted', channel.name), onError: (e) => form.failed(e, {}) });
  };
  return (
    <Stack gap="sm">
      {form.error !== null && Object.keys(form.errors).length === 0 && (
        <Alert color="red" data-testid="vr-channel-form-error">{errorText(form.error)}</Alert>
      )}
      {(['name', 'description', 'serialNumber'] as const).map((field) => (
        <TextInput
          key={field}
          label={t(`systemDevices.vrChannels.${field}`)}
          value={form.values[field]}
          onChange={(e) => form.set({ [field]: e.currentTarget.value })}
          error={error(field)}
          required={field === 'name'}
          data-testid={`vr-channel-${field}`}
        />
      ))}
      {channel === null && (
        <InventorySelect
          label={t('systemDevices.vrChannels.inventory')}
          value={form.values.inventoryId}
          onChange={(inventoryId) => form.set({ inventoryId })}
          error={error('inventoryId') ?? error('inventoryIds')}
          testId="vr-channel-inventory"
        />
      )}
      <ModalFooter
        testId="vr-channel"
        onSave={save}
        onCancel={onClose}
        saving={create.isPending || update.isPending}
        left={channel !== null && <DeleteButton testId="vr-channel" onConfirm={del} loading={remove.isPending} />}
      />
    </Stack>
  );
}

/** Sharing changes go through PUT v2/admin/vrChannels/{uid} with the whole new list, under the channel's version. */
function useVrSharing(channel: VrChannelDetail) {
  const queryClient = useQueryClient();
  const update = useEndpointMutation('updateAdminVrChannel');
  return (change: { inventoryIds?: string[]; groupIds?: string[] }) =>
    update.mutateAsync({ params: { uid: channel.uniqueId }, body: { ...change, version: channel.version } }).then((saved) => {
      queryClient.setQueryData(['getAdminVrChannel', { params: { uid: saved.uniqueId } }], saved);
      for (const id of VR_READS) void queryClient.invalidateQueries({ queryKey: endpointPrefix(id) });
    });
}

function VrChannelInventories({ channel }: { channel: VrChannelDetail }) {
  const [search, setSearch] = useState('');
  const share = useVrSharing(channel);
  const members = useEndpointQuery(
    'getAdminVrChannelInventories',
    { params: { id: channel.uniqueId } },
    { select: (list) => ({ total: list.length, items: list.map((i) => ({ id: i.id, label: i.name })) }) },
  );
  const candidates = useEndpointQuery(
    'searchAdminInventories',
    { query: { limit: 20, sortBy: 'name', sortDir: 'asc', ...(search.trim() !== '' ? { searchKey: 'name', searchValue: search.trim() } : {}) } },
    { placeholderData: keepPreviousData },
  );
  return (
    <AssociationPanel
      testId="vr-channel-inventories"
      members={members}
      candidates={(candidates.data?.items ?? []).map((i) => ({ id: i.id, label: i.name }))}
      onCandidateSearch={setSearch}
      onAdd={(id) => share({ inventoryIds: [...channel.inventoryIds, id] })}
      onRemove={(id) => share({ inventoryIds: channel.inventoryIds.filter((i) => i !== id) })}
    />
  );
}

function VrChannelGroups({ channel }: { channel: VrChannelDetail }) {
  const [search, setSearch] = useState('');
  const share = useVrSharing(channel);
  const members = useEndpointQuery(
    'getAdminVrChannelGroups',
    { params: { id: channel.uniqueId }, query: { limit: 100 } },
    { select: (page) => ({ total: page.total, items: page.items.map((g) => ({ id: g.id, label: g.name, detail: g.inventoryName })) }) },
  );
  const candidates = useEndpointQuery(
    'getAdminVrChannelGroupsOfInventories',
    { params: { id: channel.uniqueId }, query: { limit: 50, ...(search.trim() !== '' ? { searchValue: search.trim() } : {}) } },
    { placeholderData: keepPreviousData },
  );
  return (
    <AssociationPanel
      testId="vr-channel-groups"
      members={members}
      candidates={(candidates.data?.items ?? []).map((g) => ({ id: g.id, label: g.name, detail: g.inventoryName }))}
      onCandidateSearch={setSearch}
      onAdd={(id) => share({ groupIds: [...channel.groupIds, id] })}
      onRemove={(id) => share({ groupIds: channel.groupIds.filter((g) => g !== id) })}
    />
  );
}
