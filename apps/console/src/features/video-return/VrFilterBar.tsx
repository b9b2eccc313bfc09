import { Button, Group, TextInput } from '@mantine/core';
import { MultiSelect } from '../../components/MultiSelect';
import { useTranslation } from 'react-i18next';
import { VR_CHANNEL_STATUSES, VR_INPUT_TYPES } from '@fleet/contracts';
import type { VrChannelStatus } from '@fleet/contracts';
import type { VrInputType, VrListFilters } from './vrFilters';
import { vrChannelStatusLabel } from '../../lib/statusLabels';

interface VrFilterBarProps {
  readonly filters: VrListFilters;
  readonly onChange: (filters: VrListFilters) => void;
  readonly onReset: () => void;
}

/** The /video_return filters: search, status, input type (kept in preferences). */
export function VrFilterBar({ filters, onChange, onReset }: VrFilterBarProps) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" data-testid="vr-filters">
      <TextInput
        label={t('videoReturn.filters.search')}
        placeholder={t('videoReturn.filters.searchPlaceholder')}
        value={filters.search}
        onChange={(e) => onChange({ ...filters, search: e.currentTarget.value })}
        data-testid="vr-filter-search"
        w={260}
      />
      <MultiSelect
        label={t('videoReturn.filters.statuses')}
        data={VR_CHANNEL_STATUSES.map((s) => ({ value: s, label: vrChannelStatusLabel(t, s) }))}
        value={[...filters.statuses]}
        onChange={(value) => onChange({ ...filters, statuses: value as VrChannelStatus[] })}
        clearable
        data-testid="vr-filter-status"
        w={260}
      />
      <MultiSelect
        label={t('videoReturn.filters.inputTypes')}
        data={VR_INPUT_TYPES.map((s) => ({ value: s, label: t(`videoReturn.inputTypes.${s}`) }))}
        value={[...filters.inputTypes]}
        onChange={(value) => onChange({ ...filters, inputTypes: value as VrInputType[] })}
        clearable
        data-testid="vr-filter-input"
        w={220}
      />
      <Button variant="default" onClick={onReset} data-testid="vr-filters-reset">
        {t('videoReturn.filters.reset')}
      </Button>
    </Group>
  );
}
