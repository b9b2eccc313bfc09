/**
 * A form applied through one catalogue call, the one way the configuration forms (useConfigForm)
 * and the manage-channel modal's forms (useChannelForm) work: values following the record while
 * untouched (useForm), the form's rules (default: the call's body schema in the spec's words,
 * checkSchema), the body sent as that schema parses it (defaults filled), the server's field errors
 * inline and its other refusal as the form's failure (translated).
 */
import { useCallback } from 'react';
import type { z } from 'zod';
import { useApiErrorMessage } from '../../api/errorMessage';
import { checkSchema, hasErrors, serverFieldErrors, type FieldErrors } from './fieldErrors';
import { useForm, type Form } from './useForm';

export interface AppliedForm<F> extends Form<F> {
  readonly pending: boolean;
  /** A refusal no field shows (translated text), or null. */
  readonly failure: string | null;
  readonly apply: () => void;
}

export interface AppliedFormOptions<F> {
  /** The values as the record has them now. */
  readonly source: F;
  /** The form's rules; default the body schema's. */
  readonly validate?: (values: F) => FieldErrors;
  /** The call's body schema. */
  readonly schema: z.ZodType;
  readonly toBody: (values: F) => unknown;
  /** Makes the call with the parsed body; `settled` updates the form. */
  readonly send: (body: unknown, values: F, settled: { readonly onSuccess: () => void; readonly onError: (error: unknown) => void }) => void;
  /** The call is under way. */
  readonly pending: boolean;
}

export function useAppliedForm<F extends object>({ source, validate, schema, toBody, send, pending }: AppliedFormOptions<F>): AppliedForm<F> {
  const errorText = useApiErrorMessage();
  const check = useCallback((values: F) => validate?.(values) ?? checkSchema(schema, toBody(values)), [validate, schema, toBody]);
  const form = useForm(source, check);
  const { submit, saved, failed } = form;
  const apply = () => {
    const values = submit();
    if (values === null) return;
    const parsed = schema.safeParse(toBody(values));
    if (parsed.success) send(parsed.data, values, { onSuccess: saved, onError: (error) => failed(error) });
  };
  const failure = form.error === null || hasErrors(serverFieldErrors(form.error)) ? null : errorText(form.error);
  return { ...form, pending, failure, apply };
}
