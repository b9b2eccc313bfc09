/**
 * One fault's form, rendered from its kind's fields (faultFields.ts): a small generic renderer, so
 * a kind the contracts add gets its form here unchanged. Fields the context fixes (the channel of a
 * channel's menu) are not shown; fields with known values (`choices`) are a searchable select.
 */
import { NativeSelect, NumberInput, Stack, Switch, TagsInput, TextInput } from '@mantine/core';
import { Select } from '../../../components/Pickers';
import type { FaultField, FaultKind, FieldValue } from './faultFields';
import { useFaultLabels } from './faultLabels';

export interface Choice {
  readonly value: string;
  readonly label: string;
}

interface FaultFormProps {
  readonly kind: FaultKind;
  readonly values: Readonly<Record<string, FieldValue>>;
  readonly errors: Readonly<Record<string, string>>;
  readonly onChange: (name: string, value: FieldValue) => void;
  /** Fields the context sets (not shown). */
  readonly fixed?: readonly string[];
  /** Known values of a text field, by field name (a channel of the fleet...). */
  readonly choices?: Readonly<Record<string, readonly Choice[]>>;
}

function FieldInput({
  kind,
  field,
  value,
  error,
  onChange,
  choices,
}: {
  kind: string;
  field: FaultField;
  value: FieldValue;
  error: string | undefined;
  onChange: (value: FieldValue) => void;
  choices: readonly Choice[] | undefined;
}) {
  const labels = useFaultLabels();
  const label = labels.field(kind, field.name);
  const common = { label, error, description: labels.hint(kind, field.name, field.description), 'data-testid': `fault-field-${field.name}` };
  switch (field.kind) {
    case 'boolean':
      return (
        <Switch
          label={label}
          description={common.description}
          error={error}
          checked={value === true}
          onChange={(e) => onChange(e.currentTarget.checked)}
          data-testid={common['data-testid']}
        />
      );
    case 'number':
      return (
        <NumberInput
          {...common}
          value={typeof value === 'number' ? value : ''}
          min={field.min}
          max={field.max}
          allowDecimal={!field.integer}
          allowNegative={field.min === undefined || field.min < 0}
          placeholder={field.nullable ? labels.none : undefined}
          onChange={(v) => onChange(typeof v === 'number' ? v : v === '' ? null : Number(v))}
        />
      );
    case 'select': {
      const empty = field.optional || field.nullable ? [{ value: '', label: labels.none }] : [];
      return (
        <NativeSelect
          {...common}
          value={typeof value === 'string' ? value : ''}
          data={[...empty, ...field.options.map((o) => ({ value: o, label: labels.option(field.name, o) }))]}
          onChange={(e) => onChange(e.currentTarget.value === '' ? null : e.currentTarget.value)}
        />
      );
    }
    case 'text':
      if (choices)
        return (
          <Select
            {...common}
            searchable
            clearable={field.optional}
            value={typeof value === 'string' && value !== '' ? value : null}
            data={choices.map((c) => ({ value: c.value, label: c.label }))}
            onChange={(v) => onChange(v ?? '')}
            comboboxProps={{ withinPortal: true }}
          />
        );
      return (
        <TextInput {...common} value={typeof value === 'string' ? value : ''} maxLength={field.maxLength} onChange={(e) => onChange(e.currentTarget.value)} />
      );
    case 'list':
      return <TagsInput {...common} value={Array.isArray(value) ? [...value] : []} onChange={(v) => onChange(v)} />;
  }
}

export function FaultForm({ kind, values, errors, onChange, fixed = [], choices = {} }: FaultFormProps) {
  const shown = kind.fields.filter((f) => !fixed.includes(f.name));
  return (
    <Stack gap="sm" data-testid="fault-form" data-fault={kind.type}>
      {shown.map((field) => (
        <FieldInput
          key={field.name}
          kind={kind.type}
          field={field}
          value={values[field.name] ?? null}
          error={errors[field.name]}
          onChange={(v) => onChange(field.name, v)}
          choices={choices[field.name]}
        />
      ))}
    </Stack>
  );
}
