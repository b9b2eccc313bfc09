import { Suspense, useMemo, useState } from 'react';
import { lazy } from '../../lib/lazy';
import { Button, Group, Stack, Text } from '@mantine/core';
import { Select } from '../../components/Pickers';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useEndpointQuery } from '../../api/hooks';
import { QueryView } from '../../components/QueryView';
import { PageTitle } from '../../components/PageTitle';
import { useCanCall } from '../../kit/access';
import type { PageProps } from '../../pages/types';
import { useFormatBytes } from './FileCells';
import { splitFiles } from './fileUploadState';
import { UnitFilesSection } from './UnitFilesSection';
import { PendingUploadsSection, UploadedFilesSection } from './UploadListsSection';
import { useUnitFiles } from './useUnitFiles';

/** The upload progress dialog (another area's), loaded when first opened. */
const UploadProgressDialog = lazy(() => import('../dialogs/UploadProgressDialog'));

const ALL_STORAGES = '__all__';

/** One unit's storages, files, pending uploads and uploaded files. */
function UnitUploads({ unitId, unitName }: { unitId: string; unitName: string }) {
  const { t } = useTranslation();
  const formatBytes = useFormatBytes();
  // Write actions for the roles their calls declare in the catalogue.
  const canUpload = useCanCall('uploadUnitFiles');
  const canDelete = useCanCall('deleteUnitFiles');
  const canCancel = useCanCall('commandCancelFileUpload');
  const storages = useEndpointQuery('getUnitStorages', { params: { id: unitId } });
  const [storageId, setStorageId] = useState<string>(ALL_STORAGES);
  const storage = storages.data?.storages.find((s) => s.id === storageId);
  const files = useUnitFiles(unitId, storage?.rootDirectory);
  const lists = useMemo(() => splitFiles(files.all.data?.files ?? []), [files.all.data]);
  const unitFiles = useMemo(() => splitFiles(files.storage.data?.files ?? []).unitFiles, [files.storage.data]);
  const [progressOpen, setProgressOpen] = useState(false);

  const storageOptions = [
    { value: ALL_STORAGES, label: t('fileUpload.allStorages') },
    ...(storages.data?.storages ?? []).map((s) => ({ value: s.id, label: s.name })),
  ];

  // Both reads (all the unit's files, the chosen storage's) in one loading and error state.
  const read = {
    isPending: files.all.isPending || files.storage.isPending,
    isError: files.all.isError || files.storage.isError,
    error: files.all.error ?? files.storage.error,
    data: true,
  };
  const content = (
    <QueryView query={read} testIdPrefix="file-upload" errorTitle={t('fileUpload.loadFailed')}>
      {() => (
        <Stack gap="md">
          <UnitFilesSection key={storageId} unitId={unitId} unitName={unitName} files={unitFiles} canUpload={canUpload} canDelete={canDelete} />
          <PendingUploadsSection unitId={unitId} files={lists.pending} canCancel={canCancel} />
          <UploadedFilesSection files={lists.uploaded} total={lists.uploadedTotal} />
        </Stack>
      )}
    </QueryView>
  );

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="md">
        <Select
          label={t('fileUpload.storage')}
          data={storageOptions}
          value={storageId}
          onChange={(value) => setStorageId(value ?? ALL_STORAGES)}
          allowDeselect={false}
          w={220}
          data-testid="file-upload-storage-select"
        />
        {storage && (
          <Text size="sm" c="dimmed" data-testid="file-upload-storage-use">
            {storage.totalBytes == null
              ? t('fileUpload.storageUseUnknown', { used: formatBytes(storage.usedBytes) })
              : t('fileUpload.storageUse', { used: formatBytes(storage.usedBytes), total: formatBytes(storage.totalBytes) })}
          </Text>
        )}
        <Button variant="default" onClick={() => setProgressOpen(true)} data-testid="file-upload-progress-open" ml="auto">
          {t('fileUpload.openProgress')}
        </Button>
      </Group>
      {content}
      {progressOpen && (
        <Suspense fallback={null}>
          <UploadProgressDialog unitId={unitId} opened={progressOpen} onClose={() => setProgressOpen(false)} />
        </Suspense>
      )}
    </Stack>
  );
}

/**
 * /file_upload (spec 000 §2 "unit files, uploaded files, pending uploads"; route guard: the broader
 * role set): pick a unit (remembered in the URL as ?unit=), then its files and uploads.
 */
export default function FileUploadPage(_props: PageProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const unitId = params.get('unit') ?? '';
  const units = useEndpointQuery('fetchDevices', {}, { staleTime: Number.POSITIVE_INFINITY });
  const options = useMemo(
    () => [...(units.data ?? [])].sort((a, b) => a.name.localeCompare(b.name)).map((u) => ({ value: u.uniqueId, label: `${u.name} (${u.uniqueId})` })),
    [units.data],
  );
  const unit = units.data?.find((u) => u.uniqueId === unitId);

  return (
    <Stack gap="md" data-testid="file-upload-page">
      <PageTitle title={t('routes.fileUpload')} />
      <Select
        label={t('fileUpload.unit')}
        placeholder={t('fileUpload.unitPlaceholder')}
        data={options}
        value={unitId === '' ? null : unitId}
        onChange={(value) => setParams(value ? { unit: value } : {}, { replace: true })}
        searchable
        w={360}
        disabled={units.isPending}
        data-testid="file-upload-unit-select"
      />
      {unitId === '' ? (
        <Text c="dimmed" data-testid="file-upload-pick-unit">
          {t('fileUpload.pickUnit')}
        </Text>
      ) : (
        <UnitUploads key={unitId} unitId={unitId} unitName={unit?.name ?? unitId} />
      )}
    </Stack>
  );
}
