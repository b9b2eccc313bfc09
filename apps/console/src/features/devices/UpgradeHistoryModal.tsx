/**
 * A device's upgrade history (GET v2/{units|servers}/{id}/upgrades, newest first), each run with
 * its versions, state, dates and result code text; kept current over /ws by useUpgradesLive. A run
 * opens with its details (UpgradeJobModal).
 */
import { useState } from 'react';
import { Loader, UnstyledButton } from '@mantine/core';
import { Modal } from '../../components/Overlays';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { UpgradeCandidate, UpgradeJobPage } from '@fleet/contracts';
import { ListTable, type ListColumn } from '../../kit/ListTable';
import type { ApiError } from '../../api/ApiError';
import { op } from '../../kit/op';
import { ErrorAlert } from '../../kit/ErrorAlert';
import UpgradeJobModal from './UpgradeJobModal';
import { UpgradeJobResult, UpgradeJobState } from './UpgradeJobView';
import { dateText } from '../../lib/dateFormat';

/** The unit's or the server's call, by the device's kind. */
const HISTORY = {
  unit: op('listUnitUpgrades', (id: string) => ({ params: { id }, query: {} })),
  server: op('listServerUpgrades', (id: string) => ({ params: { id }, query: {} })),
};

function History({ device }: { readonly device: UpgradeCandidate }) {
  const { t, i18n } = useTranslation();
  const [opened, setOpened] = useState<string | null>(null);
  const history = useQuery<UpgradeJobPage, ApiError>({
    queryKey: HISTORY[device.deviceType].key(device.id),
    queryFn: ({ signal }) => HISTORY[device.deviceType].run(device.id, signal),
  });
  if (history.isPending) return <Loader size="sm" aria-label={t('common.loading')} />;
  if (history.isError) return <ErrorAlert error={history.error} testId="upgrade-history-error" role="alert" />;
  const date = (iso: string | null) => (iso === null ? '—' : dateText(iso, (d) => d.toLocaleString(i18n.language)));
  const columns: ListColumn<UpgradeJobPage['items'][number]>[] = [
    { id: 'from', header: t('upgrades.dialog.current'), render: (job) => job.fromVersion },
    {
      id: 'state',
      header: t('upgrades.columns.upgrade'),
      render: (job) => (
        <UnstyledButton
          onClick={() => setOpened(job.id)}
          aria-label={t('upgrades.job.open', { name: job.deviceName })}
          data-testid={`upgrade-history-open-${job.id}`}
        >
          <UpgradeJobState job={job} testId={`upgrade-history-state-${job.id}`} />
        </UnstyledButton>
      ),
    },
    { id: 'result', header: t('upgrades.columns.lastResult'), render: (job) => <UpgradeJobResult job={job} testId={`upgrade-history-result-${job.id}`} /> },
    { id: 'started', header: t('upgrades.history.started'), render: (job) => date(job.startedAt ?? job.createdAt) },
    { id: 'finished', header: t('upgrades.history.finished'), render: (job) => date(job.finishedAt) },
  ];
  return (
    <>
      <ListTable
        items={history.data.items}
        columns={columns}
        rowKey={(job) => job.id}
        testIdPrefix="upgrade-history"
        testId="upgrade-history"
        emptyText={t('upgrades.history.empty')}
        striped={false}
        minWidth={0}
      />
      {opened !== null && <UpgradeJobModal jobId={opened} onClose={() => setOpened(null)} />}
    </>
  );
}

export default function UpgradeHistoryModal({ device, onClose }: { readonly device: UpgradeCandidate; readonly onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onClose} title={t('upgrades.history.title', { name: device.name })} size="xl" data-testid="upgrade-history-modal">
      <History device={device} />
    </Modal>
  );
}
