/**
 * Streaming destination settings (spec 001 §3 Streaming destination, §5 MPEG-TS port, video
 * bitrate, SRT key and source port rules): the channel's destinations (fetch_cdns), adding one of
 * type CDN/RTMP, SRT, MPEG-TS or FFMPEG (add_details), removing one (remove_details), and the
 * channel's FFMPEG override. Every type carries the video settings of spec 001 §3: a video profile
 * (one of the stream media profiles, GET streamingmediaprofiles/fetch), the bitrate (§5 2000-8000
 * kbps), a resolution from the §9 default media resolutions and the frame rate.
 */
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { Badge, Button, Group } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AddDestinationBody, DEFAULT_MEDIA_RESOLUTIONS, DESTINATION_TYPES, SRT_MODES, STREAM_TYPES, UpdateDestinationBody } from '@fleet/contracts';
import type { StreamingDestinationInfo, StreamingDestinationList } from '@fleet/contracts';
import { endpointPrefix, useEndpointQuery } from '../../api/hooks';
import { ConfigFields, type ConfigField, type KeysOf } from '../../kit/ConfigFields';
import type { Option } from '../../kit/formRules';
import { ListTable } from '../../kit/ListTable';
import { useToastMutation } from '../../kit/useToastMutation';
import { BLANK_DESTINATION, destinationBody, destinationForm, destinationUpdateBody } from './channelForms';
import type { DestinationForm, DestinationType } from './channelForms';
import { FfmpegSection, Loaded } from './ConfigTabs';
import { ChannelCard, NotAvailable, useCanApply, useChannelModal } from './parts';
import type { ChannelForm } from './useChannelForm';
import { enumLabel } from '../../lib/tolerant';

function DestinationList({ list, onEdit }: { list: StreamingDestinationList; onEdit: (destination: StreamingDestinationInfo) => void }) {
  const { t } = useTranslation();
  const { channel } = useChannelModal().details;
  const canRemove = useCanApply('removeChannelDestination');
  const canEdit = useCanApply('updateChannelDestination');
  const queryClient = useQueryClient();
  const remove = useToastMutation('removeChannelDestination', {
    success: () => t('channels.modal.saved', { name: channel.channelName }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: endpointPrefix('fetchChannelDestinations') }),
  });
  return (
    <ListTable
      plain
      items={list.destinations}
      rowKey={(d) => d.id}
      testIdPrefix="channel-destinations"
      testId="channel-destinations"
      rowTestId={(d) => `channel-destination-${d.id}`}
      emptyText={t('channels.destinations.empty')}
      columns={[
        { id: 'name', header: t('channels.destinations.name'), render: (d) => d.name },
        {
          id: 'type',
          header: t('channels.destinations.type'),
          render: (d) => <Badge variant="outline">{enumLabel(t, 'channels.destinations.types', d.type)}</Badge>,
        },
        { id: 'provider', header: t('channels.destinations.provider'), render: (d) => d.provider },
        { id: 'streamType', header: t('channels.destinations.streamType'), render: (d) => enumLabel(t, 'channels.destinations.streamTypes', d.streamType) },
        {
          id: 'video',
          header: t('channels.destinations.video'),
          cellTestId: (d) => `channel-destination-video-${d.id}`,
          render: (d) => videoSummary(d, t('channels.destinations.kbps', { value: d.bitrate ?? 0 })),
        },
        {
          id: 'actions',
          header: '',
          render: (d) => (
            <>
              {canEdit && (
                <Button size="xs" variant="subtle" onClick={() => onEdit(d)} data-testid={`channel-destination-edit-${d.id}`}>
                  {t('channels.destinations.edit')}
                </Button>
              )}
              {canRemove ? (
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  loading={remove.isPending && remove.variables.body?.id === d.id}
                  onClick={() => remove.mutate({ body: { channelId: channel.channelId, id: d.id } })}
                  data-testid={`channel-destination-remove-${d.id}`}
                >
                  {t('channels.destinations.remove')}
                </Button>
              ) : (
                <NotAvailable testId={`channel-destination-remove-unavailable-${d.id}`} />
              )}
            </>
          ),
        },
      ]}
    />
  );
}

/** A stored destination's video settings in one cell: profile, resolution, frame rate, bitrate (those set). */
function videoSummary(d: StreamingDestinationInfo, bitrate: string): string {
  const parts = [d.videoProfile, d.resolution, d.frameRate, d.bitrate == null ? null : bitrate].filter((p): p is string => p !== null && p !== '');
  return parts.length === 0 ? '—' : parts.join(' · ');
}

/** The video profile choices: none, the stream media profiles by name, and a stored name no longer among them. */
function useVideoProfileOptions(current: string, none: string) {
  const profiles = useEndpointQuery('fetchStreamMediaProfiles', {}, { staleTime: 60_000 });
  return useMemo(() => {
    const names = (profiles.data?.profiles ?? []).map((p) => p.name);
    if (current !== '' && !names.includes(current)) names.push(current);
    return [{ value: '', label: none }, ...names.map((name) => ({ value: name, label: name }))];
  }, [profiles.data, current, none]);
}

/** The destination's fields (the add and the edit form alike), those of its type; errors under `destination.`. */
function DestinationFields({ form, formId, error }: { form: ChannelForm<DestinationForm>; formId: string; error: (field: string) => ReactNode }) {
  const { t } = useTranslation();
  const profileOptions = useVideoProfileOptions(form.values.videoProfile, t('channels.destinations.noneOption'));
  const of =
    (...types: DestinationType[]) =>
    (v: DestinationForm) =>
      types.includes(v.type);
  const field = (
    kind: 'text' | 'password',
    name: Exclude<KeysOf<DestinationForm, string>, 'type' | 'streamType' | 'srtMode' | 'videoProfile' | 'resolution' | 'ffmpegOverride'>,
    ...types: DestinationType[]
  ): ConfigField<DestinationForm> => ({
    kind,
    name,
    label: t(`channels.destinations.${name}`),
    ...(types.length > 0 ? { when: of(...types) } : {}),
  });
  const select = (
    name: 'type' | 'streamType' | 'srtMode' | 'videoProfile' | 'resolution',
    options: readonly (string | Option)[],
  ): ConfigField<DestinationForm> => ({
    kind: 'select',
    name,
    label: t(`channels.destinations.${name}`),
    options,
    ...(name === 'srtMode' ? { when: of('srt') } : {}),
  });
  const props = { prefix: 'channel', formId, form, error: (name: string) => error(`destination.${name}`) };
  return (
    <>
      <ConfigFields
        {...props}
        cols={{ base: 1, sm: 3 }}
        fields={[
          [
            select(
              'type',
              DESTINATION_TYPES.map((d) => ({ value: d, label: t(`channels.destinations.types.${d}`) })),
            ),
            field('text', 'name'),
            field('text', 'provider'),
            select(
              'streamType',
              STREAM_TYPES.map((s) => ({ value: s, label: t(`channels.destinations.streamTypes.${s}`) })),
            ),
            field('text', 'urlPrimary', 'cdn', 'srt'),
            field('text', 'urlSecondary', 'cdn'),
            field('text', 'streamId', 'cdn', 'srt'),
            field('text', 'username', 'cdn'),
            field('password', 'password', 'cdn'),
            select('srtMode', SRT_MODES),
            field('text', 'sourcePort', 'srt'),
            field('password', 'passphrase', 'srt'),
            field('text', 'latency', 'srt'),
            field('text', 'mpegTsIp', 'mpegts'),
            field('text', 'mpegTsPort', 'mpegts'),
            field('text', 'mpegTsBitrate', 'mpegts'),
          ],
        ]}
      />
      <ConfigFields
        {...props}
        cols={{ base: 1, sm: 4 }}
        fields={[
          [
            select('videoProfile', profileOptions),
            field('text', 'bitrate'),
            select('resolution', [{ value: '', label: t('channels.destinations.noneOption') }, ...DEFAULT_MEDIA_RESOLUTIONS]),
            field('text', 'frameRate'),
          ],
          { kind: 'textarea', name: 'ffmpegOverride', label: t('channels.destinations.ffmpegOverride'), when: of('ffmpeg') },
        ]}
      />
    </>
  );
}

/**
 * The add form (`onDone` remounts it blank: the parent changes its key), or one stored destination
 * edited at the version it was read at (a change made meanwhile: 409), with a Cancel.
 */
function DestinationCard({ destination, onDone }: { destination: StreamingDestinationInfo | null; onDone: () => void }) {
  const { t } = useTranslation();
  const { channelId } = useChannelModal().details.channel;
  const formId = destination === null ? 'destination' : 'destinationEdit';
  return (
    <ChannelCard
      formId={formId}
      title={destination === null ? t('channels.destinations.add') : t('channels.destinations.editTitle', { name: destination.name })}
      source={destination === null ? BLANK_DESTINATION : destinationForm(destination)}
      endpoint={destination === null ? 'addChannelDestination' : 'updateChannelDestination'}
      schema={destination === null ? AddDestinationBody : UpdateDestinationBody}
      toBody={(values: DestinationForm) => (destination === null ? destinationBody(values, channelId) : destinationUpdateBody(values, channelId, destination))}
      refresh={['fetchChannelDestinations']}
      onSaved={onDone}
      shows={['destination']}
    >
      {(form, error) => (
        <>
          <DestinationFields form={form} formId={formId} error={error} />
          {destination !== null && (
            <Group>
              <Button size="xs" variant="default" onClick={onDone} data-testid="channel-destinationEdit-cancel">
                {t('channels.destinations.cancelEdit')}
              </Button>
            </Group>
          )}
        </>
      )}
    </ChannelCard>
  );
}

export function DestinationsTab() {
  const { channelId } = useChannelModal().details.channel;
  const query = useEndpointQuery('fetchChannelDestinations', { body: { channelId } });
  const [added, setAdded] = useState(0);
  const [editing, setEditing] = useState<StreamingDestinationInfo | null>(null);
  const onAdded = useCallback(() => setAdded((n) => n + 1), []);
  const stopEditing = useCallback(() => setEditing(null), []);
  return (
    <>
      <Loaded query={query}>{(list) => <DestinationList list={list} onEdit={setEditing} />}</Loaded>
      <DestinationCard key={editing === null ? `add-${added}` : `edit-${editing.id}`} destination={editing} onDone={editing === null ? onAdded : stopEditing} />
      <FfmpegSection />
    </>
  );
}
