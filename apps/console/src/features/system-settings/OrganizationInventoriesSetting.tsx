/**
 * Organisation inventories (spec 001 §2 /system_settings organization_inventory): which inventories
 * each organisation has, filtered by organisation; add one (the core's "Association already exists"
 * when it is there) and remove one.
 */
import { useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OrganisationInventory, OrganisationInventorySearchQuery } from '@fleet/contracts';
import { useEndpointQuery } from '../../api/hooks';
import { useConfirmedDelete } from '../../components/useConfirmedDelete';
import { useToast } from '../../toast/useToast';
import { SettingsDeleteModal, SettingsFrame, SettingsFormModal, settingsListQuery, useSettingsLive, useSettingsView, type SettingsColumn } from './SettingsFrame';
import { useSettingsMutation } from './settingsForm';
import type { SystemSettingsProps } from './SystemSettings';

const LISTS = ['searchOrganisationInventories', 'searchOrganisations', 'getOrganisation'] as const;
/** Every organisation and inventory in one answer, for the pickers (the admin lists' largest page). */
const ALL = { offset: 0, limit: 1000 } as const;

const keyOf = (a: Pick<OrganisationInventory, 'organisationId' | 'inventoryId'>) => `${a.organisationId}--${a.inventoryId}`;

function AddModal({ organisationId, onClose }: { readonly organisationId: string | null; readonly onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [organisation, setOrganisation] = useState<string | null>(organisationId);
  const [inventory, setInventory] = useState<string | null>(null);
  const organisations = useEndpointQuery('searchOrganisations', { query: ALL });
  const inventories = useEndpointQuery('searchAdminInventories', { query: ALL });
  const add = useSettingsMutation('addOrganisationInventory', LISTS);
  const onSave = () => {
    if (organisation === null || inventory === null) return;
    add.mutate(
      { params: { id: organisation }, body: { inventoryId: inventory } },
      {
        onSuccess: (a) => {
          toast.show({ message: t('systemSettings.organization_inventory.added', { inventory: a.inventoryName, organisation: a.organisationName }), variant: 'success' });
          onClose();
        },
      },
    );
  };
  return (
    <SettingsFormModal testId="organization_inventory" title={t('systemSettings.organization_inventory.createTitle')} pending={add.isPending} error={add.error} onSave={onSave} onClose={onClose}>
      <Select
        label={t('systemSettings.organization_inventory.organisation')}
        data={(organisations.data?.items ?? []).map((o) => ({ value: o.id, label: o.name }))}
        value={organisation}
        onChange={setOrganisation}
        searchable
        withAsterisk
        comboboxProps={{ withinPortal: true }}
        data-testid="settings-organization_inventory-organisation"
      />
      <Select
        label={t('systemSettings.organization_inventory.inventory')}
        data={(inventories.data?.items ?? []).map((i) => ({ value: i.id, label: i.name }))}
        value={inventory}
        onChange={setInventory}
        searchable
        withAsterisk
        comboboxProps={{ withinPortal: true }}
        data-testid="settings-organization_inventory-inventory"
      />
    </SettingsFormModal>
  );
}

export default function OrganizationInventoriesSetting(_props: SystemSettingsProps) {
  const { t } = useTranslation();
  const [view, setView] = useSettingsView('inventoryName');
  const [organisationId, setOrganisationId] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  useSettingsLive(['organization', 'organization_inventory'], LISTS);
  const organisations = useEndpointQuery('searchOrganisations', { query: ALL });
  const query = { ...settingsListQuery(view), ...(organisationId === null ? {} : { organisationId }) } as OrganisationInventorySearchQuery;
  const list = useEndpointQuery('searchOrganisationInventories', { query }, { placeholderData: keepPreviousData });
  const del = useConfirmedDelete(useSettingsMutation('removeOrganisationInventory', LISTS), {
    variables: (a: OrganisationInventory) => ({ params: { id: a.organisationId, inventoryId: a.inventoryId } }),
    deleted: (a) => t('systemSettings.organization_inventory.removed', { inventory: a.inventoryName, organisation: a.organisationName }),
  });

  const columns: SettingsColumn<OrganisationInventory>[] = [
    { id: 'inventory', header: t('systemSettings.organization_inventory.columns.inventory'), render: (a) => a.inventoryName, sortKey: 'inventoryName' },
    { id: 'organisation', header: t('systemSettings.organization_inventory.columns.organisation'), render: (a) => a.organisationName, sortKey: 'organisationName' },
  ];

  return (
    <SettingsFrame
      testId="organization_inventory"
      query={list}
      columns={columns}
      rowKey={keyOf}
      view={view}
      onViewChange={setView}
      onAdd={() => setAdding(true)}
      addLabel={t('systemSettings.organization_inventory.add')}
      onDelete={del.ask}
      toolbar={
        <Select
          label={t('systemSettings.organization_inventory.organisation')}
          placeholder={t('systemSettings.organization_inventory.allOrganisations')}
          data={(organisations.data?.items ?? []).map((o) => ({ value: o.id, label: o.name }))}
          value={organisationId}
          onChange={(id) => {
            setOrganisationId(id);
            setView({ ...view, page: 1 });
          }}
          clearable
          searchable
          data-testid="settings-organization_inventory-filter"
        />
      }
    >
      {adding && <AddModal organisationId={organisationId} onClose={() => setAdding(false)} />}
      {del.target !== null && <SettingsDeleteModal testId="organization_inventory" name={`${del.target.inventoryName} (${del.target.organisationName})`} {...del.modalProps} />}
    </SettingsFrame>
  );
}
