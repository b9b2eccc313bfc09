/**
 * Speed test dialog (spec 000 §2): checks that the unit can run one (capability, online, idle,
 * a channel; the channel's 7.5.1 rule of 000 §5 when its version is known, else as the core
 * answers it), starts the "speed test" command (timeout 10, 000 §7/§9), shows the running test and
 * the result arriving live as `unit.commandResult` on /ws. A running test can be cancelled (stop
 * streaming: "Test cancelled").
 */
import { useEffect, useReducer } from 'react';
import { Button, Group, Loader, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TIMINGS } from '@fleet/contracts';
import { useEndpointMutation, useEndpointQuery } from '../../api/hooks';
import { ApiError } from '../../api/ApiError';
import { useApiErrorMessage } from '../../api/errorMessage';
import { useLiveEvents } from '../../kit/useLiveEvents';
import { useNow } from '../../kit/useNow';
import { useBitrateText } from '../../kit/unit/useBitrateText';
import { DialogFooter, ErrorNote, unitDialog, UnitHeading, useCanUseCall, type UnitDialogProps } from '../../kit/DialogParts';
import { SPEED_TEST_READY, speedTestBlocker, speedTestProgress, speedTestReducer } from './rules';
import type { SpeedTestBlocker } from './rules';
import { apiFieldErrors } from '../../lib/forms/fieldErrors';
import { useFieldText } from '../../lib/forms/useFieldText';
import { MutedText } from '../../kit/MutedText';
import { enumLabel } from '../../lib/tolerant';

function Rate({ label, kbps, testId }: { readonly label: string; readonly kbps: number; readonly testId: string }) {
  const { t } = useTranslation();
  const bitrateText = useBitrateText();
  const text = bitrateText(kbps) ?? t('common.none');
  return (
    <Stack gap={0}>
      <MutedText>{label}</MutedText>
      <Text fw={600} data-testid={testId}>
        {text}
      </Text>
    </Stack>
  );
}

function SpeedTestBody({ unitId, onClose }: Omit<UnitDialogProps, 'opened'>) {
  const { t } = useTranslation();
  const errorText = useApiErrorMessage();
  const fieldText = useFieldText();
  const canAct = useCanUseCall('commandSpeedTest');
  const unit = useEndpointQuery('getUnit', { params: { id: unitId } });
  const [state, dispatch] = useReducer(speedTestReducer, SPEED_TEST_READY);
  const start = useEndpointMutation('commandSpeedTest');
  const cancel = useEndpointMutation('commandStopStreaming');

  // Screen state: the dialog waits for its own test's outcome on /ws; no cached read changes.
  useLiveEvents((_client, event) => dispatch({ type: 'event', event, unitId }));

  // Opened while a test runs: show it running.
  const status = unit.data?.status;
  useEffect(() => {
    if (status === 'speedtest') dispatch({ type: 'observedRunning', at: Date.now() });
  }, [status]);

  const running = state.phase === 'running';
  const now = useNow(250, running);

  const detail = unit.data;
  const blocker: SpeedTestBlocker | null = detail ? speedTestBlocker(detail) : null;

  const blockerText = (b: SpeedTestBlocker): string => {
    switch (b.kind) {
      case 'notSupported':
      case 'offline':
      case 'busy':
        return enumLabel(t, 'apiErrors', b.code);
      case 'noChannel':
        return t('dialogs.speedTest.noChannel');
      case 'version':
        return fieldText(b.message) ?? b.message;
    }
  };

  const onStart = () => {
    dispatch({ type: 'start' });
    start.mutate(
      { params: { id: unitId }, body: { timeout: TIMINGS.speedTestTimeout } },
      {
        onSuccess: (r) => dispatch({ type: 'accepted', at: Date.now(), channelId: r.channelId, timeoutS: r.timeout }),
        onError: () => dispatch({ type: 'rejected' }),
      },
    );
  };
  const onCancel = () => cancel.mutate({ params: { id: unitId }, body: {} });

  const startError = start.error ? (Object.values(apiFieldErrors(start.error))[0] ?? null) : null;
  const showBlocker = blocker !== null && (state.phase === 'ready' || state.phase === 'completed' || state.phase === 'failed');

  return (
    <Stack data-testid="dialog-speedTest" gap="sm">
      {unit.isPending && <Loader size="sm" />}
      {unit.isError && <ErrorNote testId="speed-test-load-error" message={t('dialogs.common.loadFailed')} />}
      {detail && (
        <>
          <UnitHeading name={detail.name} />
          <Text size="sm">{t('dialogs.speedTest.intro', { seconds: TIMINGS.speedTestTimeout })}</Text>
          <Text size="sm">
            {t('dialogs.speedTest.channel')}: <span data-testid="speed-test-channel">{detail.selectedChannel.channelId ?? t('common.none')}</span>
          </Text>
          {showBlocker && blocker && <ErrorNote testId="speed-test-blocker" message={blockerText(blocker)} />}
          {start.isError && (
            <ErrorNote testId="speed-test-error" message={startError !== null ? (fieldText(startError) ?? startError) : errorText(start.error)} />
          )}
          {(state.phase === 'starting' || state.phase === 'running') && (
            <Stack gap={4} data-testid="speed-test-running">
              {state.phase === 'running' && speedTestProgress(state.startedAt, now, state.timeoutS) < 100 ? (
                <>
                  <Text size="sm">{t('dialogs.speedTest.running', { percent: speedTestProgress(state.startedAt, now, state.timeoutS) })}</Text>
                  <Progress value={speedTestProgress(state.startedAt, now, state.timeoutS)} animated data-testid="speed-test-progress" />
                </>
              ) : (
                <Group gap="xs">
                  <Loader size="xs" />
                  <Text size="sm">{t('dialogs.speedTest.waiting')}</Text>
                </Group>
              )}
            </Stack>
          )}
          {state.phase === 'completed' && (
            <Stack gap="xs" data-testid="speed-test-result">
              <Text fw={600}>{t('dialogs.speedTest.completed')}</Text>
              <SimpleGrid cols={2}>
                <Rate label={t('dialogs.speedTest.uplink')} kbps={state.report.uplinkKbps} testId="speed-test-uplink" />
                <Rate label={t('dialogs.speedTest.downlink')} kbps={state.report.downlinkKbps} testId="speed-test-downlink" />
              </SimpleGrid>
            </Stack>
          )}
          {state.phase === 'failed' && (
            <ErrorNote
              testId="speed-test-failed"
              message={
                state.code != null
                  ? errorText(new ApiError({ status: 409, code: state.code, message: state.message ?? '' }))
                  : (state.message ?? t('dialogs.speedTest.failed'))
              }
            />
          )}
          <ErrorNote testId="speed-test-cancel-error" error={cancel.error} />
          <DialogFooter testId="speed-test" onClose={onClose} canAct={canAct}>
            {running && (
              <Button color="red" variant="light" onClick={onCancel} loading={cancel.isPending} data-testid="speed-test-cancel">
                {t('dialogs.speedTest.cancel')}
              </Button>
            )}
            {!running && (
              <Button
                onClick={onStart}
                disabled={blocker !== null || state.phase === 'starting'}
                loading={state.phase === 'starting'}
                data-testid="speed-test-start"
              >
                {state.phase === 'completed' || state.phase === 'failed' ? t('dialogs.speedTest.again') : t('dialogs.speedTest.start')}
              </Button>
            )}
          </DialogFooter>
        </>
      )}
    </Stack>
  );
}

export default unitDialog('dialogs.speedTest.title', SpeedTestBody);
