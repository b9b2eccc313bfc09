/**
 * The unit's services (GET v2/units/{id}/services; spec 001 §3 Service: name, status; spec 000 §6
 * "A service counts as enabled when its status is ENABLED"). Users of the manage roles
 * (addUnitService / removeUnitService in the catalogue) add one of the contracts' SERVICES the unit
 * has not enabled (optionally with a tier) and remove one after a confirmation naming it.
 */
import { useState } from 'react';
import { Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { Select } from '../../components/Pickers';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SERVICE_TIERS } from '@fleet/contracts';
import type { UnitServiceInfo } from '@fleet/contracts';
import { endpointKey, useEndpointMutation, useEndpointQuery } from '../../api/hooks';
import { useApiErrorMessage } from '../../api/errorMessage';
import { useToast } from '../../toast/useToast';
import { canManageServices } from './actions';
import { ErrorNote } from '../../kit/DialogParts';
import { unitActionModal, type UnitActionModalProps } from '../../kit/unitActionModal';
import { addableServices, isEnabled, isServiceName, sortedServices } from './services';
import { useUserRoles } from '../../kit/access';
import { ListTable, type ListColumn } from '../../kit/ListTable';
import { CloseFooter } from '../../kit/ModalParts';
import { MutedText } from '../../kit/MutedText';
import { dateText } from '../../lib/dateFormat';

type Tier = (typeof SERVICE_TIERS)[number];

function isTier(value: string): value is Tier {
  return (SERVICE_TIERS as readonly string[]).includes(value);
}

function ServicesBody({ unit, onClose }: Omit<UnitActionModalProps, 'opened'>) {
  const { t, i18n } = useTranslation();
  const errorText = useApiErrorMessage();
  const toast = useToast();
  const queryClient = useQueryClient();
  const roles = useUserRoles();
  const canManage = canManageServices(roles);
  const params = { params: { id: unit.uniqueId } };
  const services = useEndpointQuery('getUnitServices', params);
  const add = useEndpointMutation('addUnitService');
  const remove = useEndpointMutation('removeUnitService');
  const [toAdd, setToAdd] = useState<string | null>(null);
  const [tier, setTier] = useState<string | null>(null);
  const [removing, setRemoving] = useState<UnitServiceInfo | null>(null);
  const [failure, setFailure] = useState<unknown>(null);

  const list = sortedServices(services.data ?? []);
  const offered = addableServices(list);
  const name = unit.name;

  /** The detail's service summary (licences the tabs read) follows the change too. */
  const refreshDetail = () => queryClient.invalidateQueries({ queryKey: endpointKey('getUnit', params), exact: true });

  const onAdd = async () => {
    if (toAdd === null || !isServiceName(toAdd)) return;
    setFailure(null);
    try {
      const body = tier !== null && isTier(tier) ? { serviceName: toAdd, tier } : { serviceName: toAdd };
      const added = await add.mutateAsync({ ...params, body });
      await queryClient.invalidateQueries({ queryKey: endpointKey('getUnitServices', params), exact: true });
      void refreshDetail();
      setToAdd(null);
      setTier(null);
      toast.show({ message: t('unitActions.services.added', { service: added.serviceName, name }), variant: 'success' });
    } catch (error) {
      setFailure(error);
    }
  };

  const onRemove = async (service: UnitServiceInfo) => {
    setFailure(null);
    try {
      const rest = await remove.mutateAsync({ params: { id: unit.uniqueId, serviceId: service.id } });
      queryClient.setQueryData(endpointKey('getUnitServices', params), rest);
      void refreshDetail();
      setRemoving(null);
      toast.show({ message: t('unitActions.services.removed', { service: service.serviceName, name }), variant: 'success' });
    } catch (error) {
      setFailure(error);
    }
  };

  const date = (iso: string | null) => (iso === null ? t('common.none') : dateText(iso, (d) => d.toLocaleDateString(i18n.language)));
  const columns: ListColumn<UnitServiceInfo>[] = [
    { id: 'service', header: t('unitActions.services.service'), render: (service) => service.serviceName },
    {
      id: 'status',
      header: t('unitActions.services.status'),
      render: (service) => (
        <Badge size="sm" variant="light" color={isEnabled(service) ? 'green' : 'gray'} title={service.serviceStatus}>
          {isEnabled(service) ? t('unitActions.services.enabled') : t('unitActions.services.notEnabled')}
        </Badge>
      ),
    },
    { id: 'tier', header: t('unitActions.services.tier'), render: (service) => service.tier ?? t('common.none') },
    { id: 'expires', header: t('unitActions.services.expires'), render: (service) => date(service.expiresAt) },
  ];
  if (canManage) {
    columns.push({
      id: 'remove',
      header: '',
      render: (service) => (
        <Button
          size="compact-xs"
          variant="subtle"
          color="red"
          onClick={() => setRemoving(service)}
          aria-label={t('unitActions.services.removeLabel', { service: service.serviceName })}
          data-testid={`unit-service-remove-${service.serviceName}`}
        >
          {t('unitActions.services.remove')}
        </Button>
      ),
    });
  }

  return (
    <Stack gap="sm" data-testid="unit-services">
      <MutedText>{t('unitActions.services.intro', { name })}</MutedText>
      {services.isPending && <Loader size="sm" />}
      {services.isError && <ErrorNote testId="unit-services-load-error" message={`${t('unitActions.services.loadFailed')}: ${errorText(services.error)}`} />}
      {(services.isSuccess || list.length > 0) && (
        <ListTable
          plain
          striped
          tableProps={{ withTableBorder: true }}
          items={list}
          columns={columns}
          rowKey={(service) => service.id}
          testIdPrefix="unit-services"
          tableTestId="table"
          rowTestId={(service) => `unit-service-${service.serviceName}`}
          rowData={(service) => ({ 'data-enabled': isEnabled(service), 'data-status': service.serviceStatus })}
          emptyText={t('unitActions.services.empty')}
        />
      )}
      {canManage && removing !== null && (
        <Group justify="space-between" wrap="nowrap" data-testid="unit-service-remove-confirm">
          <Text size="sm">{t('unitActions.services.removeConfirm', { service: removing.serviceName, name })}</Text>
          <Group gap="xs" wrap="nowrap">
            <Button size="xs" variant="default" onClick={() => setRemoving(null)} data-testid="unit-service-remove-cancel">
              {t('unitActions.common.cancel')}
            </Button>
            <Button size="xs" color="red" loading={remove.isPending} onClick={() => void onRemove(removing)} data-testid="unit-service-remove-ok">
              {t('unitActions.services.remove')}
            </Button>
          </Group>
        </Group>
      )}
      {canManage &&
        services.isSuccess &&
        (offered.length === 0 ? (
          <MutedText testId="unit-services-none-to-add">{t('unitActions.services.noneToAdd')}</MutedText>
        ) : (
          <Group align="flex-end" gap="xs" wrap="wrap">
            <Select
              label={t('unitActions.services.addLabel')}
              placeholder={t('unitActions.services.addPlaceholder')}
              data={offered}
              value={toAdd}
              onChange={setToAdd}
              searchable
              comboboxProps={{ withinPortal: true }}
              data-testid="unit-service-add-select"
            />
            <Select
              label={t('unitActions.services.tierLabel')}
              data={[...SERVICE_TIERS]}
              value={tier}
              onChange={setTier}
              clearable
              comboboxProps={{ withinPortal: true }}
              data-testid="unit-service-add-tier"
            />
            <Button onClick={() => void onAdd()} loading={add.isPending} disabled={toAdd === null} data-testid="unit-service-add">
              {t('unitActions.services.add')}
            </Button>
          </Group>
        ))}
      <ErrorNote testId="unit-services-error" error={failure} />
      <CloseFooter testId="unit-services-close" onClose={onClose} label={t('unitActions.common.close')} />
    </Stack>
  );
}

export default unitActionModal((t) => t('unitActions.services.title'), ServicesBody, { size: 'lg' });
