import { Group, Loader, NumberInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { unitFeatureLicences } from '@fleet/domain';
import { LIMITS, MULTI_CAMERA_MODES, MultipleCameraUpdateBody } from '@fleet/contracts';
import type { MultiCameraMode, UnitConfiguration } from '@fleet/contracts';
import { callEndpoint } from '../../api/client';
import { useConfigCall } from '../../lib/forms/useConfigCall';
import { useConfigForm } from '../../lib/forms/useConfigForm';
import { useFieldError } from '../../lib/forms/useFieldError';
import { multiCameraBody, multiCameraForm, validateMultiCameraForm } from '../unit-config/forms';
import { multiCameraApplication } from './activity';
import { CustomChannelsInput } from './CustomChannelsInput';
import { MultiCameraChannelSection, SettingsConfigurationSection, SwitcherSection } from './MultiCameraSettings';
import { useStopStreamConfirm } from '../unit-actions/useStopStreamConfirm';
import { ActivitySection, ApiErrorAlert, SaveButton, Section } from './parts';
import type { DetailTabProps } from './tabProps';
import { enumLabel } from '../../lib/tolerant';

export function MultiCameraTab({ unit, configuration, capabilities, transitions, canCall }: DetailTabProps) {
  const { t } = useTranslation();
  const stopConfirm = useStopStreamConfirm();
  const licensed = unitFeatureLicences(capabilities, unit.services).multiCamera;
  if (configuration === undefined) return <Loader size="sm" aria-label={t('common.loading')} />;
  const mode = configuration.multiCamera.mode;
  const keys = [multiCameraApplication(mode)];
  const id = unit.uniqueId;
  const canControl = mode === 'highQuality' ? canCall('startMultiCameraStream') : canCall('startSwitcherStream');

  return (
    <Stack gap="sm" data-testid="unit-detail-multicamera">
      {stopConfirm.dialog}
      <ActivitySection
        testId="unit-detail-multicamera"
        title={t('unitDetail.multiCamera.title')}
        unlicensed={licensed ? null : t('apiErrors.NO_MULTI_CAMERA_LICENSE')}
        blocked={unit.cameraConnected ? null : t('apiErrors.CAMERA_NOT_CONNECTED')}
        transitions={transitions}
        activity="multiCamera"
        keys={keys}
        canControl={canControl}
        labels="unitDetail.multiCamera"
        confirmStop={(stop) => stopConfirm.request(unit, stop)}
        call={(direction) => {
          if (mode === 'highQuality') return callEndpoint(direction === 'start' ? 'startMultiCameraStream' : 'stopMultiCameraStream', { params: { id } });
          return direction === 'start'
            ? callEndpoint('startSwitcherStream', { params: { id }, body: { mode } })
            : callEndpoint('stopSwitcherStream', { params: { id } });
        }}
      />
      <ModeSection unitId={id} configuration={configuration} canWrite={canCall('updateUnitMultipleCameraMode')} />
      <FeedsSection unitId={id} configuration={configuration} canWrite={canCall('updateUnitMultipleCamera')} />
      <MultiCameraChannelSection unitId={id} configuration={configuration} canWrite={canCall('updateUnitMultipleCameraChannel')} />
      <SettingsConfigurationSection unitId={id} configuration={configuration} canWrite={canCall('addSettingsConfiguration')} />
      {mode !== 'highQuality' && <SwitcherSection unitId={id} mode={mode} configuration={configuration} canCall={canCall} />}
    </Stack>
  );
}

function ModeSection({ unitId, configuration, canWrite }: { unitId: string; configuration: UnitConfiguration; canWrite: boolean }) {
  const { t } = useTranslation();
  const mutation = useConfigCall(unitId, 'updateUnitMultipleCameraMode', { kind: 'update', successMessage: () => t('unitDetail.multiCamera.saved') });
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
          {enumLabel(t, 'unitDetail.multiCamera.modes', configuration.multiCamera.mode)}
        </Text>
      )}
      <ApiErrorAlert error={mutation.error} testId="unit-detail-multicamera-mode-error" />
    </Section>
  );
}

/** The feeds (PUT multiplecamera): the configuration modal's multi camera form, with the channel selection (custom channels suggested from a group's). */
function FeedsSection({ unitId, configuration, canWrite }: { unitId: string; configuration: UnitConfiguration; canWrite: boolean }) {
  const { t } = useTranslation();
  const form = useConfigForm({
    unitId,
    source: multiCameraForm(configuration),
    validate: validateMultiCameraForm,
    endpoint: 'updateUnitMultipleCamera',
    schema: MultipleCameraUpdateBody,
    toBody: multiCameraBody,
    kind: 'update',
    successMessage: () => t('unitDetail.multiCamera.saved'),
  });
  const error = useFieldError('unit-detail-field-multicamera', form.errors);
  const { numberOfFeeds, channelSelectionMode, customSelectedChannels, cameras } = form.values;
  const shownLabels = Math.max(1, Math.min(Number(numberOfFeeds) || 0, LIMITS.multiCameraMaxCameras));
  const setLabel = (index: number, label: string) => form.set({ cameras: cameras.map((camera, i) => (i === index ? { ...camera, label } : camera)) });

  return (
    <Section title={t('unitDetail.multiCamera.feeds')}>
      <NumberInput
        size="xs"
        w={160}
        label={t('unitDetail.multiCamera.numberOfFeeds')}
        min={1}
        max={LIMITS.multiCameraMaxCameras}
        value={numberOfFeeds}
        onChange={(value) => form.set({ numberOfFeeds: String(value) })}
        readOnly={!canWrite}
        error={error('numberOfFeeds') ?? error('cameras')}
        data-testid="unit-detail-multicamera-feeds"
      />
      <Stack gap={4}>
        <Text size="sm">{t('unitDetail.multiCamera.channelSelectionMode')}</Text>
        <SegmentedControl
          size="xs"
          w="fit-content"
          data={(['automatic', 'custom'] as const).map((value) => ({ value, label: t(`unitDetail.multiCamera.selectionModes.${value}`) }))}
          value={channelSelectionMode}
          onChange={(value) => form.set({ channelSelectionMode: value === 'custom' ? 'custom' : 'automatic' })}
          disabled={!canWrite}
          data-testid="unit-detail-multicamera-selection"
        />
      </Stack>
      {channelSelectionMode === 'custom' && (
        <CustomChannelsInput
          unitId={unitId}
          value={customSelectedChannels}
          onChange={(value) => form.set({ customSelectedChannels: value })}
          readOnly={!canWrite}
          error={error('customSelectedChannels')}
        />
      )}
      <Group gap="xs" align="flex-start">
        {cameras.slice(0, shownLabels).map((camera, i) => (
          <TextInput
            key={i}
            size="xs"
            w={140}
            label={t('unitDetail.multiCamera.label', { n: i + 1 })}
            value={camera.label}
            readOnly={!canWrite}
            onChange={(event) => setLabel(i, event.currentTarget.value)}
            error={error(`cameras.${i}.label`)}
            data-testid={`unit-detail-multicamera-label-${i + 1}`}
          />
        ))}
      </Group>
      <SaveButton show={canWrite} onClick={form.apply} loading={form.pending} testId="unit-detail-multicamera-save" label={t('unitDetail.multiCamera.save')} />
      <ApiErrorAlert error={form.error} title={t('unitDetail.multiCamera.saveFailed')} testId="unit-detail-multicamera-save-error" />
    </Section>
  );
}
