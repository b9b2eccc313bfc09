/**
 * The software upgrade tab of /devices (spec 001 §2 "Device management: servers, devices, software
 * upgrade", §4 software upgrade states, §8 upgrade codes): the servers and units of the user's
 * scope (GET v2/upgrades/candidates, a page at a time, searched by name, filtered by kind) with
 * their version, status, the running job's progress and the last result with its code's text, kept
 * current over /ws (`upgrade.changed`) with no reload; a run opens with its details read afresh
 * (UpgradeJobModal). Admins (ADMIN_UNIT_ROLES) open the upgrade dialog of a device; others follow
 * the upgrades without a start control.
 */
import { Suspense, useState } from 'react';
import { lazy } from '../../lib/lazy';
import { Alert, Button, Group, Loader, Pagination, SegmentedControl, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { UpgradeCandidate } from '@fleet/contracts';
import { useEndpointQuery } from '../../api/hooks';
import { QueryView } from '../../components/QueryView';
import { ListTable, type ListColumn } from '../../kit/ListTable';
import { useCanUseCall } from '../../kit/DialogParts';
import { isRunningState } from './upgradeFormat';
import { DeviceCell, UpgradeJobResult, UpgradeJobState } from './UpgradeJobView';
import { serverStatusLabel, unitStatusLabel } from '../../lib/statusLabels';
import { enumLabel } from '../../lib/tolerant';

// Loaded when a device is chosen.
const UpgradeModal = lazy(() => import('./UpgradeModal'));
const UpgradeHistoryModal = lazy(() => import('./UpgradeHistoryModal'));
const UpgradeJobModal = lazy(() => import('./UpgradeJobModal'));

const PAGE_SIZE = 50;
const SEARCH_DEBOUNCE_MS = 300;
type KindFilter = 'all' | 'server' | 'unit';
type Dialog = { readonly kind: 'upgrade' | 'history'; readonly device: UpgradeCandidate } | { readonly kind: 'job'; readonly jobId: string };

export function UpgradeTab() {
  const { t } = useTranslation();
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [kind, setKind] = useState<KindFilter>('all');
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const canStart = useCanUseCall('startServerUpgrade');
  const query = {
    offset: (page - 1) * PAGE_SIZE,
    limit: PAGE_SIZE,
    ...(kind === 'all' ? {} : { deviceType: kind }),
    ...(search === '' ? {} : { searchValue: search }),
  };
  const list = useEndpointQuery('listUpgradeCandidates', { query }, { staleTime: Number.POSITIVE_INFINITY, placeholderData: keepPreviousData });
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  // A unit's status as the unit list words it, a server's as the servers tab does; else as it came.
  const statusText = (device: UpgradeCandidate) => (device.deviceType === 'unit' ? unitStatusLabel(t, device.status) : serverStatusLabel(t, device.status));

  const columns: ListColumn<UpgradeCandidate>[] = [
    { id: 'name', header: t('upgrades.columns.name'), render: (device) => <DeviceCell strong main={device.name} detail={device.id} /> },
    {
      id: 'kind',
      header: t('upgrades.columns.kind'),
      render: (device) => <DeviceCell main={enumLabel(t, 'upgrades.kinds', device.deviceType)} detail={device.productType} />,
    },
    { id: 'inventory', header: t('upgrades.columns.inventory'), render: (device) => <Text size="sm">{device.inventories.map((i) => i.name).join(', ')}</Text> },
    { id: 'version', header: t('upgrades.columns.version'), render: (device) => device.currentVersion, cellTestId: (device) => `upgrade-version-${device.id}` },
    {
      id: 'status',
      header: t('upgrades.columns.status'),
      render: (device) => (
        <Text size="sm" data-testid={`upgrade-status-${device.id}`} data-status={device.status}>
          {statusText(device)}
        </Text>
      ),
    },
    {
      id: 'upgrade',
      header: t('upgrades.columns.upgrade'),
      render: (device) =>
        device.job == null ? (
          <UpgradeJobState job={null} testId={`upgrade-state-${device.id}`} />
        ) : (
          <UnstyledButton
            onClick={() => device.job && setDialog({ kind: 'job', jobId: device.job.id })}
            aria-label={t('upgrades.job.open', { name: device.name })}
            data-testid={`upgrade-job-open-${device.id}`}
          >
            <UpgradeJobState job={device.job} testId={`upgrade-state-${device.id}`} />
          </UnstyledButton>
        ),
    },
    {
      id: 'lastResult',
      header: t('upgrades.columns.lastResult'),
      render: (device) => <UpgradeJobResult job={device.job} testId={`upgrade-result-${device.id}`} />,
    },
    {
      id: 'actions',
      header: '',
      render: (device) => (
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          {canStart && (
            <Button
              size="compact-xs"
              variant="light"
              disabled={isRunningState(device.job?.state)}
              onClick={() => setDialog({ kind: 'upgrade', device })}
              data-testid={`upgrade-open-${device.id}`}
            >
              {t('upgrades.actions.upgrade')}
            </Button>
          )}
          <Button size="compact-xs" variant="subtle" onClick={() => setDialog({ kind: 'history', device })} data-testid={`upgrade-history-${device.id}`}>
            {t('upgrades.actions.history')}
          </Button>
        </Group>
      ),
    },
  ];
  return (
    <Stack gap="sm" data-testid="upgrade-tab" data-can-start={String(canStart)}>
      <Group justify="space-between" wrap="wrap">
        <Group gap="sm">
          <TextInput
            aria-label={t('upgrades.search')}
            placeholder={t('upgrades.search')}
            value={searchText}
            onChange={(e) => {
              setSearchText(e.currentTarget.value);
              setPage(1);
            }}
            size="xs"
            w={220}
            data-testid="upgrade-search"
          />
          <SegmentedControl
            size="xs"
            aria-label={t('upgrades.kindFilter')}
            value={kind}
            onChange={(value) => {
              setKind(value as KindFilter);
              setPage(1);
            }}
            data={(['all', 'server', 'unit'] as const).map((value) => ({ value, label: t(`upgrades.kinds.${value}`) }))}
            data-testid="upgrade-kind"
          />
        </Group>
        <Text size="sm" c="dimmed" data-testid="upgrade-summary" data-total={total}>
          {t('upgrades.summary', { shown: list.data?.items.length ?? 0, total })}
        </Text>
      </Group>
      {!canStart && (
        <Alert color="gray" data-testid="upgrade-read-only">
          {t('upgrades.readOnly')}
        </Alert>
      )}
      <QueryView query={list} testIdPrefix="upgrade-list" errorTitle={t('upgrades.loadFailed')}>
        {(data) => (
          <ListTable
            items={data.items}
            columns={columns}
            rowKey={(device) => `${device.deviceType}-${device.id}`}
            testIdPrefix="upgrade"
            testId="upgrade-table"
            rowTestId={(device) => `upgrade-row-${device.id}`}
            rowData={(device) => ({ 'data-device-type': device.deviceType, 'data-version': device.currentVersion })}
            emptyText={search === '' && kind === 'all' ? t('upgrades.empty') : t('upgrades.noMatch')}
            minWidth={0}
          />
        )}
      </QueryView>
      {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} size="sm" data-testid="upgrade-pages" />}
      {dialog !== null && (
        <Suspense fallback={<Loader size="sm" aria-label={t('common.loading')} />}>
          {dialog.kind === 'upgrade' && <UpgradeModal device={dialog.device} onClose={() => setDialog(null)} />}
          {dialog.kind === 'history' && <UpgradeHistoryModal device={dialog.device} onClose={() => setDialog(null)} />}
          {dialog.kind === 'job' && <UpgradeJobModal jobId={dialog.jobId} onClose={() => setDialog(null)} />}
        </Suspense>
      )}
    </Stack>
  );
}
