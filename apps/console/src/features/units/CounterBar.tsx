import { memo } from 'react';
import { Group, Paper, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { COUNTERS } from './counters';
import type { UnitCounters } from './counters';
import type { CounterName } from './filters';
import { MutedText } from '../../kit/MutedText';

interface CounterBarProps {
  readonly counters: UnitCounters;
  /** Counters that filter the list when clicked (the others are plain numbers). */
  readonly clickable?: (counter: CounterName) => boolean;
  readonly onCounterClick?: (counter: CounterName) => void;
}

/**
 * The counter bar of spec 000 §2 over all listed units; each number carries
 * `data-testid="counter-<name>"`, a clickable counter `counter-button-<name>`; Other (units whose status
 * this console does not know, `counter-other`) shows only when there are some. Rendered again only
 * when a number or the handlers change (a live update of the list mostly changes no counter).
 */
export const CounterBar = memo(function CounterBar({ counters, clickable, onCounterClick }: CounterBarProps) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" data-testid="counter-bar" wrap="wrap">
      {COUNTERS.map((name) => {
        const paper = (
          <Paper key={name} withBorder px="sm" py={4} radius="md">
            <Group gap={6} wrap="nowrap">
              <MutedText>{t(`units.counters.${name}`)}</MutedText>
              <Text size="sm" fw={700} data-testid={`counter-${name}`}>
                {counters[name]}
              </Text>
            </Group>
          </Paper>
        );
        if (!onCounterClick || !(clickable?.(name) ?? true)) return paper;
        return (
          <UnstyledButton
            key={name}
            onClick={() => onCounterClick(name)}
            data-testid={`counter-button-${name}`}
            title={t('unitList.counterFilter', { counter: t(`units.counters.${name}`) })}
          >
            {paper}
          </UnstyledButton>
        );
      })}
      {counters.other > 0 && (
        <Paper withBorder px="sm" py={4} radius="md">
          <Group gap={6} wrap="nowrap">
            <MutedText>{t('units.counters.other')}</MutedText>
            <Text size="sm" fw={700} data-testid="counter-other">
              {counters.other}
            </Text>
          </Group>
        </Paper>
      )}
    </Group>
  );
}, sameCounterBar);

function sameCounterBar(a: CounterBarProps, b: CounterBarProps): boolean {
  return (
    a.clickable === b.clickable &&
    a.onCounterClick === b.onCounterClick &&
    COUNTERS.every((name) => a.counters[name] === b.counters[name]) &&
    a.counters.other === b.counters.other
  );
}
