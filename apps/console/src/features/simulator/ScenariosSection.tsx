import { Button, Group, Progress, ScrollArea, Stack, Text } from '@mantine/core';
import type { ScenarioFile } from '@fleet/contracts';
import { useTranslation } from 'react-i18next';
import { ResourceList, useListView, type ListColumn, MutedText } from '../../kit';
import { useToast } from '../../toast/useToast';
import { formatDuration, scenarioProgress } from './simulatorView';
import { trpc } from './trpc';
import { ControlPlaneError, SimulatorSection, wholeListPage } from './SectionParts';

/** The simulator's scenario library (start one), and the running scenario's progress (stop it). */
export function ScenariosSection() {
  const { t } = useTranslation();
  const toast = useToast();
  const utils = trpc.useUtils();
  // The library is files shipped with the simulator: read once.
  const library = trpc.scenario.library.useQuery(undefined, { staleTime: Infinity, retry: false });
  const [view, setView] = useListView('', 'name');
  const status = trpc.scenario.status.useQuery(undefined, { refetchInterval: 1000, retry: false, staleTime: 0 });
  const start = trpc.scenario.start.useMutation({
    onSuccess: (started) => {
      if (started) toast.show({ message: t('simulator.scenarios.started', { name: started.name }), variant: 'success' });
      void utils.scenario.status.invalidate();
    },
  });
  const stop = trpc.scenario.stop.useMutation({ onSuccess: () => void utils.scenario.status.invalidate() });
  const busy = start.isPending || stop.isPending;
  const failure = start.error ?? stop.error ?? library.error;
  const scenario = status.data?.scenario ?? null;
  const progress = scenario ? scenarioProgress(scenario) : null;

  const columns: ListColumn<ScenarioFile>[] = [
    { id: 'name', header: t('simulator.scenarios.name'), render: (s) => s.name, cellTestId: true },
    { id: 'description', header: t('simulator.scenarios.description'), render: (s) => s.description },
    { id: 'speed', header: t('simulator.scenarios.speed'), render: (s) => `×${s.speed}` },
    { id: 'steps', header: t('simulator.scenarios.steps'), render: (s) => s.timeline.length },
    {
      id: 'actions',
      header: '',
      render: (s) => (
        <Button size="xs" disabled={busy} onClick={() => start.mutate({ scenario: s })} data-testid={`simulator-scenario-start-${s.name}`}>
          {t('simulator.scenarios.start')}
        </Button>
      ),
    },
  ];
  const shown = wholeListPage(library, view.page);

  return (
    <SimulatorSection testId="simulator-scenarios" title={t('simulator.scenarios.title')}>
      <ControlPlaneError error={failure} testId="simulator-scenarios-error" />
      {scenario && progress ? (
        <Stack gap={4} data-testid="simulator-scenario-status" data-running={scenario.running} data-applied={scenario.stepsApplied}>
          <Group justify="space-between">
            <Text fw={600}>{t(scenario.running ? 'simulator.scenarios.running' : 'simulator.scenarios.ended', { name: scenario.name })}</Text>
            {scenario.running && (
              <Button size="xs" color="red" variant="light" disabled={busy} onClick={() => stop.mutate()} data-testid="simulator-scenario-stop">
                {t('simulator.scenarios.stop')}
              </Button>
            )}
          </Group>
          <Progress value={progress.percent} data-testid="simulator-scenario-progress" />
          <Text size="sm">
            {t('simulator.scenarios.progress', { applied: scenario.stepsApplied, total: scenario.stepsTotal })} ·{' '}
            {t('simulator.scenarios.elapsed', { elapsed: formatDuration(scenario.elapsedMs) })}
          </Text>
          {progress.refused.map((r) => (
            <Text key={r.index} size="sm" c="red" data-testid="simulator-scenario-refused">
              {t('simulator.scenarios.refused', { index: r.index, error: r.error })}
            </Text>
          ))}
        </Stack>
      ) : (
        <MutedText>{t('simulator.scenarios.none')}</MutedText>
      )}
      {/* The library holds dozens of scenarios: scroll within the section. */}
      <ScrollArea.Autosize mah={420} type="auto">
        <ResourceList
          testId="simulator-scenarios"
          search={false}
          columns={columns}
          view={view}
          onViewChange={setView}
          query={shown}
          rowKey={(s) => s.name}
          emptyText={t('simulator.scenarios.empty')}
        />
      </ScrollArea.Autosize>
    </SimulatorSection>
  );
}
