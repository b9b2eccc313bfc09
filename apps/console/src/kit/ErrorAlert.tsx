/**
 * A failed call or read in the core's words (useApiErrorMessage), in a red alert; nothing while
 * there is no error (null, undefined or false, so that `cond && error` reads well).
 */
import { Alert } from '@mantine/core';
import { useApiErrorMessage } from '../api/errorMessage';

export function ErrorAlert({ error, testId, role }: { readonly error: unknown; readonly testId?: string; readonly role?: 'alert' }) {
  const errorText = useApiErrorMessage();
  if (error === null || error === undefined || error === false) return null;
  return (
    <Alert color="red" role={role} data-testid={testId}>
      {errorText(error)}
    </Alert>
  );
}
