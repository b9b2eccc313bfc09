/**
 * One form of the server detail: values following the server while untouched (lib/forms useForm),
 * checked with the call's own catalogue body schema in the spec's words (checkSchema:
 * specErrorMap), sent through the catalogue client; on success a toast and the server's reads
 * refreshed, on refusal the server's field errors inline and its other message (an §8 refusal such
 * as "IFB mode can be changed only when the server is idle", or "Configuration not sent, retry"
 * when the server does not answer) as the form's failure.
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
import { SERVERS_KEY } from './useServers';

export interface ServerForm<F> extends Form<F> {
  readonly pending: boolean;
  /** A refusal no field shows (translated text), or null. */
  readonly failure: string | null;
  readonly apply: () => void;
}

export interface ServerFormOptions<F, K extends EndpointId> {
  readonly serverId: string;
  readonly serverName: string;
  readonly source: F;
  readonly endpoint: K;
  /** The catalogue body schema of `endpoint`. */
  readonly schema: z.ZodType;
  readonly toBody: (values: F) => unknown;
  /** Form field of a body path (default: the path itself). */
  readonly fieldOf?: (path: string) => string;
  /** Reads of this server to refresh after a save (besides the server and the list). */
  readonly refresh?: readonly EndpointId[];
}

const renameFields = (errors: FieldErrors, fieldOf: (path: string) => string): FieldErrors =>
  Object.fromEntries(Object.entries(errors).map(([path, message]) => [fieldOf(path), message]));

export function useServerForm<F extends object, K extends EndpointId>(options: ServerFormOptions<F, K>): ServerForm<F> {
  const { serverId, serverName, source, endpoint, schema, toBody, fieldOf = (path: string) => path, refresh = [] } = options;
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const errorText = useApiErrorMessage();
  const validate = useCallback((values: F): FieldErrors => renameFields(checkSchema(schema, toBody(values)), fieldOf), [fieldOf, schema, toBody]);
  const form = useForm(source, validate);
  const { mutate, isPending } = useEndpointMutation(endpoint);
  const { submit, saved, failed } = form;

  const apply = useCallback(() => {
    const values = submit();
    if (values === null) return;
    const parsed = schema.safeParse(toBody(values));
    if (!parsed.success) return;
    // The body was parsed by this endpoint's own schema; the generic K cannot be narrowed here.
    mutate({ params: { id: serverId }, body: parsed.data } as Partial<EndpointInput<K>>, {
      onSuccess: () => {
        saved();
        toast.show({ message: t('devices.detail.saved', { name: serverName }), variant: 'success' });
        void queryClient.invalidateQueries({ queryKey: SERVERS_KEY });
        for (const id of ['getServer', ...refresh] as const) void queryClient.invalidateQueries({ queryKey: endpointPrefix(id) });
      },
      onError: (error) => {
        const fields = renameFields(serverFieldErrors(error), fieldOf);
        failed(error, fields);
        // A refusal no field shows (an §8 refusal, "Configuration not sent, retry") is also a toast.
        if (!hasErrors(fields)) toast.show({ message: errorText(error), variant: 'error' });
      },
    });
  }, [errorText, failed, fieldOf, mutate, queryClient, refresh, saved, schema, serverId, serverName, submit, t, toBody, toast]);

  const failure = form.error === null || hasErrors(serverFieldErrors(form.error)) ? null : errorText(form.error);
  return { ...form, pending: isPending, failure, apply };
}
