import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Alert, Anchor, Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { RecordingSummary } from '@fleet/contracts';
import { useTranslation } from 'react-i18next';
import { ImportFleetModal } from './ImportFleetModal';
import { ConfirmDeleteModal } from '../../components/ConfirmDeleteModal';
import { useConfirmedDelete } from '../../components/useConfirmedDelete';
import { ResourceList, useListView, type ListColumn } from '../../kit';
import { useToast } from '../../toast/useToast';
import { recordingDownloadUrl, uploadRecording } from './recordingFiles';
import { formatBytes, formatDuration, recordingNameProblem } from './simulatorView';
import { asApiError, trpc } from './trpc';
import { ControlPlaneError, SimulatorSection, wholeListPage } from './SectionParts';

const NAME_RULE = 'lower-case letters, digits and dashes';

/** The recordings the core holds: start and stop one, download, upload, import into the fleet, remove. */
export function RecordingsSection() {
  const { t } = useTranslation();
  const toast = useToast();
  const utils = trpc.useUtils();
  const [name, setName] = useState('');
  const [tried, setTried] = useState(false);
  const [view, setView] = useListView('', 'started');
  const [importing, setImporting] = useState<RecordingSummary | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const list = trpc.recording.list.useQuery(undefined, { refetchInterval: 1000, retry: false, staleTime: 0 });
  const replay = trpc.replay.status.useQuery(undefined, { refetchInterval: 1000, retry: false, staleTime: 0 });
  const refresh = () => void utils.recording.list.invalidate();
  const start = trpc.recording.start.useMutation({
    onSuccess: () => {
      setName('');
      setTried(false);
      refresh();
    },
  });
  const stop = trpc.recording.stop.useMutation({ onSuccess: refresh });
  const remove = trpc.recording.remove.useMutation();
  const upload = useMutation({
    mutationFn: (file: File) => uploadRecording(file),
    onSuccess: (summary) => {
      toast.show({ message: t('simulator.recordings.uploaded', { name: summary.name }), variant: 'success' });
      refresh();
    },
  });
  // The confirmation shows the core's refusal (e.g. "being replayed") word for word.
  const del = useConfirmedDelete(
    { ...remove, error: asApiError(remove.error) },
    {
      variables: (r: RecordingSummary) => ({ id: r.id }),
      deleted: (r) => t('simulator.recordings.removed', { name: r.name }),
      onDeleted: refresh,
    },
  );

  const busy = start.isPending || stop.isPending || remove.isPending || upload.isPending;
  const recordings = list.data ?? [];
  const active = recordings.find((r) => r.active) ?? null;
  const live = replay.data?.replay;
  // A finished replay still holds its recording (and the fleet) until it is stopped.
  const replaying = live && live.state !== 'stopped' ? live.recordingId : null;
  // An import starts a replay: not while one is playing or paused (a finished one gives way).
  const replayRunning = live?.state === 'running' || live?.state === 'paused';

  const problem = recordingNameProblem(name);
  const shownProblem = problem === null || (!tried && name === '') ? null : problem;
  const problemText =
    shownProblem === 'required' ? t('simulator.recordings.nameRequired') : shownProblem === NAME_RULE ? t('simulator.recordings.nameRule') : shownProblem;

  const onStart = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (problem === null) start.mutate({ name });
  };
  const onFile = (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (file) upload.mutate(file);
  };

  const failure = start.error ?? stop.error ?? list.error;
  const shown = wholeListPage(list, view.page);
  const columns: ListColumn<RecordingSummary>[] = [
    {
      id: 'name',
      header: t('simulator.recordings.columns.name'),
      cellTestId: true,
      render: (r) => (
        <Group gap="xs">
          <Text size="sm">{r.name}</Text>
          {r.active && (
            <Badge color="red" size="sm" data-testid={`simulator-recording-active-${r.id}`}>
              {t('simulator.recordings.active')}
            </Badge>
          )}
        </Group>
      ),
    },
    { id: 'source', header: t('simulator.recordings.columns.source'), render: (r) => t(`simulator.recordings.sources.${r.source}`) },
    { id: 'started', header: t('simulator.recordings.columns.started'), render: (r) => new Date(r.startedAt).toLocaleString() },
    { id: 'duration', header: t('simulator.recordings.columns.duration'), render: (r) => formatDuration(r.durationMs) },
    {
      id: 'counts',
      header: t('simulator.recordings.columns.counts'),
      cellTestId: true,
      render: (r) => {
        const base = `${r.counts.device} / ${r.counts.request} / ${r.counts.event}`;
        // A recording made through the CLI's proxy also holds the REST exchanges it passed on.
        return r.counts.answer ? t('simulator.recordings.countsWithAnswers', { base, count: r.counts.answer }) : base;
      },
    },
    { id: 'size', header: t('simulator.recordings.columns.size'), render: (r) => formatBytes(r.bytes) },
    {
      id: 'actions',
      header: t('simulator.recordings.columns.actions'),
      render: (r) => (
        <Group gap="xs" wrap="nowrap">
          {!r.active && (
            <Anchor href={recordingDownloadUrl(r.id)} download size="sm" data-testid={`simulator-recording-download-${r.id}`}>
              {t('simulator.recordings.download')}
            </Anchor>
          )}
          {!r.active && (
            <Button
              size="xs"
              variant="subtle"
              disabled={busy || replayRunning}
              onClick={() => setImporting(r)}
              data-testid={`simulator-recording-import-${r.id}`}
            >
              {t('simulator.recordings.importFleet')}
            </Button>
          )}
          <Button
            size="xs"
            color="red"
            variant="subtle"
            disabled={busy || r.active || replaying === r.id}
            onClick={() => del.ask(r)}
            data-testid={`simulator-recording-remove-${r.id}`}
          >
            {t('simulator.recordings.remove')}
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <SimulatorSection testId="simulator-recordings" title={t('simulator.recordings.title')}>
      <ControlPlaneError error={failure} testId="simulator-recordings-error" />
      <Group align="flex-start" justify="space-between">
        {active ? (
          <Group>
            <Text data-testid="simulator-recording-current">{active.name}</Text>
            <Button color="red" disabled={busy} onClick={() => stop.mutate()} data-testid="simulator-recording-stop">
              {t('simulator.recordings.stop')}
            </Button>
          </Group>
        ) : (
          <form onSubmit={onStart} noValidate>
            <Group align="flex-start">
              <TextInput
                label={t('simulator.recordings.nameLabel')}
                placeholder={t('simulator.recordings.namePlaceholder')}
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
                error={problemText}
                maxLength={80}
                data-testid="simulator-recording-name"
              />
              <Button type="submit" mt={24} disabled={busy} data-testid="simulator-recording-start">
                {t('simulator.recordings.start')}
              </Button>
            </Group>
          </form>
        )}
        <Stack gap={4} align="flex-end">
          <input
            ref={fileInput}
            type="file"
            accept=".gz,.ndjson,application/gzip,application/x-ndjson"
            hidden
            onChange={(e) => onFile(e.currentTarget.files?.[0])}
            data-testid="simulator-recording-upload-input"
          />
          <Button
            variant="default"
            disabled={busy}
            loading={upload.isPending}
            onClick={() => fileInput.current?.click()}
            data-testid="simulator-recording-upload"
          >
            {t('simulator.recordings.upload')}
          </Button>
        </Stack>
      </Group>
      {upload.error && (
        <Alert color="red" data-testid="simulator-recording-upload-error">
          {t('simulator.recordings.uploadRefused', { message: upload.error.message })}
        </Alert>
      )}
      <ResourceList
        testId="simulator-recordings"
        search={false}
        columns={columns}
        view={view}
        onViewChange={setView}
        query={shown}
        rowKey={(r) => r.id}
        rowData={(r) => ({ 'data-name': r.name, 'data-active': r.active, 'data-events': r.counts.event, 'data-devices': r.counts.device })}
        emptyText={t('simulator.recordings.empty')}
      />
      {importing && <ImportFleetModal recording={importing} onClose={() => setImporting(null)} />}
      {del.target && (
        <ConfirmDeleteModal
          title={t('simulator.recordings.removeTitle')}
          question={t('simulator.recordings.removeQuestion', { name: del.target.name })}
          deleteLabel={t('simulator.recordings.remove')}
          testIdPrefix="simulator-recording-delete"
          {...del.modalProps}
        />
      )}
    </SimulatorSection>
  );
}
