/**
 * Building blocks shared by the configuration tabs: the tabs' context, form sections, and a
 * configuration form declared as its call and its fields (ConfigCard).
 */
import { createContext, useContext, type ReactNode } from 'react';
import { Alert, Button, Group, Loader, NativeSelect, Paper, PasswordInput, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { EndpointId, Role } from '@fleet/contracts';
import { FORM_ERROR } from '../../lib/forms/fieldErrors';
import { useSpecText } from '../../lib/forms/specText';
import { useConfigForm, type ConfigForm, type ConfigFormOptions } from '../../lib/forms/useConfigForm';
import { useFieldError } from '../../lib/forms/useFieldError';
import type { Form } from '../../lib/forms/useForm';
import type { Option } from '../../kit';
import { canApply } from '../../kit/access';
import type { AwaitedState } from './useAwaitedChange';

/** What the tabs share: the unit, whether the user may apply, and the translated messages. */
export interface ConfigContextValue {
  readonly unitId: string;
  readonly roles: readonly Role[];
}
export const ConfigContext = createContext<ConfigContextValue>({ unitId: '', roles: [] });
export const useConfigContext = (): ConfigContextValue => useContext(ConfigContext);

/** May the user apply through this call (APPLY_BUTTON_ROLES and the call's catalogue roles)? */
export function useAllowed(endpoint: EndpointId): boolean {
  return canApply(useConfigContext().roles, endpoint);
}

interface FormSectionProps<F> {
  readonly formId: string;
  readonly title: string;
  readonly form: ConfigForm<F>;
  /** May this user apply this form (role, and the catalogue's roles for the call)? */
  readonly allowed: boolean;
  /** Why the form cannot be applied now (shown, Apply disabled), or null. */
  readonly blocked?: string | null;
  /** A note shown when the user may not apply (e.g. admin-level limits). */
  readonly notAllowedNote?: string | null;
  readonly children: ReactNode;
}

/** A form with its title, its form-level error and (for users who may) its Apply button. */
export function FormSection<F>({ formId, title, form, allowed, blocked = null, notAllowedNote = null, children }: FormSectionProps<F>) {
  const { t } = useTranslation();
  const text = useSpecText();
  const formError = form.errors[FORM_ERROR];
  return (
    <Paper withBorder p="md" data-testid={`config-form-${formId}`}>
      <Stack gap="sm">
        <Title order={5}>{title}</Title>
        <fieldset disabled={!allowed} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack gap="sm">{children}</Stack>
        </fieldset>
        {blocked !== null && (
          <Alert color="yellow" data-testid={`config-blocked-${formId}`}>
            {text(blocked)}
          </Alert>
        )}
        {formError !== undefined && (
          <Alert color="red" data-testid={`config-error-${formId}._form`}>
            {text(formError)}
          </Alert>
        )}
        {form.failure !== null && (
          <Alert color="red" data-testid={`config-failure-${formId}`}>
            {form.failure}
          </Alert>
        )}
        {!allowed && notAllowedNote !== null && (
          <Text size="sm" c="dimmed" data-testid={`config-note-${formId}`}>
            {notAllowedNote}
          </Text>
        )}
        {allowed && (
          <Group justify="flex-end">
            {form.dirty && (
              <Button variant="default" onClick={form.reset} data-testid={`config-reset-${formId}`}>
                {t('unitConfig.reset')}
              </Button>
            )}
            <Button onClick={form.apply} loading={form.pending} disabled={blocked !== null} data-testid={`config-apply-${formId}`}>
              {t('unitConfig.apply')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

type KeysOf<F, T> = { [K in keyof F]-?: F[K] extends T ? K : never }[keyof F] & string;

/**
 * One input of a configuration form, declared: its value's name, its label and hint (translated),
 * and how it is edited (text, number, password, switch, native choice). Test ids:
 * `config-<formId>-<name>`, its inline message `config-error-<formId>.<name>`.
 */
export type ConfigField<F> = {
  readonly label: string;
  readonly description?: string;
  /** Shown only while the values say so (e.g. the SRT passphrase). */
  readonly when?: (values: F) => boolean;
} & (
  | { readonly kind: 'text' | 'number' | 'password'; readonly name: KeysOf<F, string> }
  | { readonly kind: 'switch'; readonly name: KeysOf<F, boolean> }
  | { readonly kind: 'select'; readonly name: KeysOf<F, string>; readonly options: readonly (string | Option)[] }
);

/** A field alone on its line, or several side by side. */
export type ConfigRow<F> = ConfigField<F> | readonly ConfigField<F>[];

interface ConfigFieldsProps<F> {
  readonly formId: string;
  readonly form: Form<F>;
  readonly fields: readonly ConfigRow<F>[];
  readonly error: (field: string) => ReactNode;
}

export function ConfigFields<F extends object>({ formId, form, fields, error }: ConfigFieldsProps<F>) {
  const input = (field: ConfigField<F>) => {
    if (field.when !== undefined && !field.when(form.values)) return null;
    const value: unknown = form.values[field.name as keyof F];
    const set = (next: string | boolean) => form.set({ [field.name]: next } as Partial<F>);
    const common = { label: field.label, description: field.description, error: error(field.name), 'data-testid': `config-${formId}-${field.name}` };
    switch (field.kind) {
      case 'switch':
        return <Switch key={field.name} {...common} checked={value === true} onChange={(e) => set(e.currentTarget.checked)} />;
      case 'select':
        return <NativeSelect key={field.name} {...common} value={String(value)} onChange={(e) => set(e.currentTarget.value)} data={[...field.options]} />;
      case 'password':
        return <PasswordInput key={field.name} {...common} value={String(value)} onChange={(e) => set(e.currentTarget.value)} />;
      default:
        return (
          <TextInput
            key={field.name}
            {...common}
            inputMode={field.kind === 'number' ? 'numeric' : undefined}
            value={String(value)}
            onChange={(e) => set(e.currentTarget.value)}
          />
        );
    }
  };
  return fields.map((row, i) =>
    Array.isArray(row) ? (
      <SimpleGrid key={i} cols={{ base: 1, sm: row.length }}>
        {row.map((field: ConfigField<F>) => input(field))}
      </SimpleGrid>
    ) : (
      input(row as ConfigField<F>)
    ),
  );
}

interface ConfigCardProps<F, K extends EndpointId> extends Omit<ConfigFormOptions<F, K>, 'unitId'> {
  readonly formId: string;
  readonly title: string;
  readonly fields?: readonly ConfigRow<F>[];
  readonly blocked?: string | null;
  readonly notAllowedNote?: string | null;
  /** What the form shows after its fields, given the form and its inline messages. */
  readonly children?: (form: ConfigForm<F>, error: (field: string) => ReactNode) => ReactNode;
}

/** A configuration form of the unit declared as its call (applied for whom the catalogue lets) and its fields. */
export function ConfigCard<F extends object, K extends EndpointId>({
  formId,
  title,
  fields = [],
  blocked,
  notAllowedNote,
  children,
  ...options
}: ConfigCardProps<F, K>) {
  const { unitId } = useConfigContext();
  const form = useConfigForm({ unitId, ...options });
  const error = useFieldError(`config-error-${formId}`, form.errors);
  return (
    <FormSection formId={formId} title={title} form={form} allowed={useAllowed(options.endpoint)} blocked={blocked} notAllowedNote={notAllowedNote}>
      <ConfigFields formId={formId} form={form} fields={fields} error={error} />
      {children?.(form, error)}
    </FormSection>
  );
}

/** While waiting for the unit to report a change: the wait it can take, then that it has not come. */
export function AwaitedNote({ state, waiting, late, testId }: { state: AwaitedState; waiting: string; late: string; testId: string }) {
  if (state === 'idle') return null;
  return (
    <Group gap={6} data-testid={testId} data-state={state}>
      {state === 'waiting' && <Loader size={12} />}
      <Text size="xs" c={state === 'late' ? 'orange' : 'dimmed'}>
        {state === 'waiting' ? waiting : late}
      </Text>
    </Group>
  );
}
