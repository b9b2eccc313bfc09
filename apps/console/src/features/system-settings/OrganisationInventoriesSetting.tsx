/**
 * Organisation inventories (spec 001 §2 /system_settings organization_inventory), declared on the
 * resource kit: which inventories each organisation has, filtered by organisation; add one (the
 * filter's organisation first; the core's "Association already exists" when it is there) and remove
 * one.
 */
import { AddOrganisationInventoryBody, ORGANISATION_INVENTORY_SORT_KEYS, type OrganisationInventory } from '@fleet/contracts';
import { useEndpointQuery } from '../../api/hooks';
import { defineResource, op, schemaCheck, searchValueQuery, type Field } from '../../kit';
import { settingReads } from './settingParts';
import { choiceField, filteredSettingPage } from './settingPage';

interface AssociationForm {
  readonly organisationId: string | null;
  readonly inventoryId: string | null;
}

/** Every organisation, by name, for the filter and the new association (the admin lists' largest page). */
function useOrganisationOptions() {
  const organisations = useEndpointQuery('searchOrganisations', { query: { offset: 0, limit: 1000 } });
  return (organisations.data?.items ?? []).map((o) => ({ value: o.id, label: o.name }));
}

const FIELDS: readonly Field<AssociationForm>[] = [
  {
    kind: 'custom',
    name: 'organisationId',
    label: 'systemSettings.organization_inventory.organisation',
    testId: 'organisation',
    required: true,
    render: choiceField('organisationId', useOrganisationOptions),
  },
  { kind: 'inventory', name: 'inventoryId', label: 'systemSettings.organization_inventory.inventory', testId: 'inventory', required: true },
];

const keyOf = (a: Pick<OrganisationInventory, 'organisationId' | 'inventoryId'>) => `${a.organisationId}--${a.inventoryId}`;

/** The associations of one organisation (null: of all), a new one starting with it. */
export function organisationInventoryResource(organisationId: string | null) {
  return defineResource<OrganisationInventory, OrganisationInventory, AssociationForm>({
    testId: 'settings-organization_inventory',
    titles: {
      new: 'systemSettings.organization_inventory.createTitle',
      edit: 'systemSettings.organization_inventory.createTitle',
      noun: 'systemSettings.organization_inventory.noun',
    },
    rowKey: keyOf,
    label: (a) => `${a.inventoryName} (${a.organisationName})`,
    list: {
      op: op('searchOrganisationInventories', (view) => ({
        query: { ...searchValueQuery(view, ORGANISATION_INVENTORY_SORT_KEYS), ...(organisationId === null ? {} : { organisationId }) },
      })),
      searchKeys: [],
      defaultSort: 'inventoryName',
    },
    columns: (t) => [
      { id: 'inventory', header: t('systemSettings.organization_inventory.columns.inventory'), render: (a) => a.inventoryName, sortKey: 'inventoryName' },
      {
        id: 'organisation',
        header: t('systemSettings.organization_inventory.columns.organisation'),
        render: (a) => a.organisationName,
        sortKey: 'organisationName',
      },
    ],
    form: {
      fields: FIELDS,
      initial: () => ({ organisationId, inventoryId: null }),
      check: schemaCheck(FIELDS, AddOrganisationInventoryBody, (v) => ({ inventoryId: v.inventoryId ?? undefined })),
    },
    create: op('addOrganisationInventory', (v: AssociationForm) => ({ params: { id: v.organisationId ?? '' }, body: { inventoryId: v.inventoryId ?? '' } })),
    remove: op('removeOrganisationInventory', (a: OrganisationInventory) => ({ params: { id: a.organisationId, inventoryId: a.inventoryId } })),
    stale: settingReads('organization_inventory'),
  });
}

export default filteredSettingPage(organisationInventoryResource, 'systemSettings.organization_inventory.add', {
  label: 'systemSettings.organization_inventory.organisation',
  all: 'systemSettings.organization_inventory.allOrganisations',
  testId: 'settings-organization_inventory-filter',
  useOptions: useOrganisationOptions,
});
