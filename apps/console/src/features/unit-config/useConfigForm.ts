/**
 * One configuration form: its values (re-synced from the server while untouched, so a change made
 * elsewhere shows up), client validation with the core's rules, the submit through a catalogue
 * call, the server's field errors inline, a toast and the cache updated on success.
 */
import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { EndpointId, EndpointInput, EndpointOutput, UnitConfiguration } from '@fleet/contracts';
import { endpointKey, useEndpointMutation } from '../../api/hooks';
import { useApiErrorMessage } from '../../api/errorMessage';
import { useToast } from '../../toast/useToast';
import { FORM_ERROR, hasErrors, serverFieldErrors, type FieldErrors } from './validation';

export interface ConfigForm<F> {
  readonly values: F;
  readonly set: (patch: Partial<F>) => void;
  /** The user changed something since the last load or apply. */
  readonly dirty: boolean;
  /** Errors to show: client errors once the form is touched, then the server's. */
  readonly errors: FieldErrors;
  /** A failure that is not tied to a field (translated text). */
  readonly failure: string | null;
  readonly pending: boolean;
  readonly apply: () => void;
  readonly reset: () => void;
}

interface FormState<F> {
  readonly values: F;
  readonly sourceKey: string;
  readonly dirty: boolean;
  readonly submitted: boolean;
  readonly serverErrors: FieldErrors;
  readonly failure: string | null;
}

export interface ConfigFormOptions<F, K extends EndpointId> {
  readonly unitId: string;
  /** The values as the server has them now. */
  readonly source: F;
  readonly validate: (values: F) => FieldErrors;
  readonly endpoint: K;
  /** The catalogue body schema: the body is sent as it parses (defaults filled). */
  readonly schema: z.ZodType;
  readonly toBody: (values: F) => unknown;
  /**
   * `update`: the call answers the unit's configuration (put in the cache); `command`: the device
   * took it, the configuration is fetched again (the core also publishes unit.configuration).
   */
  readonly kind: 'update' | 'command';
  /** Extra work after a success (e.g. refetch a read that the change affects). */
  readonly onApplied?: () => void;
}

function init<F>(source: F, sourceKey: string): FormState<F> {
  return { values: source, sourceKey, dirty: false, submitted: false, serverErrors: {}, failure: null };
}

export function useConfigForm<F, K extends EndpointId>(options: ConfigFormOptions<F, K>): ConfigForm<F> {
  const { unitId, source, validate, endpoint, schema, toBody, kind, onApplied } = options;
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useApiErrorMessage();
  const queryClient = useQueryClient();
  const sourceKey = JSON.stringify(source);
  const [state, setState] = useState<FormState<F>>(() => init(source, sourceKey));

  // A newer server value replaces untouched values (live update without reload).
  if (state.sourceKey !== sourceKey && !state.dirty) setState(init(source, sourceKey));

  const mutation = useEndpointMutation(endpoint, {
    onSuccess: (data) => {
      const configKey = endpointKey('getUnitConfigurationV2', { params: { id: unitId } });
      if (kind === 'update') queryClient.setQueryData(configKey, data as UnitConfiguration);
      else void queryClient.invalidateQueries({ queryKey: configKey });
      onApplied?.();
      setState((s) => ({ ...s, dirty: false, submitted: false, serverErrors: {}, failure: null }));
      toast.show({ message: t(kind === 'update' ? 'unitConfig.applied' : 'unitConfig.commandSent'), variant: 'success' });
    },
    onError: (error) => {
      const fields = serverFieldErrors(error);
      const onlyForm = !hasErrors(fields) || (Object.keys(fields).length === 1 && FORM_ERROR in fields);
      setState((s) => ({ ...s, serverErrors: fields, failure: onlyForm && !(FORM_ERROR in fields) ? errorText(error) : null }));
    },
  });

  const clientErrors = state.dirty || state.submitted ? validate(state.values) : {};
  const errors = hasErrors(clientErrors) ? clientErrors : state.serverErrors;

  const set = useCallback((patch: Partial<F>) => {
    setState((s) => ({ ...s, values: { ...s.values, ...patch }, dirty: true, serverErrors: {}, failure: null }));
  }, []);

  const { mutate } = mutation;
  const apply = useCallback(() => {
    setState((s) => ({ ...s, submitted: true, serverErrors: {}, failure: null }));
    if (hasErrors(validate(state.values))) return;
    const parsed = schema.safeParse(toBody(state.values));
    if (!parsed.success) return;
    // The body was parsed by this endpoint's own schema; the generic K cannot be narrowed here.
    mutate({ params: { id: unitId }, body: parsed.data } as Partial<EndpointInput<K>>);
  }, [mutate, schema, state.values, toBody, unitId, validate]);

  const reset = useCallback(() => setState(init(source, sourceKey)), [source, sourceKey]);

  return { values: state.values, set, dirty: state.dirty, errors, failure: state.failure, pending: mutation.isPending, apply, reset };
}

export interface ConfigAction<K extends EndpointId> {
  readonly run: (body?: Partial<EndpointInput<K>>['body']) => void;
  readonly pending: boolean;
  /** The failure of the last run, as a spec message (field) or translated error text. */
  readonly failure: string | null;
  readonly data: EndpointOutput<K> | undefined;
}

/**
 * A one-shot call of the configuration (a link toggle, a Wi-Fi scan, a SIM switch, an IP pipe
 * connection...): the unit's configuration and detail are fetched again on success (the core also
 * publishes the change on /ws), with a toast.
 */
export function useConfigAction<K extends EndpointId>(unitId: string, endpoint: K, onDone?: (data: EndpointOutput<K>) => void): ConfigAction<K> {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useApiErrorMessage();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const mutation = useEndpointMutation(endpoint, {
    onMutate: () => setFailure(null),
    onSuccess: (data) => {
      void queryClient.invalidateQueries({ queryKey: endpointKey('getUnitConfigurationV2', { params: { id: unitId } }) });
      void queryClient.invalidateQueries({ queryKey: endpointKey('getUnit', { params: { id: unitId } }) });
      toast.show({ message: t('unitConfig.commandSent'), variant: 'success' });
      onDone?.(data);
    },
    onError: (error) => {
      const fields = Object.values(serverFieldErrors(error));
      setFailure(fields[0] ?? errorText(error));
    },
  });
  const { mutate } = mutation;
  const run = useCallback(
    (body?: Partial<EndpointInput<K>>['body']) => {
      // The body is this endpoint's (typed by K at the call site); the generic input cannot be narrowed here.
      mutate({ params: { id: unitId }, ...(body === undefined ? {} : { body }) } as Partial<EndpointInput<K>>);
    },
    [mutate, unitId],
  );
  return { run, pending: mutation.isPending, failure, data: mutation.data };
}
