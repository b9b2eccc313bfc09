/**
 * Client applications (spec 001 §2 /system_settings client_application; support-staff menu Client Application).
 * The spec shows no fields ("contents not shown"): an OAuth-style client with a name, a client id
 * (both unique), redirect URIs, scopes and an active flag. The core makes the secret: it is in the
 * answer of the create and of a regeneration only (`ClientApplicationWithSecret`), stored hashed,
 * never returned again (`hasSecret` says whether one is set).
 */
import { z } from 'zod';
import { VALIDATION } from '../messages.js';
import { RULES } from '../rule-messages.js';
import { statesRules } from '../validation.js';
import { Id, pageOf, RecordStamps } from './common.js';
import { SettingName, settingsSearchQuery, SettingVersion } from './organisations.js';

/** Redirect URIs and scopes of one application (not in the spec: guards). */
export const CLIENT_APPLICATION_URIS_MAX = 20;
export const CLIENT_APPLICATION_SCOPES_MAX = 50;
/** Client ids and scopes: letters, digits and . _ - : (the characters OAuth clients commonly use). */
export const CLIENT_ID_PATTERN = /^[A-Za-z0-9._:-]+$/;

export const ClientApplication = z.object({
  id: Id,
  name: z.string(),
  clientId: z.string(),
  redirectUris: z.array(z.string()),
  scopes: z.array(z.string()),
  active: z.boolean(),
  /** A secret is set (its value is shown once, when made). */
  hasSecret: z.boolean(),
  ...RecordStamps,
});
export type ClientApplication = z.infer<typeof ClientApplication>;
/** The create's and the regeneration's answer: the application and its new secret, this once. */
export const ClientApplicationWithSecret = ClientApplication.extend({ secret: z.string() });
export type ClientApplicationWithSecret = z.infer<typeof ClientApplicationWithSecret>;

export const CLIENT_APPLICATION_SORT_KEYS = ['name', 'clientId', 'createdAt'] as const;
/** GET v2/admin/clientApplications: search by name or client id. */
export const ClientApplicationSearchQuery = settingsSearchQuery(CLIENT_APPLICATION_SORT_KEYS);
export type ClientApplicationSearchQuery = z.infer<typeof ClientApplicationSearchQuery>;
export const ClientApplicationPage = pageOf(ClientApplication);
export type ClientApplicationPage = z.infer<typeof ClientApplicationPage>;

export const ClientId = z
  .string({ error: VALIDATION.required })
  .trim()
  .min(1, { error: VALIDATION.required, abort: true })
  .min(3, VALIDATION.minChars(3))
  .max(128, VALIDATION.maxChars(128))
  .regex(CLIENT_ID_PATTERN, VALIDATION.mustMatchPattern);

/** An absolute http(s) URL, as URL parsing reads it. */
export const RedirectUri = z
  .string()
  .trim()
  .max(2048, VALIDATION.maxChars(2048))
  .refine((v) => {
    try {
      const url = new URL(v);
      return url.protocol === 'https:' || url.protocol === 'http:';
    } catch {
      return false;
    }
  }, RULES.httpUrl)
  .meta(statesRules({ field: '', message: RULES.httpUrl, rule: 'an absolute http or https address (URL parsing)' }));
const Scope = z
  .string()
  .trim()
  .min(1, { error: VALIDATION.required, abort: true })
  .max(64, VALIDATION.maxChars(64))
  .regex(CLIENT_ID_PATTERN, VALIDATION.mustMatchPattern);

/** A list whose entries appear once ("This field must be unique" on the repeat). */
const uniqueList = <T extends z.ZodType<string>>(item: T, max: number) =>
  z
    .array(item)
    .max(max, VALIDATION.maxElements)
    .superRefine((list, ctx) => {
      const seen = new Set<string>();
      list.forEach((v, i) => {
        if (seen.has(v)) ctx.addIssue({ code: 'custom', path: [i], message: VALIDATION.fieldUnique });
        seen.add(v);
      });
    })
    .meta(statesRules({ field: '', message: VALIDATION.fieldUnique, rule: 'each entry once' }));
const RedirectUris = uniqueList(RedirectUri, CLIENT_APPLICATION_URIS_MAX);
const Scopes = uniqueList(Scope, CLIENT_APPLICATION_SCOPES_MAX);

/** POST v2/admin/clientApplications. */
export const CreateClientApplicationBody = z
  .object({ name: SettingName, clientId: ClientId, redirectUris: RedirectUris.optional(), scopes: Scopes.optional(), active: z.boolean().optional() })
  .strict();
export type CreateClientApplicationBody = z.infer<typeof CreateClientApplicationBody>;

/** PUT v2/admin/clientApplications/{id}: fields left out keep their value. */
export const UpdateClientApplicationBody = z
  .object({
    name: SettingName.optional(),
    clientId: ClientId.optional(),
    redirectUris: RedirectUris.optional(),
    scopes: Scopes.optional(),
    active: z.boolean().optional(),
    version: SettingVersion.optional(),
  })
  .strict();
export type UpdateClientApplicationBody = z.infer<typeof UpdateClientApplicationBody>;

/** POST v2/admin/clientApplications/{id}/secret: a new secret replaces the old one. */
export const RegenerateClientSecretBody = z.object({ version: SettingVersion.optional() }).strict();
export type RegenerateClientSecretBody = z.infer<typeof RegenerateClientSecretBody>;
