/**
 * /usage_profiles (spec 001 §2, §3 Usage profile, §5 rules), declared on the resource kit: the
 * profiles one of the user's inventories may use (its own and the global ones), with the
 * inventory's units on each, kept current over /ws; create and edit (the §5 rules and the name
 * unique among the profiles listed, inline before anything is sent), delete with a confirmation
 * (the core's refusals of default and used profiles shown), and putting units of the inventory on
 * a profile. The route is for MANAGE_ROLES, who may also write; global profiles (the defaults) are
 * edited by global roles only, so others see no edit or delete on them.
 */
import { useMemo, useState } from 'react';
import { Badge, Button, Group, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { USAGE_PROFILE_SORT_KEYS, USAGE_PROFILE_TYPES, type UsageProfile, type UsageProfileType } from '@fleet/contracts';
import { defineResource, numberOf, op, RowButtonsPage, searchQuery, versionedUpdate, StrongText, type CustomFieldProps, type Field } from '../../kit';
import { useUserRoles } from '../../kit/access';
import { picksAmongAllInventories } from '../../shell/scope';
import { InventoryScreen } from '../audio-rooms/InventoryPicker';
import AssignUnitsModal from './AssignUnitsModal';
import { formErrors, initialValues, quotaLabel, type UsageProfileFormValues } from './usageProfileForm';
import { enumLabel } from '../../lib/tolerant';

/** Data or hours, side by side. */
function TypeField({ form, label, testId, readOnly }: CustomFieldProps<UsageProfileFormValues>) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <StrongText>{label}</StrongText>
      <SegmentedControl
        value={form.values.type}
        onChange={(type) => form.set({ type: type as UsageProfileType })}
        data={USAGE_PROFILE_TYPES.map((type) => ({ value: type, label: t(`usageProfiles.types.${type}`) }))}
        disabled={readOnly}
        data-testid={testId}
      />
    </Stack>
  );
}

/** The quota, labelled with the type's unit. */
function QuotaField({ form, testId, error, readOnly }: CustomFieldProps<UsageProfileFormValues>) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={form.values.type === 'data' ? t('usageProfiles.fields.quotaData') : t('usageProfiles.fields.quotaHours')}
      withAsterisk
      inputMode="numeric"
      value={form.values.quotaPerMonth}
      onChange={(e) => form.set({ quotaPerMonth: e.currentTarget.value })}
      error={error('quotaPerMonth')}
      disabled={readOnly}
      data-testid={testId}
    />
  );
}

const FIELDS: readonly Field<UsageProfileFormValues>[] = [
  { name: 'name', kind: 'text', label: 'usageProfiles.fields.name', required: true },
  { name: 'type', kind: 'custom', label: 'usageProfiles.fields.type', render: TypeField },
  { name: 'quotaPerMonth', kind: 'custom', label: 'usageProfiles.fields.quotaData', testId: 'quota', render: QuotaField },
  {
    name: 'resetDay',
    kind: 'number',
    label: 'usageProfiles.fields.resetDay',
    description: 'usageProfiles.fields.resetDayHint',
    required: true,
    testId: 'reset-day',
  },
];

/** The create/update body: the rules passed, so both numbers are there. */
const body = (v: UsageProfileFormValues) => ({ name: v.name.trim(), type: v.type, quotaPerMonth: numberOf(v.quotaPerMonth), resetDay: numberOf(v.resetDay) });

/** Who is on which profile changed too: the assignment picker reads again when next opened. */

function usageProfileResource(inventoryId: string) {
  return defineResource<UsageProfile, UsageProfile, UsageProfileFormValues>({
    testId: 'usage-profile',
    titles: { new: 'usageProfiles.create.title', edit: 'usageProfiles.edit.title', noun: 'usageProfiles.noun' },
    rowKey: (p) => p.id,
    label: (p) => p.name,
    list: {
      op: op('listInventoryUsageProfiles', (view) => ({ params: { id: inventoryId }, query: searchQuery(view, ['name'], USAGE_PROFILE_SORT_KEYS) })),
      searchKeys: ['name'],
    },
    columns: (t) => [
      { id: 'name', header: t('usageProfiles.columns.name'), sortKey: 'name', render: (p) => <ProfileName profile={p} /> },
      { id: 'type', header: t('usageProfiles.columns.type'), sortKey: 'type', cellTestId: true, render: (p) => enumLabel(t, 'usageProfiles.types', p.type) },
      {
        id: 'quota',
        header: t('usageProfiles.columns.quota'),
        sortKey: 'quotaPerMonth',
        cellTestId: true,
        render: (p) => quotaLabel(p, { gb: t('usageProfiles.units.gb'), hours: t('usageProfiles.units.hours') }),
      },
      { id: 'reset', header: t('usageProfiles.columns.resetDay'), sortKey: 'resetDay', cellTestId: true, render: (p) => p.resetDay },
      { id: 'units', header: t('usageProfiles.columns.units'), cellTestId: true, render: (p) => p.unitCount },
    ],
    form: { fields: FIELDS, initial: initialValues, check: (values, profile, listed) => formErrors(values, listed ?? [], profile?.id ?? null) },
    create: op('createUsageProfile', (v: UsageProfileFormValues) => ({ params: { id: inventoryId }, body: body(v) })),
    update: versionedUpdate('updateUsageProfile', body),
    remove: op('deleteUsageProfile', (p: UsageProfile) => ({ params: { id: p.id } })),
  });
}

function ProfileName({ profile: p }: { readonly profile: UsageProfile }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs">
      <span data-testid={`usage-profile-name-${p.id}`}>{p.name}</span>
      {p.isDefault && (
        <Badge size="xs" variant="light" data-testid={`usage-profile-default-${p.id}`}>
          {t('usageProfiles.default')}
        </Badge>
      )}
      {p.inventoryId == null && !p.isDefault && (
        <Badge size="xs" variant="outline" color="gray">
          {t('usageProfiles.global')}
        </Badge>
      )}
    </Group>
  );
}

function InventoryProfiles({ inventoryId }: { readonly inventoryId: string }) {
  const { t } = useTranslation();
  const global = picksAmongAllInventories(useUserRoles());
  const resource = useMemo(() => usageProfileResource(inventoryId), [inventoryId]);
  // The assignment dialog: on no profile yet (the header's button) or on a row's.
  const [assigning, setAssigning] = useState<{ readonly profileId: string | null } | null>(null);
  return (
    <RowButtonsPage
      key={inventoryId}
      resource={resource}
      addTestId="usage-profiles-create"
      toolbar={
        <Button variant="light" onClick={() => setAssigning({ profileId: null })} data-testid="usage-profiles-assign">
          {t('usageProfiles.actions.assign')}
        </Button>
      }
      rowActions={(p) => (
        <Button size="compact-sm" variant="light" onClick={() => setAssigning({ profileId: p.id })} data-testid={`usage-profile-assign-${p.id}`}>
          {t('usageProfiles.actions.assignShort')}
        </Button>
      )}
      rowWritable={(p) => p.inventoryId != null || global}
      rowData={(p) => ({ 'data-name': p.name })}
      deleteQuestion={(p) => t('usageProfiles.delete.question', { name: p.name })}
      emptyText={(view) => (view.searchValue.trim() === '' ? t('usageProfiles.empty') : t('usageProfiles.noMatch'))}
    >
      {assigning !== null && <AssignUnitsModal inventoryId={inventoryId} initialProfileId={assigning.profileId} onClose={() => setAssigning(null)} />}
    </RowButtonsPage>
  );
}

export default function UsageProfilesPage() {
  const { t } = useTranslation();
  return (
    <InventoryScreen
      testId="usage-profiles"
      title={t('routes.usageProfiles')}
      pickerLabel={t('usageProfiles.inventory')}
      noInventory={t('usageProfiles.noInventory')}
    >
      {(inventoryId) => <InventoryProfiles inventoryId={inventoryId} />}
    </InventoryScreen>
  );
}
