import { useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { UnitStoredFile } from '@fleet/contracts';
import { useApiErrorMessage } from '../../api/errorMessage';
import { useEndpointMutation } from '../../api/hooks';
import { useToast } from '../../toast/useToast';
import { FileDateCell, FileNameCell, FileSizeCell, FileStatusCell } from './FileCells';
import { UPLOADED_FILES_LIST_MAX } from './fileUploadState';
import { unitFilesKey } from './useUnitFiles';

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
  const errorMessage = useApiErrorMessage();
  const [message, setMessage] = useState<string | null>(null);
  const cancel = useEndpointMutation('commandCancelFileUpload');

  const onCancel = (names: string[]) => {
    setMessage(null);
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
        onError: (error) => setMessage(errorMessage(error)),
      },
    );
  };
  const names = [...new Set(files.map((f) => f.fileName))];

  return (
    <Paper withBorder p="md" data-testid="file-upload-pending">
      <Stack gap="sm">
        <Group justify="space-between">
          <Group gap="xs">
            <Title order={4}>{t('fileUpload.pending.title')}</Title>
            <Badge variant="light" data-testid="file-upload-pending-count">
              {files.length}
            </Badge>
          </Group>
          {canCancel && files.length > 1 && (
            <Button variant="light" color="red" onClick={() => onCancel(names)} loading={cancel.isPending} data-testid="pending-cancel-all">
              {t('fileUpload.pending.cancelAll')}
            </Button>
          )}
        </Group>
        {message !== null && (
          <Alert color="red" role="alert" data-testid="file-upload-pending-message">
            {message}
          </Alert>
        )}
        {files.length === 0 ? (
          <Text c="dimmed" size="sm" data-testid="file-upload-pending-empty">
            {t('fileUpload.pending.empty')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('fileUpload.columns.name')}</Table.Th>
                  <Table.Th>{t('fileUpload.columns.size')}</Table.Th>
                  <Table.Th>{t('fileUpload.columns.status')}</Table.Th>
                  <Table.Th w="30%">{t('fileUpload.columns.progress')}</Table.Th>
                  {canCancel && <Table.Th>{t('fileUpload.columns.actions')}</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {files.map((f) => (
                  <Table.Tr
                    key={f.fileId}
                    data-testid={`pending-row-${f.fileId}`}
                    data-name={f.fileName}
                    data-status={f.status ?? 'none'}
                    data-progress={f.progress}
                  >
                    <FileNameCell name={f.fileName} />
                    <FileSizeCell bytes={f.sizeBytes} />
                    <FileStatusCell status={f.status} testId={`pending-status-${f.fileId}`} />
                    <Table.Td>
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
                    </Table.Td>
                    {canCancel && (
                      <Table.Td>
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
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}

/** Uploaded files: finished uploads, the newest UPLOADED_FILES_LIST_MAX (spec 000 §9: max 10). */
export function UploadedFilesSection({ files, total }: { files: readonly UnitStoredFile[]; total: number }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" data-testid="file-upload-uploaded">
      <Stack gap="sm">
        <Group gap="xs">
          <Title order={4}>{t('fileUpload.uploaded.title')}</Title>
          <Badge variant="light" data-testid="file-upload-uploaded-count">
            {files.length}
          </Badge>
        </Group>
        {total > files.length && (
          <Text size="sm" c="dimmed" data-testid="file-upload-uploaded-limit">
            {t('fileUpload.uploaded.limit', { shown: UPLOADED_FILES_LIST_MAX, total })}
          </Text>
        )}
        {files.length === 0 ? (
          <Text c="dimmed" size="sm" data-testid="file-upload-uploaded-empty">
            {t('fileUpload.uploaded.empty')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table striped verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('fileUpload.columns.name')}</Table.Th>
                  <Table.Th>{t('fileUpload.columns.size')}</Table.Th>
                  <Table.Th>{t('fileUpload.columns.modified')}</Table.Th>
                  <Table.Th>{t('fileUpload.columns.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {files.map((f) => (
                  <Table.Tr key={f.fileId} data-testid={`uploaded-row-${f.fileId}`} data-name={f.fileName} data-status={f.status ?? 'none'}>
                    <FileNameCell name={f.fileName} />
                    <FileSizeCell bytes={f.sizeBytes} />
                    <FileDateCell iso={f.lastModified} />
                    <FileStatusCell status={f.status} testId={`uploaded-status-${f.fileId}`} />
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
