/** Building blocks shared by the configuration tabs: translated spec messages, form sections. */
import { createContext, useCallback, useContext, type ReactNode } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ERROR_CATALOGUE, type EndpointId, type ErrorCode, type Role } from '@fleet/contracts';
import { canApply } from './tabs';
import { FORM_ERROR, matchValidationMessage, type FieldErrors } from './validation';
import type { ConfigForm } from './useConfigForm';

const ERROR_CODES_BY_MESSAGE = new Map<string, ErrorCode>(
  (Object.entries(ERROR_CATALOGUE) as [ErrorCode, { message: string }][]).map(([code, entry]) => [entry.message, code]),
);

/**
 * A spec message (contracts VALIDATION or the error catalogue, as the core and the domain rules
 * word them) in the user's language; English shows the spec's exact wording.
 */
export function useSpecText(): (message: string) => string {
  const { t, i18n } = useTranslation();
  return useCallback(
    (message: string) => {
      const matched = matchValidationMessage(message);
      const key = matched ? `unitConfig.validation.${matched.key}` : null;
      // Checked by i18n.exists: contracts may add texts before they are translated here.
      if (matched && key !== null && i18n.exists(key)) {
        // Any validation key: the one with both placeholders types the options ({{n}}, {{m}}).
        return t(key as 'unitConfig.validation.betweenChars', { n: matched.params.n ?? '', m: matched.params.m ?? '' });
      }
      const code = ERROR_CODES_BY_MESSAGE.get(message);
      // A union of every error key is too wide for the typed t(); any apiErrors key has the same shape.
      if (code) return t(`apiErrors.${code}` as 'apiErrors.GENERIC');
      return message;
    },
    [t, i18n],
  );
}

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

/** The inline message under a field, with its test id `config-error-<form>.<field>`. */
export function useFieldError(formId: string, errors: FieldErrors): (field: string) => ReactNode {
  const text = useSpecText();
  return useCallback(
    (field: string) => {
      const message = errors[field];
      if (message === undefined) return undefined;
      return <span data-testid={`config-error-${formId}.${field}`}>{text(message)}</span>;
    },
    [errors, formId, text],
  );
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
