import { useState } from 'react';
import { Button, Group, Loader, SegmentedControl, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { INTERCOM_MODES, VALIDATION } from '@fleet/contracts';
import type { UnitConfiguration } from '@fleet/contracts';
import { callEndpoint } from '../../api/client';
import { useApiErrorMessage } from '../../api/errorMessage';
import { useToast } from '../../toast/useToast';
import { intercomApplications } from './activity';
import { AudioJacksSection } from './AudioJacksSection';
import type { FormErrors } from './multiCameraForm';
import { ActivityControls, ApiErrorAlert, Section } from './parts';
import type { DetailTabProps } from './tabProps';
import { useConfigMutation } from './useConfigMutation';
import { fieldProblems, validationText } from './validationText';

type IntercomMode = (typeof INTERCOM_MODES)[number];
const SESSIONS = [1, 2] as const;

/** Spec 000 §3: a unit has two intercoms, each to an audio room or a target channel. */
export function IntercomTab({ unit, configuration, transitions, canCall }: DetailTabProps) {
  const { t } = useTranslation();
  if (configuration === undefined) return <Loader size="sm" aria-label={t('common.loading')} />;
  return (
    <Stack gap="sm" data-testid="unit-detail-intercom">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
        {SESSIONS.map((n) => (
          <IntercomCard
            key={`${n}-${configuration.version}`}
            n={n}
            unitId={unit.uniqueId}
            configuration={configuration}
            transitions={transitions}
            canSave={canCall('updateUnitIntercom')}
            canControl={canCall('startIntercomSession')}
          />
        ))}
      </SimpleGrid>
      <AudioJacksSection unitId={unit.uniqueId} configuration={configuration} canWrite={canCall('updateUnitIntercomAudioJacks')} />
    </Stack>
  );
}

function IntercomCard(props: {
  n: 1 | 2;
  unitId: string;
  configuration: UnitConfiguration;
  transitions: DetailTabProps['transitions'];
  canSave: boolean;
  canControl: boolean;
}) {
  const { n, unitId, configuration, transitions, canSave, canControl } = props;
  const { t } = useTranslation();
  const toast = useToast();
  const errorMessage = useApiErrorMessage();
  const current = configuration.intercoms[n - 1];
  const [mode, setMode] = useState<IntercomMode>(current?.mode ?? 'audioRoom');
  const [audioRoomId, setAudioRoomId] = useState(current?.audioRoomId ?? '');
  const [targetChannelId, setTargetChannelId] = useState(current?.targetChannelId ?? '');
  const [destination, setDestination] = useState(current?.destinationAccount ?? '');
  const [errors, setErrors] = useState<FormErrors>({});
  const [sessionError, setSessionError] = useState<unknown>(null);
  const mutation = useConfigMutation(unitId, 'updateUnitIntercom', () => t('unitDetail.intercom.saved', { n }));
  const serverErrors = mutation.error ? fieldProblems(mutation.error.fields) : {};
  const errorOf = (key: string) => {
    const message = errors[key] ?? serverErrors[key];
    return message === undefined ? undefined : validationText(t, message);
  };
  const savedMode = current?.mode ?? 'audioRoom';
  const keys = intercomApplications(savedMode);
  const activity = n === 1 ? 'intercom1' : 'intercom2';
  const state = transitions.stateOf(activity, keys);

  const save = () => {
    const found: FormErrors = {};
    if (mode === 'audioRoom' && audioRoomId.trim() === '') found.audioRoomId = VALIDATION.required;
    if (mode === 'targetChannel' && targetChannelId.trim() === '') found.targetChannelId = VALIDATION.required;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    mutation.mutate({
      params: { id: unitId },
      body: {
        intercom: n,
        mode,
        audioRoomId: mode === 'audioRoom' ? audioRoomId.trim() : null,
        targetChannelId: mode === 'targetChannel' ? targetChannelId.trim() : null,
        destinationAccount: destination.trim() === '' ? null : destination.trim(),
      },
    });
  };

  const run = (direction: 'start' | 'stop') => {
    setSessionError(null);
    const params = { id: unitId, n: String(n) as '1' | '2' };
    void transitions
      .run(activity, direction, keys, () => (direction === 'start' ? callEndpoint('startIntercomSession', { params }) : callEndpoint('stopIntercomSession', { params })))
      .then((error) => {
        if (error === null) return;
        setSessionError(error);
        toast.show({ title: direction === 'start' ? t('unitDetail.intercom.startFailed') : t('unitDetail.intercom.stopFailed'), message: errorMessage(error), variant: 'error' });
      });
  };

  const testId = `unit-detail-intercom-${n}`;
  return (
    <Section title={t('unitDetail.intercom.title', { n })} testId={testId}>
      <ActivityControls
        testId={`${testId}-session`}
        state={state}
        canControl={canControl}
        startLabel={t('unitDetail.intercom.start')}
        stopLabel={t('unitDetail.intercom.stop')}
        runningLabel={t('unitDetail.intercom.connected')}
        onStart={() => run('start')}
        onStop={() => run('stop')}
      />
      <ApiErrorAlert error={sessionError} testId={`${testId}-session-error`} />
      <SegmentedControl
        size="xs"
        w="fit-content"
        data={INTERCOM_MODES.map((value) => ({ value, label: t(`unitDetail.intercom.modes.${value}`) }))}
        value={mode}
        onChange={(value) => setMode(value === 'targetChannel' ? 'targetChannel' : 'audioRoom')}
        disabled={!canSave}
        data-testid={`${testId}-mode`}
      />
      <Stack gap="xs">
        {mode === 'audioRoom' ? (
          <TextInput size="xs" label={t('unitDetail.intercom.audioRoom')} value={audioRoomId} onChange={(e) => setAudioRoomId(e.currentTarget.value)} readOnly={!canSave} error={errorOf('audioRoomId')} data-testid={`${testId}-room`} />
        ) : (
          <TextInput size="xs" label={t('unitDetail.intercom.targetChannel')} value={targetChannelId} onChange={(e) => setTargetChannelId(e.currentTarget.value)} readOnly={!canSave} error={errorOf('targetChannelId')} data-testid={`${testId}-channel`} />
        )}
        <TextInput size="xs" label={t('unitDetail.intercom.destination')} value={destination} onChange={(e) => setDestination(e.currentTarget.value)} readOnly={!canSave} error={errorOf('destinationAccount')} data-testid={`${testId}-destination`} />
      </Stack>
      {canSave && (
        <Group>
          <Button size="xs" onClick={save} loading={mutation.isPending} data-testid={`${testId}-save`}>
            {t('unitDetail.intercom.save')}
          </Button>
        </Group>
      )}
      <ApiErrorAlert error={mutation.error} title={t('unitDetail.intercom.saveFailed', { n })} testId={`${testId}-save-error`} />
    </Section>
  );
}
