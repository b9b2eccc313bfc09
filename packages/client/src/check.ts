/**
 * Checks an answer against the catalogue's response schema, so a drift between a client and the core
 * shows up: loaded on demand (the console's development builds and tests; a script's client made with
 * `checkResponses`). The console's production builds leave this module, zod and the schemas out.
 */
import { catalogue } from '@fleet/contracts';
import type { EndpointId, EndpointOutput } from '@fleet/contracts';
import type { z } from 'zod';

export type CheckedResponse<K extends EndpointId> = { readonly ok: true; readonly data: EndpointOutput<K> } | { readonly ok: false; readonly message: string };

export function checkResponse<K extends EndpointId>(id: K, body: unknown): CheckedResponse<K> {
  // The catalogue ties each id to its response schema; TypeScript cannot follow the union by key.
  const schema = catalogue[id].response as unknown as z.ZodType<EndpointOutput<K>>;
  const parsed = schema.safeParse(body);
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, message: parsed.error.issues[0]?.message ?? 'invalid' };
}
