/**
 * Modem vendors (spec 001 §2 /system_settings modem_vendor; support-staff menu "Modems Vendor/Model"),
 * declared on the resource kit: vendors with their models; the form adds, renames and removes models
 * (names unique within the vendor: "This field must be unique" on the repeated one).
 */
import { ActionIcon, Button, Group, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CreateModemVendorBody, MODEM_VENDOR_SORT_KEYS, type ModemVendor } from '@fleet/contracts';
import { defineResource, MutedText, op, schemaCheck, StrongText, versionedUpdate, type CustomFieldProps, type Field } from '../../kit';
import { listQuery } from './settingParts';
import { settingPage } from './settingPage';

type VendorForm = ReturnType<typeof vendorForm>;

const vendorForm = (v: ModemVendor | null) => ({ name: v?.name ?? '', models: v?.models.map((m) => m.name) ?? [] });

export const vendorBody = (v: VendorForm) => ({ name: v.name.trim(), models: v.models.map((name) => ({ name: name.trim() })) });

/** The models, one input each (a row is its position: models have no id of their own). */
function ModelsField({ form, label, testId, error, readOnly }: CustomFieldProps<VendorForm>) {
  const { t } = useTranslation();
  const { models } = form.values;
  const setModel = (i: number, name: string) => form.set({ models: models.map((m, j) => (j === i ? name : m)) });
  return (
    <Stack gap="xs">
      <StrongText>{label}</StrongText>
      {models.length === 0 && <MutedText>{t('systemSettings.modem_vendor.fields.noModels')}</MutedText>}
      {models.map((model, i) => (
        <Group key={i} gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            aria-label={t('systemSettings.modem_vendor.fields.model', { n: i + 1 })}
            value={model}
            onChange={(e) => setModel(i, e.currentTarget.value)}
            error={error(`models.${i}.name`)}
            disabled={readOnly}
            style={{ flex: 1 }}
            data-testid={`${testId}-${i}`}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            mt={4}
            disabled={readOnly}
            aria-label={t('systemSettings.modem_vendor.fields.removeModel')}
            onClick={() => form.set({ models: models.filter((_, j) => j !== i) })}
            data-testid={`${testId}-remove-${i}`}
          >
            ✕
          </ActionIcon>
        </Group>
      ))}
      {error('models')}
      <Group>
        <Button size="compact-sm" variant="light" disabled={readOnly} onClick={() => form.set({ models: [...models, ''] })} data-testid={`${testId}-add`}>
          {t('systemSettings.modem_vendor.fields.addModel')}
        </Button>
      </Group>
    </Stack>
  );
}

const FIELDS: readonly Field<VendorForm>[] = [
  { kind: 'text', name: 'name', label: 'systemSettings.modem_vendor.fields.name', required: true },
  { kind: 'custom', name: 'models', label: 'systemSettings.modem_vendor.fields.models', testId: 'model', render: ModelsField },
];

export const modemVendorResource = defineResource<ModemVendor, ModemVendor, VendorForm>({
  testId: 'settings-modem_vendor',
  titles: { new: 'systemSettings.modem_vendor.createTitle', edit: 'systemSettings.modem_vendor.editTitle', noun: 'systemSettings.modem_vendor.noun' },
  rowKey: (v) => v.id,
  label: (v) => v.name,
  list: { op: op('searchModemVendors', listQuery(MODEM_VENDOR_SORT_KEYS)), searchKeys: [] },
  columns: (t) => [
    { id: 'name', header: t('systemSettings.modem_vendor.columns.name'), render: (v) => v.name, sortKey: 'name' },
    { id: 'models', header: t('systemSettings.modem_vendor.columns.models'), render: (v) => v.models.map((m) => m.name).join(', ') || '—' },
  ],
  get: op('getModemVendor', (id: string) => ({ params: { id } })),
  form: {
    fields: FIELDS,
    initial: vendorForm,
    check: schemaCheck(FIELDS, CreateModemVendorBody, vendorBody),
  },
  create: op('createModemVendor', (v: VendorForm) => ({ body: vendorBody(v) })),
  update: versionedUpdate('updateModemVendor', vendorBody),
  remove: op('deleteModemVendor', (v: ModemVendor) => ({ params: { id: v.id } })),
});

export default settingPage(modemVendorResource, 'systemSettings.modem_vendor.add');
