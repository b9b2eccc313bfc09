/**
 * The video return channel the unit takes its return feed from, chosen by name: the video return
 * channels of one of the unit's groups (GET v0/groups/{groupId}/video-return-channels, a picker of
 * the unit's groups first when it has several), in natural order, each with its hub and status by
 * label; an offline one is greyed with the reason and cannot be picked.
 */
import { useMemo, useState } from 'react';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { Select } from '../../components/Pickers';
import { useTranslation } from 'react-i18next';
import type { VrChannelDetail } from '@fleet/contracts';
import { useEndpointQuery } from '../../api/hooks';
import { naturalSortBy } from '../../lib/naturalSort';
import { vrChannelStatusLabel } from '../../lib/statusLabels';

export interface VrChannelPickerProps {
  readonly unitId: string;
  readonly value: string | null;
  readonly onChange: (vrChannelId: string | null) => void;
  readonly error?: React.ReactNode;
}

const label = (c: Pick<VrChannelDetail, 'name' | 'serverName'>) => (c.serverName == null || c.serverName === '' ? c.name : `${c.name} · ${c.serverName}`);

/** The names of the video return channels of the unit's first group (for showing the selected one). */
export function useVrChannelNames(unitId: string): (vrChannelId: string) => string {
  const groups = useEndpointQuery('getUnitGroups', { params: { id: unitId } });
  const groupId = groups.data?.[0]?.id ?? null;
  const list = useEndpointQuery('listGroupVrChannels', { params: { groupId: groupId ?? '' } }, { enabled: groupId !== null });
  return useMemo(() => {
    const names = new Map((list.data?.items ?? []).map((c) => [c.uniqueId, label(c)]));
    return (id: string) => names.get(id) ?? id;
  }, [list.data]);
}

export function VrChannelPicker({ unitId, value, onChange, error }: VrChannelPickerProps) {
  const { t } = useTranslation();
  const groups = useEndpointQuery('getUnitGroups', { params: { id: unitId } });
  const [picked, setPicked] = useState<string | null>(null);
  const groupId = picked ?? groups.data?.[0]?.id ?? null;
  const list = useEndpointQuery('listGroupVrChannels', { params: { groupId: groupId ?? '' } }, { enabled: groupId !== null });
  const channels = useMemo(() => naturalSortBy(list.data?.items ?? [], (c) => `${c.name} ${c.serverName ?? ''}`), [list.data]);
  const byId = new Map(channels.map((c) => [c.uniqueId, c]));
  const data = channels.map((c) => ({ value: c.uniqueId, label: label(c), disabled: c.status === 'offline' }));
  if (value !== null && value !== '' && !byId.has(value)) data.unshift({ value, label: t('channels.picker.notListed', { id: value }), disabled: false });
  return (
    <Group gap="xs" align="flex-start">
      {(groups.data?.length ?? 0) > 1 && (
        <Select
          size="xs"
          w={200}
          aria-label={t('unitDetail.multiCamera.channelsOfGroup')}
          data={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
          value={groupId}
          onChange={(next) => next !== null && setPicked(next)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          data-testid="unit-detail-videoreturn-group"
        />
      )}
      <Select
        size="xs"
        w={320}
        aria-label={t('unitDetail.videoReturn.channel')}
        placeholder={t('channels.picker.placeholder')}
        data={data}
        value={value === '' ? null : value}
        onChange={onChange}
        searchable
        allowDeselect={false}
        nothingFoundMessage={list.isPending && groupId !== null ? t('common.loading') : t('channels.picker.nothingFound')}
        error={error}
        comboboxProps={{ withinPortal: true, width: 'max-content', position: 'bottom-start' }}
        renderOption={({ option }) => {
          const c = byId.get(option.value);
          if (c === undefined) return <Text size="sm">{option.label}</Text>;
          return (
            <Stack gap={2} miw={280} data-testid="unit-detail-videoreturn-option" data-channel={c.uniqueId}>
              <Group gap={6} justify="space-between" wrap="nowrap">
                <Text size="sm" fw={500}>
                  {c.name}
                </Text>
                <Badge size="xs" variant="light" tt="none" color={c.status === 'offline' ? 'gray' : c.status === 'idle' ? 'green' : 'blue'}>
                  {vrChannelStatusLabel(t, c.status)}
                </Badge>
              </Group>
              <Text size="xs" c="dimmed">
                {c.serverName ?? '—'} · {c.uniqueId}
              </Text>
              {option.disabled === true && (
                <Text size="xs" c="dimmed">
                  {t('channels.picker.why.offline')}
                </Text>
              )}
            </Stack>
          );
        }}
        data-testid="unit-detail-videoreturn-input"
      />
    </Group>
  );
}
