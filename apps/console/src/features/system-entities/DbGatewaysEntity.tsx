/**
 * Databridge gateways (spec 001 §2 /system_entities dbGateways; §3 databridge gateways).
 *
 * The searchable, sortable, paged list over v2/admin/dbGateways; a modal creates one, or changes
 * or deletes one (name unique, host, port 1-65535, inventory or none), the spec's messages inline.
 */
import { useState } from 'react';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Modal, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AdminDbGateway, AdminDbGatewayRow, AdminDbGatewaySearchQuery } from '@fleet/contracts';
import { endpointPrefix, useEndpointMutation, useEndpointQuery } from '../../api/hooks';
import { useApiErrorMessage } from '../../api/errorMessage';
import { useFieldError } from '../../lib/forms/useFieldError';
import { useForm } from '../../lib/forms/useForm';
import { useToast } from '../../toast/useToast';
import { EntityList, listQuery, useEntityView, type EntityListColumn } from './EntityList';
import { DeleteButton, InventorySelect, ModalFooter } from './EntityParts';
import { checkDbGateway, dbGatewayCreateBody, dbGatewayForm, dbGatewayUpdateBody, type DbGatewayForm } from './deviceForms';
import type { SystemEntitiesProps } from './SystemEntities';
import { useListRefresh } from './useEntityLive';
import { useDevicesLive } from './useDevicesLive';

const NEW = 'new';
const SEARCH_KEYS = ['name', 'host', 'status'] as const;

export default function DbGatewaysEntity(_props: SystemEntitiesProps) {
  const { t } = useTranslation();
  const listRefresh = useListRefresh();
  useDevicesLive();
  const [view, setView] = useEntityView('name');
  const [open, setOpen] = useState<string | null>(null);
  const list = useEndpointQuery(
    'searchAdminDbGateways',
    { query: { ...listQuery(view), searchKey: view.searchKey as AdminDbGatewaySearchQuery['searchKey'], sortBy: view.sortBy as AdminDbGatewaySearchQuery['sortBy'] } },
    { placeholderData: keepPreviousData, refetchInterval: listRefresh },
  );
  const columns: EntityListColumn<AdminDbGatewayRow>[] = [
    { id: 'name', header: t('systemDevices.dbGateways.name'), sortKey: 'name', render: (g) => g.name },
    { id: 'host', header: t('systemDevices.dbGateways.host'), sortKey: 'host', render: (g) => g.host || '—' },
    { id: 'port', header: t('systemDevices.dbGateways.port'), render: (g) => g.port ?? '—' },
    { id: 'status', header: t('systemDevices.dbGateways.status'), sortKey: 'status', render: (g) => g.status },
    { id: 'inventory', header: t('systemDevices.dbGateways.inventory'), render: (g) => g.inventoryName ?? t('systemDevices.dbGateways.anyInventory') },
    { id: 'units', header: t('systemDevices.dbGateways.units'), render: (g) => g.unitCount },
  ];
  return (
    <>
      <EntityList
        testId="db-gateways"
        searchKeys={SEARCH_KEYS.map((k) => ({ value: k, label: t(`systemDevices.dbGateways.${k}`) }))}
        columns={columns}
        view={view}
        onViewChange={setView}
        query={list}
        rowKey={(g) => g.id}
        onOpen={(g) => setOpen(g.id)}
        actions={
          <Button onClick={() => setOpen(NEW)} data-testid="db-gateways-new">
            {t('systemDevices.dbGateways.new')}
          </Button>
        }
      />
      {open !== null && <DbGatewayModal id={open === NEW ? null : open} onClose={() => setOpen(null)} />}
    </>
  );
}

function DbGatewayModal({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const errorText = useApiErrorMessage();
  const query = useEndpointQuery('getAdminDbGateway', { params: { id: id ?? '' } }, { enabled: id !== null });
  const title = id === null ? t('systemDevices.dbGateways.new') : t('systemDevices.dbGateways.editTitle', { name: query.data?.name ?? '' });
  return (
    <Modal opened onClose={onClose} title={title} data-testid="db-gateway-modal">
      {id === null ? (
        <DbGatewayEditor gateway={null} onClose={onClose} />
      ) : query.isError ? (
        <Alert color="red" data-testid="db-gateway-load-error">{errorText(query.error)}</Alert>
      ) : query.data ? (
        <DbGatewayEditor gateway={query.data} onClose={onClose} />
      ) : null}
    </Modal>
  );
}

function DbGatewayEditor({ gateway, onClose }: { gateway: AdminDbGateway | null; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useApiErrorMessage();
  const queryClient = useQueryClient();
  const form = useForm<DbGatewayForm>(dbGatewayForm(gateway), checkDbGateway);
  const error = useFieldError('db-gateway-error', form.errors);
  const create = useEndpointMutation('createAdminDbGateway');
  const update = useEndpointMutation('updateAdminDbGateway');
  const remove = useEndpointMutation('deleteAdminDbGateway');
  const done = (key: 'created' | 'saved' | 'deleted', name: string) => {
    for (const id of ['searchAdminDbGateways', 'getAdminDbGateway'] as const) void queryClient.invalidateQueries({ queryKey: endpointPrefix(id) });
    toast.show({ message: t(`systemDevices.dbGateways.${key}`, { name }), variant: 'success' });
    onClose();
  };
  const save = () => {
    const values = form.submit();
    if (!values) return;
    if (gateway === null) {
      create.mutate({ body: dbGatewayCreateBody(values) }, { onSuccess: (g) => done('created', g.name), onError: (e) => form.failed(e) });
    } else {
      update.mutate(
        { params: { id: gateway.id }, body: dbGatewayUpdateBody(values, gateway.version) },
        { onSuccess: (g) => done('saved', g.name), onError: (e) => form.failed(e) },
      );
    }
  };
  const del = () => {
    if (gateway) remove.mutate({ params: { id: gateway.id } }, { onSuccess: () => done('deleted', gateway.name), onError: (e) => form.failed(e, {}) });
  };
  return (
    <Stack gap="sm">
      {form.error !== null && Object.keys(form.errors).length === 0 && (
        <Alert color="red" data-testid="db-gateway-form-error">{errorText(form.error)}</Alert>
      )}
      {(['name', 'host', 'port'] as const).map((field) => (
        <TextInput
          key={field}
          label={t(`systemDevices.dbGateways.${field}`)}
          value={form.values[field]}
          onChange={(e) => form.set({ [field]: e.currentTarget.value })}
          error={error(field)}
          required
          data-testid={`db-gateway-${field}`}
        />
      ))}
      <InventorySelect
        label={t('systemDevices.dbGateways.inventory')}
        value={form.values.inventoryId}
        valueName={gateway?.inventoryName ?? null}
        onChange={(inventoryId) => form.set({ inventoryId })}
        error={error('inventoryId')}
        clearable
        testId="db-gateway-inventory"
      />
      <ModalFooter
        testId="db-gateway"
        onSave={save}
        onCancel={onClose}
        saving={create.isPending || update.isPending}
        left={gateway !== null && <DeleteButton testId="db-gateway" onConfirm={del} loading={remove.isPending} />}
      />
    </Stack>
  );
}
