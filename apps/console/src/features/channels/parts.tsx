/** Building blocks of the manage-channel modal's tabs. */
import { createContext, useContext, type ReactNode } from 'react';
import { Alert, Badge, Button, Group, Paper, Stack, Title, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ChannelDetails, EndpointId, Role } from '@fleet/contracts';
import { FORM_ERROR } from '../../lib/forms/fieldErrors';
import { useSpecText } from '../../lib/forms/specText';
import type { ChannelForm } from './useChannelForm';
import { canApply } from '../../kit/access';

export interface ChannelModalContextValue {
  readonly details: ChannelDetails;
  readonly roles: readonly Role[];
}
export const ChannelModalContext = createContext<ChannelModalContextValue | null>(null);

export function useChannelModal(): ChannelModalContextValue {
  const value = useContext(ChannelModalContext);
  if (!value) throw new Error('useChannelModal outside the manage-channel modal');
  return value;
}

export function useCanApply(endpoint: EndpointId): boolean {
  return canApply(useChannelModal().roles, endpoint);
}

/** Where an Apply button would be, for a user who may not apply: the spec's tooltip. */
export function NotAvailable({ testId }: { testId: string }) {
  const { t } = useTranslation();
  return (
    <Tooltip label={t('channels.modal.notAvailable')}>
      <Badge variant="light" color="gray" data-testid={testId}>
        {t('channels.modal.notAvailable')}
      </Badge>
    </Tooltip>
  );
}

interface FormSectionProps<F> {
  readonly formId: string;
  readonly title: string;
  readonly form: ChannelForm<F>;
  readonly allowed: boolean;
  readonly children: ReactNode;
}

/** A tab's form: its fields (disabled for users who may not apply), errors, and Apply for those who may. */
export function ChannelFormSection<F>({ formId, title, form, allowed, children }: FormSectionProps<F>) {
  const { t } = useTranslation();
  const text = useSpecText();
  const formError = form.errors[FORM_ERROR];
  return (
    <Paper withBorder p="md" data-testid={`channel-form-${formId}`}>
      <Stack gap="sm">
        <Title order={5}>{title}</Title>
        <fieldset disabled={!allowed} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack gap="sm">{children}</Stack>
        </fieldset>
        {formError !== undefined && (
          <Alert color="red" data-testid={`channel-error-${formId}._form`}>
            {text(formError)}
          </Alert>
        )}
        {form.failure !== null && (
          <Alert color="red" data-testid={`channel-failure-${formId}`}>
            {form.failure}
          </Alert>
        )}
        <Group justify="flex-end">
          {allowed ? (
            <>
              {form.dirty && (
                <Button variant="default" onClick={form.reset} data-testid={`channel-reset-${formId}`}>
                  {t('channels.modal.reset')}
                </Button>
              )}
              <Button onClick={form.apply} loading={form.pending} data-testid={`channel-apply-${formId}`}>
                {t('channels.modal.apply')}
              </Button>
            </>
          ) : (
            <NotAvailable testId={`channel-apply-unavailable-${formId}`} />
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
