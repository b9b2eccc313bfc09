/**
 * The unit's services (GET v2/units/{id}/services; spec 001 §3 Service: name, status; spec 000 §6
 * "A service counts as enabled when its status is ENABLED"). Users of the manage roles
 * (addUnitService / removeUnitService in the catalogue) add one of the contracts' SERVICES the unit
 * has not enabled (optionally with a tier) and remove one after a confirmation naming it.
 */
import { useState } from 'react';
import { Badge, Button, Group, Loader, Modal, Select, Stack, Table, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SERVICE_TIERS } from '@fleet/contracts';
import type { UnitDetail, UnitServiceInfo } from '@fleet/contracts';
import { endpointKey, useEndpointMutation, useEndpointQuery } from '../../api/hooks';
import { useApiErrorMessage } from '../../api/errorMessage';
import { useToast } from '../../toast/useToast';
import { canManageServices } from './actions';
import { ErrorNote } from './parts';
import { addableServices, isEnabled, isServiceName, sortedServices } from './services';
import { useUserRoles } from '../../kit/access';
import { CloseFooter } from '../../kit/ModalParts';

export interface ServicesModalProps {
  readonly unit: UnitDetail;
  readonly opened: boolean;
  readonly onClose: () => void;
}

type Tier = (typeof SERVICE_TIERS)[number];

function isTier(value: string): value is Tier {
  return (SERVICE_TIERS as readonly string[]).includes(value);
}

function ServicesBody({ unit, onClose }: Omit<ServicesModalProps, 'opened'>) {
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

  const date = (iso: string | null) => (iso === null ? t('common.none') : new Date(iso).toLocaleDateString(i18n.language));

  return (
    <Stack gap="sm" data-testid="unit-services">
      <Text size="sm" c="dimmed">
        {t('unitActions.services.intro', { name })}
      </Text>
      {services.isPending && <Loader size="sm" />}
      {services.isError && <ErrorNote testId="unit-services-load-error" message={`${t('unitActions.services.loadFailed')}: ${errorText(services.error)}`} />}
      {services.isSuccess && list.length === 0 && (
        <Text size="sm" data-testid="unit-services-empty">
          {t('unitActions.services.empty')}
        </Text>
      )}
      {list.length > 0 && (
        <Table striped withTableBorder data-testid="unit-services-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('unitActions.services.service')}</Table.Th>
              <Table.Th>{t('unitActions.services.status')}</Table.Th>
              <Table.Th>{t('unitActions.services.tier')}</Table.Th>
              <Table.Th>{t('unitActions.services.expires')}</Table.Th>
              {canManage && <Table.Th />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((service) => {
              const enabled = isEnabled(service);
              return (
                <Table.Tr key={service.id} data-testid={`unit-service-${service.serviceName}`} data-enabled={enabled} data-status={service.serviceStatus}>
                  <Table.Td>{service.serviceName}</Table.Td>
                  <Table.Td>
                    <Badge size="sm" variant="light" color={enabled ? 'green' : 'gray'} title={service.serviceStatus}>
                      {enabled ? t('unitActions.services.enabled') : t('unitActions.services.notEnabled')}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{service.tier ?? t('common.none')}</Table.Td>
                  <Table.Td>{date(service.expiresAt)}</Table.Td>
                  {canManage && (
                    <Table.Td>
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
                    </Table.Td>
                  )}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
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
          <Text size="sm" c="dimmed" data-testid="unit-services-none-to-add">
            {t('unitActions.services.noneToAdd')}
          </Text>
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
      {failure !== null && <ErrorNote testId="unit-services-error" message={errorText(failure)} />}
      <CloseFooter testId="unit-services-close" onClose={onClose} label={t('unitActions.common.close')} />
    </Stack>
  );
}

export default function ServicesModal({ unit, opened, onClose }: ServicesModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('unitActions.services.title')} size="lg">
      {opened && <ServicesBody unit={unit} onClose={onClose} />}
    </Modal>
  );
}
