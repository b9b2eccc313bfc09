/**
 * Video/Audio tab: delay, audio parameters and encoding, return audio (IFB), video, encoder, shooting mode, video complexity,
 * ancillary data, multi camera labels, store-and-forward quality.
 */
import { Group, NativeSelect, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AUDIO_INPUTS, DELAY_MODES, LIMITS, STORE_AND_FORWARD_PROFILES, VIDEO_RESOLUTIONS } from '@fleet/contracts';
import { forcesWiredLink, isLowDelay, isStreaming } from '@fleet/domain';
import {
  AUDIO_CHANNEL_CHOICES,
  audioBitrateBody,
  audioBitrateForm,
  audioBody,
  audioForm,
  delayBody,
  delayBounds,
  delayForm,
  multiCameraBody,
  multiCameraForm,
  singleCameraBody,
  singleCameraForm,
  storeAndForwardForm,
  validateAudioForm,
  validateDelayForm,
  validateMultiCameraForm,
  validateSingleCameraForm,
  CAMERA_PRIORITIES,
} from './forms';
import { EncodingForms, ReturnAudioForms } from './EncodingForms';
import { parseNumber } from '../../lib/forms/fieldErrors';
import { RowList } from '../../kit/ConfigFields';
import { ConfigCard, ConfigFields, type TabProps } from './parts';
import type { DelayMode } from '@fleet/domain';
import { MutedText } from '../../kit/MutedText';

export default function VideoAudioTab({ config, unit }: TabProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <ConfigCard
        formId="delay"
        title={t('unitConfig.delay.title')}
        endpoint="updateUnitDelay"
        source={delayForm(config)}
        validate={(v) => validateDelayForm(v, unit, config)}
        toBody={delayBody}
        shows={['delayMs']}
      >
        {(form, error) => {
          const bounds = delayBounds(form.values, unit);
          const value = parseNumber(form.values.delayMs);
          return (
            <>
              <SegmentedControl
                value={form.values.mode}
                onChange={(mode) => form.set({ mode: mode as DelayMode })}
                data={DELAY_MODES.map((m) => ({ value: m, label: t(`unitConfig.delay.modes.${m}`) }))}
                data-testid="config-delay-mode"
              />
              <ConfigFields
                formId="delay"
                form={form}
                error={error}
                fields={[
                  {
                    kind: 'number',
                    name: 'delayMs',
                    label: t('unitConfig.delay.delayMs'),
                    description: t('unitConfig.delay.bounds', { min: bounds.minMs, max: bounds.maxMs }),
                  },
                ]}
              />
              {typeof value === 'number' && forcesWiredLink(value) && (
                <Text size="sm" c="yellow.8" data-testid="config-delay-forces-wired">
                  {t('unitConfig.delay.forcesWired')}
                </Text>
              )}
              {typeof value === 'number' && isLowDelay(value) && <MutedText testId="config-delay-low-delay">{t('unitConfig.delay.lowDelay')}</MutedText>}
              {isStreaming(unit.applications) && <MutedText>{t('unitConfig.delay.onTheFly')}</MutedText>}
            </>
          );
        }}
      </ConfigCard>
      <ConfigCard
        formId="audio"
        title={t('unitConfig.audio.title')}
        endpoint="commandAudioParameters"
        source={audioForm(config)}
        validate={validateAudioForm}
        toBody={audioBody}
        fields={[
          [
            {
              kind: 'select',
              name: 'input',
              label: t('unitConfig.audio.input'),
              options: AUDIO_INPUTS.map((i) => ({ value: i, label: t(`unitConfig.audio.inputs.${i}`) })),
            },
            {
              kind: 'select',
              name: 'channels',
              label: t('unitConfig.audio.channels'),
              description: t('unitConfig.audio.sdiOnly'),
              options: AUDIO_CHANNEL_CHOICES.map(String),
            },
            { kind: 'text', name: 'gainDb', label: t('unitConfig.audio.gainDb') },
          ],
        ]}
      />
      <ConfigCard
        formId="audioBitrate"
        title={t('unitConfig.audioBitrate.title')}
        endpoint="commandAudioBitrate"
        source={audioBitrateForm(config)}
        toBody={audioBitrateBody}
        fields={[
          {
            kind: 'select',
            name: 'bitrateKbps',
            label: t('unitConfig.audioBitrate.bitrateKbps'),
            options: LIMITS.audioEncodingKbps.map((kbps) => ({
              value: String(kbps),
              label: t('unitConfig.audioBitrate.option', { kbps, channels: LIMITS.audioEncodingChannels }),
            })),
          },
        ]}
      />
      <ReturnAudioForms config={config} unit={unit} />
      <ConfigCard
        formId="singleCamera"
        title={t('unitConfig.singleCamera.title')}
        endpoint="updateUnitSingleCamera"
        source={singleCameraForm(config)}
        validate={(v) => validateSingleCameraForm(v, unit)}
        toBody={singleCameraBody}
        fields={[
          [
            {
              kind: 'select',
              name: 'resolution',
              label: t('unitConfig.singleCamera.resolution'),
              options: VIDEO_RESOLUTIONS.map((lines) => ({ value: String(lines), label: t('unitConfig.singleCamera.resolutionOption', { lines }) })),
            },
            {
              kind: 'select',
              name: 'colourDepth',
              label: t('unitConfig.singleCamera.colourDepth'),
              options: LIMITS.colourDepths.map((bits) => ({ value: String(bits), label: t('unitConfig.singleCamera.colourDepthOption', { bits }) })),
            },
            {
              kind: 'text',
              name: 'maxBandwidthMbps',
              label: t('unitConfig.singleCamera.maxBandwidthMbps'),
              description: t('unitConfig.singleCamera.maxHint', { max: LIMITS.hdMaxBandwidthSingleCameraMbps }),
            },
          ],
        ]}
      />
      <EncodingForms config={config} unit={unit} />
      {unit.capabilities.multiCamera === true && (
        <ConfigCard
          formId="cameras"
          title={t('unitConfig.cameras.title')}
          endpoint="updateUnitMultipleCamera"
          source={multiCameraForm(config)}
          validate={validateMultiCameraForm}
          toBody={multiCameraBody}
          shows={['numberOfFeeds', 'cameras', 'maxBandwidthMbps']}
        >
          {(form, error) => {
            const feeds = parseNumber(form.values.numberOfFeeds) ?? 0;
            return (
              <>
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
                <RowList
                  prefix="config-cameras"
                  path="cameras"
                  rows={form.values.cameras.slice(0, feeds)}
                  onChange={(shown) => form.set({ cameras: [...shown, ...form.values.cameras.slice(feeds)] })}
                  fields={(i) => [
                    { kind: 'text', name: 'label', label: t('unitConfig.cameras.label', { n: i + 1 }) },
                    { kind: 'select', name: 'priority', label: t('unitConfig.cameras.priority', { n: i + 1 }), options: CAMERA_PRIORITIES },
                  ]}
                  error={error}
                />
              </>
            );
          }}
        </ConfigCard>
      )}
      <ConfigCard
        formId="storeAndForward"
        title={t('unitConfig.storeAndForward.title')}
        endpoint="updateUnitStoreAndForwardQuality"
        source={storeAndForwardForm(config)}
        toBody={(v) => v}
        fields={[
          {
            kind: 'select',
            name: 'quality',
            label: t('unitConfig.storeAndForward.quality'),
            options: STORE_AND_FORWARD_PROFILES.map((p) => ({ value: p, label: t(`unitConfig.storeAndForward.profiles.${p}`) })),
          },
        ]}
      />
    </Stack>
  );
}
