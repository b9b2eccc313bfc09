/**
 * Servers of one type (spec 001 §2 /system_entities mmh_servers, vr_servers, ingest_servers, transceiver_servers; §3 Server).
 *
 * The searchable, sortable, paged list over v2/admin/servers for the kind's type; `?ifb=1` (the
 * support staff's "IFB Servers" entry) keeps the IFB-capable multimedia hubs and shows their IFB
 * mode. A modal creates one, or changes or deletes one: identity, inventory, cloud placement and
 * the device settings (sent to the server first; the §8 refusals show in the core's words).
 */
import { useState } from 'react';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { Alert, Badge, Button, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ADMIN_SERVER_SEARCH_KEYS, IFB_MODES, PUBLISHING_MODES } from '@fleet/contracts';
import type { AdminServersQuery, ServerDetail, ServerType } from '@fleet/contracts';
import { endpointPrefix, useEndpointMutation, useEndpointQuery } from '../../api/hooks';
import { useApiErrorMessage } from '../../api/errorMessage';
import { useFieldError } from '../../lib/forms/useFieldError';
import { useForm } from '../../lib/forms/useForm';
import { useToast } from '../../toast/useToast';
import { SERVER_KIND_TYPES, checkServer, isServerKind, serverCreateBody, serverForm, serverUpdateBody, type ServerForm } from './deviceForms';
import type { SystemEntitiesProps } from './SystemEntities';
import { useListRefresh } from './useEntityLive';
import { useDevicesLive } from './useDevicesLive';
import { DeleteButton, InventorySelect, ModalFooter, ResourceList, useListView } from '../../kit';
import { listQuery } from '../contractor-entities/entityKinds';
import type { ListColumn } from '../../components/ListTable';

const NEW = 'new';

export default function ServersEntity({ kind }: SystemEntitiesProps) {
  const { t } = useTranslation();
  const listRefresh = useListRefresh();
  useDevicesLive();
  const [params] = useSearchParams();
  const ifb = params.get('ifb') === '1';
  const serverType: ServerType = isServerKind(kind) ? SERVER_KIND_TYPES[kind] : 'mmh_server';
  const [view, setView] = useListView('name');
  const [open, setOpen] = useState<ServerDetail | typeof NEW | null>(null);
  const list = useEndpointQuery(
    'searchAdminServers',
    {
      query: {
        ...listQuery(view),
        type: serverType,
        ...(ifb ? { ifb: 'true' } : {}),
        searchKey: view.searchKey as AdminServersQuery['searchKey'],
        sortBy: view.sortBy as AdminServersQuery['sortBy'],
      },
    },
    { placeholderData: keepPreviousData, refetchInterval: listRefresh },
  );
  const columns: ListColumn<ServerDetail>[] = [
    { id: 'name', header: t('systemDevices.servers.name'), sortKey: 'name', render: (s) => s.name },
    { id: 'uniqueId', header: t('systemDevices.servers.uniqueId'), sortKey: 'uniqueId', render: (s) => s.uniqueId },
    { id: 'serial', header: t('systemDevices.servers.serial'), sortKey: 'serial', render: (s) => s.serial },
    { id: 'alias', header: t('systemDevices.servers.alias'), sortKey: 'alias', render: (s) => s.alias || '—' },
    ...(serverType === 'mmh_server'
      ? [{ id: 'ifbMode', header: t('systemDevices.servers.ifbMode'), render: (s: ServerDetail) => s.ifbMode ?? '—' }]
      : []),
    { id: 'status', header: t('systemDevices.servers.status'), sortKey: 'status', render: (s) => <Badge variant="light">{s.status}</Badge> },
    { id: 'swVersion', header: t('systemDevices.servers.swVersion'), sortKey: 'swVersion', render: (s) => s.swVersion },
  ];
  return (
    <Stack gap="sm">
      {ifb && (
        <Alert color="blue" data-testid="servers-ifb-filter">
          {t('systemDevices.servers.ifbOnly')}
        </Alert>
      )}
      <ResourceList
        testId="servers"
        searchKeys={ADMIN_SERVER_SEARCH_KEYS.map((k) => ({ value: k, label: t(`systemDevices.servers.searchKeys.${k}`) }))}
        columns={columns}
        view={view}
        onViewChange={setView}
        query={list}
        rowKey={(s) => s.id}
        onOpen={(s) => setOpen(s)}
        actions={
          <Button onClick={() => setOpen(NEW)} data-testid="servers-new">
            {t('systemDevices.servers.new')}
          </Button>
        }
      />
      {open !== null && <ServerModal server={open === NEW ? null : open} serverType={serverType} onClose={() => setOpen(null)} />}
    </Stack>
  );
}

function ServerModal({ server, serverType, onClose }: { server: ServerDetail | null; serverType: ServerType; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useApiErrorMessage();
  const queryClient = useQueryClient();
  const form = useForm<ServerForm>(serverForm(server), checkServer(server === null, serverType));
  const error = useFieldError('server-error', form.errors);
  const create = useEndpointMutation('createAdminServer');
  const update = useEndpointMutation('updateAdminServer');
  const remove = useEndpointMutation('deleteAdminServer');
  const changed = () => void queryClient.invalidateQueries({ queryKey: endpointPrefix('searchAdminServers') });
  const done = (key: 'created' | 'saved' | 'deleted', name: string) => {
    changed();
    toast.show({ message: t(`systemDevices.servers.${key}`, { name }), variant: 'success' });
    onClose();
  };

  const save = () => {
    const values = form.submit();
    if (!values) return;
    if (server === null) {
      create.mutate({ body: serverCreateBody(values, serverType) }, { onSuccess: (s) => done('created', s.name), onError: (e) => form.failed(e) });
    } else {
      update.mutate(
        { params: { id: server.id }, body: serverUpdateBody(values, serverType, server.version) },
        { onSuccess: (s) => done('saved', s.name), onError: (e) => form.failed(e) },
      );
    }
  };
  const del = () => {
    if (server) remove.mutate({ params: { id: server.id } }, { onSuccess: () => done('deleted', server.name), onError: (e) => form.failed(e, {}) });
  };
  const text = (field: 'name' | 'serial' | 'alias' | 'productType' | 'swVersion' | 'maxChannels' | 'webrtcPort' | 'genlockOffset' | 'cloudRegion' | 'cloudInstance' | 'cloudProvider', required = false) => (
    <TextInput
      label={t(`systemDevices.servers.${field}`)}
      value={form.values[field]}
      onChange={(e) => form.set({ [field]: e.currentTarget.value })}
      error={error(field)}
      required={required}
      data-testid={`server-${field}`}
    />
  );

  return (
    <Modal opened onClose={onClose} size="lg" title={server ? t('systemDevices.servers.editTitle', { name: server.name }) : t('systemDevices.servers.new')} data-testid="server-modal">
      <Stack gap="sm">
        {form.error !== null && Object.keys(form.errors).length === 0 && (
          <Alert color="red" data-testid="server-form-error">{errorText(form.error)}</Alert>
        )}
        <SimpleGrid cols={2}>
          {text('name', true)}
          {text('serial', true)}
          {text('alias')}
          {text('productType')}
          {text('swVersion', true)}
          <InventorySelect
            label={t('systemDevices.servers.inventory')}
            value={form.values.inventoryId}
            onChange={(inventoryId) => form.set({ inventoryId })}
            error={error('inventoryId')}
            clearable
            testId="server-inventory"
          />
          {serverType === 'mmh_server' && (
            <Select
              label={t('systemDevices.servers.ifbMode')}
              data={IFB_MODES.map((m) => ({ value: m, label: m }))}
              value={form.values.ifbMode}
              onChange={(v) => form.set({ ifbMode: v === 'V1' || v === 'V2' ? v : null })}
              clearable
              error={error('ifbMode')}
              data-testid="server-ifbMode"
            />
          )}
          {text('maxChannels')}
          {text('webrtcPort')}
          <Select
            label={t('systemDevices.servers.publishingMode')}
            data={PUBLISHING_MODES.map((m) => ({ value: m, label: t(`systemDevices.servers.publishingModes.${m}`) }))}
            value={form.values.publishingMode}
            onChange={(v) => v && form.set({ publishingMode: v === 'manual' ? 'manual' : 'automatic' })}
            allowDeselect={false}
            data-testid="server-publishingMode"
          />
          {text('genlockOffset')}
          {text('cloudRegion')}
          {text('cloudInstance')}
          {text('cloudProvider')}
        </SimpleGrid>
        <Group>
          <ModalFooter
            testId="server"
            onSave={save}
            onCancel={onClose}
            saving={create.isPending || update.isPending}
            left={server !== null && <DeleteButton testId="server" onConfirm={del} loading={remove.isPending} />}
          />
        </Group>
      </Stack>
    </Modal>
  );
}
