/**
 * Camera tab: forward the unit's live stream to a CDN or a social media destination (spec 000 §7
 * "Social media and CDN streams": v0 units/{id}/stream/cdn and /social_media, started and
 * stopped; body StartExternalStreamBody: an optional destination of the unit's inventories and an
 * optional resolution). The state shown: see externalStreams.ts (the unit reports no application
 * for it; forwarding ends when the unit's applications say it stopped streaming).
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EXTERNAL_STREAM_KINDS, VIDEO_RESOLUTIONS } from '@fleet/contracts';
import type { EndpointId, ExternalStreamResult, UnitDetail } from '@fleet/contracts';
import { isStreaming } from '@fleet/domain';
import { callEndpoint } from '../../api/client';
import { isApiError } from '../../api/ApiError';
import { useApiErrorMessage } from '../../api/errorMessage';
import { useToast } from '../../toast/useToast';
import type { Direction } from '../../lib/transitions/transitions';
import { externalStreamState, externalStreamStore } from './externalStreams';
import type { ExternalStreamKind } from './externalStreams';
import type { FormErrors } from './multiCameraForm';
import { ActivityControls, ApiErrorAlert, Section } from './parts';
import { externalStreamBody, externalStreamErrors } from './settingsForms';
import { fieldProblems, validationText } from './validationText';

const CALLS = {
  cdn: { start: 'startCdnStream', stop: 'stopCdnStream' },
  social_media: { start: 'startSocialMediaStream', stop: 'stopSocialMediaStream' },
} as const satisfies Record<ExternalStreamKind, { start: EndpointId; stop: EndpointId }>;

export function ExternalStreamsSection({ unit, canCall }: { unit: UnitDetail; canCall: (id: EndpointId) => boolean }) {
  const { t } = useTranslation();
  const id = unit.uniqueId;
  const streaming = isStreaming(unit.applications);
  useEffect(() => externalStreamStore.settle(id, streaming), [id, streaming]);
  return (
    <Section title={t('unitDetail.camera.forward.title')} testId="unit-detail-forward">
      <Text size="xs" c="dimmed">
        {t('unitDetail.camera.forward.notReported')}
      </Text>
      {EXTERNAL_STREAM_KINDS.map((kind) => (
        <ExternalStreamRow key={kind} kind={kind} unit={unit} streaming={streaming} canControl={canCall(CALLS[kind].start) && canCall(CALLS[kind].stop)} />
      ))}
    </Section>
  );
}

function ExternalStreamRow({ kind, unit, streaming, canControl }: { kind: ExternalStreamKind; unit: UnitDetail; streaming: boolean; canControl: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const errorMessage = useApiErrorMessage();
  const id = unit.uniqueId;
  const entry = useSyncExternalStore(externalStreamStore.subscribe, () => externalStreamStore.get(id))[kind];
  const [pending, setPending] = useState<Direction | null>(null);
  const [destination, setDestination] = useState('');
  const [resolution, setResolution] = useState<number | null>(null);
  const [errors, setErrors] = useState<FormErrors>({});
  const [failure, setFailure] = useState<unknown>(null);
  const state = externalStreamState(entry, unit.applications, pending);
  const kindName = t(`unitDetail.camera.forward.kinds.${kind}`);
  const serverErrors = isApiError(failure) ? fieldProblems(failure.fields) : {};
  const errorOf = (key: string) => {
    const message = errors[key] ?? serverErrors[key];
    return message === undefined ? undefined : validationText(t, message);
  };

  const run = (direction: Direction) => {
    setFailure(null);
    if (direction === 'start') {
      const found = externalStreamErrors(destination, resolution);
      setErrors(found);
      if (Object.keys(found).length > 0) return;
    }
    setPending(direction);
    const params = { id };
    const call: Promise<ExternalStreamResult> =
      direction === 'start' ? callEndpoint(CALLS[kind].start, { params, body: externalStreamBody(destination, resolution) }) : callEndpoint(CALLS[kind].stop, { params });
    call
      .then((result) => {
        externalStreamStore.set(id, kind, { active: result.active, destinationId: result.destinationId });
        toast.show({ message: t(direction === 'start' ? 'unitDetail.camera.forward.started' : 'unitDetail.camera.forward.stopped', { kind: kindName }), variant: 'success' });
      })
      .catch((error: unknown) => {
        setFailure(error);
        toast.show({
          title: t(direction === 'start' ? 'unitDetail.camera.forward.startFailed' : 'unitDetail.camera.forward.stopFailed', { kind: kindName }),
          message: errorMessage(error),
          variant: 'error',
        });
      })
      .finally(() => setPending(null));
  };

  const testId = `unit-detail-forward-${kind}`;
  return (
    <Stack gap={6} data-testid={testId} data-state={state}>
      <Text size="sm" fw={500}>
        {kindName}
      </Text>
      <ActivityControls
        testId={testId}
        state={state}
        canControl={canControl}
        startLabel={t('unitDetail.camera.forward.start')}
        stopLabel={t('unitDetail.camera.forward.stop')}
        blocked={streaming ? null : t('apiErrors.UNIT_NOT_STREAMING')}
        onStart={() => run('start')}
        onStop={() => run('stop')}
      />
      {state === 'running' && entry?.destinationId != null && (
        <Text size="xs" c="dimmed" data-testid={`${testId}-destination-active`}>
          {t('unitDetail.camera.forward.destinationActive', { destination: entry.destinationId })}
        </Text>
      )}
      {canControl && state === 'off' && (
        <Group gap="xs" align="flex-start">
          <TextInput
            size="xs"
            w={220}
            label={t('unitDetail.camera.forward.destination')}
            description={t('unitDetail.camera.forward.destinationHint')}
            value={destination}
            onChange={(event) => setDestination(event.currentTarget.value)}
            error={errorOf('destinationId')}
            data-testid={`${testId}-destination`}
          />
          <Select
            size="xs"
            w={160}
            label={t('unitDetail.camera.forward.resolution')}
            data={VIDEO_RESOLUTIONS.map((value) => ({ value: String(value), label: t('unitDetail.camera.forward.resolutionValue', { value }) }))}
            value={resolution === null ? null : String(resolution)}
            onChange={(value) => setResolution(value === null ? null : Number(value))}
            clearable
            error={errorOf('resolution')}
            data-testid={`${testId}-resolution`}
          />
        </Group>
      )}
      <ApiErrorAlert error={failure} testId={`${testId}-error`} fieldsInline />
    </Stack>
  );
}
