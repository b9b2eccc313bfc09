/**
 * The custom channels of the multi camera feeds (spec 000 §3 multiple camera: customSelectedChannels):
 * the chosen channels by name and hub, one per feed, each removable, and a channel picker to add one
 * from the channels of one of the unit's groups a unit can stream to for multiple camera
 * (GET v2/groups/{id}/multiChannels: every type but input), with their live status.
 */
import { useState } from 'react';
import { ActionIcon, Group, Input, Stack, Text } from '@mantine/core';
import { Select } from '../../components/Pickers';
import { useTranslation } from 'react-i18next';
import { useEndpointQuery } from '../../api/hooks';
import { ChannelPicker, channelLabel } from '../channels/ChannelPicker';
import { ChannelStatusBadge } from '../channels/channelColumns';
import { useChannelNames } from '../channels/useChannelNames';
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
  const channelName = useChannelNames();
  const groups = useEndpointQuery('getUnitGroups', { params: { id: unitId } }, { enabled: !readOnly });
  const [picked, setPicked] = useState<string | null>(null);
  // The add picker starts empty again after each pick.
  const [added, setAdded] = useState(0);
  const groupId = picked ?? groups.data?.[0]?.id ?? null;
  const channels = useEndpointQuery('getGroupMultiChannels', { params: { id: groupId ?? '' } }, { enabled: !readOnly && groupId !== null });
  const byId = new Map((channels.data ?? []).map((c) => [c.channelId, c]));
  const candidates = (channels.data ?? []).filter((c) => !value.includes(c.channelId));
  return (
    <Stack gap={4}>
      {!readOnly && (groups.data?.length ?? 0) > 0 && (
        <Select
          size="xs"
          w={340}
          label={t('unitDetail.multiCamera.channelsOfGroup')}
          data={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
          value={groupId}
          onChange={(next) => next !== null && setPicked(next)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          data-testid="unit-detail-multicamera-channels-group"
        />
      )}
      <Input.Wrapper label={t('unitDetail.multiCamera.customChannels')} description={t('unitDetail.multiCamera.customChannelsHint')} error={error} size="xs">
        <Stack gap={2} mt={4} data-testid="unit-detail-multicamera-channels-chosen">
          {value.length === 0 && <MutedText size="xs">{t('common.none')}</MutedText>}
          {value.map((id, i) => {
            const channel = byId.get(id);
            return (
              <Group key={id} gap={6} wrap="nowrap" data-testid={`unit-detail-multicamera-channel-chosen-${id}`}>
                <Text size="sm">{i + 1}.</Text>
                <Text size="sm" truncate>
                  {channel === undefined ? channelName(id) : channelLabel(channel)}
                </Text>
                {channel !== undefined && <ChannelStatusBadge channel={channel} size="xs" testId={`unit-detail-multicamera-channel-status-${id}`} />}
                {!readOnly && (
                  <ActionIcon
                    size="sm"
                    variant="subtle"
                    color="gray"
                    aria-label={t('unitDetail.multiCamera.removeChannel', { channel: channel?.channelName ?? channelName(id) })}
                    onClick={() => onChange(value.filter((v) => v !== id))}
                    data-testid={`unit-detail-multicamera-channel-remove-${id}`}
                  >
                    ×
                  </ActionIcon>
                )}
              </Group>
            );
          })}
        </Stack>
      </Input.Wrapper>
      {!readOnly && (
        <ChannelPicker
          key={added}
          size="xs"
          w={340}
          aria-label={t('unitDetail.multiCamera.addChannel')}
          placeholder={t('unitDetail.multiCamera.addChannel')}
          channels={channels.data === undefined ? null : candidates}
          value={null}
          onChange={(id) => {
            if (id === null) return;
            onChange([...value, id]);
            setAdded((n) => n + 1);
          }}
          forUnit={unitId}
          anyStatus
          data-testid="unit-detail-multicamera-channels"
        />
      )}
    </Stack>
  );
}
