/** A form field's error in the user's language: the forms of the groups, the unit dialogs and the unit actions. */
import { useCallback } from 'react';
import { useSpecText } from './specText';

/** A field's spec message in the user's language (forms.validation / apiErrors), undefined when the field has none. */
export function useFieldText(): (message: string | undefined) => string | undefined {
  const spec = useSpecText();
  return useCallback((message: string | undefined) => (message === undefined ? undefined : spec(message)), [spec]);
}
