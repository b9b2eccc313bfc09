import { Button, Group, TextInput } from '@mantine/core';
import { Select } from '../../components/Pickers';
import { MultiSelect } from '../../components/MultiSelect';
import { useTranslation } from 'react-i18next';
import { CHANNEL_STATUSES, CHANNEL_TYPES } from '@fleet/contracts';
import type { ChannelStatus, ChannelType } from '@fleet/contracts';
import { CHANNEL_MARKS } from './channelFilters';
import type { ChannelListFilters, ChannelMark } from './channelFilters';
import type { Option } from '../../kit/formRules';
import { channelStatusLabel } from '../../lib/statusLabels';

interface ChannelFilterBarProps {
  readonly filters: ChannelListFilters;
  readonly onChange: (filters: ChannelListFilters) => void;
  readonly onReset: () => void;
  /** `group:<id>` / `inventory:<id>` choices of the user's groups and inventories. */
  readonly scopes: readonly Option[];
}

/** The /channels filters: search, status, type, marks, group or inventory (kept in preferences). */
export function ChannelFilterBar({ filters, onChange, onReset, scopes }: ChannelFilterBarProps) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" data-testid="channel-filters">
      <TextInput
        label={t('channels.filters.search')}
        placeholder={t('channels.filters.searchPlaceholder')}
        value={filters.text}
        onChange={(e) => onChange({ ...filters, text: e.currentTarget.value })}
        data-testid="channel-filter-search"
        w={220}
      />
      <MultiSelect
        label={t('channels.filters.status')}
        data={CHANNEL_STATUSES.map((s) => ({ value: s, label: channelStatusLabel(t, s) }))}
        value={[...filters.statuses]}
        onChange={(value) => onChange({ ...filters, statuses: value as ChannelStatus[] })}
        clearable
        data-testid="channel-filter-status"
        w={260}
      />
      <MultiSelect
        label={t('channels.filters.type')}
        data={CHANNEL_TYPES.map((s) => ({ value: s, label: t(`channels.types.${s}`) }))}
        value={[...filters.types]}
        onChange={(value) => onChange({ ...filters, types: value as ChannelType[] })}
        clearable
        data-testid="channel-filter-type"
        w={220}
      />
      <MultiSelect
        label={t('channels.filters.marks')}
        data={CHANNEL_MARKS.map((s) => ({ value: s, label: t(`channels.counters.${s}`) }))}
        value={[...filters.marks]}
        onChange={(value) => onChange({ ...filters, marks: value as ChannelMark[] })}
        clearable
        data-testid="channel-filter-marks"
        w={220}
      />
      <Select
        label={t('channels.filters.scope')}
        placeholder={t('channels.filters.allScopes')}
        data={scopes.map((s) => ({ value: s.value, label: s.label }))}
        value={filters.scope}
        onChange={(value) => onChange({ ...filters, scope: value })}
        clearable
        searchable
        data-testid="channel-filter-scope"
        w={240}
      />
      <Button variant="default" onClick={onReset} data-testid="channel-filters-reset">
        {t('channels.filters.reset')}
      </Button>
    </Group>
  );
}
