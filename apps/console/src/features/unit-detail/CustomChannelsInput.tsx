/**
 * The custom channels of the multi camera feeds (spec 000 §3 multiple camera: customSelectedChannels):
 * channel ids, one per feed, suggested from the channels of one of the unit's groups a unit can
 * stream to for multiple camera (GET v2/groups/{id}/multiChannels: every type but input), each
 * with its name and live status. Any id may still be typed (the calls take ids).
 */
import { useState } from 'react';
import { Group, Select, Stack, TagsInput, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useEndpointQuery } from '../../api/hooks';
import { ChannelStatusBadge } from '../channels/channelColumns';
import { MutedText } from '../../kit/MutedText';

interface CustomChannelsInputProps {
  readonly unitId: string;
  readonly value: readonly string[];
  readonly onChange: (channelIds: string[]) => void;
  readonly readOnly: boolean;
  readonly error: React.ReactNode;
}

export function CustomChannelsInput({ unitId, value, onChange, readOnly, error }: CustomChannelsInputProps) {
  const { t } = useTranslation();
  const groups = useEndpointQuery('getUnitGroups', { params: { id: unitId } }, { enabled: !readOnly });
  const [picked, setPicked] = useState<string | null>(null);
  const groupId = picked ?? groups.data?.[0]?.id ?? null;
  const channels = useEndpointQuery('getGroupMultiChannels', { params: { id: groupId ?? '' } }, { enabled: !readOnly && groupId !== null });
  const byId = new Map((channels.data ?? []).map((c) => [c.channelId, c]));
  return (
    <Stack gap={4}>
      {!readOnly && (groups.data?.length ?? 0) > 0 && (
        <Select
          size="xs"
          w={260}
          label={t('unitDetail.multiCamera.channelsOfGroup')}
          data={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
          value={groupId}
          onChange={(next) => next !== null && setPicked(next)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          data-testid="unit-detail-multicamera-channels-group"
        />
      )}
      <TagsInput
        size="xs"
        label={t('unitDetail.multiCamera.customChannels')}
        description={t('unitDetail.multiCamera.customChannelsHint')}
        value={[...value]}
        onChange={onChange}
        data={[...byId.keys()]}
        renderOption={({ option }) => {
          const channel = byId.get(option.value);
          return (
            <Group gap={6} wrap="nowrap" data-testid={`unit-detail-multicamera-channel-option-${option.value}`}>
              <Text size="sm">{channel?.channelName ?? option.value}</Text>
              <MutedText size="xs">{option.value}</MutedText>
              {channel !== undefined && (
                <ChannelStatusBadge channel={channel} size="xs" testId={`unit-detail-multicamera-channel-status-${channel.channelId}`} />
              )}
            </Group>
          );
        }}
        readOnly={readOnly}
        error={error}
        comboboxProps={{ withinPortal: true }}
        data-testid="unit-detail-multicamera-channels"
      />
    </Stack>
  );
}
