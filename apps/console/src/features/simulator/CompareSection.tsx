import { useState } from 'react';
import { Button, Group, List, NativeSelect, Stack, Text } from '@mantine/core';
import type { RecordingCompareInput, RecordingSummary } from '@fleet/contracts';
import { useTranslation } from 'react-i18next';
import { replayable } from './simulatorView';
import { trpc } from './trpc';
import { ControlPlaneError, SimulatorSection } from './SectionParts';
import { MutedText } from '../../kit/MutedText';

/** A pick among the finished recordings: the one chosen while it is listed, else the `fallback`-th. */
function pick(choices: readonly RecordingSummary[], picked: string | null, fallback: number): string | null {
  if (picked !== null && choices.some((r) => r.id === picked)) return picked;
  return (choices[fallback] ?? choices[0])?.id ?? null;
}

/**
 * Two finished recordings' event logs compared (recording.compare, what `pnpm replay compare` does
 * with two files): the same, or the first difference in words (the core names each recording by its
 * id there) with each log's name, id and digest.
 */
export function CompareSection() {
  const { t } = useTranslation();
  const list = trpc.recording.list.useQuery(undefined, { refetchInterval: 1000, retry: false, staleTime: 0 });
  const [picked, setPicked] = useState<{ a: string | null; b: string | null }>({ a: null, b: null });
  const [asked, setAsked] = useState<RecordingCompareInput | null>(null);
  // Asked once per click: a recording does not change once made, so the answer is kept.
  const comparison = trpc.recording.compare.useQuery(asked ?? { a: '', b: '' }, { enabled: asked !== null, retry: false, staleTime: Infinity });

  const choices = replayable(list.data ?? []);
  const a = pick(choices, picked.a, 0);
  const b = pick(choices, picked.b, 1);
  const names = new Map(choices.map((r) => [r.id, r.name]));
  const nameOf = (id: string) => names.get(id) ?? id;
  const options = choices.map((r) => ({ value: r.id, label: r.name }));
  const result = asked !== null ? comparison.data : undefined;

  return (
    <SimulatorSection testId="simulator-compare" title={t('simulator.compare.title')} intro={t('simulator.compare.intro')}>
      {choices.length < 2 ? (
        <MutedText testId="simulator-compare-need-two">{t('simulator.compare.needTwo')}</MutedText>
      ) : (
        <Group align="flex-end">
          {(['a', 'b'] as const).map((side) => (
            <NativeSelect
              key={side}
              label={t(`simulator.compare.${side}`)}
              value={(side === 'a' ? a : b) ?? ''}
              onChange={(e) => setPicked({ ...picked, [side]: e.currentTarget.value })}
              data={options}
              data-testid={`simulator-compare-${side}`}
            />
          ))}
          <Button
            disabled={a === null || b === null}
            loading={comparison.isFetching}
            onClick={() => a !== null && b !== null && setAsked({ a, b })}
            data-testid="simulator-compare-submit"
          >
            {t('simulator.compare.submit')}
          </Button>
        </Group>
      )}
      <ControlPlaneError error={asked !== null && comparison.error} testId="simulator-compare-error" />
      {asked !== null && result && (
        <Stack gap={4} data-testid="simulator-compare-result" data-identical={result.identical}>
          <Text fw={600} data-testid="simulator-compare-verdict">
            {result.identical ? t('simulator.compare.same', { a: result.events.a, b: result.events.b }) : t('simulator.compare.differ')}
          </Text>
          {result.difference !== null && (
            <>
              <Text size="sm">{t('simulator.compare.differences')}</Text>
              <List size="sm" data-testid="simulator-compare-differences">
                <List.Item>{result.difference}</List.Item>
              </List>
            </>
          )}
          {(['a', 'b'] as const).map((side) => (
            <Text key={side} size="sm" ff="monospace" data-testid={`simulator-compare-digest-${side}`}>
              {t('simulator.compare.digest', { name: nameOf(asked[side]), id: asked[side], events: result.events[side], digest: result.digests[side] })}
            </Text>
          ))}
        </Stack>
      )}
    </SimulatorSection>
  );
}
