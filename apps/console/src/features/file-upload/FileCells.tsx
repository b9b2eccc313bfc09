/**
 * The columns every file table of the page shows (unit files, pending uploads, uploaded files: the
 * kit's list table): the file name (with optional badges after it), its size, its modification
 * date and its upload status; and the frame of each. One set, so the three tables render a file
 * the same way.
 */
import type { ReactNode } from 'react';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { UnitStoredFile } from '@fleet/contracts';
import type { ListColumn } from '../../kit/ListTable';
import { formatBytes } from './fileUploadState';
import { STATUS_COLOURS } from '../../lib/uploadStatus';
import { MutedText } from '../../kit/MutedText';
import { dateText } from '../../lib/dateFormat';

export function useFormatBytes(): (bytes: number) => string {
  const { t } = useTranslation();
  return (bytes: number) => t('fileUpload.bytes', formatBytes(bytes));
}

export function FileSize({ bytes }: { readonly bytes: number }) {
  const format = useFormatBytes();
  return <Text size="sm">{format(bytes)}</Text>;
}

export function FileDate({ iso }: { readonly iso: string | null }) {
  const { t, i18n } = useTranslation();
  if (iso === null) return <MutedText>{t('common.none')}</MutedText>;
  return <Text size="sm">{dateText(iso, (d) => d.toLocaleString(i18n.language))}</Text>;
}

/** An upload status (spec 000 §3) as a badge; `status` holds the raw value for tools and tests. */
export function FileStatusBadge({ status, testId }: { readonly status: UnitStoredFile['status']; readonly testId: string }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={status === null ? 'gray' : STATUS_COLOURS[status]} data-testid={testId} data-status={status ?? 'none'}>
      {t(`fileUpload.status.${status ?? 'none'}`)}
    </Badge>
  );
}

/** The columns every file table shows (`status` gets the test id `<statusTestId>-status-<fileId>`); `badges`: what follows the name. */
export function fileColumns(
  t: TFunction,
  statusTestId: string,
  badges?: (file: UnitStoredFile) => ReactNode,
): Record<'name' | 'size' | 'modified' | 'status', ListColumn<UnitStoredFile>> {
  return {
    name: {
      id: 'name',
      header: t('fileUpload.columns.name'),
      render: (f) => (
        <Group gap={6} wrap="nowrap">
          <Text size="sm">{f.fileName}</Text>
          {badges?.(f)}
        </Group>
      ),
    },
    size: { id: 'size', header: t('fileUpload.columns.size'), render: (f) => <FileSize bytes={f.sizeBytes} /> },
    modified: { id: 'modified', header: t('fileUpload.columns.modified'), render: (f) => <FileDate iso={f.lastModified} /> },
    status: {
      id: 'status',
      header: t('fileUpload.columns.status'),
      render: (f) => <FileStatusBadge status={f.status} testId={`${statusTestId}-status-${f.fileId}`} />,
    },
  };
}

/** The frame of each file table: its title with a badge, buttons on the right, then what it shows. */
export function FileSection({
  testId,
  title,
  badge,
  badgeTestId,
  actions,
  children,
}: {
  testId: string;
  title: string;
  badge: ReactNode;
  badgeTestId: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="md" data-testid={testId}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Group gap="xs">
            <Title order={4}>{title}</Title>
            <Badge variant="light" data-testid={badgeTestId}>
              {badge}
            </Badge>
          </Group>
          {actions}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
