/**
 * One configuration form (the configuration modal's and the unit detail's alike): its values
 * following the unit (useForm), client validation with the core's rules, the apply through a
 * catalogue call (useConfigCall), the server's field errors inline and its other failures as text.
 */
import { useCallback } from 'react';
import type { z } from 'zod';
import type { EndpointId, EndpointInput } from '@fleet/contracts';
import { useApiErrorMessage } from '../../api/errorMessage';
import { checkSchema, hasErrors, serverFieldErrors, type FieldErrors } from './fieldErrors';
import { useConfigCall, type ConfigCallOptions } from './useConfigCall';
import { useForm, type Form } from './useForm';

export interface ConfigForm<F> extends Form<F> {
  readonly pending: boolean;
  /** A failure that no field shows (translated text), or null. */
  readonly failure: string | null;
  readonly apply: () => void;
}

export interface ConfigFormOptions<F, K extends EndpointId> extends ConfigCallOptions<K> {
  readonly unitId: string;
  /** The values as the unit has them now. */
  readonly source: F;
  /** The form's rules; default the body schema's (checkSchema: the spec's words). */
  readonly validate?: (values: F) => FieldErrors;
  readonly endpoint: K;
  /** The catalogue body schema: the body is sent as it parses (defaults filled). */
  readonly schema: z.ZodType;
  readonly toBody: (values: F) => unknown;
}

export function useConfigForm<F extends object, K extends EndpointId>(options: ConfigFormOptions<F, K>): ConfigForm<F> {
  const { unitId, source, validate, endpoint, schema, toBody, ...call } = options;
  const errorText = useApiErrorMessage();
  const check = useCallback((values: F) => validate?.(values) ?? checkSchema(schema, toBody(values)), [validate, schema, toBody]);
  const form = useForm(source, check);
  const { mutate, isPending } = useConfigCall(unitId, endpoint, call);
  const { submit, saved, failed } = form;

  const apply = useCallback(() => {
    const values = submit();
    if (values === null) return;
    const parsed = schema.safeParse(toBody(values));
    if (!parsed.success) return;
    // The body was parsed by this endpoint's own schema; the generic K cannot be narrowed here.
    mutate({ params: { id: unitId }, body: parsed.data } as Partial<EndpointInput<K>>, { onSuccess: saved, onError: (error) => failed(error) });
  }, [failed, mutate, saved, schema, submit, toBody, unitId]);

  const failure = form.error === null || hasErrors(serverFieldErrors(form.error)) ? null : errorText(form.error);
  return { ...form, pending: isPending, failure, apply };
}
