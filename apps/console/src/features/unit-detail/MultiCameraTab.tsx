import { useState } from 'react';
import { Alert, Button, Group, Loader, NumberInput, SegmentedControl, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { unitFeatureLicences } from '@fleet/domain';
import { LIMITS, MULTI_CAMERA_MODES } from '@fleet/contracts';
import type { MultiCameraMode, UnitConfiguration } from '@fleet/contracts';
import { callEndpoint } from '../../api/client';
import { useApiErrorMessage } from '../../api/errorMessage';
import { useToast } from '../../toast/useToast';
import { multiCameraApplication } from './activity';
import { validateMultiCameraForm } from './multiCameraForm';
import type { FormErrors } from './multiCameraForm';
import { MultiCameraChannelSection, SwitcherSection } from './MultiCameraSettings';
import { ActivityControls, ApiErrorAlert, Section } from './parts';
import type { DetailTabProps } from './tabProps';
import { useConfigMutation } from './useConfigMutation';
import { fieldProblems, validationText } from './validationText';

export function MultiCameraTab({ unit, configuration, capabilities, transitions, canCall }: DetailTabProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const errorMessage = useApiErrorMessage();
  const [streamError, setStreamError] = useState<unknown>(null);
  const licensed = unitFeatureLicences(capabilities, unit.services).multiCamera;
  if (configuration === undefined) return <Loader size="sm" aria-label={t('common.loading')} />;
  const mode = configuration.multiCamera.mode;
  const keys = [multiCameraApplication(mode)];
  const state = transitions.stateOf('multiCamera', keys);
  const id = unit.uniqueId;
  const canControl = mode === 'highQuality' ? canCall('startMultiCameraStream') : canCall('startSwitcherStream');

  const run = (direction: 'start' | 'stop') => {
    setStreamError(null);
    const call = (): Promise<unknown> => {
      if (mode === 'highQuality') return direction === 'start' ? callEndpoint('startMultiCameraStream', { params: { id } }) : callEndpoint('stopMultiCameraStream', { params: { id } });
      return direction === 'start' ? callEndpoint('startSwitcherStream', { params: { id }, body: { mode } }) : callEndpoint('stopSwitcherStream', { params: { id } });
    };
    void transitions.run('multiCamera', direction, keys, call).then((error) => {
      if (error === null) return;
      setStreamError(error);
      toast.show({ title: direction === 'start' ? t('unitDetail.multiCamera.startFailed') : t('unitDetail.multiCamera.stopFailed'), message: errorMessage(error), variant: 'error' });
    });
  };

  return (
    <Stack gap="sm" data-testid="unit-detail-multicamera">
      {!licensed && (
        <Alert color="yellow" variant="light" data-testid="unit-detail-multicamera-licence">
          {t('apiErrors.NO_MULTI_CAMERA_LICENSE')}
        </Alert>
      )}
      <Section title={t('unitDetail.multiCamera.title')}>
        <ActivityControls
          testId="unit-detail-multicamera"
          state={state}
          canControl={canControl}
          startLabel={t('unitDetail.multiCamera.start')}
          stopLabel={t('unitDetail.multiCamera.stop')}
          blocked={!licensed ? t('apiErrors.NO_MULTI_CAMERA_LICENSE') : unit.cameraConnected ? null : t('apiErrors.CAMERA_NOT_CONNECTED')}
          onStart={() => run('start')}
          onStop={() => run('stop')}
        />
        <ApiErrorAlert error={streamError} testId="unit-detail-multicamera-error" />
      </Section>
      <ModeSection unitId={id} configuration={configuration} canWrite={canCall('updateUnitMultipleCameraMode')} />
      <FeedsSection key={`feeds-${configuration.version}`} unitId={id} configuration={configuration} canWrite={canCall('updateUnitMultipleCamera')} />
      <MultiCameraChannelSection unitId={id} configuration={configuration} canWrite={canCall('updateUnitMultipleCameraChannel')} />
      {mode !== 'highQuality' && <SwitcherSection unitId={id} mode={mode} configuration={configuration} canCall={canCall} />}
    </Stack>
  );
}

function ModeSection({ unitId, configuration, canWrite }: { unitId: string; configuration: UnitConfiguration; canWrite: boolean }) {
  const { t } = useTranslation();
  const mutation = useConfigMutation(unitId, 'updateUnitMultipleCameraMode', () => t('unitDetail.multiCamera.saved'));
  const data = MULTI_CAMERA_MODES.map((value) => ({ value, label: t(`unitDetail.multiCamera.modes.${value}`) }));
  return (
    <Section title={t('unitDetail.multiCamera.mode')}>
      {canWrite ? (
        <SegmentedControl
          data={data}
          value={configuration.multiCamera.mode}
          disabled={mutation.isPending}
          onChange={(value) => mutation.mutate({ params: { id: unitId }, body: { mode: value as MultiCameraMode } })}
          data-testid="unit-detail-multicamera-mode"
        />
      ) : (
        <Text size="sm" data-testid="unit-detail-multicamera-mode-value">
          {t(`unitDetail.multiCamera.modes.${configuration.multiCamera.mode}`)}
        </Text>
      )}
      <ApiErrorAlert error={mutation.error} testId="unit-detail-multicamera-mode-error" />
    </Section>
  );
}

function FeedsSection({ unitId, configuration, canWrite }: { unitId: string; configuration: UnitConfiguration; canWrite: boolean }) {
  const { t } = useTranslation();
  const current = configuration.multiCamera;
  const [numberOfFeeds, setNumberOfFeeds] = useState<number>(current.numberOfFeeds);
  const [selection, setSelection] = useState<'automatic' | 'custom'>(current.channelSelectionMode);
  const [channels, setChannels] = useState<string[]>(current.customSelectedChannels);
  const [labels, setLabels] = useState<string[]>(
    Array.from({ length: LIMITS.multiCameraMaxCameras }, (_, i) => current.cameras[i]?.label ?? configuration.multiCameraLabels[i] ?? ''),
  );
  const [errors, setErrors] = useState<FormErrors>({});
  const mutation = useConfigMutation(unitId, 'updateUnitMultipleCamera', () => t('unitDetail.multiCamera.saved'));
  const serverErrors = mutation.error ? fieldProblems(mutation.error.fields) : {};
  const errorOf = (key: string) => {
    const message = errors[key] ?? serverErrors[key];
    return message === undefined ? undefined : validationText(t, message);
  };

  const save = () => {
    const form = { numberOfFeeds, channelSelectionMode: selection, customSelectedChannels: channels, labels };
    const found = validateMultiCameraForm(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    mutation.mutate({
      params: { id: unitId },
      body: {
        numberOfFeeds,
        channelSelectionMode: selection,
        customSelectedChannels: selection === 'custom' ? channels : [],
        cameras: labels.slice(0, numberOfFeeds).map((label, i) => ({ label, priority: current.cameras[i]?.priority ?? i + 1 })),
      },
    });
  };

  return (
    <Section title={t('unitDetail.multiCamera.feeds')}>
      <NumberInput
        size="xs"
        w={160}
        label={t('unitDetail.multiCamera.numberOfFeeds')}
        min={1}
        max={LIMITS.multiCameraMaxCameras}
        value={numberOfFeeds}
        onChange={(value) => setNumberOfFeeds(typeof value === 'number' ? value : Number(value))}
        readOnly={!canWrite}
        error={errorOf('numberOfFeeds')}
        data-testid="unit-detail-multicamera-feeds"
      />
      <Stack gap={4}>
        <Text size="sm">{t('unitDetail.multiCamera.channelSelectionMode')}</Text>
        <SegmentedControl
          size="xs"
          w="fit-content"
          data={(['automatic', 'custom'] as const).map((value) => ({ value, label: t(`unitDetail.multiCamera.selectionModes.${value}`) }))}
          value={selection}
          onChange={(value) => setSelection(value === 'custom' ? 'custom' : 'automatic')}
          disabled={!canWrite}
          data-testid="unit-detail-multicamera-selection"
        />
      </Stack>
      {selection === 'custom' && (
        <TagsInput
          size="xs"
          label={t('unitDetail.multiCamera.customChannels')}
          description={t('unitDetail.multiCamera.customChannelsHint')}
          value={channels}
          onChange={setChannels}
          readOnly={!canWrite}
          error={errorOf('customSelectedChannels')}
          data-testid="unit-detail-multicamera-channels"
        />
      )}
      <Group gap="xs" align="flex-start">
        {labels.slice(0, Math.max(1, Math.min(numberOfFeeds, LIMITS.multiCameraMaxCameras))).map((label, i) => (
          <TextInput
            key={i}
            size="xs"
            w={140}
            label={t('unitDetail.multiCamera.label', { n: i + 1 })}
            value={label}
            readOnly={!canWrite}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setLabels((prev) => prev.map((old, j) => (j === i ? value : old)));
            }}
            error={errorOf(`labels.${i}`) ?? errorOf(`cameras.${i}.label`)}
            data-testid={`unit-detail-multicamera-label-${i + 1}`}
          />
        ))}
      </Group>
      {canWrite && (
        <Button size="xs" w="fit-content" onClick={save} loading={mutation.isPending} data-testid="unit-detail-multicamera-save">
          {t('unitDetail.multiCamera.save')}
        </Button>
      )}
      <ApiErrorAlert error={mutation.error} title={t('unitDetail.multiCamera.saveFailed')} testId="unit-detail-multicamera-save-error" />
    </Section>
  );
}
