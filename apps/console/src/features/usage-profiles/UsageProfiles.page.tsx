import { lazy, Suspense, useState } from 'react';
import { Alert, Badge, Button, Group, Loader, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UsageProfile, UsageProfilePage } from '@fleet/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { endpointPrefix, useEndpointMutation, useEndpointQuery } from '../../api/hooks';
import { ConfirmDeleteModal } from '../../components/ConfirmDeleteModal';
import { QueryView } from '../../components/QueryView';
import { useConfirmedDelete } from '../../components/useConfirmedDelete';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { rolesOf, useSessionUser } from '../../session/hooks';
import { picksAmongAllInventories } from '../../shell/scope';
import { InventoryPicker, useInventoryChoice } from '../audio-rooms/InventoryPicker';
import { applyUsageProfileEvent } from './usageProfileCache';
import { quotaLabel } from './usageProfileForm';
import { useUsageProfilesLive } from './useUsageProfilesLive';

// Loaded when a profile is created, edited or assigned.
const UsageProfileModal = lazy(() => import('./UsageProfileModal'));
const AssignUnitsModal = lazy(() => import('./AssignUnitsModal'));

type Dialog =
  | { readonly kind: 'create' }
  | { readonly kind: 'edit'; readonly profile: UsageProfile }
  | { readonly kind: 'assign'; readonly profileId: string | null };

/**
 * /usage_profiles (spec 001 §2, §3 Usage profile, §5 rules): the profiles one of the user's
 * inventories may use (its own and the global ones), with the inventory's units on each, kept current
 * over /ws; create and edit (the §5 rules inline), delete with a confirmation (the core's refusals of
 * default and used profiles shown), and putting units of the inventory on a profile. The route is for
 * MANAGE_ROLES, who may also write; global profiles (the defaults) are edited by global roles only,
 * so others see no edit or delete on them.
 */
export default function UsageProfilesPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('routes.usageProfiles'));
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const user = useSessionUser();
  const global = user !== undefined && picksAmongAllInventories(rolesOf(user));
  const choice = useInventoryChoice();
  const inventoryId = choice.inventoryId;
  const query = search.trim() === '' ? {} : { searchValue: search.trim() };
  const list = useEndpointQuery('listInventoryUsageProfiles', { params: { id: inventoryId ?? '' }, query }, { enabled: inventoryId !== null, staleTime: Number.POSITIVE_INFINITY });
  useUsageProfilesLive();
  const profiles = list.data?.items ?? [];
  const units = { gb: t('usageProfiles.units.gb'), hours: t('usageProfiles.units.hours') };
  const writable = (p: UsageProfile) => p.inventoryId !== null || global;
  const queryClient = useQueryClient();
  // A deleted profile leaves the inventory's cached lists at once (the /ws event may come later).
  const dropFromLists = (profile: UsageProfile) => {
    if (inventoryId === null) return;
    queryClient.setQueriesData<UsageProfilePage>({ queryKey: endpointPrefix('listInventoryUsageProfiles') }, (page) =>
      page ? applyUsageProfileEvent(page, inventoryId, { type: 'usageProfile.removed', usageProfileId: profile.id, inventoryId, at: Date.now() }) : page,
    );
  };
  const del = useConfirmedDelete(useEndpointMutation('deleteUsageProfile'), {
    variables: (profile: UsageProfile) => ({ params: { id: profile.id } }),
    deleted: (profile) => t('usageProfiles.toasts.deleted', { name: profile.name }),
    onDeleted: dropFromLists,
  });

  return (
    <Stack gap="sm" data-testid="usage-profiles-page">
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={2} data-testid="page-title">
          {t('routes.usageProfiles')}
        </Title>
        <Group gap="sm" align="center">
          <InventoryPicker choice={choice} label={t('usageProfiles.inventory')} testId="usage-profiles-inventory" />
          <TextInput
            aria-label={t('usageProfiles.search')}
            placeholder={t('usageProfiles.search')}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            size="xs"
            w={200}
            data-testid="usage-profiles-search"
          />
          <Button size="xs" variant="light" onClick={() => setDialog({ kind: 'assign', profileId: null })} disabled={inventoryId === null} data-testid="usage-profiles-assign">
            {t('usageProfiles.actions.assign')}
          </Button>
          <Button size="xs" onClick={() => setDialog({ kind: 'create' })} disabled={inventoryId === null} data-testid="usage-profiles-create">
            {t('usageProfiles.actions.create')}
          </Button>
        </Group>
      </Group>
      {inventoryId === null ? (
        <Text c="dimmed" data-testid="usage-profiles-no-inventory">
          {t('usageProfiles.noInventory')}
        </Text>
      ) : (
        <QueryView query={list} testIdPrefix="usage-profiles" errorTitle={t('usageProfiles.loadFailed')}>
          {() =>
            profiles.length === 0 ? (
              <Text c="dimmed" data-testid="usage-profiles-empty">
                {search.trim() === '' ? t('usageProfiles.empty') : t('usageProfiles.noMatch')}
              </Text>
            ) : (
              <Table striped highlightOnHover data-testid="usage-profiles-table" aria-label={t('routes.usageProfiles')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('usageProfiles.columns.name')}</Table.Th>
                    <Table.Th>{t('usageProfiles.columns.type')}</Table.Th>
                    <Table.Th>{t('usageProfiles.columns.quota')}</Table.Th>
                    <Table.Th>{t('usageProfiles.columns.resetDay')}</Table.Th>
                    <Table.Th>{t('usageProfiles.columns.units')}</Table.Th>
                    <Table.Th aria-label={t('usageProfiles.columns.actions')} />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {profiles.map((p) => (
                    <Table.Tr key={p.id} data-testid={`usage-profile-row-${p.id}`} data-name={p.name}>
                      <Table.Td>
                        <Group gap="xs">
                          <span data-testid={`usage-profile-name-${p.id}`}>{p.name}</span>
                          {p.isDefault && (
                            <Badge size="xs" variant="light" data-testid={`usage-profile-default-${p.id}`}>
                              {t('usageProfiles.default')}
                            </Badge>
                          )}
                          {p.inventoryId === null && !p.isDefault && (
                            <Badge size="xs" variant="outline" color="gray">
                              {t('usageProfiles.global')}
                            </Badge>
                          )}
                        </Group>
                      </Table.Td>
                      <Table.Td data-testid={`usage-profile-type-${p.id}`}>{t(`usageProfiles.types.${p.type}`)}</Table.Td>
                      <Table.Td data-testid={`usage-profile-quota-${p.id}`}>{quotaLabel(p, units)}</Table.Td>
                      <Table.Td data-testid={`usage-profile-reset-${p.id}`}>{p.resetDay}</Table.Td>
                      <Table.Td data-testid={`usage-profile-units-${p.id}`}>{p.unitCount}</Table.Td>
                      <Table.Td>
                        <Group gap="xs" justify="flex-end">
                          <Button size="compact-xs" variant="light" onClick={() => setDialog({ kind: 'assign', profileId: p.id })} data-testid={`usage-profile-assign-${p.id}`}>
                            {t('usageProfiles.actions.assignShort')}
                          </Button>
                          {writable(p) && (
                            <>
                              <Button size="compact-xs" variant="light" onClick={() => setDialog({ kind: 'edit', profile: p })} data-testid={`usage-profile-edit-${p.id}`}>
                                {t('usageProfiles.actions.edit')}
                              </Button>
                              <Button size="compact-xs" variant="light" color="red" onClick={() => del.ask(p)} data-testid={`usage-profile-delete-${p.id}`}>
                                {t('usageProfiles.actions.delete')}
                              </Button>
                            </>
                          )}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )
          }
        </QueryView>
      )}
      {list.data && list.data.total > list.data.items.length && (
        <Alert color="gray" data-testid="usage-profiles-more">
          {t('usageProfiles.more', { shown: list.data.items.length, total: list.data.total })}
        </Alert>
      )}
      {dialog !== null && inventoryId !== null && (
        <Suspense fallback={<Loader size="sm" aria-label={t('common.loading')} />}>
          {dialog.kind === 'assign' ? (
            <AssignUnitsModal inventoryId={inventoryId} profiles={profiles} initialProfileId={dialog.profileId} onClose={() => setDialog(null)} />
          ) : (
            <UsageProfileModal inventoryId={inventoryId} profile={dialog.kind === 'edit' ? dialog.profile : null} profiles={profiles} onClose={() => setDialog(null)} />
          )}
        </Suspense>
      )}
      {del.target !== null && inventoryId !== null && (
        <ConfirmDeleteModal title={t('usageProfiles.delete.title')} question={t('usageProfiles.delete.question', { name: del.target.name })} testIdPrefix="usage-profile-delete" {...del.modalProps} />
      )}
    </Stack>
  );
}
