import { Badge, Button, Collapse, Group, Paper, SimpleGrid, TextInput } from '@mantine/core';
import { Select } from '../../components/Pickers';
import { useTranslation } from 'react-i18next';
import { activeFilterCount, DATE_RANGES, TRANSFER_FILTERS } from './fileFilters';
import type { DateRange, FilesFilters, TransferFilter } from './fileFilters';
import type { Option } from '../../kit/formRules';

export interface FilesFilterBarProps {
  readonly filters: FilesFilters;
  readonly groupId: string | null;
  readonly groups: readonly Option[];
  readonly channels: readonly Option[];
  readonly units: readonly Option[];
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  readonly onChange: (patch: Partial<FilesFilters>) => void;
  readonly onReset: () => void;
}

/** The Files grid's filters: group, channel, unit, name, date range, transferring (spec 000 §2). */
export function FilesFilterBar({ filters, groupId, groups, channels, units, open, onOpenChange, onChange, onReset }: FilesFilterBarProps) {
  const { t } = useTranslation();
  const active = activeFilterCount(filters);
  const pick = (name: 'channelId' | 'unitId', label: 'channel' | 'unit', options: readonly Option[]) => (
    <Select
      label={t(`files.filters.${label}`)}
      placeholder={t('files.filters.any')}
      data={[...options]}
      value={filters[name]}
      onChange={(value) => onChange({ [name]: value })}
      clearable
      data-testid={`files-filter-${label}`}
    />
  );
  return (
    <Paper withBorder p="sm" radius="md" data-testid="files-filters">
      <Group justify="space-between" gap="sm">
        <Group gap="sm">
          <Button variant="light" onClick={() => onOpenChange(!open)} aria-expanded={open} data-testid="files-filters-toggle" data-open={String(open)}>
            {t('files.filters.toggle')}
          </Button>
          {active > 0 && (
            <Badge variant="light" data-testid="files-filters-active">
              {t('files.filters.active', { count: active })}
            </Badge>
          )}
        </Group>
        <Group gap="sm">
          <Select
            aria-label={t('files.filters.group')}
            placeholder={t('files.filters.group')}
            data={[...groups]}
            value={groupId}
            onChange={(value) => {
              if (value !== null) onChange({ groupId: value, channelId: null, unitId: null });
            }}
            allowDeselect={false}
            w={220}
            data-testid="files-filter-group"
          />
          <TextInput
            aria-label={t('files.filters.search')}
            placeholder={t('files.filters.searchPlaceholder')}
            value={filters.search}
            onChange={(event) => onChange({ search: event.currentTarget.value })}
            w={240}
            data-testid="files-filter-search"
          />
        </Group>
      </Group>
      <Collapse expanded={open}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} mt="sm" data-testid="files-filters-panel">
          {pick('channelId', 'channel', channels)}
          {pick('unitId', 'unit', units)}
          <Select
            label={t('files.filters.date')}
            data={DATE_RANGES.map((value) => ({ value, label: t(`files.filters.dates.${value}`) }))}
            value={filters.date}
            onChange={(value) => onChange({ date: (value ?? 'all') as DateRange })}
            allowDeselect={false}
            data-testid="files-filter-date"
          />
          <Select
            label={t('files.filters.transfer')}
            data={TRANSFER_FILTERS.map((value) => ({ value, label: t(`files.filters.transfers.${value}`) }))}
            value={filters.transfer}
            onChange={(value) => onChange({ transfer: (value ?? 'all') as TransferFilter })}
            allowDeselect={false}
            data-testid="files-filter-transfer"
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="sm">
          <Button variant="subtle" onClick={onReset} disabled={active === 0} data-testid="files-filters-reset">
            {t('files.filters.reset')}
          </Button>
        </Group>
      </Collapse>
    </Paper>
  );
}
