/**
 * The Simulator panel's Chaos section: add a rule that makes the core slow, failing or cut (the
 * control plane's `chaos.*`), the rules with their hit counts, remove one, clear all. The header
 * warns while any rule applies (shell/ChaosIndicator.tsx); "Reset the demo" clears them too.
 */
import { useEffect, useRef } from 'react';
import { Badge, Button, Group, ScrollArea, Table, Text, VisuallyHidden } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import type { ChaosRule } from '@fleet/contracts';
import { useToast } from '../../toast/useToast';
import { ChaosRuleForm } from './ChaosRuleForm';
import { describeEffect, describeLimit, describeMatch, ruleState } from './chaosView';
import { ControlPlaneError, SimulatorSection } from './SectionParts';
import { trpc } from './trpc';
import { MOCK_CHAOS_KEY } from './useMockChaos';

const STATE_COLOURS = { active: 'red', spent: 'gray', ended: 'gray' } as const;

export function ChaosSection() {
  const { t } = useTranslation();
  const toast = useToast();
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const list = trpc.chaos.list.useQuery(undefined, { refetchInterval: 1000, retry: false, staleTime: 0 });
  const calls = trpc.chaos.calls.useQuery(undefined, { staleTime: Infinity, retry: false });
  // The header's warning follows at once, not at its next poll.
  const refresh = () => {
    void utils.chaos.list.invalidate();
    void queryClient.invalidateQueries({ queryKey: MOCK_CHAOS_KEY });
  };
  const add = trpc.chaos.add.useMutation({
    onSuccess: (rule) => {
      toast.show({ message: t('chaos.form.added', { id: rule.id }), variant: 'success' });
      refresh();
    },
  });
  const remove = trpc.chaos.remove.useMutation({
    onSuccess: (_answer, input) => {
      toast.show({ message: t('chaos.list.removed', { id: input.id }), variant: 'success' });
      refresh();
    },
  });
  const clear = trpc.chaos.clear.useMutation({
    onSuccess: (answer) => {
      toast.show({ message: t('chaos.list.cleared', { count: answer.removed }), variant: 'success' });
      refresh();
    },
  });
  const rules = list.data ?? [];
  // The header's warning links here (/simulator#chaos): the section comes into view.
  const { hash } = useLocation();
  const anchor = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (hash === '#chaos') anchor.current?.scrollIntoView?.({ block: 'start' });
  }, [hash]);
  const busy = add.isPending || remove.isPending || clear.isPending;

  const row = (rule: ChaosRule) => {
    const state = ruleState(rule);
    return (
      <Table.Tr key={rule.id} data-testid={`chaos-rule-${rule.id}`} data-state={state}>
        <Table.Td>
          <Text size="sm" ff="monospace">
            {rule.id}
          </Text>
          <Text size="xs" c="dimmed">
            {t('chaos.list.seed', { seed: rule.seed })}
          </Text>
        </Table.Td>
        <Table.Td>
          <Text size="sm" style={{ wordBreak: 'break-word' }}>
            {describeMatch(rule, t)}
          </Text>
        </Table.Td>
        <Table.Td>{describeEffect(rule, t)}</Table.Td>
        <Table.Td>{describeLimit(rule, t)}</Table.Td>
        <Table.Td data-testid={`chaos-rule-hits-${rule.id}`} ta="right">
          {rule.hits}
        </Table.Td>
        <Table.Td>
          <Badge color={STATE_COLOURS[state]} variant={state === 'active' ? 'filled' : 'light'}>
            {t(`chaos.list.states.${state}`)}
          </Badge>
        </Table.Td>
        <Table.Td>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            disabled={busy}
            onClick={() => remove.mutate({ id: rule.id })}
            aria-label={t('chaos.list.removeLabel', { id: rule.id })}
            data-testid={`chaos-rule-remove-${rule.id}`}
          >
            {t('chaos.list.remove')}
          </Button>
        </Table.Td>
      </Table.Tr>
    );
  };

  return (
    <div id="chaos" ref={anchor} style={{ scrollMarginTop: 72 }}>
      <SimulatorSection testId="simulator-chaos" title={t('chaos.title')} intro={t('chaos.intro')}>
        <ControlPlaneError error={list.error ?? calls.error} testId="chaos-read-error" />
        <ChaosRuleForm calls={calls.data ?? []} busy={add.isPending} onAdd={(input) => add.mutate(input)} />
        <ControlPlaneError error={add.error ?? remove.error ?? clear.error} testId="chaos-error" />
        {rules.length === 0 ? (
          <Text c="dimmed" size="sm" data-testid="chaos-empty">
            {t('chaos.list.empty')}
          </Text>
        ) : (
          <>
            <ScrollArea type="auto">
              <Table striped verticalSpacing="xs" miw={720} data-testid="chaos-rules">
                <Table.Thead>
                  <Table.Tr>
                    {(['rule', 'matches', 'effect', 'limit', 'hits', 'state'] as const).map((c) => (
                      <Table.Th key={c} ta={c === 'hits' ? 'right' : undefined}>
                        {t(`chaos.list.columns.${c}`)}
                      </Table.Th>
                    ))}
                    <Table.Th>
                      <VisuallyHidden>{t('chaos.list.remove')}</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>{rules.map(row)}</Table.Tbody>
              </Table>
            </ScrollArea>
            <Group>
              <Button variant="default" color="red" disabled={busy} loading={clear.isPending} onClick={() => clear.mutate()} data-testid="chaos-clear">
                {t('chaos.list.clearAll')}
              </Button>
            </Group>
          </>
        )}
      </SimulatorSection>
    </div>
  );
}
