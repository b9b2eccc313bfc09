/** The tabs of a file's details: Playout, Metadata, Share/FTP, Make a chunk, Download, Chunks (spec 000 §2). */
import { useMemo, useState } from 'react';
import { Alert, Anchor, Badge, Button, Code, CopyButton, Group, Loader, NumberInput, Progress, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { validateChunkRange } from '@fleet/contracts';
import type { ChannelFile, FileMetadata } from '@fleet/contracts';
import { endpointPrefix, useEndpointQuery } from '../../api/hooks';
import { getRuntimeConfig } from '../../config/runtimeConfig';
import { ListTable } from '../../kit/ListTable';
import { NameValues } from '../../kit/NameValues';
import { useToastMutation } from '../../kit/useToastMutation';
import { absoluteUrl, formatBytes, formatDuration } from './fileFormat';
import { useFileUrlProbe } from './urlProbe';
import { applyToFileCaches } from './useChannelFilesLive';
import { useFilesText } from './useFilesText';
import { MutedText, StrongText } from '../../kit/MutedText';
import { enumLabel } from '../../lib/tolerant';
import { dateText } from '../../lib/dateFormat';

const filePathOf = (file: ChannelFile) => `${file.rootDirectory}/${file.fileName}`;

function useFileMetadata(file: ChannelFile) {
  return useEndpointQuery('fetchFileMetadata', { query: { channelId: file.channelId, filePath: filePathOf(file) } }, { staleTime: 60_000 });
}

/** The file's download URLs (refetched after a chunk is made: ChunkTab invalidates them). */
function useDownloadUrls(file: ChannelFile) {
  return useEndpointQuery('fetchChannelDownloadUrls', { params: { id: file.channelId }, query: { fileId: file.id } }, { staleTime: 60_000 });
}

function useDateTime(): Intl.DateTimeFormat {
  const { i18n } = useTranslation();
  return useMemo(() => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' }), [i18n.language]);
}

// ── Playout ─────────────────────────────────────────────────────────────────────────────────────

export function PlayoutTab({ file, canWrite }: { file: ChannelFile; canWrite: boolean }) {
  const { t } = useTranslation();
  const text = useFilesText();
  const queryClient = useQueryClient();
  const onSuccess = (next: ChannelFile) => applyToFileCaches(queryClient, { type: 'channelFile.changed', file: next, at: Date.now() });
  const success = (next: ChannelFile) => t(next.broadcasting ? 'files.playout.started' : 'files.playout.stoppedToast', { name: next.fileName });
  const start = useToastMutation('startChannelFileBroadcast', { success, onSuccess, onError: () => undefined });
  const stop = useToastMutation('stopChannelFileBroadcast', { success, onSuccess, onError: () => undefined });
  const error = start.error ?? stop.error;
  // Playing: the button stops it; stopped: it starts it (each clears the other's failure).
  const [call, other] = file.broadcasting ? [stop, start] : [start, stop];
  const progress = Math.round(file.progress ?? 0);
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <StrongText>{t('files.playout.channel')}:</StrongText>
        <Text size="sm" data-testid="file-playout-channel">
          {file.channelName}
        </Text>
      </Group>
      <Group gap="xs">
        <StrongText>{t('files.playout.status')}:</StrongText>
        <Badge color={file.broadcasting ? 'red' : 'gray'} variant="light" data-testid="file-playout-status" data-playing={String(file.broadcasting)}>
          {file.broadcasting ? t('files.playout.playing', { channel: file.channelName }) : t('files.playout.stopped')}
        </Badge>
      </Group>
      {file.isTransferring && (
        <Stack gap={4} data-testid="file-playout-transferring">
          <Text size="sm">{t('files.playout.transferring', { progress })}</Text>
          <Progress value={progress} animated />
        </Stack>
      )}
      {error && (
        <Alert color="red" data-testid="file-playout-error">
          {text.error(error)}
        </Alert>
      )}
      {canWrite && (
        <Group>
          <Button
            color={file.broadcasting ? 'red' : undefined}
            loading={call.isPending}
            disabled={!file.broadcasting && file.isTransferring}
            onClick={() => {
              other.reset();
              call.mutate({ body: { id: file.id } });
            }}
            data-testid={file.broadcasting ? 'file-playout-stop' : 'file-playout-start'}
          >
            {file.broadcasting ? t('files.playout.stop') : t('files.playout.start')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

// ── Metadata ────────────────────────────────────────────────────────────────────────────────────

/** A metadata row: its label and its value under the test id `file-meta-<id>`. */
const metaRow = (id: string, label: string, value: string): readonly [string, React.ReactNode] => [label, <span data-testid={`file-meta-${id}`}>{value}</span>];

const STORY_FIELDS = ['slugline', 'crewName', 'storyId', 'usageTerms', 'provider', 'reporter', 'keywords', 'comments'] as const;

/** A tab's read while it loads, or its failure (`file-<name>-error`). */
function ReadState({ read, name }: { read: { readonly isPending: boolean; readonly error: unknown }; name: string }) {
  const { t } = useTranslation();
  const text = useFilesText();
  if (read.isPending) return <Loader size="sm" aria-label={t('common.loading')} />;
  return (
    <Alert color="red" data-testid={`file-${name}-error`}>
      {text.error(read.error)}
    </Alert>
  );
}

export function MetadataTab({ file }: { file: ChannelFile }) {
  const { t } = useTranslation();
  const format = useDateTime();
  const meta = useFileMetadata(file);
  if (meta.isPending || meta.isError) return <ReadState read={meta} name="meta" />;
  const m: FileMetadata = meta.data;
  const unknown = t('files.metadata.unknown');
  const or = (v: string | null) => (v === null || v === '' ? unknown : v);
  return (
    <Stack gap="md">
      <NameValues
        testId="file-metadata"
        rows={[
          metaRow('date', t('files.metadata.date'), m.date == null ? unknown : dateText(m.date, (d) => format.format(d))),
          metaRow('size', t('files.metadata.size'), formatBytes(m.sizeBytes)),
          metaRow('resolution', t('files.metadata.resolution'), or(m.resolution)),
          metaRow('length', t('files.metadata.length'), m.lengthSec == null ? unknown : formatDuration(m.lengthSec)),
          metaRow('bitrate', t('files.metadata.bitrate'), m.bitrateKbps == null ? unknown : `${m.bitrateKbps} kbps`),
          metaRow('codec', t('files.metadata.codec'), or(m.codec)),
          metaRow('gps', t('files.metadata.gps'), m.gps == null ? unknown : `${m.gps.lat.toFixed(5)}, ${m.gps.lng.toFixed(5)}`),
          metaRow('unitName', t('files.metadata.unitName'), or(m.unitName)),
          metaRow('unitType', t('files.metadata.unitType'), or(m.unitType)),
        ]}
      />
      <Text fw={500}>{t('files.metadata.story')}</Text>
      {m.story == null ? (
        <MutedText testId="file-meta-no-story">{t('files.metadata.noStory')}</MutedText>
      ) : (
        <NameValues
          testId="file-meta-story"
          rows={STORY_FIELDS.map((field) => metaRow(`story-${field}`, t(`files.metadata.storyFields.${field}`), or(m.story?.[field] ?? null)))}
        />
      )}
    </Stack>
  );
}

// ── Share/FTP ───────────────────────────────────────────────────────────────────────────────────

function CopyField({ value, id }: { value: string; id: string }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap">
      <Code style={{ wordBreak: 'break-all' }} data-testid={`file-share-${id}`}>
        {value}
      </Code>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button size="compact-xs" variant="light" onClick={copy} data-testid={`file-share-${id}-copy`}>
            {copied ? t('files.share.copied') : t('files.share.copy')}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

/**
 * Share/FTP: spec 001 §7 names no share call for channel files ("share ... calls: not shown"), so
 * this tab shares what exists: the file's FTP location on its multimedia hub and its download link
 * (GET channels/{id}/downloadUrls).
 */
export function ShareTab({ file }: { file: ChannelFile }) {
  const { t } = useTranslation();
  const format = useDateTime();
  const urls = useDownloadUrls(file);
  const link = urls.data?.files.find((f) => f.fileId === file.id)?.urls.find((u) => u.kind === 'file');
  const href = link ? absoluteUrl(link.url, getRuntimeConfig().apiBase, window.location.origin) : null;
  return (
    <Stack gap="sm">
      <Text size="sm">{t('files.share.intro')}</Text>
      <StrongText>{t('files.share.hub')}</StrongText>
      <Text size="sm" data-testid="file-share-hub">
        {file.mmhName || file.mmhId || '—'}
      </Text>
      <StrongText>{t('files.share.ftpPath')}</StrongText>
      <CopyField id="path" value={filePathOf(file)} />
      <StrongText>{t('files.share.link')}</StrongText>
      {href === null ? (
        <Loader size="xs" aria-label={t('common.loading')} />
      ) : (
        <>
          <CopyField id="link" value={href} />
          {urls.data && <MutedText size="xs">{t('files.share.expires', { time: dateText(urls.data.expiresAt, (d) => format.format(d)) })}</MutedText>}
        </>
      )}
    </Stack>
  );
}

// ── Make a chunk ────────────────────────────────────────────────────────────────────────────────

const toNumber = (v: string | number): number => (typeof v === 'number' ? v : v.trim() === '' ? Number.NaN : Number(v));

export function ChunkTab({ file, canWrite, onMade }: { file: ChannelFile; canWrite: boolean; onMade: () => void }) {
  const { t } = useTranslation();
  const text = useFilesText();
  const queryClient = useQueryClient();
  const meta = useFileMetadata(file);
  const lengthSec = meta.data?.lengthSec ?? null;
  const [start, setStart] = useState<string | number>(0);
  const [end, setEnd] = useState<string | number>(lengthSec === null ? '' : Math.min(10, Math.floor(lengthSec)));
  const [tried, setTried] = useState(false);
  const make = useToastMutation('makeChannelFileChunk', {
    success: ({ chunk }) => t('files.chunk.done', { index: chunk.index, name: chunk.fileName }),
    onError: () => undefined,
    onSuccess: ({ file: next }) => {
      applyToFileCaches(queryClient, { type: 'channelFile.changed', file: next, at: Date.now() });
      void queryClient.invalidateQueries({ queryKey: endpointPrefix('fetchChannelDownloadUrls') });
      setTried(false);
      onMade();
    },
  });
  if (!canWrite) {
    return <MutedText testId="file-chunk-read-only">{t('files.details.readOnly')}</MutedText>;
  }
  const local = tried ? validateChunkRange(toNumber(start), toNumber(end), lengthSec) : null;
  const serverStart = make.error ? text.fieldError(make.error, 'body.startSec') : null;
  const serverEnd = make.error ? text.fieldError(make.error, 'body.endSec') : null;
  const startError = local?.field === 'startSec' ? text.spec(local.message) : serverStart;
  const endError = local?.field === 'endSec' ? text.spec(local.message) : serverEnd;
  const other = make.error && serverStart === null && serverEnd === null ? text.error(make.error) : null;
  const submit = () => {
    setTried(true);
    make.reset();
    if (validateChunkRange(toNumber(start), toNumber(end), lengthSec) !== null) return;
    make.mutate({ body: { id: file.id, startSec: toNumber(start), endSec: toNumber(end) } });
  };
  /** The chunk's start or end in seconds (`file-chunk-<name>`, its message `file-chunk-<name>-error`). */
  const bound = (name: 'start' | 'end', value: string | number, onChange: (value: string | number) => void, error: string | null) => (
    <NumberInput
      label={t(`files.chunk.${name}`)}
      value={value}
      onChange={onChange}
      allowNegative
      error={error}
      data-testid={`file-chunk-${name}`}
      errorProps={{ 'data-testid': `file-chunk-${name}-error` }}
    />
  );
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      data-testid="file-chunk-form"
    >
      <Stack gap="sm">
        <Text size="sm" data-testid="file-chunk-length" data-length={lengthSec ?? ''}>
          {lengthSec === null ? t('files.chunk.unknownLength') : t('files.chunk.intro', { length: formatDuration(lengthSec) })}
        </Text>
        <Group grow align="flex-start">
          {bound('start', start, setStart, startError)}
          {bound('end', end, setEnd, endError)}
        </Group>
        {other && (
          <Alert color="red" data-testid="file-chunk-error">
            {other}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={make.isPending} disabled={file.isTransferring} data-testid="file-chunk-submit">
            {t('files.chunk.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

// ── Download ────────────────────────────────────────────────────────────────────────────────────

export function DownloadTab({ file }: { file: ChannelFile }) {
  const { t } = useTranslation();
  const urls = useDownloadUrls(file);
  if (urls.isPending || urls.isError) return <ReadState read={urls} name="download" />;
  const entries = urls.data.files.find((f) => f.fileId === file.id)?.urls ?? [];
  if (entries.length === 0) return <Text c="dimmed">{t('files.download.none')}</Text>;
  const apiBase = getRuntimeConfig().apiBase;
  return (
    <ListTable
      plain
      headless
      tableProps={{ verticalSpacing: 'xs' }}
      items={entries.map((u, index) => ({ ...u, index }))}
      rowKey={(u) => u.url}
      testIdPrefix="file-download"
      testId="file-downloads"
      rowTestId={(u) => `file-download-${u.index}`}
      rowData={(u) => ({ 'data-kind': u.kind })}
      columns={[
        {
          id: 'kind',
          header: '',
          render: (u) => (
            <Badge variant="light" color={u.kind === 'file' ? 'blue' : 'grape'}>
              {enumLabel(t, 'files.download', u.kind)}
            </Badge>
          ),
        },
        { id: 'name', header: '', render: (u) => u.fileName },
        { id: 'size', header: '', align: 'right', render: (u) => formatBytes(u.sizeBytes) },
        {
          id: 'link',
          header: '',
          render: (u) => <ProbedDownload href={absoluteUrl(u.url, apiBase, window.location.origin)} fileName={u.fileName} index={u.index} />,
        },
      ]}
    />
  );
}

/** A download offered once its link answers (the probe: urlProbe.ts), else why not and a check again. */
function ProbedDownload({ href, fileName, index }: { href: string; fileName: string; index: number }) {
  const { t } = useTranslation();
  const probe = useFileUrlProbe(href);
  return (
    <Group gap="xs" wrap="nowrap" data-testid={`file-download-probe-${index}`} data-state={probe.state}>
      {probe.state === 'probing' && (
        <>
          <Loader size="xs" />
          <MutedText size="xs">{t('files.download.checking')}</MutedText>
        </>
      )}
      {probe.state === 'reachable' && (
        <Anchor href={href} download={fileName} data-testid={`file-download-link-${index}`}>
          {t('files.download.open')}
        </Anchor>
      )}
      {probe.state === 'unreachable' && (
        <>
          <Text size="xs" c="red">
            {t('files.download.unavailable')}
          </Text>
          <Button size="compact-xs" variant="subtle" onClick={probe.recheck} data-testid={`file-download-recheck-${index}`}>
            {t('files.download.recheck')}
          </Button>
        </>
      )}
    </Group>
  );
}

// ── Chunks ──────────────────────────────────────────────────────────────────────────────────────

export function ChunksTab({ file }: { file: ChannelFile }) {
  const { t } = useTranslation();
  const format = useDateTime();
  // A file made as a chunk of another says which one it is (000 §3 File chunkIndex).
  const chunkOf =
    file.chunkIndex == null ? null : (
      <Text size="sm" data-testid="file-chunk-index">
        {t('files.chunks.isChunk', { index: file.chunkIndex })}
      </Text>
    );
  if (file.chunks.length === 0) {
    return (
      <Stack gap="xs">
        {chunkOf}
        <MutedText testId="file-chunks-none">{t('files.chunks.none')}</MutedText>
      </Stack>
    );
  }
  return (
    <Stack gap="xs">
      {chunkOf}
      <ListTable
        plain
        tableProps={{ verticalSpacing: 'xs' }}
        items={file.chunks}
        rowKey={(c) => c.id}
        testIdPrefix="file-chunk"
        testId="file-chunks"
        rowTestId={(c) => `file-chunk-row-${c.index}`}
        columns={[
          { id: 'index', header: t('files.chunks.index'), render: (c) => c.index },
          { id: 'name', header: t('files.chunks.name'), render: (c) => c.fileName },
          { id: 'range', header: t('files.chunks.range'), render: (c) => `${formatDuration(c.startSec)} – ${formatDuration(c.endSec)}` },
          { id: 'size', header: t('files.chunks.size'), align: 'right', render: (c) => formatBytes(c.sizeBytes) },
          { id: 'created', header: t('files.chunks.created'), render: (c) => dateText(c.createdAt, (d) => format.format(d)) },
        ]}
      />
    </Stack>
  );
}
