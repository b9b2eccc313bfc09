import { Suspense, useMemo } from 'react';
import { lazy } from '../../lib/lazy';
import { Badge, Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BROADER_ROLES, hasAnyRole } from '@fleet/contracts';
import type { ChannelFile } from '@fleet/contracts';
import { useEndpointQuery } from '../../api/hooks';
import { DataGrid } from '../../components/grid/DataGrid';
import { QueryView } from '../../components/QueryView';
import type { DataGridColumn } from '../../components/grid/DataGrid';
import { PageTitle } from '../../components/PageTitle';
import { useNow } from '../../kit/useNow';
import { usePreferences } from '../../preferences/usePreferences';
import type { PageProps } from '../../pages/types';
import { useSearchParam } from '../../routing/useSearchParam';
import { rolesOf, useSessionUser } from '../../session/hooks';
import { channelOptions, filterFiles, resolveGroupId, unitOptions } from './fileFilters';
import { formatBytes } from './fileFormat';
import { FilesFilterBar } from './FilesFilterBar';
import { useFilesFilters } from './useFilesFilters';
import { enumLabel } from '../../lib/tolerant';
import { dateText } from '../../lib/dateFormat';

const FileDetails = lazy(() => import('./FileDetails'));

/** The search parameter of the open file: `/files?file=<id>` (a link to one file's details). */
export const FILE_PARAM = 'file';
const EMPTY: readonly ChannelFile[] = [];
/** How often the date filter's "now" moves on (the filter is relative to it). */
const NOW_TICK_MS = 60_000;

function FileState({ file }: { file: ChannelFile }) {
  const { t } = useTranslation();
  if (file.isTransferring) {
    const progress = Math.round(file.progress ?? 0);
    return (
      <Stack gap={2} w="100%" data-testid={`file-state-${file.id}`} data-state="transferring" data-progress={progress}>
        <Text size="xs">{t('files.state.transferring', { progress })}</Text>
        <Progress value={progress} size="sm" animated aria-label={t('files.state.transferring', { progress })} />
      </Stack>
    );
  }
  const state = file.broadcasting ? 'playing' : 'ready';
  return (
    <Badge color={file.broadcasting ? 'red' : 'green'} variant="light" data-testid={`file-state-${file.id}`} data-state={state}>
      {enumLabel(t, 'files.state', state)}
    </Badge>
  );
}

/** /files: the files received on the channels of a group (spec 000 §2 Files, spec 001 §7 Channel files). */
export default function FilesPage(_props: PageProps) {
  const { t, i18n } = useTranslation();
  const user = useSessionUser();
  const prefs = usePreferences();
  const canWrite = user !== undefined && hasAnyRole(rolesOf(user), BROADER_ROLES);
  const state = useFilesFilters();
  const groups = useMemo(() => user?.groups ?? [], [user]);
  const groupId = resolveGroupId(state.filters.groupId, prefs.groupId, groups);
  const list = useEndpointQuery('fetchChannelFiles', { query: { groupId: groupId ?? '' } }, { enabled: groupId !== null, staleTime: Number.POSITIVE_INFINITY });

  const [selectedId, select] = useSearchParam(FILE_PARAM);

  const files = list.data?.items ?? EMPTY;
  const now = useNow(NOW_TICK_MS);
  const shown = useMemo(() => filterFiles(files, state.filters, now), [files, state.filters, now]);
  const selected = selectedId === null ? null : (files.find((f) => f.id === selectedId) ?? null);
  const dateFormat = useMemo(() => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }), [i18n.language]);

  const columns = useMemo<DataGridColumn<ChannelFile>[]>(
    () => [
      {
        id: 'name',
        header: t('files.columns.name'),
        width: 300,
        sortValue: (f) => f.fileName,
        render: (f) => (
          <Text size="sm" truncate="end" data-testid={`file-name-${f.id}`}>
            {f.fileName}
          </Text>
        ),
      },
      { id: 'channel', header: t('files.columns.channel'), width: 160, sortValue: (f) => f.channelName, render: (f) => f.channelName },
      { id: 'unit', header: t('files.columns.unit'), width: 150, sortValue: (f) => f.luName, render: (f) => f.luAlias || f.luName },
      { id: 'hub', header: t('files.columns.hub'), width: 140, sortValue: (f) => f.mmhName, render: (f) => f.mmhName },
      { id: 'size', header: t('files.columns.size'), width: 110, align: 'right', sortValue: (f) => f.sizeBytes, render: (f) => formatBytes(f.sizeBytes) },
      {
        id: 'modified',
        header: t('files.columns.modified'),
        width: 180,
        sortValue: (f) => (f.lastModified == null ? null : Date.parse(f.lastModified)),
        render: (f) => (f.lastModified == null ? '—' : dateText(f.lastModified, (d) => dateFormat.format(d))),
      },
      {
        id: 'state',
        header: t('files.columns.state'),
        width: 170,
        sortValue: (f) => (f.isTransferring ? 0 : f.broadcasting ? 1 : 2),
        render: (f) => <FileState file={f} />,
      },
      { id: 'chunks', header: t('files.columns.chunks'), width: 90, align: 'right', sortValue: (f) => f.chunks.length, render: (f) => f.chunks.length },
    ],
    [t, dateFormat],
  );

  const body =
    groupId === null ? (
      <Text c="dimmed" data-testid="files-no-group">
        {t('files.noGroup')}
      </Text>
    ) : (
      <QueryView query={list} testIdPrefix="files" errorTitle={t('files.loadFailed')}>
        {() => (
          <DataGrid
            gridId="files"
            columns={columns}
            rows={shown}
            rowKey={(f) => f.id}
            testIdPrefix="file"
            rowAttributes={(f) => ({
              'data-file-name': f.fileName,
              'data-transferring': String(f.isTransferring),
              'data-broadcasting': String(f.broadcasting),
            })}
            selectedKey={selectedId}
            onRowClick={(f) => select(f.id)}
            defaultSort={{ column: 'modified', direction: 'desc' }}
            ariaLabel={t('files.title')}
            empty={
              <Text c="dimmed" p="md" data-testid="files-empty">
                {t('files.empty')}
              </Text>
            }
          />
        )}
      </QueryView>
    );

  return (
    <Stack gap="md" data-testid="files-page">
      <Group justify="space-between">
        <PageTitle title={t('files.title')} />
        {list.data && (
          <Text size="sm" c="dimmed" data-testid="files-count" data-shown={shown.length} data-total={files.length}>
            {t('files.count', { shown: shown.length, total: files.length })}
          </Text>
        )}
      </Group>
      <FilesFilterBar
        filters={state.filters}
        groupId={groupId}
        groups={groups.map((g) => ({ value: g.id, label: g.name }))}
        channels={channelOptions(files)}
        units={unitOptions(files)}
        open={state.open}
        onOpenChange={state.setOpen}
        onChange={state.setFilters}
        onReset={state.reset}
      />
      {body}
      {selectedId !== null && (
        <Suspense fallback={null}>
          <FileDetails fileId={selectedId} file={selected} loading={list.isPending} canWrite={canWrite} onClose={() => select(null)} />
        </Suspense>
      )}
    </Stack>
  );
}
