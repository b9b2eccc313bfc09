/** The unit list's filter panel (spec 000 §2 filters; logic and readings in filters.ts). */
import { memo, useMemo } from 'react';
import { Button, Group, type MultiSelectProps, SegmentedControl, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { Select } from '../../components/Pickers';
import { MultiSelect } from '../../components/MultiSelect';
import { useTranslation } from 'react-i18next';
import { TRANSMISSION_MODES, UNIT_STATUSES, UNIT_TYPE_GROUPS, WORKING_MODES } from '@fleet/contracts';
import type { UnitStatus, UnitTypeGroup } from '@fleet/contracts';
import { ALERT_FILTERS, BUCKET_FILTERS, MODE_VALUES, MODIFIED_KINDS, MODIFIED_UNITS, PLAYING_STATES, validateModified } from './filters';
import type { AlertFilter, BucketFilter, ModeValue, ModifiedError, ModifiedFilter, ModifiedKind, ModifiedUnit, PlayingState, UnitListFilters } from './filters';
import { StrongText } from '../../kit/MutedText';
import { unitStatusLabel } from '../../lib/statusLabels';

interface UnitFiltersProps {
  readonly filters: UnitListFilters;
  readonly onChange: (filters: UnitListFilters) => void;
  readonly onReset: () => void;
}

const isOneOf =
  <T extends string>(values: readonly T[]) =>
  (value: string | null): value is T =>
    value !== null && (values as readonly string[]).includes(value);

function useErrorText(): (error: ModifiedError | undefined) => string | undefined {
  const { t } = useTranslation();
  return (error) => {
    if (!error) return undefined;
    if (error.field === 'to') return t('unitList.validation.rangeOrder');
    switch (error.kind) {
      case 'required':
        return t('unitList.validation.required');
      case 'integer':
        return t('unitList.validation.integer');
      case 'min':
        return t('unitList.validation.min', { limit: error.limit ?? 1 });
      case 'max':
        return t('unitList.validation.max', { limit: error.limit ?? 0 });
    }
  };
}

/** One end of the modified-date range (`from` or `to`): a date field writing its end of the filter. */
function ModifiedDateInput({
  bound,
  value,
  onChange,
  error,
}: {
  readonly bound: 'from' | 'to';
  readonly value: ModifiedFilter;
  readonly onChange: (next: ModifiedFilter) => void;
  readonly error?: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <TextInput
      size="xs"
      type="date"
      label={bound === 'from' ? t('unitList.filters.modifiedFrom') : t('unitList.filters.modifiedTo')}
      data-testid={`unit-filter-modified-${bound}`}
      value={value[bound]}
      onChange={(event) => onChange({ ...value, [bound]: event.currentTarget.value })}
      error={error}
      errorProps={error === undefined ? undefined : { 'data-testid': 'unit-filter-modified-error' }}
    />
  );
}

function ModifiedFields({ value, onChange }: { value: ModifiedFilter; onChange: (next: ModifiedFilter) => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const errors = validateModified(value);
  const amountError = errorText(errors.find((e) => e.field === 'amount'));
  const toError = errorText(errors.find((e) => e.field === 'to'));
  return (
    <Stack gap={6}>
      <StrongText>{t('unitList.filters.modified')}</StrongText>
      <SegmentedControl
        size="xs"
        data-testid="unit-filter-modified-kind"
        value={value.kind}
        onChange={(kind) => isOneOf<ModifiedKind>(MODIFIED_KINDS)(kind) && onChange({ ...value, kind })}
        data={MODIFIED_KINDS.map((kind) => ({ value: kind, label: t(`unitList.filters.modifiedKinds.${kind}`) }))}
      />
      {value.kind === 'last' && (
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            size="xs"
            w={110}
            inputMode="numeric"
            aria-label={t('unitList.filters.modifiedAmount')}
            data-testid="unit-filter-modified-amount"
            value={value.amount}
            onChange={(event) => onChange({ ...value, amount: event.currentTarget.value })}
            error={amountError}
            errorProps={{ 'data-testid': 'unit-filter-modified-error' }}
          />
          <Select
            size="xs"
            w={110}
            aria-label={t('unitList.filters.modifiedUnit')}
            data-testid="unit-filter-modified-unit"
            allowDeselect={false}
            value={value.unit}
            onChange={(unit) => isOneOf<ModifiedUnit>(MODIFIED_UNITS)(unit) && onChange({ ...value, unit })}
            data={MODIFIED_UNITS.map((unit) => ({ value: unit, label: t(`unitList.filters.modifiedUnits.${unit}`) }))}
          />
        </Group>
      )}
      {value.kind === 'range' && (
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <ModifiedDateInput bound="from" value={value} onChange={onChange} />
          <ModifiedDateInput bound="to" value={value} onChange={onChange} error={toError} />
        </Group>
      )}
    </Stack>
  );
}

export const UnitFilters = memo(function UnitFilters({ filters, onChange, onReset }: UnitFiltersProps) {
  const { t } = useTranslation();
  const statusData = useMemo(() => UNIT_STATUSES.map((s) => ({ value: s, label: unitStatusLabel(t, s) })), [t]);
  const typeData = useMemo(() => UNIT_TYPE_GROUPS.map((g) => ({ value: g, label: t(`units.typeGroups.${g}`) })), [t]);
  const modeData = useMemo(
    () => [
      {
        group: t('unitList.filters.modeGroups.transmission'),
        items: TRANSMISSION_MODES.map((m) => ({ value: `transmission:${m}`, label: t(`unitList.transmissionModes.${m}`) })),
      },
      {
        group: t('unitList.filters.modeGroups.working'),
        items: WORKING_MODES.map((m) => ({ value: `working:${m}`, label: t(`unitList.workingModes.${m}`) })),
      },
    ],
    [t],
  );
  const set = (patch: Partial<UnitListFilters>) => onChange({ ...filters, ...patch });
  /** A filter of several values (`unit-filter-<name>`): "Any" while none is chosen. */
  const multi = (name: 'status' | 'type' | 'mode', data: MultiSelectProps['data'], value: readonly string[], onValues: (values: string[]) => void) => (
    <MultiSelect
      size="xs"
      label={t(`unitList.filters.${name}`)}
      placeholder={value.length === 0 ? t('unitList.filters.any') : undefined}
      data-testid={`unit-filter-${name}`}
      data={data}
      value={[...value]}
      onChange={onValues}
      clearable
    />
  );

  return (
    <Stack gap="sm" data-testid="unit-filters">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm" verticalSpacing="xs">
        <TextInput
          size="xs"
          label={t('unitList.filters.text')}
          placeholder={t('unitList.filters.textPlaceholder')}
          data-testid="unit-filter-text"
          value={filters.text}
          onChange={(event) => set({ text: event.currentTarget.value })}
        />
        {multi('status', statusData, filters.statuses, (values) => set({ statuses: values.filter(isOneOf<UnitStatus>(UNIT_STATUSES)) }))}
        {multi('type', typeData, filters.typeGroups, (values) => set({ typeGroups: values.filter(isOneOf<UnitTypeGroup>(UNIT_TYPE_GROUPS)) }))}
        {multi('mode', modeData, filters.modes, (values) => set({ modes: values.filter(isOneOf<ModeValue>(MODE_VALUES)) }))}
      </SimpleGrid>
      <Group gap="lg" align="flex-end" wrap="wrap">
        <Stack gap={6}>
          <StrongText>{t('unitList.filters.playing')}</StrongText>
          <SegmentedControl
            size="xs"
            data-testid="unit-filter-playing"
            value={filters.playing}
            onChange={(playing) => isOneOf<PlayingState>(PLAYING_STATES)(playing) && set({ playing })}
            data={PLAYING_STATES.map((p) => ({ value: p, label: t(`unitList.filters.playingStates.${p}`) }))}
          />
        </Stack>
        <Select
          size="xs"
          w={170}
          label={t('unitList.filters.bucket')}
          data-testid="unit-filter-bucket"
          allowDeselect={false}
          value={filters.bucket}
          onChange={(bucket) => isOneOf<BucketFilter>(BUCKET_FILTERS)(bucket) && set({ bucket })}
          data={BUCKET_FILTERS.map((value) => ({ value, label: t(`unitList.filters.buckets.${value}`) }))}
        />
        <Select
          size="xs"
          w={170}
          label={t('unitList.filters.alerts')}
          data-testid="unit-filter-alerts"
          allowDeselect={false}
          value={filters.alerts}
          onChange={(alerts) => isOneOf<AlertFilter>(ALERT_FILTERS)(alerts) && set({ alerts })}
          data={ALERT_FILTERS.map((a) => ({ value: a, label: t(`unitList.filters.alertFilters.${a}`) }))}
        />
        <ModifiedFields value={filters.modified} onChange={(modified) => set({ modified })} />
        <Button size="xs" variant="subtle" onClick={onReset} data-testid="unit-filters-reset">
          {t('unitList.filters.reset')}
        </Button>
      </Group>
    </Stack>
  );
});
