import { useCallback } from 'react';
import { isApiError } from '../../api/ApiError';
import { useApiErrorMessage } from '../../api/errorMessage';
import { useSpecText } from '../../lib/forms/specText';

/**
 * `spec`: a spec validation text in the user's language (the exact spec words in English: lib/forms
 * useSpecText); `error`: the text of a failed call (a field's spec message translated, else the
 * shared mapping, apiErrors.*); `fieldError`: the spec message a failed call gives for one body
 * field (e.g. 'body.name'), translated, null when none.
 */
export function useFilesText() {
  const apiMessage = useApiErrorMessage();
  const spec = useSpecText();
  const error = useCallback(
    (e: unknown) => {
      if (isApiError(e)) {
        const first = e.fields[0];
        if (first) return spec(first.message);
      }
      return apiMessage(e);
    },
    [spec, apiMessage],
  );
  const fieldError = useCallback(
    (e: unknown, path: string) => {
      if (!isApiError(e)) return null;
      const field = e.fields.find((f) => f.path === path);
      return field ? spec(field.message) : null;
    },
    [spec],
  );
  return { spec, error, fieldError };
}
