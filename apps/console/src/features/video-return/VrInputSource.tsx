/**
 * The input source of a video return channel switched at once (spec 001 §3 video return
 * configuration "input type (disabled, SDI, SRT)"; §7 GET and POST v2/vrChannels/{id}/inputSources):
 * the source in use and the ones the channel offers, read from the channel; picking another sends
 * it to the device first (its refusal, e.g. "Configuration not sent, retry", shows here) at the
 * version read. SRT needs the channel's SRT address: until it has one, the configuration form below
 * is where SRT is set up.
 */
import { Group, Loader, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { VrChannelDetail, VrChannelInputSources } from '@fleet/contracts';
import { endpointKey, endpointPrefix, useEndpointQuery } from '../../api/hooks';
import { useToastMutation } from '../../kit/useToastMutation';
import type { VrInputType } from './vrFilters';
import { ErrorAlert } from '../../kit/ErrorAlert';
import { MutedText } from '../../kit/MutedText';
import { vrChannelStatusLabel } from '../../lib/statusLabels';
import { enumLabel } from '../../lib/tolerant';

export function VrInputSource({ channel, allowed }: { channel: VrChannelDetail; allowed: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const id = channel.uniqueId;
  const key = endpointKey('getVrChannelInputSources', { params: { id } });
  const sources = useEndpointQuery('getVrChannelInputSources', { params: { id } }, { retry: false });
  const change = useToastMutation('setVrChannelInputSource', {
    success: (saved) => t('videoReturn.inputSource.saved', { name: channel.name, source: enumLabel(t, 'videoReturn.inputTypes', saved.selected) }),
    onSuccess: (saved: VrChannelInputSources) => {
      queryClient.setQueryData(key, saved);
      // The channel's configuration (and version) moved: the list and this modal read it again.
      void queryClient.invalidateQueries({ queryKey: endpointPrefix('listGroupVrChannels') });
    },
    // The refusal shows here.
    onError: () => undefined,
  });
  const data = sources.data;
  const hasSrtAddress = channel.configuration.url != null && channel.configuration.url !== '';
  const pick = (value: string) => {
    const inputType = data?.available.find((type) => type === value);
    if (data === undefined || inputType === undefined || inputType === data.selected) return;
    change.mutate({ params: { id }, body: { inputType, version: data.version } });
  };
  return (
    <Paper withBorder p="md" data-testid="vr-input-source" data-selected={data?.selected ?? ''}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={5}>{t('videoReturn.inputSource.title')}</Title>
          {data !== undefined && (
            <MutedText size="xs" testId="vr-input-source-status">
              {vrChannelStatusLabel(t, data.status)}
            </MutedText>
          )}
        </Group>
        {sources.isPending && <Loader size="xs" aria-label={t('common.loading')} />}
        <ErrorAlert error={sources.error} />
        {data !== undefined &&
          (allowed ? (
            <SegmentedControl
              size="xs"
              w="fit-content"
              value={change.isPending ? (change.variables?.body?.inputType ?? data.selected) : data.selected}
              onChange={pick}
              disabled={change.isPending}
              data={data.available.map((type: VrInputType) => ({
                value: type,
                label: t(`videoReturn.inputTypes.${type}`),
                disabled: type === 'srt' && !hasSrtAddress && data.selected !== 'srt',
              }))}
              data-testid="vr-input-source-pick"
            />
          ) : (
            <Text size="sm" data-testid="vr-input-source-value">
              {enumLabel(t, 'videoReturn.inputTypes', data.selected)}
            </Text>
          ))}
        {allowed && data !== undefined && data.available.includes('srt') && !hasSrtAddress && data.selected !== 'srt' && (
          <MutedText size="xs" testId="vr-input-source-srt-hint">
            {t('videoReturn.inputSource.srtNeedsAddress')}
          </MutedText>
        )}
        <ErrorAlert error={change.error} testId="vr-input-source-error" role="alert" />
      </Stack>
    </Paper>
  );
}
