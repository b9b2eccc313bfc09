import { Button, Group, Progress, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { UnitStoredFile } from '@fleet/contracts';
import { useEndpointMutation } from '../../api/hooks';
import { useToast } from '../../toast/useToast';
import { ErrorAlert } from '../../kit/ErrorAlert';
import { ListTable, type ListColumn } from '../../kit/ListTable';
import { FileSection, fileColumns } from './FileCells';
import { UPLOADED_FILES_LIST_MAX } from './fileUploadState';
import { unitFilesKey } from './useUnitFiles';
import { MutedText } from '../../kit/MutedText';

interface PendingProps {
  readonly unitId: string;
  readonly files: readonly UnitStoredFile[];
  readonly canCancel: boolean;
}

/**
 * Pending uploads: waiting or running, with their progress (live: transfer events and the refresh
 * while uploads are open); each can be cancelled (command "cancel file upload" with the files).
 */
export function PendingUploadsSection({ unitId, files, canCancel }: PendingProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const cancel = useEndpointMutation('commandCancelFileUpload');

  const onCancel = (names: string[]) => {
    cancel.mutate(
      { params: { id: unitId }, body: { files: names } },
      {
        onSuccess: (result) => {
          toast.show({
            message: t('fileUpload.toasts.cancelled', { files: (result.cancelled.length > 0 ? result.cancelled : names).join(', ') }),
            variant: 'info',
          });
          void queryClient.invalidateQueries({ queryKey: unitFilesKey(unitId) });
        },
      },
    );
  };
  const names = [...new Set(files.map((f) => f.fileName))];

  const columns = fileColumns(t, 'pending');
  const progress: ListColumn<UnitStoredFile> = {
    id: 'progress',
    header: t('fileUpload.columns.progress'),
    render: (f) => (
      <Group gap="xs" wrap="nowrap">
        <Progress
          value={f.progress}
          animated={f.isTransferring}
          style={{ flex: 1 }}
          aria-label={t('fileUpload.columns.progress')}
          data-testid={`pending-progress-${f.fileId}`}
        />
        <Text size="xs" w={48} ta="right">
          {`${Math.round(f.progress)}%`}
        </Text>
      </Group>
    ),
  };
  const cancelColumn: ListColumn<UnitStoredFile> = {
    id: 'actions',
    header: t('fileUpload.columns.actions'),
    render: (f) => (
      <Button
        size="xs"
        variant="subtle"
        color="red"
        onClick={() => onCancel([f.fileName])}
        disabled={cancel.isPending}
        data-testid={`pending-cancel-${f.fileId}`}
      >
        {t('fileUpload.pending.cancel')}
      </Button>
    ),
  };
  return (
    <FileSection
      testId="file-upload-pending"
      title={t('fileUpload.pending.title')}
      badge={files.length}
      badgeTestId="file-upload-pending-count"
      actions={
        canCancel &&
        files.length > 1 && (
          <Button variant="light" color="red" onClick={() => onCancel(names)} loading={cancel.isPending} data-testid="pending-cancel-all">
            {t('fileUpload.pending.cancelAll')}
          </Button>
        )
      }
    >
      <ErrorAlert error={cancel.error} role="alert" testId="file-upload-pending-message" />
      <ListTable
        items={files}
        columns={[columns.name, columns.size, columns.status, progress, ...(canCancel ? [cancelColumn] : [])]}
        rowKey={(f) => f.fileId}
        testIdPrefix="file-upload-pending"
        rowTestIdPrefix="pending"
        rowData={(f) => ({ 'data-name': f.fileName, 'data-status': f.status ?? 'none', 'data-progress': f.progress })}
        emptyText={t('fileUpload.pending.empty')}
        minWidth={640}
        striped={false}
      />
    </FileSection>
  );
}

/** Uploaded files: finished uploads, the newest UPLOADED_FILES_LIST_MAX (spec 000 §9: max 10). */
export function UploadedFilesSection({ files, total }: { files: readonly UnitStoredFile[]; total: number }) {
  const { t } = useTranslation();
  const columns = fileColumns(t, 'uploaded');
  return (
    <FileSection testId="file-upload-uploaded" title={t('fileUpload.uploaded.title')} badge={files.length} badgeTestId="file-upload-uploaded-count">
      {total > files.length && (
        <MutedText testId="file-upload-uploaded-limit">{t('fileUpload.uploaded.limit', { shown: UPLOADED_FILES_LIST_MAX, total })}</MutedText>
      )}
      <ListTable
        items={files}
        columns={[columns.name, columns.size, columns.modified, columns.status]}
        rowKey={(f) => f.fileId}
        testIdPrefix="file-upload-uploaded"
        rowTestIdPrefix="uploaded"
        rowData={(f) => ({ 'data-name': f.fileName, 'data-status': f.status ?? 'none' })}
        emptyText={t('fileUpload.uploaded.empty')}
        minWidth={560}
      />
    </FileSection>
  );
}
