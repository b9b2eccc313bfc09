/**
 * AI credentials (spec 001 §2 /system_settings ai_settings; §3 "AI credentials").
 *
 * - Names are unique ("Name field has to be unique"; checked here: the table has no unique index).
 * - The inventory, when given, is an existing one ("Invalid field" otherwise); none = every inventory.
 * - Fields: name, secret flag, value. Secret values are write-only: reads answer `value: null`
 *   with `isSet`. A field sent without a value keeps the value stored under its name (so the form
 *   need not know the secret to change something else); a new field needs a value ("This field is required").
 * - Searched by name or provider.
 */
import {
  VALIDATION,
  type AiCredential,
  type AiCredentialFieldInput,
  type AiCredentialSearchQuery,
  type CreateAiCredentialBody,
  type FieldProblem,
  type UpdateAiCredentialBody,
  AiProvider,
  RULES,
} from '@fleet/contracts';
import { callsOf } from '../../calls.js';
import { validationError } from '../../errors.js';
import { recordStamps } from '../../platform/storage/record-stamps.js';
import type { ServiceDeps } from '../deps.js';
import { aiCredentialFields } from './settings-columns.js';
import { defineSettingKind, settingService } from './setting-kind.js';
import { uniqueName } from './settings-support.js';
import * as repo from './repository.js';

type StoredField = ReturnType<typeof aiCredentialFields.read>[number];
const storedProvider = AiProvider.catch('other');

function inventoryProblems(deps: ServiceDeps, inventoryId: string | null | undefined): FieldProblem[] {
  if (inventoryId === undefined || inventoryId === null || deps.readModel.inventories.get(inventoryId)) return [];
  return [{ path: 'body.inventoryId', message: RULES.unknownInventory }];
}

/** The fields to store: each sent value, or the value stored under that name when none is sent. */
function merge(stored: readonly StoredField[], input: readonly AiCredentialFieldInput[]): { stored: StoredField[]; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const out = input.map((f, i): StoredField => {
    const value = f.value ?? stored.find((s) => s.name === f.name)?.value;
    if (value === undefined) problems.push({ path: `body.fields.${i}.value`, message: VALIDATION.required });
    return { name: f.name, secret: f.secret, value: value ?? '' };
  });
  return { stored: out, problems };
}

export const aiCredentialKind = defineSettingKind<{
  row: repo.AiCredentialRecord;
  out: AiCredential;
  create: CreateAiCredentialBody;
  update: UpdateAiCredentialBody;
  query: AiCredentialSearchQuery;
}>()({
  kind: 'ai_settings',
  store: repo.aiCredentials,
  present: (row, _ctx, deps) => ({
    id: row.id,
    name: row.name,
    provider: storedProvider.parse(row.provider),
    inventoryId: row.inventoryId,
    inventoryName: row.inventoryId === null ? null : (deps.readModel.inventories.get(row.inventoryId)?.name ?? null),
    fields: aiCredentialFields.read(row.credentials).map((f) => ({ name: f.name, secret: f.secret, value: f.secret ? null : f.value, isSet: f.value !== '' })),
    active: row.active,
    ...recordStamps(row),
  }),
  list: {
    search: (c) => [c.name, c.provider],
    sort: (c, key) => c[key],
  },
  unique: [uniqueName],
  /** The inventory (a new one, or a changed one) and the merged fields (null: unchanged). */
  check: ({ body, row }, deps) => {
    const fields =
      row === null ? merge([], body.fields ?? []) : body.fields === undefined ? null : merge(aiCredentialFields.read(row.credentials), body.fields);
    const problems = [
      ...(row === null || (body.inventoryId !== undefined && body.inventoryId !== row.inventoryId) ? inventoryProblems(deps, body.inventoryId) : []),
      ...(fields?.problems ?? []),
    ];
    if (problems.length > 0) throw validationError(problems);
    return fields?.stored ?? null;
  },
  insert: (body, fields) => ({
    name: body.name,
    provider: body.provider,
    inventoryId: body.inventoryId ?? null,
    credentials: aiCredentialFields.write(fields ?? []),
    active: body.active ?? true,
  }),
  changes: (body, _row, fields) => ({
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(body.provider !== undefined ? { provider: body.provider } : {}),
    ...(body.inventoryId !== undefined ? { inventoryId: body.inventoryId } : {}),
    ...(fields !== null ? { credentials: aiCredentialFields.write(fields) } : {}),
    ...(body.active !== undefined ? { active: body.active } : {}),
  }),
});

export class AiCredentialService extends settingService(aiCredentialKind, 'by-id') {}

export const aiCredentialCalls = callsOf<AiCredentialService>()({
  searchAiCredentials: (svc, { query }) => svc.list(query),
  createAiCredential: (svc, { body }) => svc.create(body),
  getAiCredential: (svc, { params }) => svc.get(params.id),
  updateAiCredential: (svc, { params, body }) => svc.update(params.id, body),
  deleteAiCredential: (svc, { params }) => svc.delete(params.id),
});
