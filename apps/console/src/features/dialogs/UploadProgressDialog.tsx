/**
 * Upload progress (spec 000 §2, §4 file transfer): the unit's uploaded-list entries (at most 10,
 * 000 §9) with their status and progress, kept current while the dialog is open — the list is read
 * again when /ws reports a transfer started or completed, or the unit's telemetry/status arrives,
 * and every 2 s while an upload is running (progress steps are stored by the core, not published).
 * Running and pending uploads can be cancelled (000 §7 command "cancel file upload", payload files).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Badge, Button, Checkbox, Group, Loader, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UnitStoredFile } from '@fleet/contracts';
import { useEndpointMutation, useEndpointQuery } from '../../api/hooks';
import { useLiveEvents } from '../../kit/useLiveEvents';
import { ListTable, type ListColumn } from '../../kit/ListTable';
import { STATUS_COLOURS } from '../../lib/uploadStatus';
import { toggleSelected } from '../../lib/selection';
import { DialogFooter, ErrorNote, unitDialog, useCanUseCall, type UnitDialogProps } from '../../kit/DialogParts';
import { isActiveUpload, namesToCancel, touchesUploads, uploadRows } from './rules';
import { enumLabel } from '../../lib/tolerant';

/** Re-read interval while an upload runs (the list is also re-read on every /ws event of the unit). */
const ACTIVE_REFRESH_MS = 2000;
/** Events of the unit re-read the list at most this often. */
const EVENT_REFRESH_MIN_GAP_MS = 500;

function UploadProgressBody({ unitId, onClose }: Omit<UnitDialogProps, 'opened'>) {
  const { t } = useTranslation();
  const canAct = useCanUseCall('commandCancelFileUpload');
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [notice, setNotice] = useState<string | null>(null);
  const files = useEndpointQuery('getUnitStorageFiles', { params: { id: unitId } });
  const rows = useMemo(() => uploadRows(files.data?.files ?? []), [files.data]);
  const activeCount = rows.filter((r) => isActiveUpload(r.status)).length;
  const cancel = useEndpointMutation('commandCancelFileUpload');

  // Screen state: this dialog's progress bars re-read their listing on the unit's transfer, telemetry
  // and status events (throttled here; the event table patches the cached listing itself).
  const { refetch } = files;
  const lastRead = useRef(0);
  useLiveEvents((_client, event) => {
    if (!touchesUploads(event, unitId)) return;
    const now = Date.now();
    if (event.type !== 'file.transferStarted' && event.type !== 'file.transferCompleted' && now - lastRead.current < EVENT_REFRESH_MIN_GAP_MS) return;
    lastRead.current = now;
    void refetch();
  });

  useEffect(() => {
    if (activeCount === 0) return undefined;
    const timer = window.setInterval(() => void refetch(), ACTIVE_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [activeCount, refetch]);

  const toggle = (fileId: string, on: boolean) => setChosen((prev) => toggleSelected(prev, fileId, on));

  const names = namesToCancel(rows, chosen);
  const onCancel = () => {
    setNotice(null);
    cancel.mutate(
      { params: { id: unitId }, body: { files: names } },
      {
        onSuccess: (r) => {
          setNotice(
            r.cancelled.length > 0 ? t('dialogs.uploadProgress.cancelled', { files: r.cancelled.join(', ') }) : t('dialogs.uploadProgress.nothingCancelled'),
          );
          setChosen(new Set());
          void refetch();
        },
      },
    );
  };

  const select: ListColumn<UnitStoredFile> = {
    id: 'select',
    header: '',
    render: (f) => (
      <Checkbox
        aria-label={t('dialogs.uploadProgress.select', { file: f.fileName })}
        checked={chosen.has(f.fileId)}
        disabled={!isActiveUpload(f.status)}
        onChange={(e) => toggle(f.fileId, e.currentTarget.checked)}
        data-testid={`upload-select-${f.fileId}`}
      />
    ),
  };
  const columns: ListColumn<UnitStoredFile>[] = [
    { id: 'file', header: t('dialogs.uploadProgress.file'), render: (f) => <Text size="sm">{f.fileName}</Text> },
    {
      id: 'status',
      header: t('dialogs.uploadProgress.status'),
      render: (f) =>
        f.status && (
          <Badge color={STATUS_COLOURS[f.status]} variant="light" data-testid={`upload-status-${f.fileId}`}>
            {enumLabel(t, 'dialogs.uploadProgress.statuses', f.status)}
          </Badge>
        ),
    },
    {
      id: 'progress',
      header: t('dialogs.uploadProgress.progress'),
      render: (f) => (
        <Group gap="xs" wrap="nowrap" miw={140}>
          <Progress value={f.progress} w={100} animated={f.status === 'uploading'} aria-label={t('dialogs.uploadProgress.progress')} />
          <Text size="xs" data-testid={`upload-progress-${f.fileId}`}>
            {`${Math.round(f.progress)}%`}
          </Text>
        </Group>
      ),
    },
  ];
  return (
    <Stack data-testid="dialog-uploadProgress" gap="sm">
      {files.isPending && <Loader size="sm" />}
      <ErrorNote testId="upload-load-error" error={files.error} />
      {files.data && rows.length === 0 && (
        <Text c="dimmed" data-testid="upload-empty">
          {t('dialogs.uploadProgress.empty')}
        </Text>
      )}
      {rows.length > 0 && (
        <>
          <Text size="sm" data-testid="upload-active-count" data-count={activeCount}>
            {t('dialogs.uploadProgress.active', { count: activeCount })}
          </Text>
          <ListTable
            items={rows}
            columns={[...(canAct ? [select] : []), ...columns]}
            rowKey={(f) => f.fileId}
            testIdPrefix="upload"
            testId="upload-table"
            rowData={(f) => ({ 'data-status': f.status ?? '', 'data-progress': f.progress })}
            striped={false}
            minWidth={0}
          />
        </>
      )}
      <ErrorNote testId="upload-cancel-error" error={cancel.error} />
      {notice !== null && (
        <Text size="sm" data-testid="upload-cancel-notice">
          {notice}
        </Text>
      )}
      <DialogFooter testId="upload" onClose={onClose} canAct={canAct}>
        <Button color="red" onClick={onCancel} disabled={names.length === 0} loading={cancel.isPending} data-testid="upload-cancel">
          {t('dialogs.uploadProgress.cancel')}
        </Button>
      </DialogFooter>
    </Stack>
  );
}

export default unitDialog('dialogs.uploadProgress.title', UploadProgressBody, 'lg');
