/** Building blocks shared by the configuration tabs: the tabs' context, form sections. */
import { createContext, useContext, type ReactNode } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { EndpointId, Role } from '@fleet/contracts';
import { FORM_ERROR } from '../../lib/forms/fieldErrors';
import { useSpecText } from '../../lib/forms/specText';
import type { ConfigForm } from '../../lib/forms/useConfigForm';
import { canApply } from '../../kit/access';

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
