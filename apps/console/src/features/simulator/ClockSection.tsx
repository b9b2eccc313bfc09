import { Alert, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { controlPlaneErrorMessage, trpc } from './trpc';

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
    <Paper withBorder p="md" data-testid="simulator-clock">
      <Stack gap="xs">
        <Title order={4}>{t('simulator.clock.title')}</Title>
        {status.error && (
          <Alert color="red" data-testid="simulator-clock-error">
            {controlPlaneErrorMessage(status.error)}
          </Alert>
        )}
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
      </Stack>
    </Paper>
  );
}
