/**
 * Video/Audio tab: delay, audio parameters and encoding, return audio (IFB), video, encoder, shooting mode, video complexity,
 * ancillary data, multi camera labels, store-and-forward quality.
 */
import { Group, NativeSelect, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  AudioBitrateBody, AudioParametersBody, AUDIO_INPUTS, DELAY_MODES, DelayUpdateBody, LIMITS, MultipleCameraUpdateBody, SingleCameraUpdateBody,
  STORE_AND_FORWARD_PROFILES, StoreAndForwardQualityUpdateBody, VIDEO_RESOLUTIONS, type UnitConfiguration,
} from '@fleet/contracts';
import { forcesWiredLink, isLowDelay, isStreaming } from '@fleet/domain';
import {
  AUDIO_CHANNEL_CHOICES, audioBitrateBody, audioBitrateForm, audioBody, audioForm, delayBody, delayBounds, delayForm, multiCameraBody,
  multiCameraForm, singleCameraBody, singleCameraForm, storeAndForwardForm, validateAudioBitrateForm, validateAudioForm, validateDelayForm,
  validateMultiCameraForm, validateSingleCameraForm, validateStoreAndForwardForm, type AudioInput, type CameraRow, type UnitFacts,
} from './forms';
import { AncillaryDataForm, EncoderForm, IfbAlwaysOnForm, IfbDelayForm, ShootingModeForm, VideoComplexityForm } from './EncodingForms';
import { parseNumber } from '../../lib/forms/fieldErrors';
import { useFieldError } from '../../lib/forms/useFieldError';
import { useConfigForm } from '../../lib/forms/useConfigForm';
import { FormSection, useAllowed, useConfigContext } from './parts';
import type { DelayMode } from '@fleet/domain';
import type { StoreAndForwardProfile } from '@fleet/contracts';

interface TabProps {
  readonly config: UnitConfiguration;
  readonly unit: UnitFacts;
}

function DelayForm({ config, unit }: TabProps) {
  const { t } = useTranslation();
  const { unitId } = useConfigContext();
  const form = useConfigForm({
    unitId,
    source: delayForm(config),
    validate: (v) => validateDelayForm(v, unit, config),
    endpoint: 'updateUnitDelay',
    schema: DelayUpdateBody,
    toBody: delayBody,
    kind: 'update',
  });
  const error = useFieldError('config-error-delay', form.errors);
  const bounds = delayBounds(form.values, unit);
  const value = parseNumber(form.values.delayMs);
  return (
    <FormSection formId="delay" title={t('unitConfig.delay.title')} form={form} allowed={useAllowed('updateUnitDelay')}>
      <SegmentedControl
        value={form.values.mode}
        onChange={(mode) => form.set({ mode: mode as DelayMode })}
        data={DELAY_MODES.map((m) => ({ value: m, label: t(`unitConfig.delay.modes.${m}`) }))}
        data-testid="config-delay-mode"
      />
      <TextInput
        label={t('unitConfig.delay.delayMs')}
        description={t('unitConfig.delay.bounds', { min: bounds.minMs, max: bounds.maxMs })}
        inputMode="numeric"
        value={form.values.delayMs}
        onChange={(e) => form.set({ delayMs: e.currentTarget.value })}
        error={error('delayMs')}
        data-testid="config-delay-delayMs"
      />
      {typeof value === 'number' && forcesWiredLink(value) && (
        <Text size="sm" c="yellow.8" data-testid="config-delay-forces-wired">
          {t('unitConfig.delay.forcesWired')}
        </Text>
      )}
      {typeof value === 'number' && isLowDelay(value) && (
        <Text size="sm" c="dimmed" data-testid="config-delay-low-delay">
          {t('unitConfig.delay.lowDelay')}
        </Text>
      )}
      {isStreaming(unit.applications) && (
        <Text size="sm" c="dimmed">
          {t('unitConfig.delay.onTheFly')}
        </Text>
      )}
    </FormSection>
  );
}

function AudioForm({ config }: TabProps) {
  const { t } = useTranslation();
  const { unitId } = useConfigContext();
  const form = useConfigForm({
    unitId,
    source: audioForm(config),
    validate: validateAudioForm,
    endpoint: 'commandAudioParameters',
    schema: AudioParametersBody,
    toBody: audioBody,
    kind: 'command',
  });
  const error = useFieldError('config-error-audio', form.errors);
  return (
    <FormSection formId="audio" title={t('unitConfig.audio.title')} form={form} allowed={useAllowed('commandAudioParameters')}>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <NativeSelect
          label={t('unitConfig.audio.input')}
          value={form.values.input}
          onChange={(e) => form.set({ input: e.currentTarget.value as AudioInput })}
          data={AUDIO_INPUTS.map((i) => ({ value: i, label: t(`unitConfig.audio.inputs.${i}`) }))}
          data-testid="config-audio-input"
        />
        <NativeSelect
          label={t('unitConfig.audio.channels')}
          description={t('unitConfig.audio.sdiOnly')}
          value={form.values.channels}
          onChange={(e) => form.set({ channels: e.currentTarget.value })}
          data={AUDIO_CHANNEL_CHOICES.map((n) => String(n))}
          error={error('channels')}
          data-testid="config-audio-channels"
        />
        <TextInput
          label={t('unitConfig.audio.gainDb')}
          value={form.values.gainDb}
          onChange={(e) => form.set({ gainDb: e.currentTarget.value })}
          error={error('gainDb')}
          data-testid="config-audio-gainDb"
        />
      </SimpleGrid>
    </FormSection>
  );
}

function AudioBitrateForm({ config }: TabProps) {
  const { t } = useTranslation();
  const { unitId } = useConfigContext();
  const form = useConfigForm({
    unitId,
    source: audioBitrateForm(config),
    validate: validateAudioBitrateForm,
    endpoint: 'commandAudioBitrate',
    schema: AudioBitrateBody,
    toBody: audioBitrateBody,
    kind: 'command',
  });
  const error = useFieldError('config-error-audioBitrate', form.errors);
  return (
    <FormSection formId="audioBitrate" title={t('unitConfig.audioBitrate.title')} form={form} allowed={useAllowed('commandAudioBitrate')}>
      <NativeSelect
        label={t('unitConfig.audioBitrate.bitrateKbps')}
        value={form.values.bitrateKbps}
        onChange={(e) => form.set({ bitrateKbps: e.currentTarget.value })}
        data={LIMITS.audioEncodingKbps.map((kbps) => ({
          value: String(kbps),
          label: t('unitConfig.audioBitrate.option', { kbps, channels: LIMITS.audioEncodingChannels }),
        }))}
        error={error('bitrateKbps')}
        data-testid="config-audioBitrate-bitrateKbps"
      />
    </FormSection>
  );
}

function SingleCameraForm({ config, unit }: TabProps) {
  const { t } = useTranslation();
  const { unitId } = useConfigContext();
  const form = useConfigForm({
    unitId,
    source: singleCameraForm(config),
    validate: (v) => validateSingleCameraForm(v, unit),
    endpoint: 'updateUnitSingleCamera',
    schema: SingleCameraUpdateBody,
    toBody: singleCameraBody,
    kind: 'update',
  });
  const error = useFieldError('config-error-singleCamera', form.errors);
  return (
    <FormSection formId="singleCamera" title={t('unitConfig.singleCamera.title')} form={form} allowed={useAllowed('updateUnitSingleCamera')}>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <NativeSelect
          label={t('unitConfig.singleCamera.resolution')}
          value={form.values.resolution}
          onChange={(e) => form.set({ resolution: e.currentTarget.value })}
          data={VIDEO_RESOLUTIONS.map((lines) => ({ value: String(lines), label: t('unitConfig.singleCamera.resolutionOption', { lines }) }))}
          error={error('resolution')}
          data-testid="config-singleCamera-resolution"
        />
        <NativeSelect
          label={t('unitConfig.singleCamera.colourDepth')}
          value={form.values.colourDepth}
          onChange={(e) => form.set({ colourDepth: e.currentTarget.value })}
          data={LIMITS.colourDepths.map((bits) => ({ value: String(bits), label: t('unitConfig.singleCamera.colourDepthOption', { bits }) }))}
          error={error('colourDepth')}
          data-testid="config-singleCamera-colourDepth"
        />
        <TextInput
          label={t('unitConfig.singleCamera.maxBandwidthMbps')}
          description={t('unitConfig.singleCamera.maxHint', { max: LIMITS.hdMaxBandwidthSingleCameraMbps })}
          value={form.values.maxBandwidthMbps}
          onChange={(e) => form.set({ maxBandwidthMbps: e.currentTarget.value })}
          error={error('maxBandwidthMbps')}
          data-testid="config-singleCamera-maxBandwidthMbps"
        />
      </SimpleGrid>
    </FormSection>
  );
}

function MultiCameraForm({ config }: TabProps) {
  const { t } = useTranslation();
  const { unitId } = useConfigContext();
  const form = useConfigForm({
    unitId,
    source: multiCameraForm(config),
    validate: validateMultiCameraForm,
    endpoint: 'updateUnitMultipleCamera',
    schema: MultipleCameraUpdateBody,
    toBody: multiCameraBody,
    kind: 'update',
  });
  const error = useFieldError('config-error-cameras', form.errors);
  const feeds = parseNumber(form.values.numberOfFeeds) ?? 0;
  const setCamera = (index: number, patch: Partial<CameraRow>) =>
    form.set({ cameras: form.values.cameras.map((c, i) => (i === index ? { ...c, ...patch } : c)) });
  return (
    <FormSection formId="cameras" title={t('unitConfig.cameras.title')} form={form} allowed={useAllowed('updateUnitMultipleCamera')}>
      <Text size="sm" c="dimmed">
        {t('unitConfig.cameras.hint', {
          label: LIMITS.cameraLabelMax,
          min: LIMITS.cameraPriorityMin,
          max: LIMITS.cameraPriorityMax,
          mbps: LIMITS.hdMaxBandwidthMultiCameraMbps,
        })}
      </Text>
      <Group grow align="flex-start">
        <NativeSelect
          label={t('unitConfig.cameras.numberOfFeeds')}
          value={form.values.numberOfFeeds}
          onChange={(e) => form.set({ numberOfFeeds: e.currentTarget.value })}
          data={Array.from({ length: LIMITS.multiCameraMaxCameras }, (_, i) => String(i + 1))}
          error={error('numberOfFeeds') ?? error('cameras')}
          data-testid="config-cameras-numberOfFeeds"
        />
        <TextInput
          label={t('unitConfig.cameras.maxBandwidthMbps')}
          value={form.values.maxBandwidthMbps}
          onChange={(e) => form.set({ maxBandwidthMbps: e.currentTarget.value })}
          error={error('maxBandwidthMbps')}
          data-testid="config-cameras-maxBandwidthMbps"
        />
      </Group>
      <Stack gap="xs">
        {form.values.cameras.slice(0, feeds).map((camera, i) => (
          <Group key={i} grow align="flex-start">
            <TextInput
              label={t('unitConfig.cameras.label', { n: i + 1 })}
              value={camera.label}
              onChange={(e) => setCamera(i, { label: e.currentTarget.value })}
              error={error(`cameras.${i}.label`)}
              data-testid={`config-cameras-label-${i}`}
            />
            <NativeSelect
              label={t('unitConfig.cameras.priority', { n: i + 1 })}
              value={camera.priority}
              onChange={(e) => setCamera(i, { priority: e.currentTarget.value })}
              data={Array.from({ length: LIMITS.cameraPriorityMax - LIMITS.cameraPriorityMin + 1 }, (_, p) => String(p + LIMITS.cameraPriorityMin))}
              error={error(`cameras.${i}.priority`)}
              data-testid={`config-cameras-priority-${i}`}
            />
          </Group>
        ))}
      </Stack>
    </FormSection>
  );
}

function StoreAndForwardForm({ config }: TabProps) {
  const { t } = useTranslation();
  const { unitId } = useConfigContext();
  const form = useConfigForm({
    unitId,
    source: storeAndForwardForm(config),
    validate: validateStoreAndForwardForm,
    endpoint: 'updateUnitStoreAndForwardQuality',
    schema: StoreAndForwardQualityUpdateBody,
    toBody: (v) => v,
    kind: 'update',
  });
  const error = useFieldError('config-error-storeAndForward', form.errors);
  return (
    <FormSection formId="storeAndForward" title={t('unitConfig.storeAndForward.title')} form={form} allowed={useAllowed('updateUnitStoreAndForwardQuality')}>
      <NativeSelect
        label={t('unitConfig.storeAndForward.quality')}
        value={form.values.quality}
        onChange={(e) => form.set({ quality: e.currentTarget.value as StoreAndForwardProfile })}
        data={STORE_AND_FORWARD_PROFILES.map((p) => ({ value: p, label: t(`unitConfig.storeAndForward.profiles.${p}`) }))}
        error={error('quality')}
        data-testid="config-storeAndForward-quality"
      />
    </FormSection>
  );
}

export default function VideoAudioTab({ config, unit }: TabProps) {
  return (
    <Stack gap="md">
      <DelayForm config={config} unit={unit} />
      <AudioForm config={config} unit={unit} />
      <AudioBitrateForm config={config} unit={unit} />
      <IfbDelayForm config={config} unit={unit} />
      <IfbAlwaysOnForm config={config} unit={unit} />
      <SingleCameraForm config={config} unit={unit} />
      <EncoderForm config={config} unit={unit} />
      <ShootingModeForm config={config} unit={unit} />
      <VideoComplexityForm config={config} unit={unit} />
      <AncillaryDataForm config={config} unit={unit} />
      {unit.capabilities.multiCamera === true && <MultiCameraForm config={config} unit={unit} />}
      <StoreAndForwardForm config={config} unit={unit} />
    </Stack>
  );
}
