/**
 * An audio room chosen by its name (a unit's intercom): a searchable list of the audio rooms of the
 * unit's inventories (GET v2/inventories/{id}/audioRooms, the list /audio_rooms reads), in natural
 * order, each with its id and IFB server in grey; a room without the intercom flag is shown greyed
 * with the reason and cannot be picked. The chosen room shows by name; a stored room the list does
 * not have still shows what it is.
 *
 * The rooms' list is for the roles of /audio_rooms (spec 001 §2): for another user (`canList`
 * false) the field stays a text box taking the room's name or id, saying why.
 */
import { useMemo } from 'react';
import { Badge, Group, Stack, Text, TextInput, type SelectProps } from '@mantine/core';
import { Select } from '../../components/Pickers';
import type { ComboboxItem } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LIMITS, type AudioRoom } from '@fleet/contracts';
import { callEndpoint } from '../../api/client';
import { endpointKey } from '../../api/hooks';
import { naturalSortBy } from '../../lib/naturalSort';
import { useRegionCall } from '../../api/regionCalls';

export type AudioRoomPickerProps = Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchable' | 'renderOption' | 'filter' | 'nothingFoundMessage'> & {
  /** The chosen room's id ('' : none). */
  readonly value: string;
  readonly onChange: (roomId: string) => void;
  /** The inventories whose rooms are offered (the unit's). */
  readonly inventoryIds: readonly string[];
  /** May the user read the rooms' list? */
  readonly canList: boolean;
  'data-testid'?: string;
};

/** The rooms of these inventories, in natural order of name (undefined while any list loads). */
export function useAudioRooms(inventoryIds: readonly string[], enabled: boolean): readonly AudioRoom[] | undefined {
  useRegionCall(enabled ? 'listInventoryAudioRooms' : null);
  return useQueries({
    queries: inventoryIds.map((id) => {
      const input = { params: { id }, query: { limit: LIMITS.pageSizeMax } };
      return {
        queryKey: endpointKey('listInventoryAudioRooms', input),
        queryFn: ({ signal }: { signal: AbortSignal }) => callEndpoint('listInventoryAudioRooms', input, { signal }),
        enabled,
      };
    }),
    combine: combineRooms,
  });
}

/** The lists' rooms together, in natural order of name; undefined while any list loads. */
function combineRooms(lists: readonly { readonly isPending: boolean; readonly data?: { readonly items: readonly AudioRoom[] } | undefined }[]) {
  return lists.some((list) => list.isPending)
    ? undefined
    : naturalSortBy(
        lists.flatMap((list) => list.data?.items ?? []),
        (room) => room.name,
      );
}

/** A room's name by its id or name, where the rooms are known (else as stored). */
export function useAudioRoomName(inventoryIds: readonly string[], enabled: boolean): (stored: string) => string {
  const rooms = useAudioRooms(inventoryIds, enabled);
  return (stored) => rooms?.find((room) => room.id === stored || room.name === stored)?.name ?? stored;
}

export function AudioRoomPicker({ value, onChange, inventoryIds, canList, ...props }: AudioRoomPickerProps) {
  const { t } = useTranslation();
  const rooms = useAudioRooms(inventoryIds, canList);
  const { data, byId } = useMemo(() => {
    const list = rooms ?? [];
    const ids = new Map(list.map((room) => [room.id, room]));
    const items: ComboboxItem[] = list.map((room) => ({ value: room.id, label: room.name, disabled: !room.intercom }));
    // The core also takes a room by its name: a stored name finds its room.
    const stored = value === '' ? null : (ids.get(value) ?? list.find((room) => room.name === value) ?? null);
    if (value !== '' && stored === null) items.unshift({ value, label: t('audioRooms.picker.notListed', { id: value }) });
    return { data: items, byId: ids };
  }, [rooms, value, t]);
  const testId = props['data-testid'];

  if (!canList) {
    return (
      <TextInput
        label={props.label}
        size={props.size}
        description={t('audioRooms.picker.typeHint')}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        readOnly={props.readOnly}
        error={props.error}
        data-testid={testId}
      />
    );
  }
  const chosen = value === '' ? null : (byId.get(value)?.id ?? rooms?.find((room) => room.name === value)?.id ?? value);
  return (
    <Select
      placeholder={t('audioRooms.picker.placeholder')}
      comboboxProps={{ withinPortal: true }}
      allowDeselect={false}
      {...props}
      searchable
      data={data}
      value={chosen}
      onChange={(next) => onChange(next ?? '')}
      nothingFoundMessage={rooms === undefined ? t('common.loading') : t('audioRooms.picker.nothingFound')}
      renderOption={({ option }) => {
        const room = byId.get(option.value);
        if (room === undefined) return <Text size="sm">{option.label}</Text>;
        return (
          <Stack gap={2} data-testid={testId === undefined ? undefined : `${testId}-option`} data-room={room.id}>
            <Group gap={6} justify="space-between" wrap="nowrap">
              <Text size="sm" fw={500} truncate>
                {room.name}
              </Text>
              {room.intercom && (
                <Badge size="xs" variant="light" tt="none">
                  {t('audioRooms.picker.intercom')}
                </Badge>
              )}
            </Group>
            <Text size="xs" c="dimmed" truncate>
              {room.serverName == null ? room.id : `${room.id} · ${room.serverName}`}
            </Text>
            {!room.intercom && (
              <Text size="xs" c="dimmed">
                {t('audioRooms.picker.notIntercom')}
              </Text>
            )}
          </Stack>
        );
      }}
    />
  );
}
