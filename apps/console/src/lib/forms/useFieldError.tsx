import { useCallback, type ReactNode } from 'react';
import type { FieldErrors } from './fieldErrors';
import { useSpecText } from './specText';

/** The inline message under a field (its spec text in the user's language), with the test id `<testIdPrefix>.<field>`. */
export function useFieldError(testIdPrefix: string, errors: FieldErrors): (field: string) => ReactNode {
  const text = useSpecText();
  return useCallback(
    (field: string) => {
      const message = errors[field];
      if (message === undefined) return undefined;
      return <span data-testid={`${testIdPrefix}.${field}`}>{text(message)}</span>;
    },
    [errors, testIdPrefix, text],
  );
}
