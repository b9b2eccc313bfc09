/**
 * One scenario run as a test: its verdict, the counts of its steps (one per step of the file), the
 * time it reached, the units and servers it reserves, and every step with its outcome — pending,
 * passed, or failed with what was observed; in an ended run a step never reached says so.
 */
import { Anchor, Badge, Group, Progress, ScrollArea, Stack, Text } from '@mantine/core';
import type { ScenarioRun, ScenarioRunSpeed, ScenarioRunVerdict } from '@fleet/contracts';
import { useTranslation } from 'react-i18next';
import { formatDuration } from './simulatorView';
import { mockScenarioRunsUrl } from './trpc';

export const VERDICT_COLOURS: Record<ScenarioRunVerdict, string> = { running: 'blue', passed: 'green', failed: 'red', stopped: 'gray' };
const STATE_COLOURS = { pending: 'gray', passed: 'green', failed: 'red', notReached: 'gray' } as const;

/** The counts of a run's steps by outcome. */
export function runCounts(run: ScenarioRun) {
  const passed = run.steps.filter((s) => s.state === 'passed').length;
  const failed = run.steps.filter((s) => s.state === 'failed').length;
  return { total: run.steps.length, passed, failed, pending: run.steps.length - passed - failed };
}

export function useSpeedLabel() {
  const { t } = useTranslation();
  return (speed: ScenarioRunSpeed) => (speed.kind === 'accelerated' ? `×${speed.factor}` : t(`simulator.scenarios.speeds.${speed.kind}`));
}

export function VerdictBadge({ verdict, testId }: { readonly verdict: ScenarioRunVerdict; readonly testId?: string }) {
  const { t } = useTranslation();
  return (
    <Badge color={VERDICT_COLOURS[verdict]} variant={verdict === 'running' ? 'dot' : 'filled'} data-testid={testId} data-verdict={verdict}>
      {t(`simulator.scenarios.verdicts.${verdict}`)}
    </Badge>
  );
}

export function JUnitLink({ run }: { readonly run: ScenarioRun }) {
  const { t } = useTranslation();
  if (run.verdict === 'running') return null;
  return (
    <Anchor href={`${mockScenarioRunsUrl()}/${run.id}/junit.xml`} download size="sm" data-testid={`simulator-run-junit-${run.id}`}>
      {t('simulator.scenarios.junit')}
    </Anchor>
  );
}

export function ScenarioRunView({ run }: { readonly run: ScenarioRun }) {
  const { t } = useTranslation();
  const speedLabel = useSpeedLabel();
  const counts = runCounts(run);
  const ended = run.verdict !== 'running';
  return (
    <Stack gap={6} data-testid="simulator-run" data-verdict={run.verdict} data-run={run.id}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs" wrap="wrap">
          <Text fw={600}>{t('simulator.scenarios.current', { name: run.name, speed: speedLabel(run.speed) })}</Text>
          <VerdictBadge verdict={run.verdict} testId="simulator-run-verdict" />
        </Group>
        <JUnitLink run={run} />
      </Group>
      <Progress.Root size="lg" aria-hidden>
        <Progress.Section value={(counts.passed / Math.max(1, counts.total)) * 100} color="green" />
        <Progress.Section value={(counts.failed / Math.max(1, counts.total)) * 100} color="red" />
      </Progress.Root>
      <Text size="sm" data-testid="simulator-run-counts" data-total={counts.total} data-passed={counts.passed} data-failed={counts.failed}>
        {t('simulator.scenarios.counts', counts)} · {t('simulator.scenarios.elapsed', { elapsed: formatDuration(run.elapsedMs) })}
      </Text>
      {run.reserved.length > 0 && (
        <Text size="sm" c="dimmed">
          {t('simulator.scenarios.reserved', { ids: run.reserved.join(', ') })}
        </Text>
      )}
      {run.error && (
        <Text size="sm" c="red" data-testid="simulator-run-error">
          {t('simulator.scenarios.runError', { error: run.error })}
        </Text>
      )}
      <ScrollArea.Autosize mah={360} type="auto">
        <Stack gap={0} data-testid="simulator-run-steps">
          {run.steps.map((s) => {
            const state = ended && s.state === 'pending' ? 'notReached' : s.state;
            return (
              // Number, time and outcome in a fixed column; what the step checks beside it, or below it on a phone.
              <Group
                key={s.index}
                gap="xs"
                wrap="wrap"
                align="flex-start"
                py={4}
                style={s.index > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
                data-testid={`simulator-run-step-${s.index}`}
                data-state={s.state}
              >
                <Group gap="xs" wrap="nowrap" w={190}>
                  <Text size="sm" c="dimmed" w={28} ta="right">
                    {s.index + 1}
                  </Text>
                  <Text size="sm" ff="monospace" w={48}>
                    {formatDuration(s.at)}
                  </Text>
                  <Badge size="sm" variant="light" color={STATE_COLOURS[state]}>
                    {t(`simulator.scenarios.stepStates.${state}`)}
                  </Badge>
                </Group>
                <Stack gap={0} style={{ flex: '1 1 240px', minWidth: 0, overflowWrap: 'anywhere' }}>
                  <Text size="sm">{s.label}</Text>
                  {s.state === 'failed' && s.detail && (
                    <Text size="xs" c="red">
                      {s.detail}
                    </Text>
                  )}
                </Stack>
              </Group>
            );
          })}
        </Stack>
      </ScrollArea.Autosize>
    </Stack>
  );
}
