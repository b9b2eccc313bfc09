/**
 * Renders a form declared as fields (kit/formRules.ts): each with its label, its hint, its inline
 * error in the spec's words and its test id (`<testId>-<name>`, or `<testId>-<field.testId>`;
 * errors `<testId>-error.<name>`, or `errorTestId(name)` where the screen's tests know them so).
 * Below the fields, when the record changed underneath the user's edits, the notice naming the
 * fields both sides changed, with Reload theirs / Keep mine (`<testId>-edit-conflict`, `-reload`,
 * `-keep`; kit/EditConflictNotice).
 */
import type { ReactNode } from 'react';
import { PasswordInput, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { Select } from '../components/Pickers';
import { MultiSelect } from '../components/MultiSelect';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { VALIDATION } from '@fleet/contracts';
import type { Form } from '../lib/forms/useForm';
import { useFieldError } from '../lib/forms/useFieldError';
import { useSpecText } from '../lib/forms/specText';
import type { Field } from './formRules';
import { EditConflictNotice } from './EditConflictNotice';
import { InventorySelect } from './InventorySelect';

interface ResourceFormProps<V> {
  readonly fields: readonly Field<V>[];
  readonly form: Form<V>;
  readonly testId: string;
  readonly isNew: boolean;
  readonly readOnly?: boolean;
  /** An inline error's test id where the screen's tests know it otherwise than `<testId>-error.<name>`. */
  readonly errorTestId?: (name: string) => string;
}

/** The fields a form renders now: those of its mode (create or edit) whose condition holds. */
export function shownFields<V>(fields: readonly Field<V>[], isNew: boolean, values: V): Field<V>[] {
  return fields.filter((f) => (f.only === undefined || f.only === (isNew ? 'create' : 'edit')) && (f.when === undefined || f.when(values)));
}

export function ResourceForm<V extends object>({ fields, form, testId, isNew, readOnly = false, errorTestId }: ResourceFormProps<V>) {
  const { t } = useTranslation();
  const spec = useSpecText();
  const kitError = useFieldError(`${testId}-error`, form.errors);
  const error = (name: string) => {
    const message = form.errors[name];
    if (errorTestId === undefined || message === undefined) return kitError(name);
    return <span data-testid={errorTestId(name)}>{spec(message)}</span>;
  };
  const shown = shownFields(fields, isNew, form.values);
  const labelOf = (name: keyof V & string) => {
    const field = fields.find((f) => f.name === name);
    return field === undefined ? name : t(field.label);
  };
  return (
    <Stack gap="sm">
      {shown.map((field) => {
        const locked = readOnly || (field.lockedOnEdit === true && !isNew);
        const id = `${testId}-${field.testId ?? field.name}`;
        if (field.kind === 'custom') {
          const Custom = field.render;
          return <Custom key={field.name} form={form} label={t(field.label)} testId={id} error={error} readOnly={locked} isNew={isNew} />;
        }
        return (
          <FieldInput key={field.name} field={field} form={form} id={id} label={t(field.label)} error={error(field.name)} readOnly={locked} t={t} spec={spec} />
        );
      })}
      {/* The record changed underneath the user's edits (a save elsewhere): said below the fields, above
          the form's buttons, so the field being typed in does not move. */}
      {!readOnly && <EditConflictNotice edits={form} label={labelOf} testId={`${testId}-edit-conflict`} />}
    </Stack>
  );
}

interface FieldInputProps<V> {
  readonly field: Exclude<Field<V>, { kind: 'custom' }>;
  readonly form: Form<V>;
  readonly id: string;
  readonly label: string;
  readonly error: ReactNode;
  readonly readOnly: boolean;
  readonly t: TFunction;
  readonly spec: (message: string) => string;
}

function FieldInput<V extends object>({ field, form, id, label, error, readOnly, t, spec }: FieldInputProps<V>) {
  const value: unknown = form.values[field.name as keyof V];
  const set = (next: unknown) => form.set({ [field.name]: next } as Partial<V>);
  const description = field.description === undefined ? undefined : t(field.description);
  const common = { label, description, error, required: field.required ?? false, disabled: readOnly, 'data-testid': id };
  const text = { ...common, value: String(value ?? ''), onChange: (e: { currentTarget: { value: string } }) => set(e.currentTarget.value) };
  switch (field.kind) {
    case 'text':
    case 'number':
      return <TextInput {...text} inputMode={field.kind === 'number' ? 'numeric' : undefined} />;
    case 'password':
      return <PasswordInput {...text} autoComplete={field.autoComplete ?? 'new-password'} />;
    case 'textarea':
      return <Textarea {...text} autosize minRows={2} />;
    case 'switch':
      return (
        <Switch
          label={label}
          description={description}
          error={error}
          disabled={readOnly}
          checked={value === true}
          onChange={(e) => set(e.currentTarget.checked)}
          data-testid={id}
        />
      );
    case 'select':
      return (
        <Select
          {...common}
          data={[...field.options(t)]}
          value={typeof value === 'string' ? value : null}
          onChange={set}
          clearable={field.clearable ?? false}
          allowDeselect={field.clearable ?? false}
          searchable={field.searchable ?? false}
        />
      );
    case 'inventory':
      return (
        <InventorySelect
          label={label}
          value={typeof value === 'string' ? value : null}
          valueName={field.valueName?.(form.values) ?? null}
          onChange={set}
          error={error}
          clearable={field.clearable ?? false}
          disabled={readOnly}
          testId={id}
        />
      );
    case 'multiselect': {
      const chosen = Array.isArray(value) ? value.map(String) : [];
      const full = field.max !== undefined && chosen.length >= field.max;
      const options = field.options(t);
      return (
        <MultiSelect
          {...common}
          // Full: the dropdown offers nothing more, so it shows the maximum message (the chosen
          // options stay in the data for their pills' labels, hidden from the dropdown).
          data={full ? options.filter((option) => chosen.includes(option.value)) : [...options]}
          hidePickedOptions={full}
          value={chosen}
          onChange={set}
          searchable
          maxValues={field.max}
          // Spec 000 §5 / 001 §5: a maximum message when full, a no-items message otherwise.
          nothingFoundMessage={spec(full ? VALIDATION.maxElements : VALIDATION.noItems)}
        />
      );
    }
  }
}
