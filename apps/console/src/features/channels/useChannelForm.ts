/**
 * One form of the manage-channel modal: a form applied (lib/forms useAppliedForm) through the
 * catalogue client; on success a toast and the channel's reads refreshed, on refusal the server's
 * field errors inline and its other message (e.g. "Output channel license is exceeded (...)") as the
 * form's failure.
 */
import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { EndpointId, EndpointInput } from '@fleet/contracts';
import { endpointPrefix, useEndpointMutation } from '../../api/hooks';
import { checkSchema, hasErrors } from '../../lib/forms/fieldErrors';
import type { FieldErrors } from '../../lib/forms/fieldErrors';
import { useAppliedForm, type AppliedForm, type AppliedFormOptions } from '../../lib/forms/useAppliedForm';
import { useToast } from '../../toast/useToast';
import { bodySchema } from '../../kit/bodySchema';

export type ChannelForm<F> = AppliedForm<F>;

export interface ChannelFormOptions<F, K extends EndpointId> extends Pick<AppliedFormOptions<F>, 'source' | 'toBody'> {
  /** Default: the call's body schema in the catalogue. */
  readonly schema?: AppliedFormOptions<F>['schema'];
  readonly channelName: string;
  readonly endpoint: K;
  /** The call's input around the parsed body (params, query). */
  readonly toInput: (body: unknown) => Partial<EndpointInput<K>>;
  /** Rules the schema cannot say (e.g. a number typed as text), checked first. */
  readonly extra?: (values: F) => FieldErrors;
  /** Reads to refresh after a save (besides the channel list and details). */
  readonly refresh?: readonly EndpointId[];
  /** The channel's name once saved, when the form renames it (the toast names the channel). */
  readonly savedName?: (values: F) => string;
  /** The success toast's text, when the form changes something other than a channel (e.g. its server). */
  readonly savedMessage?: (values: F) => string;
  /** After a save (e.g. an add form goes back to blank). */
  readonly onSaved?: () => void;
}

export function useChannelForm<F extends object, K extends EndpointId>(options: ChannelFormOptions<F, K>): ChannelForm<F> {
  const { channelName, source, endpoint, schema = bodySchema(endpoint), toBody, toInput, extra, refresh = [], savedName, savedMessage, onSaved } = options;
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const validate = useCallback(
    (values: F): FieldErrors => {
      const first = extra?.(values) ?? {};
      return hasErrors(first) ? first : checkSchema(schema, toBody(values));
    },
    [extra, schema, toBody],
  );
  const { mutate, isPending } = useEndpointMutation(endpoint);
  return useAppliedForm({
    source,
    validate,
    schema,
    toBody,
    pending: isPending,
    send: (body, values, settled) =>
      mutate(toInput(body), {
        onSuccess: () => {
          settled.onSuccess();
          onSaved?.();
          toast.show({ message: savedMessage?.(values) ?? t('channels.modal.saved', { name: savedName?.(values) ?? channelName }), variant: 'success' });
          for (const id of ['fetchChannels', 'fetchChannelDetails', ...refresh] as const) void queryClient.invalidateQueries({ queryKey: endpointPrefix(id) });
        },
        onError: settled.onError,
      }),
  });
}
