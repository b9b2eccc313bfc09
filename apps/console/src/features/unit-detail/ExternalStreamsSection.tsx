/**
 * Camera tab: forward the unit's live stream to a CDN or a social media destination (spec 000 §7
 * "Social media and CDN streams": v0 units/{id}/stream/cdn and /social_media, started and
 * stopped; body StartExternalStreamBody: an optional destination of the unit's inventories and an
 * optional resolution). The state shown: see externalStreams.ts (the unit reports no application
 * for it; forwarding ends when the unit's applications say it stopped streaming).
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { Group, Stack, TextInput } from '@mantine/core';
import { Select } from '../../components/Pickers';
import { useTranslation } from 'react-i18next';
import { EXTERNAL_STREAM_KINDS, VIDEO_RESOLUTIONS } from '@fleet/contracts';
import type { EndpointId, ExternalStreamResult, UnitDetail } from '@fleet/contracts';
import { isStreaming } from '@fleet/domain';
import { callEndpoint } from '../../api/client';
import { useApiErrorMessage } from '../../api/errorMessage';
import { useFieldError } from '../../lib/forms/useFieldError';
import { useForm } from '../../lib/forms/useForm';
import { useToast } from '../../toast/useToast';
import type { Direction } from '../../lib/transitions/transitions';
import { externalStreamState, externalStreamStore } from './externalStreams';
import type { ExternalStreamKind } from './externalStreams';
import { ActivityControls, ApiErrorAlert, Section } from './parts';
import { externalStreamBody, externalStreamErrors } from './settingsForms';
import { MutedText, StrongText } from '../../kit/MutedText';

/** What the start sends: nothing chosen, the core takes the first destination of the kind. */
const NOTHING_CHOSEN: { destinationId: string; resolution: number | null } = { destinationId: '', resolution: null };
const checkChoice = (values: typeof NOTHING_CHOSEN) => externalStreamErrors(values.destinationId, values.resolution);
/** Stopping sends no form: no check. */
const NO_CHECK = () => ({});

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
      <MutedText size="xs">{t('unitDetail.camera.forward.notReported')}</MutedText>
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
  const form = useForm(NOTHING_CHOSEN, checkChoice);
  const error = useFieldError(`unit-detail-field-forward-${kind}`, form.errors);
  const state = externalStreamState(entry, unit.applications, pending);
  const kindName = t(`unitDetail.camera.forward.kinds.${kind}`);

  const run = (direction: Direction) => {
    const values = direction === 'start' ? form.submit() : form.submit(NO_CHECK);
    if (values === null) return;
    setPending(direction);
    const params = { id };
    const call: Promise<ExternalStreamResult> =
      direction === 'start'
        ? callEndpoint(CALLS[kind].start, { params, body: externalStreamBody(values.destinationId, values.resolution) })
        : callEndpoint(CALLS[kind].stop, { params });
    call
      .then((result) => {
        externalStreamStore.set(id, kind, { active: result.active, destinationId: result.destinationId });
        toast.show({ message: t(`unitDetail.camera.forward.${direction === 'start' ? 'started' : 'stopped'}`, { kind: kindName }), variant: 'success' });
      })
      .catch((error: unknown) => {
        form.failed(error);
        toast.show({ title: t(`unitDetail.camera.forward.${direction}Failed`, { kind: kindName }), message: errorMessage(error), variant: 'error' });
      })
      .finally(() => setPending(null));
  };

  const testId = `unit-detail-forward-${kind}`;
  return (
    <Stack gap={6} data-testid={testId} data-state={state}>
      <StrongText>{kindName}</StrongText>
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
        <MutedText size="xs" testId={`${testId}-destination-active`}>
          {t('unitDetail.camera.forward.destinationActive', { destination: entry.destinationId })}
        </MutedText>
      )}
      {canControl && state === 'off' && (
        <Group gap="xs" align="flex-start">
          <TextInput
            size="xs"
            w={220}
            label={t('unitDetail.camera.forward.destination')}
            description={t('unitDetail.camera.forward.destinationHint')}
            value={form.values.destinationId}
            onChange={(event) => form.set({ destinationId: event.currentTarget.value })}
            error={error('destinationId')}
            data-testid={`${testId}-destination`}
          />
          <Select
            size="xs"
            w={160}
            label={t('unitDetail.camera.forward.resolution')}
            data={VIDEO_RESOLUTIONS.map((value) => ({ value: String(value), label: t('unitDetail.camera.forward.resolutionValue', { value }) }))}
            value={form.values.resolution == null ? null : String(form.values.resolution)}
            onChange={(value) => form.set({ resolution: value === null ? null : Number(value) })}
            clearable
            error={error('resolution')}
            data-testid={`${testId}-resolution`}
          />
        </Group>
      )}
      <ApiErrorAlert error={form.error} testId={`${testId}-error`} fieldsInline />
    </Stack>
  );
}
