import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { trpc } from './trpc';
import { ControlPlaneError, SimulatorSection } from './SectionParts';

/** The simulated time as `YYYY-MM-DD HH:MM:SS` (UTC: the shards' clock knows no zone). */
export function simulatedTime(now: number): string {
  return new Date(now).toISOString().replace('T', ' ').slice(0, 19);
}

/** The first shard's clock (every shard runs the same), read with the scenario status each second. */
export function ClockSection() {
  const { t } = useTranslation();
  const status = trpc.scenario.status.useQuery(undefined, { refetchInterval: 1000, retry: false, staleTime: 0 });
  const clock = status.data?.clock;
  return (
    <SimulatorSection testId="simulator-clock" title={t('simulator.clock.title')} gap="xs">
      <ControlPlaneError error={status.error} testId="simulator-clock-error" />
      {clock && (
        <Group gap="xl">
          <Text data-testid="simulator-clock-kind" data-kind={clock.kind}>
            {t('simulator.clock.kind')}: {t(`simulator.clock.kinds.${clock.kind}`)}
          </Text>
          <Text data-testid="simulator-clock-factor">
            {t('simulator.clock.factor')}: ×{clock.factor}
          </Text>
          <Text data-testid="simulator-clock-now" data-now={clock.now} ff="monospace">
            {t('simulator.clock.now')}: {simulatedTime(clock.now)}
          </Text>
        </Group>
      )}
    </SimulatorSection>
  );
}
