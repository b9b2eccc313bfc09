/**
 * Streaming destination settings (spec 001 §3 Streaming destination, §5 MPEG-TS port, video
 * bitrate, SRT key and source port rules): the channel's destinations (fetch_cdns), adding one of
 * type CDN/RTMP, SRT, MPEG-TS or FFMPEG (add_details), removing one (remove_details), and the
 * channel's FFMPEG override. Every type carries the video settings of spec 001 §3: a video profile
 * (one of the stream media profiles, GET streamingmediaprofiles/fetch), the bitrate (§5 2000-8000
 * kbps), a resolution from the §9 default media resolutions and the frame rate.
 */
import { useCallback, useMemo, useState } from 'react';
import { Badge, Button, Group, NativeSelect, PasswordInput, SimpleGrid, Table, Text, Textarea, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AddDestinationBody, DEFAULT_MEDIA_RESOLUTIONS, DESTINATION_TYPES, SRT_MODES, STREAM_TYPES, UpdateDestinationBody } from '@fleet/contracts';
import type { StreamingDestinationInfo, StreamingDestinationList } from '@fleet/contracts';
import { endpointPrefix, useEndpointMutation, useEndpointQuery } from '../../api/hooks';
import { useApiErrorMessage } from '../../api/errorMessage';
import { useFieldError } from '../../lib/forms/useFieldError';
import { useToast } from '../../toast/useToast';
import { BLANK_DESTINATION, destinationBody, destinationForm, destinationUpdateBody } from './channelForms';
import type { DestinationForm, DestinationType, MediaResolution } from './channelForms';
import { FfmpegSection, Loaded } from './ConfigTabs';
import { ChannelFormSection, NotAvailable, useCanApply, useChannelModal } from './parts';
import { useChannelForm } from './useChannelForm';
import type { ChannelForm } from './useChannelForm';

function DestinationList({ list, onEdit }: { list: StreamingDestinationList; onEdit: (destination: StreamingDestinationInfo) => void }) {
  const { t } = useTranslation();
  const { channel } = useChannelModal().details;
  const canRemove = useCanApply('removeChannelDestination');
  const canEdit = useCanApply('updateChannelDestination');
  const toast = useToast();
  const errorText = useApiErrorMessage();
  const queryClient = useQueryClient();
  const remove = useEndpointMutation('removeChannelDestination', {
    onSuccess: () => {
      toast.show({ message: t('channels.modal.saved', { name: channel.channelName }), variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: endpointPrefix('fetchChannelDestinations') });
    },
    onError: (error) => toast.show({ message: errorText(error), variant: 'error' }),
  });
  if (list.destinations.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="channel-destinations-empty">
        {t('channels.destinations.empty')}
      </Text>
    );
  }
  return (
    <Table data-testid="channel-destinations">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('channels.destinations.name')}</Table.Th>
          <Table.Th>{t('channels.destinations.type')}</Table.Th>
          <Table.Th>{t('channels.destinations.provider')}</Table.Th>
          <Table.Th>{t('channels.destinations.streamType')}</Table.Th>
          <Table.Th>{t('channels.destinations.video')}</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {list.destinations.map((d) => (
          <Table.Tr key={d.id} data-testid={`channel-destination-${d.id}`}>
            <Table.Td>{d.name}</Table.Td>
            <Table.Td>
              <Badge variant="outline">{t(`channels.destinations.types.${d.type}`)}</Badge>
            </Table.Td>
            <Table.Td>{d.provider}</Table.Td>
            <Table.Td>{t(`channels.destinations.streamTypes.${d.streamType}`)}</Table.Td>
            <Table.Td data-testid={`channel-destination-video-${d.id}`}>{videoSummary(d, t('channels.destinations.kbps', { value: d.bitrate ?? 0 }))}</Table.Td>
            <Table.Td>
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
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** A stored destination's video settings in one cell: profile, resolution, frame rate, bitrate (those set). */
function videoSummary(d: StreamingDestinationInfo, bitrate: string): string {
  const parts = [d.videoProfile, d.resolution, d.frameRate, d.bitrate === null ? null : bitrate].filter((p): p is string => p !== null && p !== '');
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

/** The destination's fields (the add and the edit form alike); errors under `destination.`. */
function DestinationFieldsView({ form, formId }: { form: ChannelForm<DestinationForm>; formId: string }) {
  const { t } = useTranslation();
  const profileOptions = useVideoProfileOptions(form.values.videoProfile, t('channels.destinations.noneOption'));
  const fieldError = useFieldError(`channel-error-${formId}`, form.errors);
  const error = (field: string) => fieldError(`destination.${field}`);
  const v = form.values;
  const text = (field: keyof DestinationForm, label: string) => (
    <TextInput
      label={label}
      value={v[field]}
      onChange={(e) => form.set({ [field]: e.currentTarget.value })}
      error={error(field)}
      data-testid={`channel-${formId}-${field}`}
    />
  );
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <NativeSelect
          label={t('channels.destinations.type')}
          value={v.type}
          onChange={(e) => form.set({ type: e.currentTarget.value as DestinationType })}
          data={DESTINATION_TYPES.map((d) => ({ value: d, label: t(`channels.destinations.types.${d}`) }))}
          data-testid={`channel-${formId}-type`}
        />
        {text('name', t('channels.destinations.name'))}
        {text('provider', t('channels.destinations.provider'))}
        <NativeSelect
          label={t('channels.destinations.streamType')}
          value={v.streamType}
          onChange={(e) => form.set({ streamType: e.currentTarget.value as DestinationForm['streamType'] })}
          data={STREAM_TYPES.map((s) => ({ value: s, label: t(`channels.destinations.streamTypes.${s}`) }))}
        />
        {(v.type === 'cdn' || v.type === 'srt') && text('urlPrimary', t('channels.destinations.urlPrimary'))}
        {v.type === 'cdn' && text('urlSecondary', t('channels.destinations.urlSecondary'))}
        {(v.type === 'cdn' || v.type === 'srt') && text('streamId', t('channels.destinations.streamId'))}
        {v.type === 'cdn' && text('username', t('channels.destinations.username'))}
        {v.type === 'cdn' && (
          <PasswordInput
            label={t('channels.destinations.password')}
            value={v.password}
            onChange={(e) => form.set({ password: e.currentTarget.value })}
            error={error('password')}
          />
        )}
        {v.type === 'srt' && (
          <NativeSelect
            label={t('channels.destinations.srtMode')}
            value={v.srtMode}
            onChange={(e) => form.set({ srtMode: e.currentTarget.value as DestinationForm['srtMode'] })}
            data={SRT_MODES.map((m) => ({ value: m, label: m }))}
          />
        )}
        {v.type === 'srt' && text('sourcePort', t('channels.destinations.sourcePort'))}
        {v.type === 'srt' && (
          <PasswordInput
            label={t('channels.destinations.passphrase')}
            value={v.passphrase}
            onChange={(e) => form.set({ passphrase: e.currentTarget.value })}
            error={error('passphrase')}
            data-testid={`channel-${formId}-passphrase`}
          />
        )}
        {v.type === 'srt' && text('latency', t('channels.destinations.latency'))}
        {v.type === 'mpegts' && text('mpegTsIp', t('channels.destinations.mpegTsIp'))}
        {v.type === 'mpegts' && text('mpegTsPort', t('channels.destinations.mpegTsPort'))}
        {v.type === 'mpegts' && text('mpegTsBitrate', t('channels.destinations.mpegTsBitrate'))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 4 }}>
        <NativeSelect
          label={t('channels.destinations.videoProfile')}
          value={v.videoProfile}
          onChange={(e) => form.set({ videoProfile: e.currentTarget.value })}
          data={profileOptions}
          error={error('videoProfile')}
          data-testid={`channel-${formId}-videoProfile`}
        />
        {text('bitrate', t('channels.destinations.bitrate'))}
        <NativeSelect
          label={t('channels.destinations.resolution')}
          value={v.resolution}
          onChange={(e) => form.set({ resolution: e.currentTarget.value as '' | MediaResolution })}
          data={[{ value: '', label: t('channels.destinations.noneOption') }, ...DEFAULT_MEDIA_RESOLUTIONS.map((r) => ({ value: r, label: r }))]}
          error={error('resolution')}
          data-testid={`channel-${formId}-resolution`}
        />
        {text('frameRate', t('channels.destinations.frameRate'))}
      </SimpleGrid>
      {v.type === 'ffmpeg' && (
        <Textarea
          label={t('channels.destinations.ffmpegOverride')}
          autosize
          minRows={2}
          value={v.ffmpegOverride}
          onChange={(e) => form.set({ ffmpegOverride: e.currentTarget.value })}
          error={error('ffmpegOverride')}
          data-testid={`channel-${formId}-ffmpegOverride`}
        />
      )}
    </>
  );
}

/** The add form; `onDone` remounts it blank (the parent changes its key). */
function AddDestination({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const { channel } = useChannelModal().details;
  const allowed = useCanApply('addChannelDestination');
  const toBody = useCallback((values: DestinationForm) => destinationBody(values, channel.channelId), [channel.channelId]);
  const form = useChannelForm({
    channelName: channel.channelName,
    source: BLANK_DESTINATION,
    endpoint: 'addChannelDestination',
    schema: AddDestinationBody,
    toBody,
    toInput: (body) => ({ body: body as AddDestinationBody }),
    refresh: ['fetchChannelDestinations'],
    onSaved: onDone,
  });
  return (
    <ChannelFormSection formId="destination" title={t('channels.destinations.add')} form={form} allowed={allowed}>
      <DestinationFieldsView form={form} formId="destination" />
    </ChannelFormSection>
  );
}

/** Editing one stored destination at the version it was read at (a change made meanwhile: 409). */
function EditDestination({ destination, onDone }: { destination: StreamingDestinationInfo; onDone: () => void }) {
  const { t } = useTranslation();
  const { channel } = useChannelModal().details;
  const allowed = useCanApply('updateChannelDestination');
  const source = useMemo(() => destinationForm(destination), [destination]);
  const toBody = useCallback((values: DestinationForm) => destinationUpdateBody(values, channel.channelId, destination), [channel.channelId, destination]);
  const form = useChannelForm({
    channelName: channel.channelName,
    source,
    endpoint: 'updateChannelDestination',
    schema: UpdateDestinationBody,
    toBody,
    toInput: (body) => ({ body: body as UpdateDestinationBody }),
    refresh: ['fetchChannelDestinations'],
    onSaved: onDone,
  });
  return (
    <ChannelFormSection formId="destinationEdit" title={t('channels.destinations.editTitle', { name: destination.name })} form={form} allowed={allowed}>
      <DestinationFieldsView form={form} formId="destinationEdit" />
      <Group>
        <Button size="xs" variant="default" onClick={onDone} data-testid="channel-destinationEdit-cancel">
          {t('channels.destinations.cancelEdit')}
        </Button>
      </Group>
    </ChannelFormSection>
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
      {editing === null ? <AddDestination key={added} onDone={onAdded} /> : <EditDestination key={editing.id} destination={editing} onDone={stopEditing} />}
      <FfmpegSection />
    </>
  );
}
