/**
 * The one way a channel is chosen (the unit's channel, multi camera and switcher channels, the
 * settings' output channel, send logs, intercom targets, shares): a searchable list of the
 * channels this user may use (GET channels/fetch, the list /channels reads, kept current over
 * /ws), in natural order of name then hub (CH2 before CH10), each with its name, hub, status by
 * label (idle, collecting and from which unit, offline, upgrading) and its licence for units. The
 * search matches the name, the hub or the id; the chosen channel shows by name and hub, never as a
 * bare id.
 *
 * A channel the choice would take from someone or that cannot carry anything now (busy with
 * another unit, offline, upgrading) is shown greyed with the reason and cannot be picked, unless
 * `anyStatus` says the choice does not use the channel now (a share, a stored list). The channel
 * the unit `forUnit` itself feeds counts as free for that unit.
 */
import { useCallback, useMemo, useState } from 'react';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { Select } from '../../components/Pickers';
import type { ComboboxItem, ComboboxParsedItem, OptionsFilter, SelectProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { ChannelLive, UnitSummary } from '@fleet/contracts';
import { channelStatusClass } from '@fleet/domain';
import { useQueryClient } from '@tanstack/react-query';
import { endpointPrefix, useEndpointQuery } from '../../api/hooks';
import { naturalSortBy } from '../../lib/naturalSort';
import { channelStatusLabel } from '../../lib/statusLabels';

/** Options shown at once (a list may hold 10,000 channels; the search finds the others). */
const SHOWN = 50;

/** What a channel's state means for this choice. */
export type ChannelUse = 'free' | 'own' | 'busy' | 'offline' | 'upgrading' | 'elsewhere';

/** The fields of a channel the picker reads. */
export type PickerChannel = Pick<
  ChannelLive,
  'channelId' | 'channelName' | 'serverName' | 'status' | 'allocatedTo' | 'allocatedToUnitAlias' | 'allocatedToUnitUid' | 'supportedByUnit' | 'inventoryIds'
>;

/**
 * What the channel's state means for a choice for `forUnit` (a unit in `unitInventories`, when
 * known: a channel of none of them is one the unit cannot take, spec 000 §4 External).
 */
export function channelUse(channel: PickerChannel, forUnit: string | null | undefined, unitInventories?: readonly string[]): ChannelUse {
  if (unitInventories !== undefined && !channel.inventoryIds.some((id) => unitInventories.includes(id))) return 'elsewhere';
  if (channel.status === 'upgrading') return 'upgrading';
  const cls = channelStatusClass(channel.status);
  if (cls === 'offline') return 'offline';
  if (cls === 'idle') return 'free';
  return forUnit !== undefined && forUnit !== null && channel.allocatedToUnitUid === forUnit ? 'own' : 'busy';
}

/** A unit's name by its id, where the console knows it (else null). */
export type UnitNameOf = (uniqueId: string) => string | null;

/** The unit a collecting channel takes its feed from, by name: the channel's alias, else the unit's name, else its id. */
export function feedingUnit(channel: PickerChannel, unitName: UnitNameOf = () => null): string | null {
  const uid = channel.allocatedToUnitUid ?? channel.allocatedTo;
  return channel.allocatedToUnitAlias || (uid ? (unitName(uid) ?? uid) : null);
}

/** Unit names from the unit lists already read (the list screen's GET devices/fetch); nothing is read for this. */
export function useCachedUnitNames(): UnitNameOf {
  const queryClient = useQueryClient();
  const names = new Map<string, string>();
  for (const [, units] of queryClient.getQueriesData<UnitSummary[]>({ queryKey: endpointPrefix('fetchDevices') }))
    for (const u of units ?? []) names.set(u.uniqueId, u.name);
  return (uid) => names.get(uid) ?? null;
}

/** The channel's status in words: idle, collecting from whom, offline, upgrading (statusLabels otherwise). */
export function channelUseText(t: TFunction, channel: PickerChannel, use: ChannelUse, unitName?: UnitNameOf): string {
  if (use === 'own') return t('channels.picker.ownFeed');
  if (use === 'elsewhere') return t('channels.picker.elsewhere');
  if (channel.status === 'collecting') {
    const unit = feedingUnit(channel, unitName);
    return unit === null ? channelStatusLabel(t, channel.status) : t('channels.picker.collectingFrom', { unit });
  }
  return channelStatusLabel(t, channel.status);
}

/** The channel as the field shows it once chosen: its name and hub. */
export const channelLabel = (channel: Pick<PickerChannel, 'channelName' | 'serverName'>) =>
  channel.serverName === '' ? channel.channelName : `${channel.channelName} · ${channel.serverName}`;

const USE_COLOR = { free: 'green', own: 'blue', busy: 'red', offline: 'gray', upgrading: 'orange', elsewhere: 'gray' } as const satisfies Record<
  ChannelUse,
  string
>;

const isItem = (option: ComboboxParsedItem): option is ComboboxItem => 'value' in option;

/** The options whose name, hub or id holds every word of the search (case-insensitive), in list order. */
export function channelSearch(haystacks: ReadonlyMap<string, string>): OptionsFilter {
  return ({ options, search, limit }) => {
    const words = search
      .trim()
      .toLowerCase()
      .split(/\s+/)
      .filter((w) => w !== '' && w !== '·');
    const out: ComboboxParsedItem[] = [];
    for (const option of options) {
      if (out.length >= limit) break;
      if (!isItem(option)) continue;
      const hay = haystacks.get(option.value) ?? option.value.toLowerCase();
      if (words.every((w) => hay.includes(w))) out.push(option);
    }
    return out;
  };
}

export type ChannelPickerProps = Omit<
  SelectProps,
  'data' | 'value' | 'onChange' | 'filter' | 'renderOption' | 'limit' | 'searchable' | 'defaultValue' | 'nothingFoundMessage'
> & {
  /** The chosen channel's id ('' or null: none). */
  readonly value: string | null;
  readonly onChange: (channelId: string | null) => void;
  /** The unit the choice is for: the channel it feeds itself is free for it. */
  readonly forUnit?: string | null;
  /** That unit's inventories, when known: a channel of none of them cannot be taken by it (marked, refused). */
  readonly unitInventories?: readonly string[] | undefined;
  /** The choice does not use the channel now: busy and offline channels are marked, not refused. */
  readonly anyStatus?: boolean;
  /** The channels to choose from, when not every channel of the user (e.g. a group's); null while they load. */
  readonly channels?: readonly PickerChannel[] | null | undefined;
  'data-testid'?: string;
};

/** The user's channels (the list every picker shares), kept current over /ws. */
export function useUserChannels(enabled: boolean): readonly PickerChannel[] | undefined {
  const list = useEndpointQuery('fetchChannels', {}, { staleTime: Number.POSITIVE_INFINITY, enabled });
  return list.data?.channels;
}

export interface ChannelOptionsInput {
  readonly channels: readonly PickerChannel[] | undefined;
  readonly forUnit?: string | null | undefined;
  readonly unitInventories?: readonly string[] | undefined;
  readonly anyStatus: boolean;
  /** The chosen channels: one the list does not have still shows, by `notListed(id)`. */
  readonly chosen: readonly string[];
  readonly notListed: (id: string) => string;
}

/** The options of a channel choice: natural order of name then hub, each labelled by name and hub, the refused ones disabled; the search's haystacks. */
export function useChannelOptions({ channels, forUnit, unitInventories, anyStatus, chosen, notListed }: ChannelOptionsInput) {
  return useMemo(() => {
    const sorted = naturalSortBy(channels ?? [], (c) => `${c.channelName} ${c.serverName}`);
    const ids = new Map(sorted.map((c) => [c.channelId, c]));
    const items: ComboboxItem[] = sorted.map((c) => {
      const use = channelUse(c, forUnit, unitInventories);
      return {
        value: c.channelId,
        label: channelLabel(c),
        disabled: use === 'elsewhere' || (!anyStatus && (use === 'busy' || use === 'offline' || use === 'upgrading')),
      };
    });
    // A stored channel the list does not have (another inventory's, an external one) still shows what it is.
    const missing = chosen.filter((id) => !ids.has(id));
    items.unshift(...missing.map((id) => ({ value: id, label: notListed(id) })));
    const hay = new Map(sorted.map((c) => [c.channelId, `${c.channelName} ${c.serverName} ${c.channelId}`.toLowerCase()]));
    for (const id of missing) hay.set(id, `${notListed(id)} ${id}`.toLowerCase());
    return { data: items, byId: ids, haystacks: hay };
  }, [channels, forUnit, unitInventories, anyStatus, chosen, notListed]);
}

/** One option of a channel choice: name and status, hub and id, licence, and why it cannot be picked. */
export function ChannelOption({
  option,
  channel,
  forUnit,
  unitInventories,
  unitName,
  testId,
}: {
  readonly option: ComboboxItem;
  readonly channel: PickerChannel | undefined;
  readonly forUnit?: string | null | undefined;
  readonly unitInventories?: readonly string[] | undefined;
  readonly unitName: UnitNameOf;
  readonly testId: string | undefined;
}) {
  const { t } = useTranslation();
  if (channel === undefined) return <Text size="sm">{option.label}</Text>;
  const use = channelUse(channel, forUnit, unitInventories);
  const refused = option.disabled === true;
  return (
    <Stack
      gap={2}
      w="100%"
      miw={320}
      maw="calc(100vw - 32px)"
      data-testid={testId === undefined ? undefined : `${testId}-option`}
      data-channel={channel.channelId}
      data-use={use}
    >
      <Group gap={6} justify="space-between" wrap="nowrap">
        <Text size="sm" fw={500} truncate>
          {channel.channelName}
        </Text>
        <Badge size="xs" variant="light" color={USE_COLOR[use]} tt="none" style={{ flexShrink: 0 }}>
          {channelUseText(t, channel, use, unitName)}
        </Badge>
      </Group>
      <Group gap={6} wrap="nowrap">
        <Text size="xs" c="dimmed" truncate>
          {channel.serverName} · {channel.channelId}
        </Text>
        {channel.supportedByUnit ? (
          <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
            · {t('channels.picker.licensed')}
          </Text>
        ) : (
          <Badge size="xs" variant="outline" color="yellow" style={{ flexShrink: 0 }}>
            {t('channels.picker.unlicensed')}
          </Badge>
        )}
      </Group>
      {refused && (
        <Text size="xs" c="dimmed" data-testid={testId === undefined ? undefined : `${testId}-reason`}>
          {t(`channels.picker.why.${use === 'offline' || use === 'upgrading' || use === 'elsewhere' ? use : 'busy'}`)}
        </Text>
      )}
    </Stack>
  );
}

export function ChannelPicker({ value, onChange, forUnit, unitInventories, anyStatus = false, channels: given, ...props }: ChannelPickerProps) {
  const { t } = useTranslation();
  const unitName = useCachedUnitNames();
  const own = useUserChannels(given === undefined);
  const channels = given === undefined ? own : (given ?? undefined);
  const chosen = value === null || value.trim() === '' ? null : value.trim();
  const chosenList = useMemo(() => (chosen === null ? [] : [chosen]), [chosen]);
  const notListed = useCallback((id: string) => t('channels.picker.notListed', { id }), [t]);
  const { data, byId, haystacks } = useChannelOptions({ channels, forUnit, unitInventories, anyStatus, chosen: chosenList, notListed });
  const filter = useMemo(() => channelSearch(haystacks), [haystacks]);
  // The search is held here so that picking the chosen channel again shows its name again (Select
  // resets its own search only when the value changes).
  const [search, setSearch] = useState('');
  const testId = props['data-testid'];

  return (
    <Select
      // As wide as an option needs (name, hub, id, licence on two lines), at least the field's width.
      comboboxProps={{ withinPortal: true, width: 'max-content', position: 'bottom-start' }}
      maxDropdownHeight={360}
      // Picking the chosen channel again keeps it (clearing is the clear button's, where offered).
      allowDeselect={false}
      {...props}
      searchable
      data={data}
      value={chosen}
      onChange={(next) => onChange(next)}
      searchValue={search}
      onSearchChange={setSearch}
      onOptionSubmit={(picked) => setSearch(data.find((item) => item.value === picked)?.label ?? '')}
      filter={filter}
      limit={SHOWN}
      nothingFoundMessage={channels === undefined ? t('common.loading') : t('channels.picker.nothingFound')}
      renderOption={({ option }) => (
        <ChannelOption
          option={option}
          channel={byId.get(option.value)}
          forUnit={forUnit}
          unitInventories={unitInventories}
          unitName={unitName}
          testId={testId}
        />
      )}
    />
  );
}
