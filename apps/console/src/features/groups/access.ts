/** Field texts of the /groups screen (who may make its calls: kit/access.ts `useCanCall`). */
import { useCallback } from 'react';
import { useSpecText } from '../../lib/forms/specText';

/** A field's spec message in the user's language (forms.validation / apiErrors), undefined when the field has none. */
export function useFieldText(): (message: string | undefined) => string | undefined {
  const spec = useSpecText();
  return useCallback((message: string | undefined) => (message === undefined ? undefined : spec(message)), [spec]);
}
