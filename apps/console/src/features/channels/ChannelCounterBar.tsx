import { useTranslation } from 'react-i18next';
import type { ChannelCounters } from '@fleet/contracts';
import { CounterButtons } from '../../components/CounterButtons';
import { CHANNEL_COUNTERS } from './channelFilters';
import type { ChannelCounterName } from './channelFilters';

interface ChannelCounterBarProps {
  readonly counters: ChannelCounters;
  readonly isActive: (counter: ChannelCounterName) => boolean;
  readonly onCounterClick: (counter: ChannelCounterName) => void;
}

/**
 * The channel counters of spec 001 §3 over every listed channel, each a filter button
 * (`channel-counter-button-<name>`, the number `channel-counter-<name>`; pressed while it is the filter).
 */
export function ChannelCounterBar({ counters, isActive, onCounterClick }: ChannelCounterBarProps) {
  const { t } = useTranslation();
  return (
    <CounterButtons
      names={CHANNEL_COUNTERS}
      counts={counters}
      label={(name) => t(`channels.counters.${name}`)}
      title={(name) => t('channels.counterFilter', { counter: t(`channels.counters.${name}`) })}
      isActive={isActive}
      onClick={onCounterClick}
      testIdPrefix="channel-counter"
    />
  );
}
