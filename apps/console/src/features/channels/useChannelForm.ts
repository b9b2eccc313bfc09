/**
 * One form of the manage-channel modal: values following the channel while untouched (lib/forms
 * useForm), checked with the call's own catalogue body schema in the spec's words (checkSchema:
 * specErrorMap), sent through the catalogue client; on success a toast and the channel's reads
 * refreshed, on refusal the server's field errors inline and its other message (e.g. "Output
 * channel license is exceeded (...)") as the form's failure.
 */
import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { EndpointId, EndpointInput } from '@fleet/contracts';
import { endpointPrefix, useEndpointMutation } from '../../api/hooks';
import { useApiErrorMessage } from '../../api/errorMessage';
import { checkSchema, hasErrors, serverFieldErrors } from '../../lib/forms/fieldErrors';
import type { FieldErrors } from '../../lib/forms/fieldErrors';
import { useForm } from '../../lib/forms/useForm';
import type { Form } from '../../lib/forms/useForm';
import { useToast } from '../../toast/useToast';

export interface ChannelForm<F> extends Form<F> {
  readonly pending: boolean;
  /** A refusal no field shows (translated text), or null. */
  readonly failure: string | null;
  readonly apply: () => void;
}

export interface ChannelFormOptions<F, K extends EndpointId> {
  readonly channelName: string;
  readonly source: F;
  readonly endpoint: K;
  /** The catalogue body schema of `endpoint`. */
  readonly schema: z.ZodType;
  readonly toBody: (values: F) => unknown;
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
  const { channelName, source, endpoint, schema, toBody, toInput, extra, refresh = [], savedName, savedMessage, onSaved } = options;
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const errorText = useApiErrorMessage();
  const validate = useCallback(
    (values: F): FieldErrors => {
      const first = extra?.(values) ?? {};
      return hasErrors(first) ? first : checkSchema(schema, toBody(values));
    },
    [extra, schema, toBody],
  );
  const form = useForm(source, validate);
  const { mutate, isPending } = useEndpointMutation(endpoint);
  const { submit, saved, failed } = form;

  const apply = useCallback(() => {
    const values = submit();
    if (values === null) return;
    const parsed = schema.safeParse(toBody(values));
    if (!parsed.success) return;
    mutate(toInput(parsed.data), {
      onSuccess: () => {
        saved();
        onSaved?.();
        toast.show({ message: savedMessage?.(values) ?? t('channels.modal.saved', { name: savedName?.(values) ?? channelName }), variant: 'success' });
        for (const id of ['fetchChannels', 'fetchChannelDetails', ...refresh] as const) void queryClient.invalidateQueries({ queryKey: endpointPrefix(id) });
      },
      onError: (error) => failed(error),
    });
  }, [channelName, failed, mutate, onSaved, queryClient, refresh, savedMessage, savedName, saved, schema, submit, t, toBody, toInput, toast]);

  const failure = form.error === null || hasErrors(serverFieldErrors(form.error)) ? null : errorText(form.error);
  return { ...form, pending: isPending, failure, apply };
}
