/**
 * One file's details (spec 000 §2 "file details tabs Playout, Metadata, Share/FTP, Make a chunk,
 * Download, Chunks"), in a drawer linked by `/files?file=<id>`. Writers (the broader role set, as
 * the catalogue declares the write calls) also rename and delete the file here; read-only users
 * see the values, never a write button.
 */
import { useState, type ReactNode } from 'react';
import { Button, Group, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { Drawer } from '../../components/Overlays';
import { useTranslation } from 'react-i18next';
import { splitFileName, validateChannelFileName } from '@fleet/contracts';
import type { ChannelFile } from '@fleet/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEndpointMutation } from '../../api/hooks';
import { ConfirmDeleteModal } from '../../components/ConfirmDeleteModal';
import { useConfirmedDelete } from '../../components/useConfirmedDelete';
import { useToast } from '../../toast/useToast';
import { ChunkTab, ChunksTab, DownloadTab, MetadataTab, PlayoutTab, ShareTab } from './FileTabs';
import { applyToFileCaches } from './useChannelFilesLive';
import { useFilesText } from './useFilesText';
import { MutedText } from '../../kit/MutedText';
import { RegionBoundary } from '../../components/RegionBoundary';

export const FILE_TABS = ['playout', 'metadata', 'share', 'chunk', 'download', 'chunks'] as const;
export type FileTab = (typeof FILE_TABS)[number];

export interface FileDetailsProps {
  readonly fileId: string;
  readonly file: ChannelFile | null;
  readonly loading: boolean;
  readonly canWrite: boolean;
  readonly onClose: () => void;
}

function RenameForm({ file }: { file: ChannelFile }) {
  const { t } = useTranslation();
  const text = useFilesText();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { base, ext } = splitFileName(file.fileName);
  // The text being typed; null shows the file's current name (a rename from elsewhere shows up).
  const [draft, setDraft] = useState<string | null>(null);
  const value = draft ?? base;
  const touched = draft !== null;
  const rename = useEndpointMutation('renameChannelFile', {
    onSuccess: (next) => {
      applyToFileCaches(queryClient, { type: 'channelFile.changed', file: next, at: Date.now() });
      setDraft(null);
      toast.show({ message: t('files.details.rename.done', { name: next.fileName }), variant: 'success' });
    },
  });

  const local = touched ? validateChannelFileName(value) : null;
  const server = rename.error ? (text.fieldError(rename.error, 'body.name') ?? text.error(rename.error)) : null;
  const message = local !== null ? text.spec(local) : server;
  const submit = () => {
    setDraft(value);
    if (validateChannelFileName(value) !== null) return;
    rename.mutate({ body: { id: file.id, name: value.trim() } });
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      data-testid="file-rename-form"
    >
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <TextInput
          label={t('files.details.rename.label')}
          description={ext === '' ? undefined : t('files.details.rename.extension', { ext })}
          value={value}
          onChange={(event) => {
            rename.reset();
            setDraft(event.currentTarget.value);
          }}
          error={message}
          style={{ flex: 1 }}
          data-testid="file-rename-input"
          errorProps={{ 'data-testid': 'file-rename-error' }}
        />
        <Button type="submit" mt={ext === '' ? 25 : 47} loading={rename.isPending} data-testid="file-rename-submit">
          {t('files.details.rename.submit')}
        </Button>
      </Group>
    </form>
  );
}

function RemoveButton({ file, onRemoved }: { file: ChannelFile; onRemoved: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const remove = useEndpointMutation('removeChannelFiles', {
    onSuccess: (result) => applyToFileCaches(queryClient, { type: 'channelFile.removed', ids: result.removed, at: Date.now() }),
  });
  const del = useConfirmedDelete(remove, {
    variables: (f: ChannelFile) => ({ body: { ids: [f.id] } }),
    deleted: (f) => t('files.details.remove.done', { name: f.fileName }),
    onDeleted: onRemoved,
  });
  return (
    <>
      <Button color="red" variant="light" onClick={() => del.ask(file)} data-testid="file-remove">
        {t('files.details.remove.button')}
      </Button>
      {del.target && (
        <ConfirmDeleteModal
          title={t('files.details.remove.confirmTitle')}
          question={t('files.details.remove.confirmText', { name: file.fileName, hub: file.mmhName || file.channelName })}
          cancelLabel={t('files.details.remove.cancel')}
          deleteLabel={t('files.details.remove.confirm')}
          testIdPrefix="file-remove"
          {...del.modalProps}
        />
      )}
    </>
  );
}

export default function FileDetails({ fileId, file, loading, canWrite, onClose }: FileDetailsProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<FileTab>('playout');

  let body: ReactNode;
  if (file === null) {
    body = loading ? null : (
      <Text c="dimmed" data-testid="file-details-missing">
        {t('files.details.notFound')}
      </Text>
    );
  } else {
    const panels: Record<FileTab, ReactNode> = {
      playout: <PlayoutTab file={file} canWrite={canWrite} />,
      metadata: <MetadataTab file={file} />,
      share: <ShareTab file={file} />,
      chunk: <ChunkTab file={file} canWrite={canWrite} onMade={() => setTab('chunks')} />,
      download: <DownloadTab file={file} />,
      chunks: <ChunksTab file={file} />,
    };
    body = (
      <Stack gap="md">
        {canWrite ? <RenameForm key={file.id} file={file} /> : <MutedText testId="file-read-only">{t('files.details.readOnly')}</MutedText>}
        <Tabs
          value={tab}
          onChange={(value) => setTab((FILE_TABS as readonly string[]).includes(value ?? '') ? (value as FileTab) : 'playout')}
          keepMounted={false}
        >
          <Tabs.List>
            {FILE_TABS.map((id) => (
              <Tabs.Tab key={id} value={id} data-testid={`file-tab-${id}`}>
                {t(`files.details.tabs.${id}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {FILE_TABS.map((id) => (
            <Tabs.Panel key={id} value={id} pt="md" data-testid={`file-panel-${id}`}>
              <RegionBoundary kind="tab">{panels[id]}</RegionBoundary>
            </Tabs.Panel>
          ))}
        </Tabs>
        {canWrite && (
          <Group justify="flex-end">
            <RemoveButton file={file} onRemoved={onClose} />
          </Group>
        )}
      </Stack>
    );
  }

  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size="xl"
      title={file?.fileName ?? t('files.details.title')}
      closeButtonProps={{ 'aria-label': t('files.details.close') }}
      data-testid="file-details"
    >
      <div data-testid="file-details-body" data-file-id={fileId}>
        {body}
      </div>
    </Drawer>
  );
}
