import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Loader, Radio, Stack, Text } from '@mantine/core';
import { Select } from '../../components/Pickers';
import { useTranslation } from 'react-i18next';
import { STORE_AND_FORWARD_PROFILES, TIMINGS } from '@fleet/contracts';
import type { StoreAndForwardProfile, TransmissionMode, UnitDetail, UnitStorage } from '@fleet/contracts';
import { callEndpoint } from '../../api/client';
import { useQueryClient } from '@tanstack/react-query';
import { endpointKey } from '../../api/hooks';
import { errorCodeText } from '../../api/errorMessage';
import { requiredField } from '../../lib/forms/fieldErrors';
import { useConfigCall } from '../../lib/forms/useConfigCall';
import { useFieldError } from '../../lib/forms/useFieldError';
import { useForm } from '../../lib/forms/useForm';
import { useToastMutation } from '../../kit/useToastMutation';
import { startBlocker, type StartBlocker } from '../../kit/unit/unitRules';
import { sleep } from '../../lib/transitions/transitions';
import { ChannelPicker } from '../channels/ChannelPicker';
import { useChannelNames } from '../channels/useChannelNames';
import { selectChannelWithRetry } from '../../kit/unit/channelSelection';
import { transmissionModeOptions } from './detailRules';
import type { ModeBlocker } from './detailRules';
import { ExternalStreamsSection } from './ExternalStreamsSection';
import { useStopStreamConfirm } from '../unit-actions/useStopStreamConfirm';
import { ActivitySection, ApiErrorAlert, Section } from './parts';
import type { DetailTabProps } from './tabProps';
import { enumLabel } from '../../lib/tolerant';

/** The channel to switch to (chosen from the picker, its id), required. */
const NO_CHANNEL_TYPED = { channelId: '' };
const requireChannel = requiredField<typeof NO_CHANNEL_TYPED>('channelId');

/** Why the stream cannot start, in the spec's words. */
const START_BLOCKER_TEXT = {
  streaming: 'unitDetail.startBlockers.streaming',
  camera: 'apiErrors.CAMERA_NOT_CONNECTED',
  license: 'apiErrors.UNIT_VIDEO_LICENSE_INVALID',
  notOnline: 'unitDetail.startBlockers.notOnline',
} as const satisfies Record<StartBlocker, string>;

export interface LocalExternal {
  readonly channelId: string;
  readonly previous: string | null;
}

export type CameraTabProps = Omit<DetailTabProps, 'configuration'> & {
  readonly storages: readonly UnitStorage[] | undefined;
  readonly onExternal: (external: LocalExternal | null) => void;
};

type ChannelStatus =
  | { readonly kind: 'idle' }
  | { readonly kind: 'working'; readonly attempt: number }
  | { readonly kind: 'selected'; readonly channelId: string }
  | { readonly kind: 'external'; readonly channelId: string }
  | { readonly kind: 'failed'; readonly error: unknown };

export function CameraTab({ unit, capabilities, storages, transitions, canCall, onExternal }: CameraTabProps) {
  const { t } = useTranslation();
  const stopConfirm = useStopStreamConfirm();
  const queryClient = useQueryClient();
  const id = unit.uniqueId;

  // ── stream ──
  const blocker = startBlocker(unit);
  const blockedText = blocker === null ? null : t(START_BLOCKER_TEXT[blocker]);
  // ── channel ──
  const channelForm = useForm(NO_CHANNEL_TYPED, requireChannel);
  const channelError = useFieldError('unit-detail-field-channel', channelForm.errors);
  const channelName = useChannelNames();
  const [channelStatus, setChannelStatus] = useState<ChannelStatus>({ kind: 'idle' });
  const channelAbort = useRef<AbortController | null>(null);
  useEffect(() => () => channelAbort.current?.abort(), []);
  const setChannel = () => {
    const values = channelForm.submit();
    if (values === null) return;
    const channelId = values.channelId.trim();
    channelAbort.current?.abort();
    const controller = new AbortController();
    channelAbort.current = controller;
    const previous = unit.selectedChannel.channelId;
    void selectChannelWithRetry(() => callEndpoint('commandSetVirtualChannel', { params: { id }, body: { channelId } }, { signal: controller.signal }), {
      signal: controller.signal,
      sleep,
      onAttempt: (attempt) => setChannelStatus({ kind: 'working', attempt }),
    }).then((result) => {
      switch (result.outcome) {
        case 'selected':
          onExternal(null);
          queryClient.setQueryData<UnitDetail>(endpointKey('getUnit', { params: { id } }), (old) =>
            old ? { ...old, selectedChannel: { ...old.selectedChannel, channelId: result.result.channelId, external: false } } : old,
          );
          setChannelStatus({ kind: 'selected', channelId: result.result.channelId });
          return;
        case 'external':
          // Spec 000 §4: a channel that is not found or unlicensed marks the selection External.
          onExternal({ channelId, previous });
          setChannelStatus({ kind: 'external', channelId });
          return;
        case 'failed':
          setChannelStatus({ kind: 'failed', error: result.error });
          return;
        case 'aborted':
          return;
      }
    });
  };

  // ── transmission mode ──
  const modeMutation = useConfigCall(id, 'updateUnitTransmissionMode', {
    kind: 'update',
    successMessage: (configuration) =>
      t('unitDetail.camera.mode.saved', { mode: enumLabel(t, 'unitDetail.camera.mode.names', configuration.transmissionMode) }),
  });
  const modeOptions = transmissionModeOptions(unit, capabilities, storages);
  const blockerText = (b: ModeBlocker) => (b.kind === 'noSdCard' ? t('unitDetail.camera.modeBlockers.noSdCard') : errorCodeText(t, b.code));
  const canSetMode = canCall('updateUnitTransmissionMode');

  return (
    <Stack gap="sm" data-testid="unit-detail-camera">
      {stopConfirm.dialog}
      <ActivitySection
        testId="unit-detail-stream"
        title={t('unitDetail.camera.stream')}
        notice={
          !unit.cameraConnected && (
            <Alert color="gray" variant="light" data-testid="unit-detail-no-camera">
              {t('apiErrors.CAMERA_NOT_CONNECTED')}
            </Alert>
          )
        }
        unlicensed={null}
        blocked={blockedText}
        transitions={transitions}
        activity="video"
        keys={['video']}
        canControl={canCall('startUnitStream')}
        labels="unitDetail.camera"
        confirmStop={(stop) => stopConfirm.request(unit, stop)}
        call={(direction) => callEndpoint(direction === 'start' ? 'startUnitStream' : 'stopUnitStream', { params: { id } })}
      />

      <ExternalStreamsSection unit={unit} canCall={canCall} />

      {canCall('commandSetVirtualChannel') && (
        <Section title={t('unitDetail.camera.channel.label')}>
          <Group align="flex-start" gap="xs">
            <ChannelPicker
              size="xs"
              w={340}
              aria-label={t('unitDetail.camera.channel.label')}
              placeholder={t('channels.picker.placeholder')}
              value={channelForm.values.channelId}
              onChange={(channelId) => channelForm.set({ channelId: channelId ?? '' })}
              forUnit={id}
              unitInventories={unit.inventoryIds}
              error={channelError('channelId')}
              data-testid="unit-detail-channel-input"
            />
            <Button size="xs" onClick={setChannel} loading={channelStatus.kind === 'working'} data-testid="unit-detail-channel-apply">
              {t('unitDetail.camera.channel.apply')}
            </Button>
          </Group>
          {channelStatus.kind === 'working' && (
            <Group gap="xs" data-testid="unit-detail-channel-progress">
              <Loader size="xs" />
              <Text size="sm">{t('unitDetail.camera.channel.attempt', { attempt: channelStatus.attempt, max: TIMINGS.channelSetRetries })}</Text>
            </Group>
          )}
          {channelStatus.kind === 'selected' && (
            <Text size="sm" c="green" data-testid="unit-detail-channel-result" data-outcome="selected">
              {t('unitDetail.camera.channel.selected', { channel: channelName(channelStatus.channelId) })}
            </Text>
          )}
          {channelStatus.kind === 'external' && (
            <Alert color="yellow" variant="light" data-testid="unit-detail-channel-result" data-outcome="external">
              {t('unitDetail.camera.channel.external', { channel: channelName(channelStatus.channelId) })}
            </Alert>
          )}
          {channelStatus.kind === 'failed' && (
            <ApiErrorAlert error={channelStatus.error} title={t('unitDetail.camera.channel.failed')} testId="unit-detail-channel-error" />
          )}
        </Section>
      )}

      <Section title={t('unitDetail.camera.mode.label')}>
        {canSetMode ? (
          <Radio.Group
            value={unit.transmissionMode}
            onChange={(value) => modeMutation.mutate({ params: { id }, body: { transmissionMode: value as TransmissionMode } })}
            aria-label={t('unitDetail.camera.mode.label')}
            data-testid="unit-detail-mode"
          >
            <Stack gap={6}>
              {modeOptions.map((option) => (
                <Radio
                  key={option.mode}
                  value={option.mode}
                  label={t(`unitDetail.camera.mode.names.${option.mode}`)}
                  disabled={option.blocker != null || modeMutation.isPending}
                  description={
                    option.blocker == null ? undefined : <span data-testid={`unit-detail-mode-reason-${option.mode}`}>{blockerText(option.blocker)}</span>
                  }
                  data-testid={`unit-detail-mode-${option.mode}`}
                />
              ))}
            </Stack>
          </Radio.Group>
        ) : (
          <Text size="sm" data-testid="unit-detail-mode-value">
            {enumLabel(t, 'unitDetail.camera.mode.names', unit.transmissionMode)}
          </Text>
        )}
        <ApiErrorAlert error={modeMutation.error} title={t('unitDetail.camera.mode.failed')} testId="unit-detail-mode-error" />
        {unit.transmissionMode === 'storeAndForward' && <RecordingQuality unit={unit} canSend={canCall('commandStoreAndForwardQuality')} />}
      </Section>
    </Stack>
  );
}

const isProfile = (value: string | null): value is StoreAndForwardProfile => STORE_AND_FORWARD_PROFILES.some((p) => p === value);

/**
 * The recording profile of Store & Forward (spec 000 §3 store-and-forward profiles; §7 command
 * store-and-forward quality): sent to the unit at once as a command when picked (an offline unit
 * answers so); users who may not command units see the profile.
 */
function RecordingQuality({ unit, canSend }: { unit: UnitDetail; canSend: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const id = unit.uniqueId;
  const send = useToastMutation('commandStoreAndForwardQuality', {
    success: (_accepted, input) => t('unitDetail.camera.recordingQuality.sent', { quality: label(input.body?.quality ?? '') }),
    onSuccess: (_accepted, input) => {
      const quality = input.body?.quality;
      if (quality === undefined) return;
      queryClient.setQueryData<UnitDetail>(endpointKey('getUnit', { params: { id } }), (old) => (old ? { ...old, storeAndForwardVideoQuality: quality } : old));
    },
    onError: () => undefined,
  });
  const current = unit.storeAndForwardVideoQuality;
  const label = (value: string) => (isProfile(value) ? t(`unitConfig.storeAndForward.profiles.${value}`) : value);
  if (!canSend) {
    return (
      <Text size="sm" data-testid="unit-detail-recording-quality-value" data-quality={current}>
        {t('unitDetail.camera.recordingQuality.label')}: {label(current)}
      </Text>
    );
  }
  return (
    <Stack gap={4}>
      <Select
        size="xs"
        w={260}
        label={t('unitDetail.camera.recordingQuality.label')}
        description={t('unitDetail.camera.recordingQuality.hint')}
        data={STORE_AND_FORWARD_PROFILES.map((p) => ({ value: p, label: label(p) }))}
        value={isProfile(current) ? current : null}
        onChange={(value) => {
          if (isProfile(value) && value !== current) send.mutate({ params: { id }, body: { quality: value } });
        }}
        allowDeselect={false}
        disabled={send.isPending}
        comboboxProps={{ withinPortal: true }}
        data-testid="unit-detail-recording-quality"
      />
      <ApiErrorAlert error={send.error} title={t('unitDetail.camera.recordingQuality.failed')} testId="unit-detail-recording-quality-error" />
    </Stack>
  );
}
