/**
 * One file's details (spec 000 §2 "file details tabs Playout, Metadata, Share/FTP, Make a chunk,
 * Download, Chunks"), in a drawer linked by `/files?file=<id>`. Writers (the broader role set, as
 * the catalogue declares the write calls) also rename and delete the file here; read-only users
 * see the values, never a write button.
 */
import { useState } from 'react';
import { Alert, Button, Drawer, Group, Modal, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { splitFileName, validateChannelFileName } from '@fleet/contracts';
import type { ChannelFile } from '@fleet/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEndpointMutation } from '../../api/hooks';
import { useToast } from '../../toast/useToast';
import { ChunkTab, ChunksTab, DownloadTab, MetadataTab, PlayoutTab, ShareTab } from './FileTabs';
import { applyToFileCaches } from './useChannelFilesLive';
import { useFilesText } from './useFilesText';

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
  const text = useFilesText();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const remove = useEndpointMutation('removeChannelFiles', {
    onSuccess: (result) => {
      applyToFileCaches(queryClient, { type: 'channelFile.removed', ids: result.removed, at: Date.now() });
      toast.show({ message: t('files.details.remove.done', { name: file.fileName }), variant: 'success' });
      setConfirming(false);
      onRemoved();
    },
  });
  return (
    <>
      <Button color="red" variant="light" onClick={() => setConfirming(true)} data-testid="file-remove">
        {t('files.details.remove.button')}
      </Button>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('files.details.remove.confirmTitle')} data-testid="file-remove-modal">
        <Stack>
          <Text size="sm">{t('files.details.remove.confirmText', { name: file.fileName, hub: file.mmhName || file.channelName })}</Text>
          {remove.error && (
            <Alert color="red" data-testid="file-remove-error">
              {text.error(remove.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)} data-testid="file-remove-cancel">
              {t('files.details.remove.cancel')}
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => remove.mutate({ body: { ids: [file.id] } })} data-testid="file-remove-confirm">
              {t('files.details.remove.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

export default function FileDetails({ fileId, file, loading, canWrite, onClose }: FileDetailsProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<FileTab>('playout');

  let body: React.ReactNode;
  if (file === null) {
    body = loading ? null : (
      <Text c="dimmed" data-testid="file-details-missing">
        {t('files.details.notFound')}
      </Text>
    );
  } else {
    body = (
      <Stack gap="md">
        {canWrite ? (
          <RenameForm key={file.id} file={file} />
        ) : (
          <Text size="sm" c="dimmed" data-testid="file-read-only">
            {t('files.details.readOnly')}
          </Text>
        )}
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
          <Tabs.Panel value="playout" pt="md" data-testid="file-panel-playout">
            <PlayoutTab file={file} canWrite={canWrite} />
          </Tabs.Panel>
          <Tabs.Panel value="metadata" pt="md" data-testid="file-panel-metadata">
            <MetadataTab file={file} />
          </Tabs.Panel>
          <Tabs.Panel value="share" pt="md" data-testid="file-panel-share">
            <ShareTab file={file} />
          </Tabs.Panel>
          <Tabs.Panel value="chunk" pt="md" data-testid="file-panel-chunk">
            <ChunkTab file={file} canWrite={canWrite} onMade={() => setTab('chunks')} />
          </Tabs.Panel>
          <Tabs.Panel value="download" pt="md" data-testid="file-panel-download">
            <DownloadTab file={file} />
          </Tabs.Panel>
          <Tabs.Panel value="chunks" pt="md" data-testid="file-panel-chunks">
            <ChunksTab file={file} />
          </Tabs.Panel>
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
