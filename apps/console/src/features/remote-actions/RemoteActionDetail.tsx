/**
 * One remote action opened from the history (GET v2/remoteActions/{id}, spec 001 §2 /remote_actions;
 * §4 access approval states): read afresh as it opens — a support access past its 8 hours reads
 * expired — and kept current by `remoteAction.changed`: the device, the action, its status, who
 * asked and why, when, what the device answered, and the support access with its time left.
 */
import { Badge, Code, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { Modal } from '../../components/Overlays';
import { useTranslation } from 'react-i18next';
import type { RemoteActionStatus, SupportAccess } from '@fleet/contracts';
import { useEndpointQuery } from '../../api/hooks';
import { ErrorNote } from '../../kit/DialogParts';
import { LabelledValue, MutedText } from '../../kit';
import { CloseFooter } from '../../kit/ModalParts';
import { enumLabel } from '../../lib/tolerant';
import { dateText } from '../../lib/dateFormat';

/** A support access's state in words, with its time left (the history's text). */
type AccessText = (access: SupportAccess) => string;
export const STATUS_COLOR: Record<RemoteActionStatus, string> = { pending: 'gray', running: 'blue', done: 'green', failed: 'red' };

export function RemoteActionDetail({ id, remaining, onClose }: { readonly id: string; readonly remaining: AccessText; readonly onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const read = useEndpointQuery('getRemoteAction', { params: { id } }, { staleTime: 0, refetchOnMount: 'always', retry: false });
  const action = read.data;
  const date = (iso: string) => dateText(iso, (d) => d.toLocaleString(i18n.language));
  const result = action === undefined ? [] : Object.entries(action.result);
  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={
        action === undefined
          ? t('remoteActions.detail.title')
          : t('remoteActions.detail.titleOf', { action: enumLabel(t, 'remoteActions.kinds', action.action), name: action.deviceName || action.deviceId })
      }
    >
      <Stack gap="sm" data-testid="ra-detail" data-status={action?.status ?? ''}>
        {read.isPending && <Loader size="sm" aria-label={t('common.loading')} />}
        <ErrorNote testId="ra-detail-error" error={read.error} />
        {action !== undefined && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <LabelledValue label={t('remoteActions.columns.device')}>
              {action.deviceName || action.deviceId}{' '}
              <Text span size="xs" c="dimmed">
                {action.deviceId}
              </Text>
            </LabelledValue>
            <LabelledValue label={t('remoteActions.columns.status')}>
              <Badge color={STATUS_COLOR[action.status]} variant="light" data-testid="ra-detail-status" data-status={action.status}>
                {enumLabel(t, 'remoteActions.statuses', action.status)}
              </Badge>
            </LabelledValue>
            <LabelledValue label={t('remoteActions.columns.requestedBy')}>{action.requestedBy ?? t('common.none')}</LabelledValue>
            <LabelledValue label={t('remoteActions.columns.reason')} testId="ra-detail-reason">
              {action.reason || t('common.none')}
            </LabelledValue>
            <LabelledValue label={t('remoteActions.detail.created')}>{date(action.createdAt)}</LabelledValue>
            <LabelledValue label={t('remoteActions.detail.updated')}>{date(action.updatedAt)}</LabelledValue>
            {action.supportAccess != null && (
              <LabelledValue label={t('remoteActions.columns.access')} testId="ra-detail-access">
                {remaining(action.supportAccess)}
                <MutedText size="xs">{t('remoteActions.detail.expires', { date: date(action.supportAccess.expiresAt) })}</MutedText>
              </LabelledValue>
            )}
            <LabelledValue label={t('remoteActions.detail.result')} testId="ra-detail-result">
              {result.length === 0 ? (
                t('common.none')
              ) : (
                <Stack gap={2}>
                  {result.map(([key, value]) => (
                    <Text key={key} size="sm">
                      {key}: <Code>{typeof value === 'string' ? value : JSON.stringify(value)}</Code>
                    </Text>
                  ))}
                </Stack>
              )}
            </LabelledValue>
          </SimpleGrid>
        )}
        <CloseFooter testId="ra-detail-close" onClose={onClose} />
      </Stack>
    </Modal>
  );
}
