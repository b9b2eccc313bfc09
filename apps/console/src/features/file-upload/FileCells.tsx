/**
 * The cells every file table of the page shows (unit files, pending uploads, uploaded files): the
 * file name (with optional badges after it), its size, its modification date and its upload
 * status. One set, so the three tables render a file the same way.
 */
import type { ReactNode } from 'react';
import { Badge, Group, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UnitStoredFile } from '@fleet/contracts';
import { formatBytes } from './fileUploadState';

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
  if (iso === null)
    return (
      <Text size="sm" c="dimmed">
        {t('common.none')}
      </Text>
    );
  return <Text size="sm">{new Date(iso).toLocaleString(i18n.language)}</Text>;
}

const STATUS_COLOURS = { pending: 'gray', uploading: 'blue', uploaded: 'green', success: 'green', failed: 'red', rejected: 'orange' } as const;

/** An upload status (spec 000 §3) as a badge; `status` holds the raw value for tools and tests. */
export function FileStatusBadge({ status, testId }: { readonly status: UnitStoredFile['status']; readonly testId: string }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={status === null ? 'gray' : STATUS_COLOURS[status]} data-testid={testId} data-status={status ?? 'none'}>
      {t(`fileUpload.status.${status ?? 'none'}`)}
    </Badge>
  );
}

// ── table cells ────────────────────────────────────────────────────────────────────────────────

/** The file-name cell; `children` (badges) follow the name on the same line. */
export function FileNameCell({ name, children }: { readonly name: string; readonly children?: ReactNode }) {
  return (
    <Table.Td>
      {children === undefined ? (
        <Text size="sm">{name}</Text>
      ) : (
        <Group gap={6} wrap="nowrap">
          <Text size="sm">{name}</Text>
          {children}
        </Group>
      )}
    </Table.Td>
  );
}

export function FileSizeCell({ bytes }: { readonly bytes: number }) {
  return (
    <Table.Td>
      <FileSize bytes={bytes} />
    </Table.Td>
  );
}

export function FileDateCell({ iso }: { readonly iso: string | null }) {
  return (
    <Table.Td>
      <FileDate iso={iso} />
    </Table.Td>
  );
}

export function FileStatusCell({ status, testId }: { readonly status: UnitStoredFile['status']; readonly testId: string }) {
  return (
    <Table.Td>
      <FileStatusBadge status={status} testId={testId} />
    </Table.Td>
  );
}
