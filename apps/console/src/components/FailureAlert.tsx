/** A refused or failed call in the user's language (useApiErrorMessage), in a red alert; nothing without an error. */
import { Alert } from '@mantine/core';
import { useApiErrorMessage } from '../api/errorMessage';

export function FailureAlert({ error, testId }: { readonly error: unknown; readonly testId?: string }) {
  const errorText = useApiErrorMessage();
  if (error === null || error === undefined || error === false) return null;
  return (
    <Alert color="red" data-testid={testId}>
      {errorText(error)}
    </Alert>
  );
}
