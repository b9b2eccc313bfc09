/** The configuration modal's one-shot calls, beside its forms (lib/forms useConfigForm). */
import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { EndpointId, EndpointInput, EndpointOutput } from '@fleet/contracts';
import { endpointKey, useEndpointMutation } from '../../api/hooks';
import { useApiErrorMessage } from '../../api/errorMessage';
import { serverFieldErrors } from '../../lib/forms/fieldErrors';
import { useToast } from '../../toast/useToast';

/**
 * A one-shot call of the configuration (a link toggle, a Wi-Fi scan, a SIM switch, an IP pipe
 * connection...): the unit's configuration and detail are fetched again on success (the core also
 * publishes the change on /ws), with a toast; `failure`: the last run's, as a spec message (field)
 * or translated error text.
 */
export function useConfigAction<K extends EndpointId>(unitId: string, endpoint: K, onDone?: (data: EndpointOutput<K>) => void) {
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
      toast.show({ message: t('forms.commandSent'), variant: 'success' });
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
