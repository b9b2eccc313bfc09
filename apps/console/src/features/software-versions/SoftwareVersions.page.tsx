import { useMemo, useState } from 'react';
import { Anchor, Badge, Button, Group, Stack } from '@mantine/core';
import { Select } from '../../components/Pickers';
import { MultiSelect } from '../../components/MultiSelect';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SOFTWARE_VERSION_DEVICES, SOFTWARE_VERSION_SORT_KEYS, type SoftwareVersion, type SoftwareVersionDevice } from '@fleet/contracts';
import { endpointPrefix } from '../../api/hooks';
import { PageTitle } from '../../components/PageTitle';
import {
  defineResource,
  op,
  RowButtonsPage,
  searchQuery,
  useCanCall,
  useToastMutation,
  versionedUpdate,
  type CustomFieldProps,
  type Field,
  type Page,
} from '../../kit';
import { invalidateReads } from '../../realtime/systemEntities';
import { formErrors, initialValues, toBody, type SoftwareVersionFormValues } from './softwareVersionForm';
import SoftwareVersionInventoriesModal from './SoftwareVersionInventoriesModal';
import { useInventoryOptions } from './useInventoryOptions';

type DeprecatedFilter = 'all' | 'current' | 'deprecated';

interface Filters {
  readonly deprecated: DeprecatedFilter;
  readonly device: SoftwareVersionDevice | null;
  readonly inventoryId: string | null;
}

const READS = ['listSoftwareVersions', 'getSoftwareVersion'] as const;

/** The inventories a version is assigned to (none: every inventory); one of the version's the user's options do not hold shows under its name. */
function InventoriesField({ form, label, testId, error, readOnly }: CustomFieldProps<SoftwareVersionFormValues>) {
  const { t } = useTranslation();
  const { options } = useInventoryOptions();
  const { inventoryIds, known } = form.values;
  const data = [...options, ...known.filter((i) => !options.some((o) => o.id === i.id))].map((i) => ({ value: i.id, label: i.name }));
  // The core words a refused element as `inventoryIds.<n>`: it shows under the picker too.
  const refused = Object.keys(form.errors).find((k) => k === 'inventoryIds' || k.startsWith('inventoryIds.'));
  return (
    <MultiSelect
      label={label}
      description={t('softwareVersions.fields.inventoriesHint')}
      placeholder={inventoryIds.length === 0 ? t('softwareVersions.allInventories') : undefined}
      data={data}
      value={[...inventoryIds]}
      onChange={(ids) => form.set({ inventoryIds: ids })}
      searchable
      clearable
      disabled={readOnly}
      error={refused === undefined ? undefined : error(refused)}
      data-testid={testId}
    />
  );
}

const FIELDS: readonly Field<SoftwareVersionFormValues>[] = [
  { kind: 'text', name: 'number', label: 'softwareVersions.fields.number', description: 'softwareVersions.fields.numberHint', required: true },
  { kind: 'text', name: 'description', label: 'softwareVersions.fields.description' },
  { kind: 'text', name: 'releaseNotesUrl', label: 'softwareVersions.fields.releaseNotesUrl', testId: 'release-notes' },
  {
    kind: 'multiselect',
    name: 'supportedDevices',
    label: 'softwareVersions.fields.supportedDevices',
    testId: 'devices',
    options: (t) => SOFTWARE_VERSION_DEVICES.map((d) => ({ value: d, label: t(`softwareVersions.devices.${d}`) })),
  },
  { kind: 'custom', name: 'inventoryIds', label: 'softwareVersions.fields.inventories', testId: 'inventories', render: InventoriesField },
  { kind: 'switch', name: 'deprecated', label: 'softwareVersions.fields.deprecated', description: 'softwareVersions.fields.deprecatedHint' },
];

/** Every version the cached lists hold (the number's uniqueness is checked against them before anything is sent). */
function listedVersions(queryClient: QueryClient): readonly SoftwareVersion[] {
  return queryClient.getQueriesData<Page<SoftwareVersion>>({ queryKey: endpointPrefix('listSoftwareVersions') }).flatMap(([, page]) => page?.items ?? []);
}

/**
 * The versions of the filters: newest first (numbers compared as versions), searched by number or
 * description; an edit reads the version fresh by id (one deleted meanwhile says so) and saves with
 * the version kept now; a version's events make the lists read again.
 */
function softwareVersionResource(filters: Filters, queryClient: QueryClient) {
  const { deprecated, device, inventoryId } = filters;
  return defineResource<SoftwareVersion, SoftwareVersion, SoftwareVersionFormValues>({
    testId: 'sw-version',
    titles: { new: 'softwareVersions.create.title', edit: 'softwareVersions.edit.title', noun: 'softwareVersions.noun' },
    rowKey: (v) => v.id,
    label: (v) => v.number,
    list: {
      op: op('listSoftwareVersions', (view) => ({
        query: {
          ...searchQuery(view, ['number', 'description'], SOFTWARE_VERSION_SORT_KEYS),
          ...(deprecated === 'all' ? {} : { deprecated: deprecated === 'deprecated' ? ('true' as const) : ('false' as const) }),
          ...(device === null ? {} : { device }),
          ...(inventoryId === null ? {} : { inventoryId }),
        },
      })),
      searchKeys: ['number', 'description'],
      defaultSort: 'number',
    },
    columns: (t) => [
      { id: 'number', header: t('softwareVersions.columns.number'), sortKey: 'number', cellTestId: true, render: (v) => v.number },
      { id: 'description', header: t('softwareVersions.columns.description'), cellTestId: true, render: (v) => v.description },
      {
        id: 'notes',
        header: t('softwareVersions.columns.releaseNotes'),
        render: (v) =>
          v.releaseNotesUrl != null && (
            <Anchor href={v.releaseNotesUrl} target="_blank" rel="noopener noreferrer" size="sm" data-testid={`sw-version-notes-${v.id}`}>
              {t('softwareVersions.releaseNotes')}
            </Anchor>
          ),
      },
      {
        id: 'devices',
        header: t('softwareVersions.columns.supportedDevices'),
        cellTestId: true,
        render: (v) => (
          <Group gap={4}>
            {v.supportedDevices.map((d) => (
              <Badge key={d} variant="outline" size="xs">
                {t(`softwareVersions.devices.${d}`)}
              </Badge>
            ))}
          </Group>
        ),
      },
      {
        id: 'inventories',
        header: t('softwareVersions.columns.inventories'),
        cellTestId: true,
        render: (v) => (v.global ? t('softwareVersions.allInventories') : v.inventories.map((i) => i.name).join(', ')),
      },
      {
        id: 'state',
        header: t('softwareVersions.columns.state'),
        render: (v) => (
          <Badge color={v.deprecated ? 'orange' : 'green'} variant="light" data-testid={`sw-version-state-${v.id}`} data-value={String(v.deprecated)}>
            {v.deprecated ? t('softwareVersions.deprecated') : t('softwareVersions.current')}
          </Badge>
        ),
      },
    ],
    get: op('getSoftwareVersion', (id: string) => ({ params: { id } })),
    form: { fields: FIELDS, initial: initialValues, check: (values, version) => formErrors(values, listedVersions(queryClient), version?.id ?? null) },
    create: op('createSoftwareVersion', (values: SoftwareVersionFormValues) => ({ body: toBody(values) })),
    update: versionedUpdate('updateSoftwareVersion', toBody),
    // A refusal (an upgrade targets the version) shows in the confirmation.
    remove: op('deleteSoftwareVersion', (v: SoftwareVersion) => ({ params: { id: v.id } })),
  });
}

/**
 * /sw_version (spec 001 §2 "software versions", §3 Software version): the versions the user may
 * see (available to one of their inventories, or to all), newest first, searched by number or
 * description, filtered by deprecated, supported device and inventory, a page of 50 at a time, kept
 * current over /ws. Super user and staff create, edit, deprecate and delete; the admin roles make a
 * version available to their inventories or withdraw it; the other roles of the screen read only
 * (each button shows to whom the catalogue lets make its call).
 */
export default function SoftwareVersionsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const inventories = useInventoryOptions();
  const mayDeprecate = useCanCall('updateSoftwareVersion');
  const mayAssign = useCanCall('assignSoftwareVersionInventory');
  const [filters, setFilters] = useState<Filters>({ deprecated: 'all', device: null, inventoryId: null });
  const [assigning, setAssigning] = useState<SoftwareVersion | null>(null);
  const resource = useMemo(() => softwareVersionResource(filters, queryClient), [filters, queryClient]);
  const filter = (change: Partial<Filters>) => setFilters((f) => ({ ...f, ...change }));

  const update = useToastMutation('updateSoftwareVersion', { onSuccess: () => invalidateReads(queryClient, READS) });
  const rowActions = (v: SoftwareVersion) => (
    <>
      {mayDeprecate && (
        <Button
          size="compact-sm"
          variant="light"
          color={v.deprecated ? 'green' : 'orange'}
          onClick={() => update.mutate({ params: { id: v.id }, body: { deprecated: !v.deprecated, version: v.version } })}
          loading={update.isPending && update.variables?.params?.id === v.id}
          data-testid={`sw-version-deprecate-${v.id}`}
        >
          {v.deprecated ? t('softwareVersions.actions.undeprecate') : t('softwareVersions.actions.deprecate')}
        </Button>
      )}
      {mayAssign && (
        <Button size="compact-sm" variant="light" onClick={() => setAssigning(v)} data-testid={`sw-version-assign-${v.id}`}>
          {t('softwareVersions.actions.inventories')}
        </Button>
      )}
    </>
  );

  return (
    <Stack gap="sm" data-testid="sw-versions-page">
      <PageTitle title={t('routes.swVersion')} />
      <RowButtonsPage
        resource={resource}
        listTestId="sw-versions"
        tableTestId="table"
        filterKey={JSON.stringify(filters)}
        addLabel={t('softwareVersions.actions.create')}
        addTestId="sw-versions-create"
        sortDir="desc"
        rowData={(v) => ({ 'data-number': v.number })}
        rowActions={mayDeprecate || mayAssign ? rowActions : undefined}
        deleteQuestion={(v) => t('softwareVersions.delete.question', { number: v.number })}
        emptyText={t('softwareVersions.empty')}
        toolbar={
          <>
            <Select
              label={t('softwareVersions.filters.state')}
              data={(['all', 'current', 'deprecated'] as const).map((v) => ({ value: v, label: t(`softwareVersions.filters.${v}`) }))}
              value={filters.deprecated}
              onChange={(v) => filter({ deprecated: v === 'current' || v === 'deprecated' ? v : 'all' })}
              allowDeselect={false}
              w={150}
              data-testid="sw-versions-deprecated-filter"
            />
            <Select
              label={t('softwareVersions.filters.device')}
              placeholder={t('softwareVersions.filters.anyDevice')}
              data={SOFTWARE_VERSION_DEVICES.map((d) => ({ value: d, label: t(`softwareVersions.devices.${d}`) }))}
              value={filters.device}
              onChange={(v) => filter({ device: SOFTWARE_VERSION_DEVICES.find((d) => d === v) ?? null })}
              clearable
              w={190}
              data-testid="sw-versions-device-filter"
            />
            <Select
              label={t('softwareVersions.filters.inventory')}
              placeholder={t('softwareVersions.filters.anyInventory')}
              data={inventories.options.map((i) => ({ value: i.id, label: i.name }))}
              value={filters.inventoryId}
              onChange={(inventoryId) => filter({ inventoryId })}
              clearable
              searchable
              w={200}
              data-testid="sw-versions-inventory-filter"
            />
          </>
        }
      >
        {assigning !== null && <SoftwareVersionInventoriesModal version={assigning} onClose={() => setAssigning(null)} />}
      </RowButtonsPage>
    </Stack>
  );
}
