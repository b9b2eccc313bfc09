import { useState } from 'react';
import { Button, Checkbox, Group, List, NativeSelect, Progress, Stack, Text } from '@mantine/core';
import type { ReplayStatus } from '@fleet/contracts';
import { useTranslation } from 'react-i18next';
import { formatDuration, REPLAY_SPEEDS, replayable, replayProgress } from './simulatorView';
import { trpc } from './trpc';
import { ControlPlaneError, SimulatorSection } from './SectionParts';
import { MutedText } from '../../kit/MutedText';

/** Start a replay of a finished recording; pause, resume, step and stop it; its progress and problems. */
export function ReplaySection() {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const list = trpc.recording.list.useQuery(undefined, { refetchInterval: 1000, retry: false, staleTime: 0 });
  const status = trpc.replay.status.useQuery(undefined, { refetchInterval: 1000, retry: false, staleTime: 0 });
  const [picked, setPicked] = useState<string | null>(null);
  const [speed, setSpeed] = useState<number>(REPLAY_SPEEDS[2]);
  const [paused, setPaused] = useState(false);
  const [reset, setReset] = useState(true);

  // Every call answers the new status: show it at once rather than at the next poll.
  const onStatus = { onSuccess: (replay: ReplayStatus) => void utils.replay.status.setData(undefined, { replay }) };
  const start = trpc.replay.start.useMutation(onStatus);
  const pause = trpc.replay.pause.useMutation(onStatus);
  const resume = trpc.replay.resume.useMutation(onStatus);
  const step = trpc.replay.step.useMutation(onStatus);
  const stop = trpc.replay.stop.useMutation(onStatus);
  const calls = [start, pause, resume, step, stop];
  const busy = calls.some((c) => c.isPending);
  const failure = calls.find((c) => c.error)?.error ?? status.error;

  const choices = replayable(list.data ?? []);
  const recordingId = picked !== null && choices.some((r) => r.id === picked) ? picked : (choices[0]?.id ?? null);
  const replay = status.data?.replay ?? null;
  const progress = replay ? replayProgress(replay) : null;
  const live = progress?.live ?? false;

  return (
    <SimulatorSection testId="simulator-replay" title={t('simulator.replay.title')}>
      <ControlPlaneError error={failure} testId="simulator-replay-error" />
      {choices.length === 0 ? (
        <MutedText>{t('simulator.replay.noRecording')}</MutedText>
      ) : (
        <Group align="flex-end">
          <NativeSelect
            label={t('simulator.replay.recording')}
            value={recordingId ?? ''}
            onChange={(e) => setPicked(e.currentTarget.value)}
            data={choices.map((r) => ({ value: r.id, label: r.name }))}
            data-testid="simulator-replay-recording"
          />
          <NativeSelect
            label={t('simulator.replay.speed')}
            value={String(speed)}
            onChange={(e) => setSpeed(Number(e.currentTarget.value))}
            data={REPLAY_SPEEDS.map((s) => ({ value: String(s), label: t('simulator.replay.speedOption', { speed: s }) }))}
            data-testid="simulator-replay-speed"
          />
          <Stack gap={4}>
            <Checkbox
              label={t('simulator.replay.paused')}
              checked={paused}
              onChange={(e) => setPaused(e.currentTarget.checked)}
              data-testid="simulator-replay-paused"
            />
            <Checkbox
              label={t('simulator.replay.reset')}
              checked={reset}
              onChange={(e) => setReset(e.currentTarget.checked)}
              data-testid="simulator-replay-reset"
            />
          </Stack>
          <Button
            disabled={busy || live || recordingId === null}
            onClick={() => recordingId !== null && start.mutate({ recordingId, speed, paused, reset })}
            data-testid="simulator-replay-start"
          >
            {t('simulator.replay.start')}
          </Button>
        </Group>
      )}
      {replay && progress ? (
        <Stack gap={4} data-testid="simulator-replay-status" data-state={replay.state} data-applied={replay.applied} data-total={replay.total}>
          <Group justify="space-between">
            <Text fw={600} data-testid="simulator-replay-state">
              {t('simulator.replay.state', { name: replay.name, state: t(`simulator.replay.states.${replay.state}`) })}
            </Text>
            <Group gap="xs">
              {progress.paused ? (
                <Button size="xs" disabled={busy} onClick={() => resume.mutate()} data-testid="simulator-replay-resume">
                  {t('simulator.replay.resume')}
                </Button>
              ) : (
                <Button size="xs" disabled={busy || !live} onClick={() => pause.mutate()} data-testid="simulator-replay-pause">
                  {t('simulator.replay.pause')}
                </Button>
              )}
              {([1, 10] as const).map((entries) => (
                <Button
                  key={entries}
                  size="xs"
                  variant="default"
                  disabled={busy || !progress.paused}
                  onClick={() => step.mutate({ entries })}
                  data-testid={`simulator-replay-step-${entries}`}
                >
                  {t(entries === 1 ? 'simulator.replay.stepOne' : 'simulator.replay.stepTen')}
                </Button>
              ))}
              <Button
                size="xs"
                color="red"
                variant="light"
                disabled={busy || !progress.holdsFleet}
                onClick={() => stop.mutate()}
                data-testid="simulator-replay-stop"
              >
                {t('simulator.replay.stop')}
              </Button>
            </Group>
          </Group>
          <Progress value={progress.percent} data-testid="simulator-replay-progress" />
          <Group gap="xl">
            <Text size="sm" data-testid="simulator-replay-applied">
              {t('simulator.replay.applied', { applied: replay.applied, total: replay.total })}
            </Text>
            <Text size="sm" data-testid="simulator-replay-elapsed">
              {t('simulator.replay.elapsed', { elapsed: formatDuration(replay.elapsedMs), duration: formatDuration(replay.durationMs) })}
            </Text>
            <Text size="sm" data-testid="simulator-replay-requests">
              {t('simulator.replay.requests', { ok: replay.requests.ok, failed: replay.requests.failed })}
            </Text>
            <Text size="sm" data-testid="simulator-replay-not-replayable">
              {t('simulator.replay.notReplayable', { count: replay.notReplayable })}
            </Text>
          </Group>
          {replay.errors.length > 0 && (
            <Stack gap={2}>
              <Text size="sm" fw={600}>
                {t('simulator.replay.errors')}
              </Text>
              <List size="sm" data-testid="simulator-replay-errors">
                {replay.errors.map((e, i) => (
                  <List.Item key={`${i}-${e}`}>{e}</List.Item>
                ))}
              </List>
            </Stack>
          )}
        </Stack>
      ) : (
        <MutedText>{t('simulator.replay.none')}</MutedText>
      )}
    </SimulatorSection>
  );
}
