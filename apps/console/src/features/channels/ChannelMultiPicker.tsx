/**
 * Several channels chosen at once (a share's channels): the channel picker's options (name, hub,
 * status by label, licence; natural order; searched by name, hub or id) in a multi-select. A
 * channel offered or chosen that the channel list does not have shows by its stored name
 * (`others`), a chosen one without a name by its id.
 */
import { useCallback, useMemo } from 'react';
import { type MultiSelectProps } from '@mantine/core';
import { MultiSelect } from '../../components/MultiSelect';
import { useTranslation } from 'react-i18next';
import { ChannelOption, channelSearch, useCachedUnitNames, useChannelOptions, type PickerChannel } from './ChannelPicker';

/** Options shown at once (the search finds the others). */
const SHOWN = 50;

export type ChannelMultiPickerProps = Omit<
  MultiSelectProps,
  'data' | 'value' | 'onChange' | 'filter' | 'renderOption' | 'limit' | 'searchable' | 'defaultValue' | 'nothingFoundMessage'
> & {
  /** The chosen channels' ids. */
  readonly value: readonly string[];
  readonly onChange: (channelIds: string[]) => void;
  /** The channels to choose from; undefined while they load. */
  readonly channels: readonly PickerChannel[] | undefined;
  /** Channels offered that the list may not have, by their stored names (shown plainly). */
  readonly others?: ReadonlyMap<string, string>;
  /** The choice does not use the channels now (a share): busy and offline ones are marked, not refused. */
  readonly anyStatus?: boolean;
  'data-testid'?: string;
};

export function ChannelMultiPicker({ value, onChange, channels, others, anyStatus = true, ...props }: ChannelMultiPickerProps) {
  const { t } = useTranslation();
  const unitName = useCachedUnitNames();
  const notListed = useCallback((id: string) => others?.get(id) ?? t('channels.picker.notListed', { id }), [others, t]);
  const chosen = useMemo(() => [...value], [value]);
  const offered = useMemo(() => [...new Set([...value, ...(others?.keys() ?? [])])], [value, others]);
  const { data, byId, haystacks } = useChannelOptions({ channels, anyStatus, chosen: offered, notListed });
  const filter = useMemo(() => channelSearch(haystacks), [haystacks]);
  const testId = props['data-testid'];
  return (
    <MultiSelect
      comboboxProps={{ withinPortal: true, width: 'max-content', position: 'bottom-start' }}
      maxDropdownHeight={360}
      {...props}
      searchable
      data={data}
      value={chosen}
      onChange={onChange}
      filter={filter}
      limit={SHOWN}
      nothingFoundMessage={channels === undefined ? t('common.loading') : t('channels.picker.nothingFound')}
      renderOption={({ option }) => <ChannelOption option={option} channel={byId.get(option.value)} unitName={unitName} testId={testId} />}
    />
  );
}
