/**
 * The graphics overlay tab (spec 001 §5 "Overlay: PNG only, at most 2000x2000 px, 110 KB"; §8
 * overlay file errors): the channel's overlay, uploading a PNG (its bytes base64 to PUT
 * channels/{id}/overlay; the core checks type, size and resolution and answers the spec's
 * message) and removing it.
 */
import { useState } from 'react';
import { Alert, Button, FileInput, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ChannelOverlay } from '@fleet/contracts';
import { endpointPrefix, useEndpointMutation, useEndpointQuery } from '../../api/hooks';
import { useApiErrorMessage } from '../../api/errorMessage';
import { useToast } from '../../toast/useToast';
import { Loaded } from './ConfigTabs';
import { NotAvailable, useCanApply, useChannelModal } from './parts';
import { MutedText } from '../../kit/MutedText';
import { InfoSection } from '../../kit/NameValues';

/** A file's bytes as base64 (what the overlay call carries). */
export async function fileBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  const CHUNK = 0x8000;
  for (let i = 0; i < bytes.length; i += CHUNK) binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  return btoa(binary);
}

function OverlayView({ current }: { current: ChannelOverlay }) {
  const { t } = useTranslation();
  const { channel } = useChannelModal().details;
  const canUpload = useCanApply('setChannelOverlay');
  const canRemove = useCanApply('removeChannelOverlay');
  const toast = useToast();
  const errorText = useApiErrorMessage();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const done = () => {
    setFailure(null);
    setFile(null);
    toast.show({ message: t('channels.modal.saved', { name: channel.channelName }), variant: 'success' });
    void queryClient.invalidateQueries({ queryKey: endpointPrefix('getChannelOverlay') });
  };
  const upload = useEndpointMutation('setChannelOverlay', { onSuccess: done, onError: (error) => setFailure(errorText(error)) });
  const remove = useEndpointMutation('removeChannelOverlay', { onSuccess: done, onError: (error) => setFailure(errorText(error)) });
  const send = async () => {
    if (!file) return;
    const dataBase64 = await fileBase64(file);
    upload.mutate({ params: { id: channel.channelId }, body: { fileName: file.name, dataBase64, replace: true } });
  };
  const overlay = current.overlay;
  return (
    <InfoSection testId="channel-form-overlay" title={t('channels.modal.tabs.overlay')}>
      <Text size="sm" data-testid="channel-overlay-current">
        {overlay === null
          ? t('channels.overlay.none')
          : t('channels.overlay.current', { name: overlay.fileName, width: overlay.width, height: overlay.height, kb: Math.ceil(overlay.sizeBytes / 1024) })}
      </Text>
      <MutedText size="xs">{t('channels.overlay.rules')}</MutedText>
      {failure !== null && (
        <Alert color="red" data-testid="channel-failure-overlay">
          {failure}
        </Alert>
      )}
      {canUpload ? (
        <Group align="flex-end">
          <FileInput
            label={t('channels.overlay.file')}
            accept="image/png"
            value={file}
            onChange={setFile}
            clearable
            w={300}
            data-testid="channel-overlay-file"
          />
          <Button onClick={() => void send()} disabled={file === null} loading={upload.isPending} data-testid="channel-overlay-upload">
            {t('channels.overlay.upload')}
          </Button>
          {overlay !== null && canRemove && (
            <Button
              variant="default"
              color="red"
              loading={remove.isPending}
              onClick={() => remove.mutate({ params: { id: channel.channelId } })}
              data-testid="channel-overlay-remove"
            >
              {t('channels.overlay.remove')}
            </Button>
          )}
        </Group>
      ) : (
        <Group justify="flex-end">
          <NotAvailable testId="channel-apply-unavailable-overlay" />
        </Group>
      )}
    </InfoSection>
  );
}

export function OverlayTab() {
  const { channelId } = useChannelModal().details.channel;
  const query = useEndpointQuery('getChannelOverlay', { params: { id: channelId } });
  return <Loaded query={query}>{(current) => <OverlayView current={current} />}</Loaded>;
}
