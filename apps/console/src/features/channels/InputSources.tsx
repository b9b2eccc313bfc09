/**
 * The input sources of an input channel (spec 001 §7 POST / DELETE channels/{id}/inputSources, §5
 * "RTSP URL at most 256, ASCII only", "Webrtc port 1-65353", SRT key and source port): the sources
 * the channel details carry (secrets only said to be set), adding one of kind encoder (RTSP),
 * SRT, RTMP or WebRTC, and removing one. Users who may not change the channel see the list only.
 */
import { useCallback, useState } from 'react';
import { Badge, Button, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { INPUT_SOURCE_KINDS, SRT_MODES } from '@fleet/contracts';
import type { InputSource } from '@fleet/contracts';
import { endpointPrefix } from '../../api/hooks';
import type { KeysOf } from '../../kit/ConfigFields';
import { ListTable } from '../../kit/ListTable';
import { useToastMutation } from '../../kit/useToastMutation';
import { BLANK_INPUT_SOURCE, inputSourceBody } from './channelForms';
import type { InputSourceForm, InputSourceKind } from './channelForms';
import { ChannelCard, NotAvailable, useCanApply, useChannelModal } from './parts';
import { enumLabel } from '../../lib/tolerant';

const FORM_ID = 'inputSource';

/** What a source points at, in one cell: its URL, port, or SRT mode and source port. */
function sourceTarget(source: InputSource): string {
  switch (source.kind) {
    case 'encoder':
      return source.rtspUrl ?? '';
    case 'srt':
      return [source.mode, source.url, source.sourcePort == null ? null : `:${source.sourcePort}`].filter((p) => p !== null && p !== '').join(' ');
    case 'rtmp':
      return source.url ?? '';
    case 'webrtc':
      return source.port == null ? '' : String(source.port);
  }
}

function SourceList() {
  const { t } = useTranslation();
  const { channel, inputSources } = useChannelModal().details;
  const canRemove = useCanApply('removeChannelInputSource');
  const queryClient = useQueryClient();
  const remove = useToastMutation('removeChannelInputSource', {
    success: () => t('channels.modal.saved', { name: channel.channelName }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: endpointPrefix('fetchChannelDetails') }),
  });
  return (
    <ListTable
      plain
      items={inputSources}
      rowKey={(s) => s.sourceId}
      testIdPrefix="channel-input-sources"
      testId="channel-input-sources"
      rowTestId={(s) => `channel-input-source-${s.sourceId}`}
      emptyText={t('channels.inputSources.empty')}
      columns={[
        { id: 'name', header: t('channels.inputSources.name'), render: (s) => s.name },
        {
          id: 'kind',
          header: t('channels.inputSources.kind'),
          render: (s) => <Badge variant="outline">{enumLabel(t, 'channels.inputSources.kinds', s.kind)}</Badge>,
        },
        { id: 'target', header: t('channels.inputSources.target'), render: (s) => sourceTarget(s) },
        {
          id: 'secret',
          header: t('channels.inputSources.secret'),
          render: (s) => (s.hasPassphrase || s.hasStreamKey ? t('channels.inputSources.secretSet') : ''),
        },
        {
          id: 'remove',
          header: '',
          render: (s) =>
            canRemove ? (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                loading={remove.isPending && remove.variables.query?.sourceId === s.sourceId}
                onClick={() => remove.mutate({ params: { id: channel.channelId }, query: { sourceId: s.sourceId } })}
                data-testid={`channel-input-source-remove-${s.sourceId}`}
              >
                {t('channels.inputSources.remove')}
              </Button>
            ) : (
              <NotAvailable testId={`channel-input-source-remove-unavailable-${s.sourceId}`} />
            ),
        },
      ]}
    />
  );
}

/** The add form, the fields of the chosen kind; `onDone` remounts it blank (the parent changes its key). */
function AddInputSource({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const field = (kind: 'text' | 'password', name: Exclude<KeysOf<InputSourceForm, string>, 'kind' | 'mode'>, ...kinds: InputSourceKind[]) =>
    ({ kind, name, label: t(`channels.inputSources.${name}`), ...(kinds.length > 0 ? { when: (v: InputSourceForm) => kinds.includes(v.kind) } : {}) }) as const;
  return (
    <ChannelCard
      formId={FORM_ID}
      title={t('channels.inputSources.add')}
      source={BLANK_INPUT_SOURCE}
      endpoint="addChannelInputSource"
      toBody={inputSourceBody}
      onSaved={onDone}
      cols={{ base: 1, sm: 3 }}
      fields={[
        [
          {
            kind: 'select',
            name: 'kind',
            label: t('channels.inputSources.kind'),
            options: INPUT_SOURCE_KINDS.map((k) => ({ value: k, label: t(`channels.inputSources.kinds.${k}`) })),
          },
          field('text', 'name'),
          field('text', 'rtspUrl', 'encoder'),
          { kind: 'select', name: 'mode', label: t('channels.inputSources.mode'), options: SRT_MODES, when: (v) => v.kind === 'srt' },
          field('text', 'url', 'srt', 'rtmp'),
          field('text', 'sourcePort', 'srt'),
          field('password', 'passphrase', 'srt'),
          field('text', 'latency', 'srt'),
          field('password', 'streamKey', 'rtmp'),
          field('text', 'port', 'webrtc'),
        ],
      ]}
    />
  );
}

/** The input sources part of the Ingest tab, for input channels. */
export function InputSources() {
  const { t } = useTranslation();
  const [added, setAdded] = useState(0);
  const onAdded = useCallback(() => setAdded((n) => n + 1), []);
  return (
    <>
      <Title order={5}>{t('channels.inputSources.title')}</Title>
      <SourceList />
      <AddInputSource key={added} onDone={onAdded} />
    </>
  );
}
