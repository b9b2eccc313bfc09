/**
 * The Simulator panel's active faults: every fault injected through the control plane (a Simulate
 * menu, a QA suite) that is still in effect, with its target's name, the fault and its parameters
 * and since when (simulated time); "Clear" undoes one on its device, "Clear all" every one. Faults
 * a scenario or the demo apply are theirs and are not listed (a scenario's end or a reset undoes
 * them).
 */
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ActiveFaultView } from '@fleet/contracts';
import { MutedText } from '../../../kit/MutedText';
import { useToast } from '../../../toast/useToast';
import { ControlPlaneError, SimulatorSection } from '../SectionParts';
import { createControlPlaneClient } from '../trpc';
import type { FieldValue } from './faultFields';
import { useFaultLabels, type FaultLabels } from './faultLabels';
import { ACTIVE_FAULTS_KEY, useActiveFaults } from './faultTargets';

/** A parameter's value in words: yes / no, a choice's label, none, a list. */
function valueText(labels: FaultLabels, yes: string, no: string, field: string, value: unknown): string {
  if (value === true) return yes;
  if (value === false) return no;
  if (value === null || value === undefined) return labels.none;
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'string') return labels.option(field, value);
  return String(value);
}

function FaultRow({ fault, onClear, clearing }: { fault: ActiveFaultView; onClear: () => void; clearing: boolean }) {
  const { t, i18n } = useTranslation();
  const labels = useFaultLabels();
  const { type, ...params } = fault.target.fault as { type: string } & Record<string, FieldValue>;
  const targetId = 'unitId' in fault.target ? fault.target.unitId : fault.target.serverId;
  // Simulated time in UTC, as the panel's clock shows it.
  const since = new Date(fault.since).toLocaleString(i18n.language, {
    timeZone: 'UTC',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  });
  const paramTexts = Object.entries(params).map(([field, value]) =>
    t('faults.param', { field: labels.field(type, field), value: valueText(labels, t('faults.yes'), t('faults.no'), field, value) }),
  );
  return (
    <Paper withBorder p="xs" data-testid="active-fault" data-fault-id={fault.id} data-fault={type}>
      <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
        <Stack gap={2} miw={0} style={{ flex: '1 1 16rem' }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600} size="sm" data-testid="active-fault-target">
              {fault.targetName ?? targetId}
            </Text>
            <MutedText size="xs">{targetId}</MutedText>
            <Badge color="grape" variant="light" tt="none" data-testid="active-fault-kind">
              {labels.kind(type)}
            </Badge>
          </Group>
          {paramTexts.length > 0 && (
            <Text size="sm" data-testid="active-fault-params">
              {paramTexts.join(' · ')}
            </Text>
          )}
          <MutedText size="xs" testId="active-fault-since">
            {t('faults.since', { time: since })}
          </MutedText>
        </Stack>
        <Button
          size="xs"
          variant="light"
          onClick={onClear}
          loading={clearing}
          data-testid="active-fault-clear"
          aria-label={t('faults.clearOne', { fault: labels.kind(type), name: fault.targetName ?? targetId })}
        >
          {t('faults.clear')}
        </Button>
      </Group>
    </Paper>
  );
}

export function ActiveFaultsSection() {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const active = useActiveFaults(true);
  const clear = useMutation({
    mutationFn: (id: string | undefined) => createControlPlaneClient().fault.clear.mutate(id === undefined ? {} : { id }),
    onSuccess: (answer) => {
      queryClient.setQueryData(ACTIVE_FAULTS_KEY, answer.active);
      toast.show({ message: t('faults.cleared', { count: answer.cleared }), variant: 'success' });
    },
  });
  const faults = active.data ?? [];
  return (
    <SimulatorSection testId="simulator-faults" title={t('faults.title')} intro={t('faults.intro')}>
      <ControlPlaneError error={active.error} testId="simulator-faults-error" />
      {active.data && faults.length === 0 && <MutedText testId="simulator-faults-none">{t('faults.noneActive')}</MutedText>}
      {faults.length > 0 && (
        <Stack gap="xs" data-testid="simulator-faults-list">
          {faults.map((f) => (
            <FaultRow key={f.id} fault={f} onClear={() => clear.mutate(f.id)} clearing={clear.isPending && clear.variables === f.id} />
          ))}
          <Group>
            <Button
              color="red"
              variant="light"
              onClick={() => clear.mutate(undefined)}
              loading={clear.isPending && clear.variables === undefined}
              data-testid="simulator-faults-clear-all"
            >
              {t('faults.clearAll', { count: faults.length })}
            </Button>
          </Group>
        </Stack>
      )}
      <ControlPlaneError error={clear.error} testId="simulator-faults-clear-error" />
    </SimulatorSection>
  );
}
