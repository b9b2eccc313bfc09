/**
 * A channel field of the unit area (the camera tab's channel, the multi-camera channel, the
 * switcher's high quality and proxy channels): the calls take a channel id, and any id may be
 * typed (a channel the list does not have ends External, spec 000 §4), but the suggestions are the
 * user's channels by name (matched by name or id, at most 50 shown) and the field names the
 * channel its value is (channel names instead of ids in the unit area).
 */
import { useMemo } from 'react';
import { Autocomplete, Group, Text } from '@mantine/core';
import type { AutocompleteProps, ComboboxItem, ComboboxParsedItem, OptionsFilter } from '@mantine/core';
import { useEndpointQuery } from '../../api/hooks';
import { MutedText } from '../../kit/MutedText';

/** Suggestions shown at once (the list may hold 10,000 channels). */
const SUGGESTIONS = 50;

const isItem = (option: ComboboxParsedItem): option is ComboboxItem => 'value' in option;

/** The options whose id or name holds the search (case-insensitive), in list order. */
export function channelOptionFilter(names: ReadonlyMap<string, string>): OptionsFilter {
  return ({ options, search, limit }) => {
    const q = search.trim().toLowerCase();
    const out: ComboboxParsedItem[] = [];
    for (const option of options) {
      if (out.length >= limit) break;
      if (!isItem(option)) continue;
      if (q === '' || option.value.toLowerCase().includes(q) || (names.get(option.value) ?? '').toLowerCase().includes(q)) out.push(option);
    }
    return out;
  };
}

export type ChannelIdInputProps = Omit<AutocompleteProps, 'data' | 'filter' | 'renderOption' | 'limit' | 'onChange' | 'value'> & {
  readonly value: string;
  readonly onChange: (channelId: string) => void;
};

export function ChannelIdInput({ value, onChange, description, ...props }: ChannelIdInputProps) {
  const list = useEndpointQuery('fetchChannels', {}, { staleTime: Number.POSITIVE_INFINITY });
  const channels = list.data?.channels;
  const names = useMemo(() => new Map((channels ?? []).map((c) => [c.channelId, c.channelName])), [channels]);
  const data = useMemo(() => [...names.keys()], [names]);
  const filter = useMemo(() => channelOptionFilter(names), [names]);
  const typed = names.get(value.trim());
  return (
    <Autocomplete
      {...props}
      value={value}
      onChange={onChange}
      data={data}
      filter={filter}
      limit={SUGGESTIONS}
      renderOption={({ option }) => (
        <Group gap={6} wrap="nowrap">
          <Text size="sm">{names.get(option.value) ?? option.value}</Text>
          <MutedText size="xs">{option.value}</MutedText>
        </Group>
      )}
      // The typed id's channel by name; otherwise the caller's description.
      description={typed !== undefined && typed !== '' && typed !== value.trim() ? typed : description}
    />
  );
}
