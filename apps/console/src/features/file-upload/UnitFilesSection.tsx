import { useMemo, useState } from 'react';
import { Alert, Badge, Button, Checkbox, Group, Tooltip } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { UnitStoredFile } from '@fleet/contracts';
import { useApiErrorMessage } from '../../api/errorMessage';
import { ConfirmDeleteModal } from '../../components/ConfirmDeleteModal';
import { ListTable, type ListColumn } from '../../kit/ListTable';
import { useToastMutation } from '../../kit/useToastMutation';
import { FileSection, fileColumns } from './FileCells';
import { partNumber, storeAndForwardExtension, validateDeleteSelection, validateUploadSelection } from './fileUploadState';
import type { UploadProblem } from './fileUploadState';
import { unitFilesKey } from './useUnitFiles';
import { toggleSelected } from '../../lib/selection';

interface UnitFilesSectionProps {
  readonly unitId: string;
  readonly unitName: string;
  readonly files: readonly UnitStoredFile[];
  readonly canUpload: boolean;
  readonly canDelete: boolean;
}

/** Spec texts of the selection problems (contracts VALIDATION / ERROR_CATALOGUE, translated). */
const PROBLEM_TEXT = {
  required: 'fileUpload.validation.required',
  maxElements: 'fileUpload.validation.maxElements',
  fileType: 'apiErrors.FILE_TYPE_NOT_SUPPORTED',
} as const satisfies Record<UploadProblem, string>;

/**
 * Unit files: the recorded files of the chosen storage; the selected ones can be uploaded (POST
 * storages/files/upload) or deleted (POST storages/files with their paths). The selection is
 * checked first with the same rules as the call; a refusal of the core shows its text.
 */
export function UnitFilesSection({ unitId, unitName, files, canUpload, canDelete }: UnitFilesSectionProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const errorMessage = useApiErrorMessage();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [message, setMessage] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: unitFilesKey(unitId) });
  /** A call taken: the selection is done with, the listing is read again. */
  const after = () => {
    setSelected(new Set());
    void refresh();
  };
  const failed = (error: unknown) => setMessage(errorMessage(error));
  const upload = useToastMutation('uploadUnitFiles', {
    success: (result) => t('fileUpload.toasts.uploadQueued', { count: result.files.length, name: unitName }),
    onSuccess: after,
    onError: failed,
  });
  const remove = useToastMutation('deleteUnitFiles', {
    success: (result) => t('fileUpload.toasts.deleted', { count: result.deleted.length, name: unitName }),
    onSuccess: after,
    onError: (error) => {
      failed(error);
      void refresh();
    },
  });

  // A file gone from the listing is no longer selected.
  const selectedFiles = useMemo(() => files.filter((f) => selected.has(f.fileId)), [files, selected]);
  const paths = selectedFiles.map((f) => f.path);
  const allSelected = files.length > 0 && selectedFiles.length === files.length;

  const toggle = (fileId: string) => {
    setMessage(null);
    setSelected((current) => toggleSelected(current, fileId, !current.has(fileId)));
  };
  const toggleAll = () => {
    setMessage(null);
    setSelected(allSelected ? new Set() : new Set(files.map((f) => f.fileId)));
  };

  const onUpload = () => {
    const problem = validateUploadSelection(paths);
    if (problem) {
      setMessage(t(PROBLEM_TEXT[problem]));
      return;
    }
    setMessage(null);
    upload.mutate({ params: { id: unitId }, body: { paths } });
  };

  const onDelete = () => {
    if (validateDeleteSelection(paths)) {
      setMessage(t('fileUpload.validation.required'));
      return;
    }
    setMessage(null);
    setConfirming(true);
  };
  const confirmDelete = () => {
    setConfirming(false);
    remove.mutate({ params: { id: unitId }, body: { paths } });
  };

  const columns = fileColumns(t, 'file', (f) => {
    const part = partNumber(f.fileName);
    const ext = storeAndForwardExtension(f.fileName);
    return (
      <>
        {ext === null ? (
          <Tooltip label={t('fileUpload.unitFiles.notStoreAndForward')}>
            <Badge size="xs" color="gray" variant="outline">
              ?
            </Badge>
          </Tooltip>
        ) : (
          <Badge size="xs" variant="outline">
            {ext}
          </Badge>
        )}
        {part !== null && (
          <Badge size="xs" variant="light" color="grape">
            {t('fileUpload.unitFiles.part', { part })}
          </Badge>
        )}
      </>
    );
  });
  const select: ListColumn<UnitStoredFile> = {
    id: 'select',
    header: t('fileUpload.unitFiles.selectAll'),
    headerNode: (
      <Checkbox
        aria-label={t('fileUpload.unitFiles.selectAll')}
        checked={allSelected}
        indeterminate={!allSelected && selectedFiles.length > 0}
        onChange={toggleAll}
        data-testid="file-select-all"
      />
    ),
    render: (f) => (
      <Checkbox
        aria-label={t('fileUpload.unitFiles.select', { name: f.fileName })}
        checked={selected.has(f.fileId)}
        onChange={() => toggle(f.fileId)}
        data-testid={`file-select-${f.fileId}`}
      />
    ),
  };

  return (
    <FileSection
      testId="file-upload-unit-files"
      title={t('fileUpload.unitFiles.title')}
      badge={t('fileUpload.unitFiles.selected', { count: selectedFiles.length })}
      badgeTestId="file-upload-selected-count"
      actions={
        <Group gap="xs">
          {canUpload && (
            <Button onClick={onUpload} loading={upload.isPending} data-testid="file-upload-submit">
              {t('fileUpload.unitFiles.upload')}
            </Button>
          )}
          {canDelete && (
            <Button color="red" variant="light" onClick={onDelete} loading={remove.isPending} data-testid="file-delete-submit">
              {t('fileUpload.unitFiles.delete')}
            </Button>
          )}
        </Group>
      }
    >
      {message !== null && (
        <Alert color="red" data-testid="file-upload-message" role="alert">
          {message}
        </Alert>
      )}
      <ListTable
        items={files}
        columns={[select, columns.name, columns.size, columns.modified, columns.status]}
        rowKey={(f) => f.fileId}
        testIdPrefix="file-upload-unit-files"
        rowTestIdPrefix="file"
        rowData={(f) => ({ 'data-path': f.path, 'data-name': f.fileName })}
        emptyText={t('fileUpload.unitFiles.empty')}
        minWidth={640}
      />
      {confirming && (
        <ConfirmDeleteModal
          title={t('fileUpload.confirmDelete.title')}
          question={t('fileUpload.confirmDelete.body', { count: paths.length })}
          cancelLabel={t('fileUpload.confirmDelete.cancel')}
          deleteLabel={t('fileUpload.confirmDelete.confirm')}
          pending={false}
          error={null}
          onConfirm={confirmDelete}
          onClose={() => setConfirming(false)}
          testIdPrefix="file-delete"
        />
      )}
    </FileSection>
  );
}
