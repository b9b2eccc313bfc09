/** Small pieces the unit dialogs share: the unit heading and the role check. */
import { Alert, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { EndpointId } from '@fleet/contracts';
import { rolesOf, useSessionUser } from '../../session/hooks';
import { canApply } from '../../kit/access';

/** Whether the signed-in user gets the action of a dialog making this call. */
export function useCanUseCall(id: EndpointId): boolean {
  const user = useSessionUser();
  return user !== undefined && canApply(rolesOf(user), id);
}

export function UnitHeading({ name }: { readonly name: string }) {
  const { t } = useTranslation();
  return (
    <Text size="sm" c="dimmed" data-testid="dialog-unit">
      {t('dialogs.common.unit', { name })}
    </Text>
  );
}

/** What a user without the action's role reads instead of the button. */
export function ReadOnlyNote() {
  const { t } = useTranslation();
  return (
    <Alert color="gray" data-testid="dialog-read-only">
      {t('permissions.notAvailableForUserType')}
    </Alert>
  );
}

/** A failure shown inside a dialog (refusals of the core with their catalogue text). */
export function ErrorNote({ message, testId }: { readonly message: string; readonly testId: string }) {
  return (
    <Alert color="red" data-testid={testId} role="alert">
      {message}
    </Alert>
  );
}
