/** The codecs of the platform settings' JSON columns (modem vendors, client applications, AI credentials, application configuration). */
import { z } from 'zod';
import { jsonColumn, lenientArray } from '../../platform/storage/json-column.js';

/** ModemVendor.models: `[{ name }]`; an entry without a name is dropped. */
export const modemModels = jsonColumn(
  lenientArray(z.looseObject({ name: z.string().min(1) })).transform((xs) => (xs ?? []).map((m) => ({ name: m.name }))),
  () => [],
);

/** ClientApplication.redirectUris and .scopes: lists of strings. */
export const stringList = jsonColumn(
  lenientArray(z.string()).transform((xs) => xs ?? []),
  () => [],
);

/** AiCredential.credentials: `[{ name, secret, value }]` (values as written; secret ones never leave the core). */
export const aiCredentialFields = jsonColumn(
  lenientArray(z.looseObject({ name: z.string().min(1), secret: z.boolean().catch(true), value: z.string().catch('') })).transform((xs) =>
    (xs ?? []).map((f) => ({ name: f.name, secret: f.secret, value: f.value })),
  ),
  () => [],
);

/** ApplicationConfiguration.value: any JSON value (its shape is the key's, checked when written). */
export const configurationValue = jsonColumn(z.json(), () => ({}));
