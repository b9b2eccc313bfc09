import { Group, Paper, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ChannelCounters } from '@fleet/contracts';
import { CHANNEL_COUNTERS } from './channelFilters';
import type { ChannelCounterName } from './channelFilters';

interface ChannelCounterBarProps {
  readonly counters: ChannelCounters;
  readonly isActive: (counter: ChannelCounterName) => boolean;
  readonly onCounterClick: (counter: ChannelCounterName) => void;
}

/**
 * The channel counters of spec 001 §3 over every listed channel, each a filter button
 * (`channel-counter-button-<name>`, the number `channel-counter-<name>`; pressed while it is the filter).
 */
export function ChannelCounterBar({ counters, isActive, onCounterClick }: ChannelCounterBarProps) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" data-testid="channel-counter-bar" wrap="wrap">
      {CHANNEL_COUNTERS.map((name) => {
        const active = isActive(name);
        return (
          <UnstyledButton
            key={name}
            onClick={() => onCounterClick(name)}
            aria-pressed={active}
            data-testid={`channel-counter-button-${name}`}
            title={t('channels.counterFilter', { counter: t(`channels.counters.${name}`) })}
          >
            <Paper withBorder px="sm" py={4} radius="md" bg={active ? 'var(--mantine-primary-color-light)' : undefined}>
              <Group gap={6} wrap="nowrap">
                <Text size="sm" c="dimmed">
                  {t(`channels.counters.${name}`)}
                </Text>
                <Text size="sm" fw={700} data-testid={`channel-counter-${name}`}>
                  {counters[name]}
                </Text>
              </Group>
            </Paper>
          </UnstyledButton>
        );
      })}
    </Group>
  );
}
