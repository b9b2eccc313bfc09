/**
 * Support staff's record of the unit in one of its inventories (spec 000 §7 "internal
 * inventory-unit-details", PUT internal/inventory-unit-details; §3 ownership values): the
 * ownership and, for users who may read the inventory's usage profiles, the usage profile (its
 * own or a global one). Saved with the unit's version read; a concurrent change answers the
 * catalogue's conflict text. A declaration of the kit's fields, checked with the call's schema.
 */
import { useMemo } from 'react';
import { Loader, Stack, Text } from '@mantine/core';
import { Select } from '../../components/Pickers';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { InventoryUnitDetailsBody, OWNERSHIP_VALUES } from '@fleet/contracts';
import type { UnitDetail } from '@fleet/contracts';
import { endpointKey, useEndpointQuery } from '../../api/hooks';
import { useForm } from '../../lib/forms/useForm';
import { ErrorAlert, FormPanel, schemaCheck, useCanCall, useToastMutation, type CustomFieldProps, type Field } from '../../kit';
import { unitActionModal } from '../../kit/unitActionModal';

interface Values {
  readonly inventoryId: string | null;
  readonly ownership: string | null;
  readonly usageProfileId: string | null;
}

/** The call's body from the form: the usage profile only when the user could choose one. */
function bodyOf(unit: UnitDetail, values: Values, withProfile: boolean) {
  return {
    id: unit.uniqueId,
    inventoryId: values.inventoryId ?? '',
    ownership: values.ownership,
    ...(withProfile ? { usageProfileId: values.usageProfileId } : {}),
    version: unit.version,
  };
}

function InventoryDetailsForm({ unit, onClose }: { readonly unit: UnitDetail; readonly onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const inventories = useEndpointQuery('getAdminUnitInventories', { params: { id: unit.uniqueId } });
  const canProfiles = useCanCall('listInventoryUsageProfiles');
  const initial: Values = { inventoryId: unit.inventoryIds[0] ?? null, ownership: unit.ownership, usageProfileId: unit.usageProfileId };

  const fields = useMemo((): Field<Values>[] => {
    const inventoryOptions = (inventories.data ?? []).map((i) => ({ value: i.id, label: i.name }));
    return [
      { kind: 'select', name: 'inventoryId', label: 'unitActions.inventoryDetails.inventory', required: true, options: () => inventoryOptions },
      {
        kind: 'select',
        name: 'ownership',
        label: 'unitActions.inventoryDetails.ownership',
        required: true,
        options: (tr) => OWNERSHIP_VALUES.map((o) => ({ value: o, label: tr(`unitActions.inventoryDetails.ownerships.${o}`) })),
      },
      { kind: 'custom', name: 'usageProfileId', label: 'unitActions.inventoryDetails.usageProfile', when: () => canProfiles, render: UsageProfileField },
    ];
  }, [inventories.data, canProfiles]);
  const check = useMemo(
    () => schemaCheck(fields, InventoryUnitDetailsBody, (values: Values) => bodyOf(unit, values, canProfiles)),
    [fields, unit, canProfiles],
  );
  const form = useForm(initial, check);
  const save = useToastMutation('updateInventoryUnitDetails', {
    success: (saved) => {
      const inventory = inventories.data?.find((i) => i.id === saved.inventoryId)?.name ?? saved.inventoryId;
      return t('unitActions.inventoryDetails.saved', { name: unit.name, inventory });
    },
    onSuccess: () => {
      form.saved();
      // The detail carries the ownership, the usage profile and the version.
      void queryClient.invalidateQueries({ queryKey: endpointKey('getUnit', { params: { id: unit.uniqueId } }), exact: true });
      onClose();
    },
    onError: (error) => form.failed(error),
  });

  if (inventories.isPending) return <Loader size="sm" aria-label={t('common.loading')} />;
  if (inventories.isError) return <ErrorAlert error={inventories.error} testId="unit-inventory-details-load-error" />;
  const onSave = () => {
    const values = form.submit();
    if (values !== null) save.mutate({ body: InventoryUnitDetailsBody.parse(bodyOf(unit, values, canProfiles)) });
  };
  return (
    <Stack gap="sm">
      <Text size="sm">{t('unitActions.common.unit', { name: unit.name })}</Text>
      <FormPanel form={form} fields={fields} testId="unit-inventory-details" onSave={onSave} onCancel={onClose} saving={save.isPending} />
    </Stack>
  );
}

/** The "no profile" choice of the usage profile select. */
const NONE = '__none__';

/** The usage profiles the chosen inventory may use (its own and the global ones), or none. */
function UsageProfileField({ form, label, testId, error, readOnly }: CustomFieldProps<Values>) {
  const { t } = useTranslation();
  const { inventoryId, usageProfileId } = form.values;
  const profiles = useEndpointQuery(
    'listInventoryUsageProfiles',
    { params: { id: inventoryId ?? '' }, query: { limit: 1000 } },
    { enabled: inventoryId !== null },
  );
  const options = (profiles.data?.items ?? []).map((p) => ({
    value: p.id,
    label: p.inventoryId == null ? t('unitActions.inventoryDetails.globalProfile', { name: p.name }) : p.name,
  }));
  // The unit's profile stays visible under its id until the list names it.
  const unnamed = usageProfileId !== null && !options.some((o) => o.value === usageProfileId) ? [{ value: usageProfileId, label: usageProfileId }] : [];
  return (
    <Select
      label={label}
      data={[{ value: NONE, label: t('unitActions.inventoryDetails.noProfile') }, ...options, ...unnamed]}
      value={usageProfileId ?? NONE}
      onChange={(value) => form.set({ usageProfileId: value === null || value === NONE ? null : value })}
      allowDeselect={false}
      disabled={readOnly}
      error={error('usageProfileId')}
      comboboxProps={{ withinPortal: true }}
      data-testid={testId}
    />
  );
}

export default unitActionModal((t) => t('unitActions.inventoryDetails.title'), InventoryDetailsForm, { testId: 'unit-inventory-details-modal' });
