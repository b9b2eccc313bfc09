/**
 * The form side every platform settings kind shares: a form over the kind's values checked by
 * the call's own body schema (the spec's messages, before anything is sent), the core's field
 * errors back on the fields, and a save that reads the kind's lists again.
 */
import { useQueryClient } from '@tanstack/react-query';
import type { EndpointId } from '@fleet/contracts';
import type { z } from 'zod';
import { endpointPrefix, useEndpointMutation } from '../../api/hooks';
import { checkSchema, serverFieldErrors, type FieldErrors } from '../../lib/forms/fieldErrors';

/** The body's errors under the form's field names (the schema's paths: `name`, `models.1.name`). */
export function bodyErrors(schema: z.ZodType, body: unknown): FieldErrors {
  return checkSchema(schema, body);
}

/** The refusal to show as a note under the form: none when it came with field errors (they show on their fields). */
export function noteError(error: unknown): unknown {
  if (error === null || error === undefined) return null;
  return Object.keys(serverFieldErrors(error)).length > 0 ? null : error;
}

/** A settings call; on success the given lists are read again (another console hears it on /ws). */
export function useSettingsMutation<K extends EndpointId>(id: K, lists: readonly EndpointId[]) {
  const queryClient = useQueryClient();
  return useEndpointMutation(id, {
    onSuccess: () => {
      for (const list of lists) void queryClient.invalidateQueries({ queryKey: endpointPrefix(list) });
    },
  });
}

/** Lines of a text area as a list (blank lines dropped, each trimmed). */
export function linesOf(text: string): string[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
}
