/**
 * AI settings (spec 001 §2 /system_settings ai_settings; §3 "AI credentials"), declared on the
 * resource kit: name, provider, optional inventory (none: every inventory), fields and active.
 * Secret fields are write-only: the list shows them masked, and the form leaves a stored secret as
 * it is unless a new value is typed.
 */
import { ActionIcon, Badge, Button, Checkbox, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AI_CREDENTIAL_SORT_KEYS, AI_PROVIDERS, CreateAiCredentialBody, type AiCredential } from '@fleet/contracts';
import { defineResource, op, schemaCheck, StrongText, versionedUpdate, type CustomFieldProps, type Field } from '../../kit';
import { listQuery } from './settingParts';
import { settingPage } from './settingPage';
import { enumLabel } from '../../lib/tolerant';

interface FieldRow {
  readonly name: string;
  readonly secret: boolean;
  readonly value: string;
  /** A value is stored for it (a secret one is not shown): empty keeps it. */
  readonly stored: boolean;
}
type CredentialForm = ReturnType<typeof credentialForm>;

const credentialForm = (c: AiCredential | null) => ({
  name: c?.name ?? '',
  provider: (c?.provider ?? 'openai') as string | null,
  inventoryId: c?.inventoryId ?? null,
  inventoryName: c?.inventoryName ?? null,
  fields: c?.fields.map((f): FieldRow => ({ name: f.name, secret: f.secret, value: f.value ?? '', stored: f.isSet })) ?? [],
  active: c?.active ?? true,
});

const isProvider = (p: string | null) => AI_PROVIDERS.find((known) => known === p);

/** The body: an untouched stored field is sent without a value (the core keeps it). */
export const credentialBody = (v: Omit<CredentialForm, 'inventoryName'>) => ({
  name: v.name.trim(),
  provider: isProvider(v.provider) ?? 'other',
  inventoryId: v.inventoryId,
  fields: v.fields.map((f) => ({ name: f.name.trim(), secret: f.secret, ...(f.stored && f.value === '' ? {} : { value: f.value }) })),
  active: v.active,
});

/** The credential's fields, one row each (edited in place: a row is its position). */
function FieldRows({ form, label, testId, error, readOnly }: CustomFieldProps<CredentialForm>) {
  const { t } = useTranslation();
  const { fields } = form.values;
  const setField = (i: number, patch: Partial<FieldRow>) => form.set({ fields: fields.map((f, j) => (j === i ? { ...f, ...patch } : f)) });
  return (
    <Stack gap="xs">
      <StrongText>{label}</StrongText>
      {fields.map((f, i) => {
        const value = {
          value: f.value,
          onChange: (e: { currentTarget: { value: string } }) => setField(i, { value: e.currentTarget.value }),
          error: error(`fields.${i}.value`),
          disabled: readOnly,
          style: { flex: 1 },
        };
        return (
          <Group key={i} gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              aria-label={t('systemSettings.ai_settings.fields.fieldName')}
              placeholder={t('systemSettings.ai_settings.fields.fieldName')}
              value={f.name}
              onChange={(e) => setField(i, { name: e.currentTarget.value })}
              error={error(`fields.${i}.name`)}
              disabled={readOnly}
              w={160}
              data-testid={`${testId}-name-${i}`}
            />
            {f.secret ? (
              <PasswordInput
                {...value}
                aria-label={t('systemSettings.ai_settings.fields.fieldValue')}
                placeholder={t(f.stored ? 'systemSettings.ai_settings.fields.unchanged' : 'systemSettings.ai_settings.fields.fieldValue')}
                data-testid={`${testId}-value-${i}`}
              />
            ) : (
              <TextInput {...value} aria-label={t('systemSettings.ai_settings.fields.fieldValue')} data-testid={`${testId}-value-${i}`} />
            )}
            <Checkbox
              mt={8}
              label={t('systemSettings.ai_settings.fields.secret')}
              checked={f.secret}
              disabled={readOnly}
              onChange={(e) => setField(i, { secret: e.currentTarget.checked })}
              data-testid={`${testId}-secret-${i}`}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              mt={4}
              disabled={readOnly}
              aria-label={t('systemSettings.ai_settings.fields.removeField')}
              onClick={() => form.set({ fields: fields.filter((_, j) => j !== i) })}
            >
              ✕
            </ActionIcon>
          </Group>
        );
      })}
      <Group>
        <Button
          size="compact-sm"
          variant="light"
          disabled={readOnly}
          onClick={() => form.set({ fields: [...fields, { name: '', secret: true, value: '', stored: false }] })}
          data-testid={`${testId}-add`}
        >
          {t('systemSettings.ai_settings.fields.addField')}
        </Button>
      </Group>
    </Stack>
  );
}

const FIELDS: readonly Field<CredentialForm>[] = [
  { kind: 'text', name: 'name', label: 'systemSettings.ai_settings.fields.name', required: true },
  {
    kind: 'select',
    name: 'provider',
    label: 'systemSettings.ai_settings.fields.provider',
    required: true,
    options: (t) => AI_PROVIDERS.map((p) => ({ value: p, label: t(`systemSettings.ai_settings.providers.${p}`) })),
  },
  {
    kind: 'inventory',
    name: 'inventoryId',
    label: 'systemSettings.ai_settings.fields.inventory',
    testId: 'inventory',
    clearable: true,
    valueName: (v) => v.inventoryName,
  },
  { kind: 'custom', name: 'fields', label: 'systemSettings.ai_settings.fields.fields', testId: 'field', render: FieldRows },
  { kind: 'switch', name: 'active', label: 'systemSettings.ai_settings.fields.active' },
];

export const aiCredentialResource = defineResource<AiCredential, AiCredential, CredentialForm>({
  testId: 'settings-ai_settings',
  titles: { new: 'systemSettings.ai_settings.createTitle', edit: 'systemSettings.ai_settings.editTitle', noun: 'systemSettings.ai_settings.noun' },
  rowKey: (c) => c.id,
  label: (c) => c.name,
  list: { op: op('searchAiCredentials', listQuery(AI_CREDENTIAL_SORT_KEYS)), searchKeys: [] },
  columns: (t) => [
    { id: 'name', header: t('systemSettings.ai_settings.columns.name'), render: (c) => c.name, sortKey: 'name' },
    {
      id: 'provider',
      header: t('systemSettings.ai_settings.columns.provider'),
      render: (c) => enumLabel(t, 'systemSettings.ai_settings.providers', c.provider),
      sortKey: 'provider',
    },
    {
      id: 'inventory',
      header: t('systemSettings.ai_settings.columns.inventory'),
      render: (c) => c.inventoryName ?? t('systemSettings.ai_settings.fields.allInventories'),
    },
    {
      id: 'fields',
      header: t('systemSettings.ai_settings.columns.fields'),
      render: (c) => c.fields.map((f) => `${f.name}: ${f.secret ? t('systemSettings.ai_settings.masked') : (f.value ?? '')}`).join(', ') || '—',
    },
    {
      id: 'active',
      header: t('systemSettings.ai_settings.columns.active'),
      render: (c) => <Badge color={c.active ? 'green' : 'gray'}>{c.active ? t('systemSettings.common.active') : t('systemSettings.common.inactive')}</Badge>,
    },
  ],
  get: op('getAiCredential', (id: string) => ({ params: { id } })),
  form: {
    fields: FIELDS,
    initial: credentialForm,
    check: schemaCheck(FIELDS, CreateAiCredentialBody, credentialBody),
  },
  create: op('createAiCredential', (v: CredentialForm) => ({ body: credentialBody(v) })),
  update: versionedUpdate('updateAiCredential', credentialBody),
  remove: op('deleteAiCredential', (c: AiCredential) => ({ params: { id: c.id } })),
});

export default settingPage(aiCredentialResource, 'systemSettings.ai_settings.add');
