import { useState } from 'react';
import { Alert, Loader, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { unitFeatureLicences } from '@fleet/domain';
import { callEndpoint } from '../../api/client';
import { useEndpointQuery } from '../../api/hooks';
import { useApiErrorMessage } from '../../api/errorMessage';
import { useToast } from '../../toast/useToast';
import { ActivityControls, ApiErrorAlert, Section } from './parts';
import type { DetailTabProps } from './tabProps';
import { useConfigMutation } from './useConfigMutation';

/** Databridge: start/stop with its stopping transition (spec 000 §4) and the selected gateway. */
export function DatabridgeTab({ unit, configuration, capabilities, transitions, canCall }: DetailTabProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const errorMessage = useApiErrorMessage();
  const id = unit.uniqueId;
  const gateway = useEndpointQuery('getUnitSelectedDbGateway', { params: { id } });
  const [error, setError] = useState<unknown>(null);
  const setting = useConfigMutation(id, 'updateUnitDatabridge', () => t('unitDetail.multiCamera.saved'));
  const licensed = unitFeatureLicences(capabilities, unit.services).databridge;
  const state = transitions.stateOf('databridge', ['databridge']);

  const run = (direction: 'start' | 'stop') => {
    setError(null);
    void transitions
      .run('databridge', direction, ['databridge'], () => (direction === 'start' ? callEndpoint('startDatabridge', { params: { id } }) : callEndpoint('stopDatabridge', { params: { id } })))
      .then((failure) => {
        if (failure === null) return;
        setError(failure);
        toast.show({ title: direction === 'start' ? t('unitDetail.databridge.startFailed') : t('unitDetail.databridge.stopFailed'), message: errorMessage(failure), variant: 'error' });
      });
  };

  const selected = gateway.data?.gateway ?? null;
  return (
    <Stack gap="sm" data-testid="unit-detail-databridge">
      {!licensed && (
        <Alert color="yellow" variant="light" data-testid="unit-detail-databridge-licence">
          {t('apiErrors.DATABRIDGE_LICENSE_DISABLED')}
        </Alert>
      )}
      <Section title={t('unitDetail.databridge.title')}>
        <ActivityControls
          testId="unit-detail-databridge"
          state={state}
          canControl={canCall('startDatabridge')}
          startLabel={t('unitDetail.databridge.start')}
          stopLabel={t('unitDetail.databridge.stop')}
          blocked={licensed ? null : t('apiErrors.DATABRIDGE_LICENSE_DISABLED')}
          onStart={() => run('start')}
          onStop={() => run('stop')}
        />
        <ApiErrorAlert error={error} testId="unit-detail-databridge-error" />
      </Section>
      <Section title={t('unitDetail.databridge.gateway')}>
        {gateway.isPending ? (
          <Loader size="xs" aria-label={t('common.loading')} />
        ) : gateway.isError ? (
          <ApiErrorAlert error={gateway.error} testId="unit-detail-databridge-gateway-error" />
        ) : selected === null ? (
          <Text size="sm" c="dimmed" data-testid="unit-detail-databridge-gateway">
            {t('unitDetail.databridge.noGateway')}
          </Text>
        ) : (
          <Stack gap={0} data-testid="unit-detail-databridge-gateway" data-gateway={selected.id}>
            <Text size="sm" fw={500}>
              {selected.name}
            </Text>
            <Text size="xs" c="dimmed">
              {t('unitDetail.databridge.gatewayDetails', { host: selected.port === null ? selected.host : `${selected.host}:${selected.port}`, status: selected.status })}
            </Text>
          </Stack>
        )}
      </Section>
      {configuration !== undefined && (
        <Section title={t('unitDetail.databridge.setting')}>
          <Switch
            label={configuration.databridge.enabled ? t('unitDetail.databridge.enabled') : t('unitDetail.databridge.disabled')}
            checked={configuration.databridge.enabled}
            disabled={!canCall('updateUnitDatabridge') || setting.isPending}
            onChange={(event) => setting.mutate({ params: { id }, body: { enabled: event.currentTarget.checked, bridgeMode: configuration.databridge.bridgeMode } })}
            data-testid="unit-detail-databridge-setting"
          />
          <ApiErrorAlert error={setting.error} testId="unit-detail-databridge-setting-error" />
        </Section>
      )}
    </Stack>
  );
}
