import { lazy, Suspense, useState } from 'react';
import { Anchor, Badge, Button, Group, Loader, Pagination, Select, Stack, Table, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { catalogue, hasAnyRole, SOFTWARE_VERSION_DEVICES, type SoftwareVersion, type SoftwareVersionDevice } from '@fleet/contracts';
import { endpointPrefix, useEndpointMutation, useEndpointQuery } from '../../api/hooks';
import { useApiErrorMessage } from '../../api/errorMessage';
import { ConfirmDeleteModal } from '../../components/ConfirmDeleteModal';
import { QueryView } from '../../components/QueryView';
import { useConfirmedDelete } from '../../components/useConfirmedDelete';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { rolesOf, useSessionUser } from '../../session/hooks';
import { useToast } from '../../toast/useToast';
import { useInventoryOptions } from './useInventoryOptions';
import { useSoftwareVersionsLive } from './useSoftwareVersionsLive';

// Loaded when a version is created, edited or assigned.
const SoftwareVersionModal = lazy(() => import('./SoftwareVersionModal'));
const SoftwareVersionInventoriesModal = lazy(() => import('./SoftwareVersionInventoriesModal'));

type Dialog =
  | { readonly kind: 'create' }
  | { readonly kind: 'edit'; readonly version: SoftwareVersion }
  | { readonly kind: 'inventories'; readonly version: SoftwareVersion };

const PAGE_SIZE = 50;
type DeprecatedFilter = 'all' | 'current' | 'deprecated';

/**
 * /sw_version (spec 001 §2 "software versions", §3 Software version): the versions the user may
 * see (available to one of their inventories, or to all), newest first (numbers compared as
 * versions), searched by number or description, filtered by deprecated, supported device and
 * inventory, a page of 50 at a time, kept current over /ws. Super user and staff create, edit,
 * deprecate and delete; the admin roles make a version available to their inventories or withdraw
 * it; the other roles of the screen read only.
 */
export default function SoftwareVersionsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('routes.swVersion'));
  const user = useSessionUser();
  const roles = user ? rolesOf(user) : [];
  // Write actions for the roles their calls declare in the catalogue.
  const canWrite = hasAnyRole(roles, catalogue.createSoftwareVersion.roles);
  const canAssign = hasAnyRole(roles, catalogue.assignSoftwareVersionInventory.roles);
  const queryClient = useQueryClient();
  const toast = useToast();
  const errorText = useApiErrorMessage();
  const inventories = useInventoryOptions();
  const [search, setSearch] = useState('');
  const [searchKey, setSearchKey] = useState<'number' | 'description'>('number');
  const [deprecated, setDeprecated] = useState<DeprecatedFilter>('all');
  const [device, setDevice] = useState<SoftwareVersionDevice | null>(null);
  const [inventoryId, setInventoryId] = useState<string | null>(null);
  const [sortDir, setSortDir] = useState<'asc' | 'desc'>('desc');
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  useSoftwareVersionsLive();

  const query = {
    offset: (page - 1) * PAGE_SIZE,
    limit: PAGE_SIZE,
    searchKey,
    sortDir,
    ...(search.trim() === '' ? {} : { searchValue: search.trim() }),
    ...(deprecated === 'all' ? {} : { deprecated: deprecated === 'deprecated' ? ('true' as const) : ('false' as const) }),
    ...(device === null ? {} : { device }),
    ...(inventoryId === null ? {} : { inventoryId }),
  };
  const list = useEndpointQuery('listSoftwareVersions', { query }, { placeholderData: (previous) => previous });
  const versions = list.data?.items ?? [];
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / PAGE_SIZE));
  // Any filter change starts again at the first page.
  const filtered = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    setPage(1);
  };

  const update = useEndpointMutation('updateSoftwareVersion');
  const toggleDeprecated = (version: SoftwareVersion) =>
    update.mutate(
      { params: { id: version.id }, body: { deprecated: !version.deprecated, version: version.version } },
      {
        onSuccess: () => void queryClient.invalidateQueries({ queryKey: endpointPrefix('listSoftwareVersions') }),
        onError: (e) => toast.show({ message: errorText(e), variant: 'error' }),
      },
    );
  // A refusal (an upgrade targets the version) shows in the confirmation.
  const del = useConfirmedDelete(useEndpointMutation('deleteSoftwareVersion'), {
    variables: (version: SoftwareVersion) => ({ params: { id: version.id } }),
    deleted: (version) => t('softwareVersions.toasts.deleted', { number: version.number }),
    onDeleted: () => void queryClient.invalidateQueries({ queryKey: endpointPrefix('listSoftwareVersions') }),
  });

  return (
    <Stack gap="sm" data-testid="sw-versions-page">
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={2} data-testid="page-title">
          {t('routes.swVersion')}
        </Title>
        {canWrite && (
          <Button size="xs" onClick={() => setDialog({ kind: 'create' })} data-testid="sw-versions-create">
            {t('softwareVersions.actions.create')}
          </Button>
        )}
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          aria-label={t('softwareVersions.filters.searchKey')}
          data={[
            { value: 'number', label: t('softwareVersions.columns.number') },
            { value: 'description', label: t('softwareVersions.columns.description') },
          ]}
          value={searchKey}
          onChange={(v) => v !== null && filtered(setSearchKey)(v === 'description' ? 'description' : 'number')}
          allowDeselect={false}
          size="xs"
          w={140}
          data-testid="sw-versions-search-key"
        />
        <TextInput
          aria-label={t('softwareVersions.filters.search')}
          placeholder={t('softwareVersions.filters.search')}
          value={search}
          onChange={(e) => filtered(setSearch)(e.currentTarget.value)}
          size="xs"
          w={200}
          data-testid="sw-versions-search"
        />
        <Select
          aria-label={t('softwareVersions.filters.state')}
          data={(['all', 'current', 'deprecated'] as const).map((v) => ({ value: v, label: t(`softwareVersions.filters.${v}`) }))}
          value={deprecated}
          onChange={(v) => filtered(setDeprecated)(v === 'current' || v === 'deprecated' ? v : 'all')}
          allowDeselect={false}
          size="xs"
          w={150}
          data-testid="sw-versions-deprecated-filter"
        />
        <Select
          aria-label={t('softwareVersions.filters.device')}
          placeholder={t('softwareVersions.filters.anyDevice')}
          data={SOFTWARE_VERSION_DEVICES.map((d) => ({ value: d, label: t(`softwareVersions.devices.${d}`) }))}
          value={device}
          onChange={(v) => filtered(setDevice)(SOFTWARE_VERSION_DEVICES.find((d) => d === v) ?? null)}
          clearable
          size="xs"
          w={190}
          data-testid="sw-versions-device-filter"
        />
        <Select
          aria-label={t('softwareVersions.filters.inventory')}
          placeholder={t('softwareVersions.filters.anyInventory')}
          data={inventories.options.map((i) => ({ value: i.id, label: i.name }))}
          value={inventoryId}
          onChange={filtered(setInventoryId)}
          clearable
          searchable
          size="xs"
          w={200}
          data-testid="sw-versions-inventory-filter"
        />
      </Group>
      <QueryView query={list} testIdPrefix="sw-versions" errorTitle={t('softwareVersions.loadFailed')}>
        {() =>
          versions.length === 0 ? (
            <Text c="dimmed" data-testid="sw-versions-empty">
              {t('softwareVersions.empty')}
            </Text>
          ) : (
            <Table striped highlightOnHover data-testid="sw-versions-table" aria-label={t('routes.swVersion')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th aria-sort={sortDir === 'asc' ? 'ascending' : 'descending'}>
                    <UnstyledButton onClick={() => filtered(setSortDir)(sortDir === 'asc' ? 'desc' : 'asc')} data-testid="sw-versions-sort-number" fw={700} fz="sm">
                      {t('softwareVersions.columns.number')} {sortDir === 'asc' ? '▲' : '▼'}
                    </UnstyledButton>
                  </Table.Th>
                  <Table.Th>{t('softwareVersions.columns.description')}</Table.Th>
                  <Table.Th>{t('softwareVersions.columns.releaseNotes')}</Table.Th>
                  <Table.Th>{t('softwareVersions.columns.supportedDevices')}</Table.Th>
                  <Table.Th>{t('softwareVersions.columns.inventories')}</Table.Th>
                  <Table.Th>{t('softwareVersions.columns.state')}</Table.Th>
                  {(canWrite || canAssign) && <Table.Th aria-label={t('softwareVersions.columns.actions')} />}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {versions.map((v) => (
                  <Table.Tr key={v.id} data-testid={`sw-version-row-${v.id}`} data-number={v.number}>
                    <Table.Td data-testid={`sw-version-number-${v.id}`}>{v.number}</Table.Td>
                    <Table.Td data-testid={`sw-version-description-${v.id}`}>{v.description}</Table.Td>
                    <Table.Td>
                      {v.releaseNotesUrl !== null && (
                        <Anchor href={v.releaseNotesUrl} target="_blank" rel="noopener noreferrer" size="sm" data-testid={`sw-version-notes-${v.id}`}>
                          {t('softwareVersions.releaseNotes')}
                        </Anchor>
                      )}
                    </Table.Td>
                    <Table.Td data-testid={`sw-version-devices-${v.id}`}>
                      <Group gap={4}>
                        {v.supportedDevices.map((d) => (
                          <Badge key={d} variant="outline" size="xs">
                            {t(`softwareVersions.devices.${d}`)}
                          </Badge>
                        ))}
                      </Group>
                    </Table.Td>
                    <Table.Td data-testid={`sw-version-inventories-${v.id}`}>
                      {v.global ? t('softwareVersions.allInventories') : v.inventories.map((i) => i.name).join(', ')}
                    </Table.Td>
                    <Table.Td>
                      <Badge color={v.deprecated ? 'orange' : 'green'} variant="light" data-testid={`sw-version-state-${v.id}`} data-value={String(v.deprecated)}>
                        {v.deprecated ? t('softwareVersions.deprecated') : t('softwareVersions.current')}
                      </Badge>
                    </Table.Td>
                    {(canWrite || canAssign) && (
                      <Table.Td>
                        <Group gap="xs" justify="flex-end" wrap="nowrap">
                          {canWrite && (
                            <Button
                              size="compact-xs"
                              variant="light"
                              color={v.deprecated ? 'green' : 'orange'}
                              onClick={() => toggleDeprecated(v)}
                              loading={update.isPending && update.variables?.params?.id === v.id}
                              data-testid={`sw-version-deprecate-${v.id}`}
                            >
                              {v.deprecated ? t('softwareVersions.actions.undeprecate') : t('softwareVersions.actions.deprecate')}
                            </Button>
                          )}
                          {canWrite && (
                            <Button size="compact-xs" variant="light" onClick={() => setDialog({ kind: 'edit', version: v })} data-testid={`sw-version-edit-${v.id}`}>
                              {t('softwareVersions.actions.edit')}
                            </Button>
                          )}
                          {canAssign && (
                            <Button size="compact-xs" variant="light" onClick={() => setDialog({ kind: 'inventories', version: v })} data-testid={`sw-version-assign-${v.id}`}>
                              {t('softwareVersions.actions.inventories')}
                            </Button>
                          )}
                          {canWrite && (
                            <Button size="compact-xs" variant="light" color="red" onClick={() => del.ask(v)} data-testid={`sw-version-delete-${v.id}`}>
                              {t('softwareVersions.actions.delete')}
                            </Button>
                          )}
                        </Group>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )
        }
      </QueryView>
      {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} size="sm" data-testid="sw-versions-pagination" />}
      {dialog !== null && (
        <Suspense fallback={<Loader size="sm" aria-label={t('common.loading')} />}>
          {dialog.kind === 'inventories' ? (
            <SoftwareVersionInventoriesModal version={dialog.version} onClose={() => setDialog(null)} />
          ) : (
            <SoftwareVersionModal version={dialog.kind === 'edit' ? dialog.version : null} versions={versions} onClose={() => setDialog(null)} />
          )}
        </Suspense>
      )}
      {del.target !== null && (
        <ConfirmDeleteModal title={t('softwareVersions.delete.title')} question={t('softwareVersions.delete.question', { number: del.target.number })} testIdPrefix="sw-version-delete" {...del.modalProps} />
      )}
    </Stack>
  );
}
