import { Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UnitSummary } from '@fleet/contracts';
import { COUNTERS, countersOf } from './counters';

/** The counters over the listed units; each number carries `data-testid="counter-<name>"`. */
export function CounterBar({ units }: { units: readonly UnitSummary[] }) {
  const { t } = useTranslation();
  const counters = countersOf(units);
  return (
    <Group gap="xs" data-testid="counter-bar" wrap="wrap">
      {COUNTERS.map((name) => (
        <Paper key={name} withBorder px="sm" py={4} radius="md">
          <Group gap={6} wrap="nowrap">
            <Text size="sm" c="dimmed">
              {t(`units.counters.${name}`)}
            </Text>
            <Text size="sm" fw={700} data-testid={`counter-${name}`}>
              {counters[name]}
            </Text>
          </Group>
        </Paper>
      ))}
    </Group>
  );
}
