/**
 * A settings form applied through one call, as the configuration modal and the manage-channel
 * modal show it: `FormCard` (its title, its fields disabled for a user who may not apply, what
 * blocks it, its form-level message, the refusal no field shows, and Undo changes / Apply for a
 * user who may; instead of them `notAllowed`), and `ConfigFields` (its inputs, declared: text,
 * number, password, long text, switch, checkbox, native choice; side by side when in a row).
 *
 * Test ids, with `prefix` the modal's (`config`, `channel`) and `formId` the form's:
 * `<prefix>-form-<formId>`, `<prefix>-blocked-`, `<prefix>-error-<formId>._form`, `<prefix>-failure-`,
 * `<prefix>-reset-`, `<prefix>-apply-`, `<prefix>-edit-conflict-<formId>` (the record changed under the
 * user's edits: kit/EditConflictNotice); an input `<prefix>-<formId>-<name>` (or its `testId`), its
 * inline message `<prefix>-error-<formId>.<name>` (the screen's `error`).
 */
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  PasswordInput,
  SimpleGrid,
  type SimpleGridProps,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FORM_ERROR } from '../lib/forms/fieldErrors';
import { useSpecText } from '../lib/forms/specText';
import type { AppliedForm as AppliedFormState } from '../lib/forms/useAppliedForm';
import type { Form } from '../lib/forms/useForm';
import type { Option } from './formRules';
import { EditConflictNotice } from './EditConflictNotice';
import { InfoSection } from './NameValues';
import { UnshownErrors } from './UnshownErrors';

/** A form applied through a call (lib/forms useAppliedForm: useConfigForm's, useChannelForm's), as the card needs it. */
export type AppliedForm = Pick<AppliedFormState<unknown>, 'errors' | 'dirty' | 'reset' | 'apply' | 'pending' | 'failure' | 'reload' | 'keep'> & {
  readonly conflict: { readonly fields: readonly string[] } | null;
};

/** The labels of a card's inputs, by value name, as its ConfigFields declare them (the conflict notice names fields by them). */
const CardLabels = createContext<Map<string, string> | null>(null);

export interface FormCardProps {
  readonly prefix: string;
  readonly formId: string;
  readonly title: string;
  readonly form: AppliedForm;
  /** May this user apply this form? */
  readonly allowed: boolean;
  /** Why the form cannot be applied now (shown, Apply disabled), or null. */
  readonly blocked?: string | null;
  /** What a user who may not apply sees where Apply would be. */
  readonly notAllowed?: ReactNode;
  /**
   * The fields whose messages the card shows inline (a path's first part: `cameras` shows
   * `cameras.0.label`); a refusal of any other field shows once, at the form level
   * (`<prefix>-unshown-<formId>`).
   */
  readonly shown: readonly string[];
  readonly children: ReactNode;
}

export function FormCard({ prefix, formId, title, form, allowed, blocked = null, notAllowed = null, shown, children }: FormCardProps) {
  const { t } = useTranslation();
  const text = useSpecText();
  const formError = form.errors[FORM_ERROR];
  const [labels] = useState(() => new Map<string, string>());
  const alert = (color: string, testId: string, message: ReactNode) => (
    <Alert color={color} data-testid={`${prefix}-${testId}`}>
      {message}
    </Alert>
  );
  return (
    <InfoSection testId={`${prefix}-form-${formId}`} title={title}>
      <fieldset disabled={!allowed} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <CardLabels.Provider value={labels}>
          <Stack gap="sm">{children}</Stack>
        </CardLabels.Provider>
      </fieldset>
      {allowed && (
        <EditConflictNotice<Record<string, unknown>> edits={form} label={(field) => labels.get(field) ?? field} testId={`${prefix}-edit-conflict-${formId}`} />
      )}
      {blocked !== null && alert('yellow', `blocked-${formId}`, text(blocked))}
      {formError !== undefined && alert('red', `error-${formId}._form`, text(formError))}
      <UnshownErrors errors={form.errors} shown={shown} testId={`${prefix}-unshown-${formId}`} />
      {form.failure !== null && alert('red', `failure-${formId}`, form.failure)}
      {allowed ? (
        <Group justify="flex-end">
          {form.dirty && (
            <Button variant="default" onClick={form.reset} data-testid={`${prefix}-reset-${formId}`}>
              {t('unitConfig.reset')}
            </Button>
          )}
          <Button onClick={form.apply} loading={form.pending} disabled={blocked !== null} data-testid={`${prefix}-apply-${formId}`}>
            {t('unitConfig.apply')}
          </Button>
        </Group>
      ) : (
        notAllowed
      )}
    </InfoSection>
  );
}

export type KeysOf<F, T> = { [K in keyof F]-?: F[K] extends T ? K : never }[keyof F] & string;

/**
 * One input of a settings form, declared: its value's name, its label and hint (translated), and
 * how it is edited.
 */
export type ConfigField<F> = {
  readonly label: string;
  readonly description?: string;
  readonly placeholder?: string;
  /** Shown only while the values say so (e.g. the SRT passphrase). */
  readonly when?: (values: F) => boolean;
  /** The input's whole test id, where the screen's tests know it otherwise. */
  readonly testId?: string;
  /** The label is the input's accessible name and its placeholder, not shown above it (an input of a row in a RowList). */
  readonly inline?: boolean;
} & (
  | { readonly kind: 'text' | 'number' | 'password' | 'textarea'; readonly name: KeysOf<F, string> }
  | { readonly kind: 'switch' | 'checkbox'; readonly name: KeysOf<F, boolean> }
  | { readonly kind: 'select'; readonly name: KeysOf<F, string>; readonly options: readonly (string | Option)[] }
);

/** A field alone on its line, or several side by side. */
export type ConfigRow<F> = ConfigField<F> | readonly ConfigField<F>[];

/** The names of the fields these rows render with these values (a field its `when` hides is not shown). */
export function shownFieldNames<F>(fields: readonly ConfigRow<F>[], values: F): string[] {
  return fields
    .flatMap((row): readonly ConfigField<F>[] => (Array.isArray(row) ? row : [row as ConfigField<F>]))
    .filter((field) => field.when === undefined || field.when(values))
    .map((field) => field.name);
}

export interface ConfigFieldsProps<F> {
  readonly prefix: string;
  readonly formId: string;
  readonly form: Pick<Form<F>, 'values' | 'set'>;
  readonly fields: readonly ConfigRow<F>[];
  readonly error: (field: string) => ReactNode;
  /** Columns of a row (default: one on a narrow screen, as many as its fields on a wide one). */
  readonly cols?: SimpleGridProps['cols'];
}

export function ConfigFields<F extends object>({ prefix, formId, form, fields, error, cols }: ConfigFieldsProps<F>) {
  // Inside a FormCard: its conflict notice names the fields by these labels.
  const labels = useContext(CardLabels);
  useEffect(() => {
    for (const field of fields.flat()) labels?.set(field.name, field.label);
  }, [labels, fields]);
  const input = (field: ConfigField<F>) => {
    if (field.when !== undefined && !field.when(form.values)) return null;
    const value: unknown = form.values[field.name as keyof F];
    const set = (next: string | boolean) => form.set({ [field.name]: next } as Partial<F>);
    const testId = field.testId ?? `${prefix}-${formId}-${field.name}`;
    const named = field.inline
      ? { 'aria-label': field.label, placeholder: field.placeholder ?? field.label }
      : { label: field.label, placeholder: field.placeholder };
    const common = { ...named, description: field.description, error: error(field.name), 'data-testid': testId };
    const text = { ...common, value: String(value), onChange: (e: { currentTarget: { value: string } }) => set(e.currentTarget.value) };
    switch (field.kind) {
      case 'switch':
        return <Switch key={field.name} {...common} checked={value === true} onChange={(e) => set(e.currentTarget.checked)} />;
      case 'checkbox':
        return <Checkbox key={field.name} {...common} checked={value === true} onChange={(e) => set(e.currentTarget.checked)} />;
      case 'select':
        return <NativeSelect key={field.name} {...text} data={[...field.options]} />;
      case 'password':
        return <PasswordInput key={field.name} {...text} />;
      case 'textarea':
        return <Textarea key={field.name} {...text} autosize minRows={2} />;
      default:
        return <TextInput key={field.name} {...text} inputMode={field.kind === 'number' ? 'numeric' : undefined} />;
    }
  };
  return fields.map((row, i) =>
    Array.isArray(row) ? (
      <SimpleGrid key={i} cols={cols ?? { base: 1, sm: row.length }}>
        {row.map((field: ConfigField<F>) => input(field))}
      </SimpleGrid>
    ) : (
      input(row as ConfigField<F>)
    ),
  );
}

export interface RowListProps<R> {
  /** Test id prefix: a row's input `<prefix>-<name>-<i>` (or its field's `testId`), `<prefix>-remove-<i>`, `<prefix>-add`. */
  readonly prefix: string;
  /** Where the rows are in the form's values: a row's inline message is `error('<path>.<i>.<name>')`. */
  readonly path: string;
  readonly rows: readonly R[];
  readonly onChange: (rows: R[]) => void;
  /** The inputs of row `i`. */
  readonly fields: (i: number) => readonly ConfigField<R>[];
  readonly error: (path: string) => ReactNode;
  /** Shown above row `i` (e.g. "APN slot 2"). */
  readonly heading?: (i: number) => ReactNode;
  /** A Remove button on each row, labelled so (none without it: a fixed number of rows). */
  readonly removeLabel?: string;
  /** An Add button under the rows, while there are fewer than `max`. */
  readonly add?: { readonly label: string; readonly row: (rows: readonly R[]) => R; readonly max?: number; readonly testId?: string };
}

/**
 * Rows of one shape in a settings form (bandwidth per priority, cameras, APN slots, metadata pairs,
 * alert recipients), each row's inputs declared as ConfigFields side by side, with Remove and Add
 * when the rows' number may change.
 */
export function RowList<R extends object>({ prefix, path, rows, onChange, fields, error, heading, removeLabel, add }: RowListProps<R>) {
  const row = (i: number) => ({
    values: rows[i] as R,
    set: (patch: Partial<R>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r))),
  });
  return (
    <>
      {rows.map((_, i) => (
        <Stack key={i} gap={4}>
          {heading?.(i)}
          <Group grow align="flex-end">
            <ConfigFields
              prefix={prefix}
              formId={path}
              form={row(i)}
              fields={fields(i).map((f) => ({ ...f, testId: f.testId ?? `${prefix}-${f.name}-${i}` }))}
              error={(name) => error(`${path}.${i}.${name}`)}
            />
            {removeLabel !== undefined && (
              <Button variant="subtle" color="red" onClick={() => onChange(rows.filter((_, j) => j !== i))} data-testid={`${prefix}-remove-${i}`}>
                {removeLabel}
              </Button>
            )}
          </Group>
        </Stack>
      ))}
      {add !== undefined && rows.length < (add.max ?? Number.POSITIVE_INFINITY) && (
        <Group>
          <Button variant="light" onClick={() => onChange([...rows, add.row(rows)])} data-testid={add.testId ?? `${prefix}-add`}>
            {add.label}
          </Button>
        </Group>
      )}
    </>
  );
}
