/**
 * The state of one shares dialog's form: its values, the errors shown (the form's own rules once a
 * save was tried, then following what is typed; the core's field errors after a refused save), and
 * each field's error in the user's language with a test id `<testPrefix>-error.<field>`.
 */
import { useState } from 'react';
import { hasErrors, serverFieldErrors, type FieldErrors } from '../../lib/forms/fieldErrors';
import { useSpecText } from '../../lib/forms/specText';

/**
 * `valid()`: Save pressed, whether the values pass the form's rules (if not, their errors show);
 * `failed(error)`: a save the core refused, its field errors on the form's fields; `reset(values)`:
 * back to these values with no errors shown (a form kept open for the next entry).
 */
export function useShareForm<V extends object>(initial: () => V, check: (values: V) => FieldErrors, testPrefix: string) {
  const specText = useSpecText();
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  return {
    values,
    change: (next: Partial<V>) => {
      const merged = { ...values, ...next };
      setValues(merged);
      // Once a save was tried, the rules follow what is typed.
      if (hasErrors(errors)) setErrors(check(merged));
    },
    valid: () => {
      const found = check(values);
      setErrors(found);
      return !hasErrors(found);
    },
    failed: (error: unknown) => setErrors(serverFieldErrors(error)),
    reset: (next: V) => {
      setValues(next);
      setErrors({});
    },
    fieldError: (field: string) => {
      const message = errors[field];
      return message === undefined ? undefined : <span data-testid={`${testPrefix}-error.${field}`}>{specText(message)}</span>;
    },
  };
}
