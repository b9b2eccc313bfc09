/**
 * Application configuration (spec 001 §2 /system_settings application_configuration), declared on
 * the resource kit: entries of a key (fixed once made), a JSON value and a description. The value
 * is typed as JSON; text that is not JSON is "Invalid field" on the value before anything is sent,
 * and the keys the core reads (chatSupport, features) are checked against their shape by the core
 * (its messages on the value).
 */
import { Code, JsonInput } from '@mantine/core';
import { APPLICATION_CONFIGURATION_SORT_KEYS, CreateApplicationConfigurationBody, VALIDATION, type ApplicationConfigurationEntry } from '@fleet/contracts';
import { checkSchema, mergeErrors, type FieldErrors } from '../../lib/forms/fieldErrors';
import { defineResource, op, type CustomFieldProps, type Field } from '../../kit';
import { listQuery } from './settingParts';
import { settingPage } from './settingPage';
import { dateText } from '../../lib/dateFormat';

type EntryForm = ReturnType<typeof entryForm>;

const entryForm = (e: ApplicationConfigurationEntry | null) =>
  e ? { key: e.key, value: JSON.stringify(e.value, null, 2), description: e.description } : { key: '', value: '{}', description: '' };

type Json = CreateApplicationConfigurationBody['value'];

/** The typed text as JSON, or not JSON. */
export function parseJsonValue(text: string): { ok: true; value: Json } | { ok: false } {
  try {
    // What JSON.parse answers is JSON (the contract's value is zod's JSON type).
    return { ok: true, value: JSON.parse(text) as Json };
  } catch {
    return { ok: false };
  }
}

export function entryErrors(v: EntryForm): FieldErrors {
  const parsed = parseJsonValue(v.value);
  const body = { key: v.key.trim(), value: parsed.ok ? parsed.value : null, description: v.description };
  return mergeErrors(parsed.ok ? {} : { value: VALIDATION.invalidField }, checkSchema(CreateApplicationConfigurationBody, body));
}

/** The value, typed as JSON; the core's shape problems come on its parts (value.enabled) and show under it. */
function ValueField({ form, label, testId, error, readOnly }: CustomFieldProps<EntryForm>) {
  const shown = error('value') ?? error(Object.keys(form.errors).find((k) => k.startsWith('value.')) ?? 'value');
  // JsonInput shows `validationError` instead of `error` once its own parse failed: the same message either way.
  return (
    <JsonInput
      label={label}
      autosize
      minRows={4}
      formatOnBlur
      value={form.values.value}
      onChange={(value) => form.set({ value })}
      error={shown}
      validationError={shown}
      disabled={readOnly}
      data-testid={testId}
    />
  );
}

const FIELDS: readonly Field<EntryForm>[] = [
  {
    kind: 'text',
    name: 'key',
    label: 'systemSettings.application_configuration.fields.key',
    required: true,
    lockedOnEdit: true,
    description: 'systemSettings.application_configuration.fields.keyFixed',
  },
  { kind: 'custom', name: 'value', label: 'systemSettings.application_configuration.fields.value', render: ValueField },
  { kind: 'textarea', name: 'description', label: 'systemSettings.application_configuration.fields.description' },
];

const valueOf = (v: EntryForm): Json => {
  const parsed = parseJsonValue(v.value);
  return parsed.ok ? parsed.value : null;
};

export const applicationConfigurationResource = defineResource<ApplicationConfigurationEntry, ApplicationConfigurationEntry, EntryForm>({
  testId: 'settings-application_configuration',
  titles: {
    new: 'systemSettings.application_configuration.createTitle',
    edit: 'systemSettings.application_configuration.editTitle',
    noun: 'systemSettings.application_configuration.noun',
  },
  rowKey: (e) => e.id,
  label: (e) => e.key,
  list: { op: op('searchApplicationConfiguration', listQuery(APPLICATION_CONFIGURATION_SORT_KEYS)), searchKeys: [], defaultSort: 'key' },
  columns: (t) => [
    { id: 'key', header: t('systemSettings.application_configuration.columns.key'), render: (e) => <Code>{e.key}</Code>, sortKey: 'key' },
    {
      id: 'value',
      header: t('systemSettings.application_configuration.columns.value'),
      render: (e) => {
        const text = JSON.stringify(e.value);
        return <Code>{text.length > 80 ? `${text.slice(0, 80)}…` : text}</Code>;
      },
    },
    { id: 'description', header: t('systemSettings.application_configuration.columns.description'), render: (e) => e.description || '—' },
    {
      id: 'updatedAt',
      header: t('systemSettings.application_configuration.columns.updatedAt'),
      render: (e) => dateText(e.updatedAt, (d) => d.toLocaleString()),
      sortKey: 'updatedAt',
    },
  ],
  get: op('getApplicationConfiguration', (id: string) => ({ params: { id } })),
  form: {
    fields: FIELDS,
    initial: entryForm,
    check: entryErrors,
  },
  create: op('createApplicationConfiguration', (v: EntryForm) => ({ body: { key: v.key.trim(), value: valueOf(v), description: v.description } })),
  update: op('updateApplicationConfiguration', ({ entity, values }: { entity: ApplicationConfigurationEntry; values: EntryForm }) => ({
    params: { id: entity.id },
    body: { value: valueOf(values), description: values.description, version: entity.version },
  })),
  remove: op('deleteApplicationConfiguration', (e: ApplicationConfigurationEntry) => ({ params: { id: e.id } })),
});

export default settingPage(applicationConfigurationResource, 'systemSettings.application_configuration.add');
