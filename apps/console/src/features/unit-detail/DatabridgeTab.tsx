import { useEffect, useRef } from 'react';
import { Button, Group, Loader, Stack, Switch, Text } from '@mantine/core';
import { Select } from '../../components/Pickers';
import { useQueryClient } from '@tanstack/react-query';
import type { DbGatewayInfo, UnitDetail } from '@fleet/contracts';
import { useTranslation } from 'react-i18next';
import { unitFeatureLicences } from '@fleet/domain';
import { callEndpoint } from '../../api/client';
import { endpointKey, endpointPrefix, useEndpointMutation, useEndpointQuery } from '../../api/hooks';
import { requiredField } from '../../lib/forms/fieldErrors';
import { useConfigCall } from '../../lib/forms/useConfigCall';
import { useFieldError } from '../../lib/forms/useFieldError';
import { useForm } from '../../lib/forms/useForm';
import { useToast } from '../../toast/useToast';
import { ActivitySection, ApiErrorAlert, Section } from './parts';
import type { DetailTabProps } from './tabProps';
import { gatewayAddress, gatewayChoices } from './settingsForms';
import { MutedText, StrongText } from '../../kit/MutedText';

/** Databridge: start/stop with its stopping transition (spec 000 §4) and the selected gateway. */
export function DatabridgeTab({ unit, configuration, capabilities, transitions, canCall }: DetailTabProps) {
  const { t } = useTranslation();
  const id = unit.uniqueId;
  const gateway = useEndpointQuery('getUnitSelectedDbGateway', { params: { id } });
  useGatewaysFollowUnit(id, unit.version);
  const setting = useConfigCall(id, 'updateUnitDatabridge', { kind: 'update', successMessage: () => t('unitDetail.databridge.settingSaved') });
  const licensed = unitFeatureLicences(capabilities, unit.services).databridge;

  return (
    <Stack gap="sm" data-testid="unit-detail-databridge">
      <ActivitySection
        testId="unit-detail-databridge"
        title={t('unitDetail.databridge.title')}
        unlicensed={licensed ? null : t('apiErrors.DATABRIDGE_LICENSE_DISABLED')}
        transitions={transitions}
        activity="databridge"
        keys={['databridge']}
        canControl={canCall('startDatabridge')}
        labels="unitDetail.databridge"
        call={(direction) => callEndpoint(direction === 'start' ? 'startDatabridge' : 'stopDatabridge', { params: { id } })}
      />
      <Section title={t('unitDetail.databridge.gateway')}>
        {gateway.isPending ? (
          <Loader size="xs" aria-label={t('common.loading')} />
        ) : gateway.isError ? (
          <ApiErrorAlert error={gateway.error} testId="unit-detail-databridge-gateway-error" />
        ) : (
          <SelectedGateway gateway={gateway.data.gateway} />
        )}
        {canCall('setAdminUnitDbGateway') && <GatewayPicker unitId={id} canClear={canCall('clearAdminUnitDbGateway')} />}
      </Section>
      {configuration !== undefined && (
        <Section title={t('unitDetail.databridge.setting')}>
          <Switch
            label={configuration.databridge.enabled ? t('unitDetail.databridge.enabled') : t('unitDetail.databridge.disabled')}
            checked={configuration.databridge.enabled}
            disabled={!canCall('updateUnitDatabridge') || setting.isPending}
            onChange={(event) =>
              setting.mutate({ params: { id }, body: { enabled: event.currentTarget.checked, bridgeMode: configuration.databridge.bridgeMode } })
            }
            data-testid="unit-detail-databridge-setting"
          />
          <ApiErrorAlert error={setting.error} testId="unit-detail-databridge-setting-error" />
        </Section>
      )}
    </Stack>
  );
}

function SelectedGateway({ gateway }: { gateway: DbGatewayInfo | null }) {
  const { t } = useTranslation();
  if (gateway === null) {
    return (
      <Text size="sm" c="dimmed" data-testid="unit-detail-databridge-gateway" data-gateway="">
        {t('unitDetail.databridge.noGateway')}
      </Text>
    );
  }
  return (
    <Stack gap={0} data-testid="unit-detail-databridge-gateway" data-gateway={gateway.id}>
      <StrongText>{gateway.name}</StrongText>
      <MutedText size="xs">{t('unitDetail.databridge.gatewayDetails', { host: gatewayAddress(gateway), status: gateway.status })}</MutedText>
    </Stack>
  );
}

/**
 * The gateway reads follow the unit: a gateway change (here, in another console or by the core)
 * bumps the unit's version, which reaches the cached unit through `unit.updated` events.
 */
function useGatewaysFollowUnit(unitId: string, version: number) {
  const queryClient = useQueryClient();
  const seen = useRef(version);
  useEffect(() => {
    if (seen.current === version) return;
    seen.current = version;
    void queryClient.invalidateQueries({ queryKey: endpointKey('getUnitSelectedDbGateway', { params: { id: unitId } }) });
    void queryClient.invalidateQueries({ queryKey: endpointKey('getAdminUnitDbGateway', { params: { id: unitId } }) });
  }, [queryClient, unitId, version]);
}

/** A gateway must be chosen before it is applied. */
const requireGateway = requiredField<{ gatewayId: string | null }>('gatewayId');

/** For the roles of setAdminUnitDbGateway (ADMIN_UNIT_ROLES): choose the unit's gateway among those it may use, or clear it. */
function GatewayPicker({ unitId, canClear }: { unitId: string; canClear: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const params = { params: { id: unitId } };
  const gateways = useEndpointQuery('getAdminUnitDbGateway', params);
  const selected = gateways.data?.selected ?? null;
  const form = useForm({ gatewayId: selected?.id ?? null }, requireGateway);
  const error = useFieldError('unit-detail-field-databridge', form.errors);
  const choices = gatewayChoices(gateways.data?.available ?? [], selected);
  const onSuccess = (unit: UnitDetail, message: string) => {
    queryClient.setQueryData<UnitDetail>(endpointKey('getUnit', params), unit);
    void queryClient.invalidateQueries({ queryKey: endpointPrefix('getUnitSelectedDbGateway') });
    void queryClient.invalidateQueries({ queryKey: endpointPrefix('getAdminUnitDbGateway') });
    toast.show({ message, variant: 'success' });
  };
  const setGateway = useEndpointMutation('setAdminUnitDbGateway');
  const clearGateway = useEndpointMutation('clearAdminUnitDbGateway');
  const pending = setGateway.isPending || clearGateway.isPending;

  const apply = () => {
    clearGateway.reset();
    const values = form.submit();
    if (values === null || values.gatewayId == null) return;
    const { gatewayId } = values;
    const name = choices.find((g) => g.id === gatewayId)?.name ?? gatewayId;
    setGateway.mutate(
      { ...params, body: { gatewayId } },
      {
        onSuccess: (unit) => {
          onSuccess(unit, t('unitDetail.databridge.gatewaySaved', { name }));
          form.saved();
        },
        onError: (e) => form.failed(e),
      },
    );
  };
  const clear = () => {
    setGateway.reset();
    clearGateway.mutate(params, {
      onSuccess: (unit) => {
        onSuccess(unit, t('unitDetail.databridge.gatewayCleared'));
        form.reset();
      },
    });
  };

  if (gateways.isPending) return <Loader size="xs" aria-label={t('common.loading')} />;
  if (gateways.isError) return <ApiErrorAlert error={gateways.error} testId="unit-detail-databridge-picker-error" />;
  return (
    <Stack gap="xs" data-testid="unit-detail-databridge-picker">
      {choices.length === 0 ? (
        <MutedText testId="unit-detail-databridge-picker-empty">{t('unitDetail.databridge.noGateways')}</MutedText>
      ) : (
        <Group gap="xs" align="flex-start">
          <Select
            size="xs"
            w={280}
            label={t('unitDetail.databridge.picker')}
            placeholder={t('unitDetail.databridge.pickerPlaceholder')}
            data={choices.map((g) => ({ value: g.id, label: t('unitDetail.databridge.gatewayOption', { name: g.name, host: gatewayAddress(g) }) }))}
            value={form.values.gatewayId}
            onChange={(gatewayId) => form.set({ gatewayId })}
            error={error('gatewayId')}
            data-testid="unit-detail-databridge-picker-select"
          />
          <Button size="xs" mt={22} onClick={apply} loading={setGateway.isPending} disabled={pending} data-testid="unit-detail-databridge-picker-apply">
            {t('unitDetail.databridge.choose')}
          </Button>
          {canClear && selected !== null && (
            <Button
              size="xs"
              mt={22}
              variant="subtle"
              color="red"
              onClick={clear}
              loading={clearGateway.isPending}
              disabled={pending}
              data-testid="unit-detail-databridge-picker-clear"
            >
              {t('unitDetail.databridge.clearGateway')}
            </Button>
          )}
        </Group>
      )}
      <ApiErrorAlert
        error={setGateway.error ?? clearGateway.error}
        title={t('unitDetail.databridge.gatewayFailed')}
        testId="unit-detail-databridge-picker-failed"
        fieldsInline
      />
    </Stack>
  );
}
