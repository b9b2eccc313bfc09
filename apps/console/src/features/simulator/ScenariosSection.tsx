/**
 * The scenario library run as tests: pick the speed (stepped, ×N, real time), run one, follow each
 * step's outcome to a verdict, stop it; the recent runs with their JUnit reports.
 */
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Group, NumberInput, ScrollArea, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import type { ScenarioFile, ScenarioRunSpeed } from '@fleet/contracts';
import { useTranslation } from 'react-i18next';
import { ResourceList, useListView, type ListColumn, MutedText } from '../../kit';
import { useToast } from '../../toast/useToast';
import { trpc } from './trpc';
import { ControlPlaneError, SimulatorSection, wholeListPage } from './SectionParts';
import { MOCK_CLOCK_KEY } from './useMockClock';
import { JUnitLink, runCounts, ScenarioRunView, useSpeedLabel, VerdictBadge } from './ScenarioRunView';

type SpeedKind = ScenarioRunSpeed['kind'];

export function ScenariosSection() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const utils = trpc.useUtils();
  const speedLabel = useSpeedLabel();
  // The library is files shipped with the simulator: read once.
  const library = trpc.scenario.library.useQuery(undefined, { staleTime: Infinity, retry: false });
  const [view, setView] = useListView('', 'name');
  const [kind, setKind] = useState<SpeedKind>('stepped');
  const [factor, setFactor] = useState<number>(20);
  const runs = trpc.scenario.runs.useQuery(undefined, {
    retry: false,
    staleTime: 0,
    // Live while a run goes on; otherwise now and then (a run started from elsewhere shows up).
    refetchInterval: (q) => (q.state.data?.some((r) => r.verdict === 'running') ? 700 : 5000),
  });
  const start = trpc.scenario.run.useMutation({
    onSuccess: (run) => {
      toast.show({ message: t('simulator.scenarios.started', { name: run.name }), variant: 'success' });
      void utils.scenario.runs.invalidate();
    },
  });
  const stop = trpc.scenario.stop.useMutation({ onSuccess: () => void utils.scenario.runs.invalidate() });
  const running = runs.data?.some((r) => r.verdict === 'running') ?? false;
  const queryClient = useQueryClient();
  // A run takes the clock and gives it back: the header says so at once, not at its next poll.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: MOCK_CLOCK_KEY });
  }, [running, queryClient]);
  const busy = start.isPending || stop.isPending || running;
  const failure = start.error ?? stop.error ?? library.error ?? runs.error;
  const latest = runs.data?.[0] ?? null;
  const speed: ScenarioRunSpeed = kind === 'accelerated' ? { kind, factor } : { kind };

  const columns: ListColumn<ScenarioFile>[] = [
    { id: 'name', header: t('simulator.scenarios.name'), render: (s) => s.name, cellTestId: true },
    { id: 'description', header: t('simulator.scenarios.description'), render: (s) => s.description },
    { id: 'steps', header: t('simulator.scenarios.steps'), render: (s) => s.timeline.length },
    {
      id: 'actions',
      header: '',
      render: (s) => (
        <Button size="xs" disabled={busy} onClick={() => start.mutate({ name: s.name, speed })} data-testid={`simulator-scenario-start-${s.name}`}>
          {t('simulator.scenarios.start')}
        </Button>
      ),
    },
  ];
  const shown = wholeListPage(library, view.page);

  return (
    <SimulatorSection testId="simulator-scenarios" title={t('simulator.scenarios.title')} intro={t('simulator.scenarios.intro')}>
      <ControlPlaneError error={failure} testId="simulator-scenarios-error" />
      <Group align="end" gap="sm" wrap="wrap">
        <Stack gap={4}>
          <Text size="sm" fw={500} id="simulator-scenario-speed-label">
            {t('simulator.scenarios.speed')}
          </Text>
          <SegmentedControl
            aria-labelledby="simulator-scenario-speed-label"
            value={kind}
            onChange={(v) => setKind(v as SpeedKind)}
            data={(['stepped', 'accelerated', 'realtime'] as const).map((k) => ({ value: k, label: t(`simulator.scenarios.speeds.${k}`) }))}
            data-testid="simulator-scenario-speed"
          />
        </Stack>
        {kind === 'accelerated' && (
          <NumberInput
            label={t('simulator.scenarios.factor')}
            value={factor}
            onChange={(v) => setFactor(typeof v === 'number' && v > 0 ? Math.min(1000, v) : 1)}
            min={1}
            max={1000}
            w={110}
            prefix="×"
            data-testid="simulator-scenario-factor"
          />
        )}
        {running && (
          <Button color="red" variant="light" disabled={stop.isPending} onClick={() => stop.mutate()} data-testid="simulator-scenario-stop">
            {t('simulator.scenarios.stop')}
          </Button>
        )}
      </Group>
      <MutedText>{t(`simulator.scenarios.speedHelp.${kind}`, { factor })}</MutedText>
      {latest ? <ScenarioRunView run={latest} /> : <MutedText>{t('simulator.scenarios.none')}</MutedText>}
      {(runs.data?.length ?? 0) > 1 && (
        <Stack gap={4}>
          <Title order={5}>{t('simulator.scenarios.recent')}</Title>
          <ScrollArea type="auto">
            <Table fz="sm" verticalSpacing={4} data-testid="simulator-runs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('simulator.scenarios.name')}</Table.Th>
                  <Table.Th>{t('simulator.scenarios.result')}</Table.Th>
                  <Table.Th>{t('simulator.scenarios.steps')}</Table.Th>
                  <Table.Th>{t('simulator.scenarios.startedAt')}</Table.Th>
                  <Table.Th>{t('simulator.scenarios.by')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {runs.data?.slice(1).map((r) => {
                  const c = runCounts(r);
                  return (
                    <Table.Tr key={r.id} data-testid={`simulator-runs-row-${r.id}`}>
                      <Table.Td>
                        {r.name}{' '}
                        <Text span c="dimmed" size="xs">
                          {speedLabel(r.speed)}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <VerdictBadge verdict={r.verdict} />
                      </Table.Td>
                      <Table.Td>{`${c.passed}/${c.total}`}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{new Date(r.startedAt).toLocaleString(i18n.language)}</Table.Td>
                      <Table.Td>{r.by}</Table.Td>
                      <Table.Td>
                        <JUnitLink run={r} />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        </Stack>
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
