import { useState } from 'react';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { unitFeatureLicences } from '@fleet/domain';
import { callEndpoint } from '../../api/client';
import { useApiErrorMessage } from '../../api/errorMessage';
import { useToast } from '../../toast/useToast';
import { ActivityControls, ApiErrorAlert, Section } from './parts';
import type { DetailTabProps } from './tabProps';
import { useConfigMutation } from './useConfigMutation';

/** Video return: the selected video return channel (vrChannels/selected) and start/stop. */
export function VideoReturnTab({ unit, configuration, capabilities, transitions, canCall }: DetailTabProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const errorMessage = useApiErrorMessage();
  const id = unit.uniqueId;
  const selected = configuration?.videoReturn.selectedVrChannelId ?? null;
  const [input, setInput] = useState('');
  const [required, setRequired] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const selectMutation = useConfigMutation(id, 'updateUnitSelectedVrChannel', () => t('unitDetail.videoReturn.selected'));
  const licensed = unitFeatureLicences(capabilities, unit.services).videoReturn;
  const state = transitions.stateOf('videoReturn', ['videoReturn']);
  const canSelect = canCall('updateUnitSelectedVrChannel');

  const select = (vrChannelId: string | null) => {
    if (vrChannelId !== null && vrChannelId.trim() === '') {
      setRequired(true);
      return;
    }
    setRequired(false);
    selectMutation.mutate({ params: { id }, body: { vrChannelId: vrChannelId === null ? null : vrChannelId.trim() } });
  };

  const run = (direction: 'start' | 'stop') => {
    setError(null);
    void transitions
      .run('videoReturn', direction, ['videoReturn'], () => (direction === 'start' ? callEndpoint('startVideoReturn', { params: { id } }) : callEndpoint('stopVideoReturn', { params: { id } })))
      .then((failure) => {
        if (failure === null) return;
        setError(failure);
        toast.show({ title: direction === 'start' ? t('unitDetail.videoReturn.startFailed') : t('unitDetail.videoReturn.stopFailed'), message: errorMessage(failure), variant: 'error' });
      });
  };

  return (
    <Stack gap="sm" data-testid="unit-detail-videoreturn">
      {!licensed && (
        <Alert color="yellow" variant="light" data-testid="unit-detail-videoreturn-licence">
          {t('apiErrors.NO_VIDEO_RETURN_LICENSE')}
        </Alert>
      )}
      <Section title={t('unitDetail.videoReturn.title')}>
        <ActivityControls
          testId="unit-detail-videoreturn"
          state={state}
          canControl={canCall('startVideoReturn')}
          startLabel={t('unitDetail.videoReturn.start')}
          stopLabel={t('unitDetail.videoReturn.stop')}
          blocked={licensed ? null : t('apiErrors.NO_VIDEO_RETURN_LICENSE')}
          onStart={() => run('start')}
          onStop={() => run('stop')}
        />
        <ApiErrorAlert error={error} testId="unit-detail-videoreturn-error" />
      </Section>
      <Section title={t('unitDetail.videoReturn.channel')}>
        <Text size="sm" data-testid="unit-detail-videoreturn-selected" data-channel={selected ?? ''}>
          {selected ?? t('unitDetail.videoReturn.none')}
        </Text>
        {canSelect && (
          <Group gap="xs" align="flex-start">
            <TextInput
              size="xs"
              w={260}
              aria-label={t('unitDetail.videoReturn.channel')}
              placeholder={t('unitDetail.videoReturn.placeholder')}
              value={input}
              onChange={(event) => setInput(event.currentTarget.value)}
              error={required ? t('unitDetail.validation.required') : undefined}
              data-testid="unit-detail-videoreturn-input"
            />
            <Button size="xs" onClick={() => select(input)} loading={selectMutation.isPending} data-testid="unit-detail-videoreturn-select">
              {t('unitDetail.videoReturn.select')}
            </Button>
            {selected !== null && (
              <Button size="xs" variant="subtle" onClick={() => select(null)} data-testid="unit-detail-videoreturn-clear">
                {t('unitDetail.videoReturn.clear')}
              </Button>
            )}
          </Group>
        )}
        <ApiErrorAlert error={selectMutation.error} title={t('unitDetail.videoReturn.selectFailed')} testId="unit-detail-videoreturn-select-error" />
      </Section>
    </Stack>
  );
}
