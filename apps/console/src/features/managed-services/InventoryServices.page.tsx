import { useState } from 'react';
import { Badge, Button, Card, Group, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { Select } from '../../components/Pickers';
import { useTranslation } from 'react-i18next';
import { GLOBAL_SCOPE_ROLES, INVENTORY_MANAGER_ROLES, hasAnyRole, type ManagedService } from '@fleet/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEndpointQuery } from '../../api/hooks';
import { useApiErrorMessage } from '../../api/errorMessage';
import { isApiError } from '../../api/ApiError';
import { QueryView } from '../../components/QueryView';
import { MutedText, useToastMutation, useUserRoles } from '../../kit';
import { useToast } from '../../toast/useToast';
import { InventoryScreen } from '../audio-rooms/InventoryPicker';
import { ADMIN_ACTIONS, adminChange, applyToServiceLists, STATE_COLORS, trialDaysLeft, type AdminAction } from './serviceView';
import { InventorySettings } from '../system-entities/InventoryTabs';
import { enumLabel } from '../../lib/tolerant';
import { dateText } from '../../lib/dateFormat';

/**
 * /inventory_services (spec 001 §2; §3 Service, managed services and plan types; §4 service and
 * trial states; §9 trials): one card per managed service of an inventory with its state, plan
 * type, trial time left, expiry and usage against its quota, kept current over /ws (a trial running
 * out flips its card with no reload). Inventory managers start an offered trial; super users also
 * enable, disable, purchase, expire, offer a trial and set the quota, on the admin read of the
 * services (GET v2/admin/inventories/{id}/managedServices, whose versions their changes send). Below the cards, the
 * inventory's own settings (tally, IFB, properties, serviceable devices, ingest account and servers),
 * the tabs the catalogue lets the user read, each write offered only where it lets them make it.
 */
export default function InventoryServicesPage() {
  const { t } = useTranslation();
  return (
    <InventoryScreen
      testId="inventory-services"
      title={t('routes.inventoryServices')}
      pickerLabel={t('managedServices.inventory')}
      noInventory={t('managedServices.noInventory')}
    >
      {(inventoryId) => <InventoryServices inventoryId={inventoryId} />}
    </InventoryScreen>
  );
}

/** One inventory's service cards and, below them, its own settings. */
function InventoryServices({ inventoryId }: { readonly inventoryId: string }) {
  const { t, i18n } = useTranslation();
  const roles = useUserRoles();
  const canStartTrial = hasAnyRole(roles, INVENTORY_MANAGER_ROLES);
  const isAdmin = hasAnyRole(roles, GLOBAL_SCOPE_ROLES);
  // Super users and staff read the admin list: the version their changes send is the admin read's.
  const normalList = useEndpointQuery('listManagedServices', { params: { id: inventoryId } }, { enabled: !isAdmin, staleTime: Number.POSITIVE_INFINITY });
  const adminList = useEndpointQuery('listAdminManagedServices', { params: { id: inventoryId } }, { enabled: isAdmin, staleTime: Number.POSITIVE_INFINITY });
  const list = isAdmin ? adminList : normalList;
  const queryClient = useQueryClient();
  const put = (saved: ManagedService) => applyToServiceLists(queryClient, { type: 'managedService.changed', service: saved, at: Date.now() });
  const startTrial = useToastMutation('startManagedServiceTrial', { success: () => t('managedServices.trialStarted'), onSuccess: put });
  const date = (iso: string) => dateText(iso, (d) => d.toLocaleString(i18n.language));

  return (
    <>
      <QueryView query={list} testIdPrefix="inventory-services" errorTitle={t('managedServices.loadFailed')}>
        {(data) => (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
            {data.items.map((s) => {
              const days = trialDaysLeft(s, Date.now());
              return (
                <Card key={s.serviceName} withBorder padding="sm" data-testid={`service-card-${s.serviceName}`} data-state={s.state}>
                  <Stack gap={6}>
                    <Group justify="space-between" wrap="nowrap">
                      <Text fw={600}>{enumLabel(t, 'managedServices.names', s.serviceName)}</Text>
                      <Badge color={STATE_COLORS[s.state]} variant="light" data-testid={`service-state-${s.serviceName}`} data-value={s.state}>
                        {enumLabel(t, 'managedServices.states', s.state)}
                      </Badge>
                    </Group>
                    {s.planType != null && <Text size="sm">{t('managedServices.plan', { plan: s.planType })}</Text>}
                    {days !== null && (
                      <Text size="sm" data-testid={`service-trial-days-${s.serviceName}`}>
                        {t('managedServices.trialDaysLeft', { count: days })}
                      </Text>
                    )}
                    {s.state === 'onTrial' && s.trialHoursLeft != null && (
                      <Text size="sm" data-testid={`service-trial-hours-${s.serviceName}`}>
                        {t('managedServices.trialHoursLeft', { count: s.trialHoursLeft })}
                      </Text>
                    )}
                    {s.trialEndsAt != null && (s.state === 'onTrial' || s.state === 'trialExpired') && (
                      <MutedText size="xs">{t('managedServices.trialEnds', { date: date(s.trialEndsAt) })}</MutedText>
                    )}
                    {s.trialAvailable && s.state !== 'onTrial' && <Text size="sm">{t('managedServices.trialOffered')}</Text>}
                    {s.expiresAt != null && <MutedText size="xs">{t('managedServices.expires', { date: date(s.expiresAt) })}</MutedText>}
                    {s.quota != null && s.usageKind !== 'na' && (
                      <Text size="sm" data-testid={`service-usage-${s.serviceName}`}>
                        {t('managedServices.usage', {
                          used: (s.used ?? 0).toFixed(1),
                          quota: s.quota,
                          unit: enumLabel(t, 'managedServices.units', s.usageKind),
                        })}
                      </Text>
                    )}
                    {canStartTrial && s.trialAvailable && (
                      <Button
                        size="compact-sm"
                        variant="light"
                        onClick={() => startTrial.mutate({ body: { inventoryId: s.inventoryId, serviceName: s.serviceName } })}
                        loading={startTrial.isPending && startTrial.variables?.body?.serviceName === s.serviceName}
                        data-testid={`service-start-trial-${s.serviceName}`}
                      >
                        {t('managedServices.startTrial')}
                      </Button>
                    )}
                    {isAdmin && <AdminControls service={s} onSaved={put} />}
                  </Stack>
                </Card>
              );
            })}
          </SimpleGrid>
        )}
      </QueryView>
      <InventorySettings inventoryId={inventoryId} />
    </>
  );
}

/** Super users' controls of one service: the status actions and the quota, with the spec's messages inline. */
function AdminControls({ service, onSaved }: { readonly service: ManagedService; readonly onSaved: (saved: ManagedService) => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useApiErrorMessage();
  const [quota, setQuota] = useState<number | string>(service.quota ?? '');
  const [usageKind, setUsageKind] = useState<string>(service.usageKind);
  const [quotaError, setQuotaError] = useState<string | null>(null);
  const update = useToastMutation('updateAdminManagedService', {
    success: () => t('managedServices.saved'),
    onSuccess: (saved) => {
      setQuotaError(null);
      onSaved(saved);
    },
    onError: (e) => {
      const field = isApiError(e) ? e.fields.find((f) => f.path === 'body.quota') : undefined;
      if (field) setQuotaError(field.message);
      else toast.show({ message: errorText(e), variant: 'error' });
    },
  });
  const params = { id: service.inventoryId, serviceName: service.serviceName };
  const act = (action: AdminAction) => update.mutate({ params, body: adminChange(action, service) });
  const saveQuota = () =>
    update.mutate({
      params,
      body: {
        version: service.version,
        usageKind: usageKind === 'data' || usageKind === 'time' ? usageKind : 'na',
        quota: quota === '' ? null : Number(quota),
      },
    });

  return (
    <Stack gap={4} data-testid={`service-admin-${service.serviceName}`}>
      <MutedText size="xs">{t('managedServices.admin.title')}</MutedText>
      <Group gap={4}>
        {ADMIN_ACTIONS.map((action) => (
          <Button
            key={action}
            size="compact-xs"
            variant="default"
            onClick={() => act(action)}
            disabled={update.isPending}
            data-testid={`service-${action}-${service.serviceName}`}
          >
            {t(`managedServices.admin.${action}`)}
          </Button>
        ))}
      </Group>
      <Group gap={4} align="flex-end" wrap="nowrap">
        <Select
          size="xs"
          w={130}
          label={t('managedServices.admin.usageKind')}
          data={(['data', 'time', 'na'] as const).map((k) => ({ value: k, label: t(`managedServices.admin.kinds.${k}`) }))}
          value={usageKind}
          onChange={(v) => v !== null && setUsageKind(v)}
          allowDeselect={false}
          data-testid={`service-usage-kind-${service.serviceName}`}
        />
        <NumberInput
          size="xs"
          w={110}
          label={t('managedServices.admin.quota')}
          value={quota}
          onChange={setQuota}
          error={quotaError}
          data-testid={`service-quota-${service.serviceName}`}
        />
        <Button size="compact-sm" variant="light" onClick={saveQuota} disabled={update.isPending} data-testid={`service-save-quota-${service.serviceName}`}>
          {t('managedServices.admin.saveQuota')}
        </Button>
      </Group>
    </Stack>
  );
}
