import { Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UnitStoredFile } from '@fleet/contracts';
import { formatBytes } from './fileUploadState';

export function useFormatBytes(): (bytes: number) => string {
  const { t } = useTranslation();
  return (bytes: number) => t('fileUpload.bytes', formatBytes(bytes));
}

export function FileSize({ bytes }: { bytes: number }) {
  const format = useFormatBytes();
  return <Text size="sm">{format(bytes)}</Text>;
}

export function FileDate({ iso }: { iso: string | null }) {
  const { t, i18n } = useTranslation();
  if (iso === null) return <Text size="sm" c="dimmed">{t('common.none')}</Text>;
  return <Text size="sm">{new Date(iso).toLocaleString(i18n.language)}</Text>;
}

const STATUS_COLOURS = { pending: 'gray', uploading: 'blue', uploaded: 'green', success: 'green', failed: 'red', rejected: 'orange' } as const;

/** An upload status (spec 000 §3) as a badge; `status` holds the raw value for tools and tests. */
export function FileStatusBadge({ status, testId }: { status: UnitStoredFile['status']; testId: string }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={status === null ? 'gray' : STATUS_COLOURS[status]} data-testid={testId} data-status={status ?? 'none'}>
      {t(`fileUpload.status.${status ?? 'none'}`)}
    </Badge>
  );
}
