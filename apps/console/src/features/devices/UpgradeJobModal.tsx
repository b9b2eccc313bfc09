/**
 * One upgrade run (GET v2/upgrades/{id}; spec 001 §4 software upgrade states, §8 codes): read
 * afresh as it opens and kept current by `upgrade.changed` (useUpgradesLive patches it) — the
 * device, the versions, the state with its progress while it runs, the result's code text, and
 * when it was asked for, started and finished. Opened from the software upgrade tab and from a
 * device's history.
 */
import { Loader, SimpleGrid, Stack } from '@mantine/core';
import { Modal } from '../../components/Overlays';
import { useTranslation } from 'react-i18next';
import { useEndpointQuery } from '../../api/hooks';
import { ErrorAlert } from '../../kit/ErrorAlert';
import { UpgradeJobResult, UpgradeJobState } from './UpgradeJobView';
import { LabelledValue } from '../../kit';
import { CloseFooter } from '../../kit/ModalParts';
import { dateText } from '../../lib/dateFormat';

export default function UpgradeJobModal({ jobId, onClose }: { readonly jobId: string; readonly onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const read = useEndpointQuery('getUpgradeJob', { params: { id: jobId } }, { staleTime: 0, refetchOnMount: 'always', retry: false });
  const job = read.data;
  const date = (iso: string | null) => (iso === null ? '—' : dateText(iso, (d) => d.toLocaleString(i18n.language)));
  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={job === undefined ? t('upgrades.job.title') : t('upgrades.job.titleOf', { name: job.deviceName })}
      data-testid="upgrade-job-modal"
    >
      <Stack gap="sm">
        {read.isPending && <Loader size="sm" aria-label={t('common.loading')} />}
        {read.isError && <ErrorAlert error={read.error} testId="upgrade-job-error" role="alert" />}
        {job !== undefined && (
          <>
            <UpgradeJobState job={job} testId="upgrade-job-state" />
            <UpgradeJobResult job={job} testId="upgrade-job-result" />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <LabelledValue label={t('upgrades.job.from')}>{job.fromVersion}</LabelledValue>
              <LabelledValue label={t('upgrades.job.to')}>{job.targetVersion}</LabelledValue>
              <LabelledValue label={t('upgrades.job.requested')}>{date(job.createdAt)}</LabelledValue>
              <LabelledValue label={t('upgrades.history.started')}>{date(job.startedAt)}</LabelledValue>
              <LabelledValue label={t('upgrades.history.finished')} testId="upgrade-job-finished">
                {date(job.finishedAt)}
              </LabelledValue>
              <LabelledValue label={t('upgrades.job.batch')}>{job.batchId ?? t('upgrades.job.single')}</LabelledValue>
            </SimpleGrid>
          </>
        )}
        <CloseFooter testId="upgrade-job-close" onClose={onClose} label={t('upgrades.actions.close')} />
      </Stack>
    </Modal>
  );
}
