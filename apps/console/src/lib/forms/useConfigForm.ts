/**
 * One configuration form (the configuration modal's and the unit detail's alike): a form applied
 * (useAppliedForm) through a catalogue call on the unit (useConfigCall).
 */
import type { EndpointId, EndpointInput } from '@fleet/contracts';
import { useAppliedForm, type AppliedForm, type AppliedFormOptions } from './useAppliedForm';
import { useConfigCall, type ConfigCallOptions } from './useConfigCall';

export type ConfigForm<F> = AppliedForm<F>;

export interface ConfigFormOptions<F, K extends EndpointId> extends ConfigCallOptions<K>, Omit<AppliedFormOptions<F>, 'send' | 'pending'> {
  readonly unitId: string;
  readonly endpoint: K;
}

export function useConfigForm<F extends object, K extends EndpointId>(options: ConfigFormOptions<F, K>): ConfigForm<F> {
  const { unitId, endpoint, kind, successMessage, onApplied, ...form } = options;
  const call = { kind, successMessage, onApplied };
  const { mutate, isPending } = useConfigCall(unitId, endpoint, call);
  return useAppliedForm({
    ...form,
    pending: isPending,
    // The body was parsed by this endpoint's own schema; the generic K cannot be narrowed here.
    send: (body, _values, settled) => mutate({ params: { id: unitId }, body } as Partial<EndpointInput<K>>, settled),
  });
}
