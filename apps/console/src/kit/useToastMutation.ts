/**
 * A catalogue call's mutation with its toasts: `success` words the toast of a call that went
 * through; a refused or failed call shows the core's words (useApiErrorMessage) as an error toast,
 * unless the caller handles the error itself (`onError`).
 */
import type { UseMutationResult } from '@tanstack/react-query';
import type { EndpointId, EndpointInput, EndpointOutput } from '@fleet/contracts';
import type { ApiError } from '../api/ApiError';
import { useApiErrorMessage } from '../api/errorMessage';
import { useEndpointMutation, type EndpointMutationOptions } from '../api/hooks';
import { useToast } from '../toast/useToast';

export type ToastMutationOptions<K extends EndpointId, TContext = unknown> = EndpointMutationOptions<K, TContext> & {
  readonly success?: (result: EndpointOutput<K>, variables: Partial<EndpointInput<K>>) => string;
};

export function useToastMutation<K extends EndpointId, TContext = unknown>(
  id: K,
  { success, ...options }: ToastMutationOptions<K, TContext> = {},
): UseMutationResult<EndpointOutput<K>, ApiError, Partial<EndpointInput<K>>, TContext> {
  const toast = useToast();
  const errorText = useApiErrorMessage();
  return useEndpointMutation(id, {
    ...options,
    onSuccess: (...args) => {
      if (success) toast.show({ message: success(args[0], args[1]), variant: 'success' });
      return options.onSuccess?.(...args);
    },
    onError: options.onError ?? ((error) => toast.show({ message: errorText(error), variant: 'error' })),
  });
}
