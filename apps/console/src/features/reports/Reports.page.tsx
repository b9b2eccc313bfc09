import { Suspense, useState } from 'react';
import { lazy } from '../../lib/lazy';
import { Badge, Group, Loader, Paper, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Select } from '../../components/Pickers';
import { useTranslation } from 'react-i18next';
import { useEndpointQuery } from '../../api/hooks';
import { QueryView } from '../../components/QueryView';
import { PageTitle } from '../../components/PageTitle';
import { useSessionUser } from '../../session/hooks';
import { InventoryPicker, useInventoryChoice } from '../audio-rooms/InventoryPicker';
import { PERIOD_PRESETS, periodProblem, presetPeriod, quotaPercent, toGb, toHours, type PeriodPreset, type UsageKind } from './reportFormat';
import { ListTable, MutedText } from '../../kit';

// The chart library loads with the first report.
const UsageCharts = lazy(() => import('./UsageCharts'));

/** The group select's value for the whole inventory. */
const ALL = '__all__';

/**
 * /reports (spec 001 §2 "reports", §4 usage kinds data and time, "over usage"): what the units of
 * one of the user's inventories (or one of its groups) used over a period, by data and by time —
 * charts of the days and of the top units, totals, and a table with each unit's profile, quota used
 * since its reset day and over-usage flag. Read again when the core announces new usage
 * (`usage.changed`, every few seconds while units stream) or a profile change.
 */
export default function ReportsPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const choice = useInventoryChoice();
  const inventoryId = choice.inventoryId;
  const [preset, setPreset] = useState<PeriodPreset | null>('30');
  const [period, setPeriod] = useState(() => presetPeriod('30', Date.now()));
  const [kind, setKind] = useState<UsageKind>('data');
  const [groupId, setGroupId] = useState<string>(ALL);
  const groups = (user?.groups ?? []).filter((g) => g.inventoryId === inventoryId);
  const group = groups.some((g) => g.id === groupId) ? groupId : ALL;
  const problem = periodProblem(period.from, period.to);
  const report = useEndpointQuery(
    'getInventoryUsageReport',
    { params: { id: inventoryId ?? '' }, query: { from: period.from, to: period.to, ...(group === ALL ? {} : { groupId: group }) } },
    { enabled: inventoryId !== null && problem === null, placeholderData: (previous) => previous },
  );

  const pickPreset = (value: string) => {
    const next = PERIOD_PRESETS.find((p) => p === value);
    if (!next) return;
    setPreset(next);
    setPeriod(presetPeriod(next, Date.now()));
  };
  const setDay = (field: 'from' | 'to', value: string) => {
    setPreset(null);
    setPeriod((p) => ({ ...p, [field]: value }));
  };

  return (
    <Stack gap="sm" data-testid="reports-page">
      <Group justify="space-between" align="center" wrap="wrap">
        <PageTitle title={t('routes.reports')} />
        <Group gap="sm" align="center">
          <InventoryPicker choice={choice} label={t('reports.inventory')} testId="reports-inventory" />
          <Select
            aria-label={t('reports.group')}
            data={[{ value: ALL, label: t('reports.allGroups') }, ...groups.map((g) => ({ value: g.id, label: g.name }))]}
            value={group}
            onChange={(value) => value !== null && setGroupId(value)}
            allowDeselect={false}
            size="xs"
            w={180}
            data-testid="reports-group"
          />
        </Group>
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SegmentedControl
          size="xs"
          value={preset ?? ''}
          onChange={pickPreset}
          data={PERIOD_PRESETS.map((p) => ({ value: p, label: t('reports.lastDays', { count: Number(p) }) }))}
          data-testid="reports-preset"
        />
        {(['from', 'to'] as const).map((end) => (
          <TextInput
            key={end}
            type="date"
            size="xs"
            label={t(`reports.${end}`)}
            value={period[end]}
            onChange={(e) => setDay(end, e.currentTarget.value)}
            data-testid={`reports-${end}`}
          />
        ))}
        <SegmentedControl
          size="xs"
          value={kind}
          onChange={(value) => setKind(value === 'time' ? 'time' : 'data')}
          data={[
            { value: 'data', label: t('reports.kinds.data') },
            { value: 'time', label: t('reports.kinds.time') },
          ]}
          data-testid="reports-kind"
        />
      </Group>
      {problem !== null && (
        <Text c="red" size="sm" data-testid="reports-period-error">
          {t(`reports.period.${problem}`)}
        </Text>
      )}
      {inventoryId === null ? (
        <Text c="dimmed" data-testid="reports-no-inventory">
          {t('reports.noInventory')}
        </Text>
      ) : (
        <QueryView query={report} testIdPrefix="reports" errorTitle={t('reports.loadFailed')}>
          {(r) => (
            <Stack gap="md">
              <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
                <Total label={t('reports.totals.data')} value={`${toGb(r.totals.dataBytes)} ${t('reports.units.gb')}`} testId="reports-total-data" />
                <Total label={t('reports.totals.time')} value={`${toHours(r.totals.seconds)} ${t('reports.units.hours')}`} testId="reports-total-time" />
                <Total label={t('reports.totals.units')} value={String(r.totals.units)} testId="reports-total-units" />
                <Total label={t('reports.totals.overUsage')} value={String(r.totals.overUsage)} testId="reports-total-over" />
              </SimpleGrid>
              <Suspense fallback={<Loader size="sm" aria-label={t('common.loading')} />}>
                <UsageCharts report={r} kind={kind} />
              </Suspense>
              <ListTable
                plain
                striped
                tableProps={{ highlightOnHover: true, 'aria-label': t('routes.reports') }}
                items={r.units}
                rowKey={(u) => u.unitId}
                testIdPrefix="reports"
                testId="reports-table"
                emptyText={t('reports.noUnits')}
                columns={[
                  { id: 'unit', header: t('reports.columns.unit'), render: (u) => u.unitName },
                  {
                    id: 'data',
                    header: t('reports.columns.data'),
                    cellTestId: true,
                    cellData: (u) => ({ 'data-value': u.dataBytes }),
                    render: (u) => `${toGb(u.dataBytes)} ${t('reports.units.gb')}`,
                  },
                  {
                    id: 'time',
                    header: t('reports.columns.time'),
                    cellTestId: true,
                    cellData: (u) => ({ 'data-value': u.seconds }),
                    render: (u) => `${toHours(u.seconds)} ${t('reports.units.hours')}`,
                  },
                  {
                    id: 'profile',
                    header: t('reports.columns.profile'),
                    cellTestId: true,
                    render: (u) =>
                      u.profile == null
                        ? t('reports.noProfile')
                        : `${u.profile.name} (${u.profile.quotaPerMonth} ${u.profile.type === 'data' ? t('reports.units.gb') : t('reports.units.hours')})`,
                  },
                  {
                    id: 'quota',
                    header: t('reports.columns.quotaUsed'),
                    render: (u) => (quotaPercent(u.quotaUsed) === null ? '—' : `${quotaPercent(u.quotaUsed)} %`),
                  },
                  {
                    id: 'state',
                    header: t('reports.columns.state'),
                    render: (u) =>
                      u.overUsage ? (
                        <Badge color="red" variant="light" data-testid={`reports-over-${u.unitId}`}>
                          {t('reports.overUsage')}
                        </Badge>
                      ) : (
                        <Badge color="gray" variant="light">
                          {t('reports.withinQuota')}
                        </Badge>
                      ),
                  },
                ]}
              />
            </Stack>
          )}
        </QueryView>
      )}
    </Stack>
  );
}

function Total({ label, value, testId }: { readonly label: string; readonly value: string; readonly testId: string }) {
  return (
    <Paper withBorder p="xs">
      <MutedText size="xs">{label}</MutedText>
      <Text fw={600} data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}
