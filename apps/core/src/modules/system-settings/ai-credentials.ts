/**
 * AI credentials (spec 001 §2 /system_settings ai_settings; §3 "AI credentials").
 *
 * - Names are unique ("Name field has to be unique"; checked here: the table has no unique index).
 * - The inventory, when given, is an existing one ("Invalid field" otherwise); none = every inventory.
 * - Fields: name, secret flag, value. Secret values are write-only: reads answer `value: null`
 *   with `isSet`. A field sent without a value keeps the value stored under its name (so the form
 *   need not know the secret to change something else); a new field needs a value ("This field is required").
 * - Changes are announced as `systemSetting.changed` (settings-support.ts).
 */
import {
  VALIDATION,
  type AiCredential,
  type AiCredentialFieldInput,
  type AiCredentialPage,
  type AiCredentialSearchQuery,
  type CreateAiCredentialBody,
  type FieldProblem,
  type SettingDeleted,
  type UpdateAiCredentialBody,
  AiProvider,
} from '@fleet/contracts';
import { callsOf } from '../../calls.js';
import { validationError } from '../../errors.js';
import { aiCredentialFields } from './settings-columns.js';
import { recordStamps } from '../../platform/storage/record-stamps.js';
import type { ServiceDeps } from '../deps.js';
import { announceSetting, assertVersion, pageOfRows } from './settings-support.js';
import * as repo from './repository.js';
import { atVersion, requireFound, requireWritten } from '../../platform/versioned-write.js';

type AiCredentialRow = repo.AiCredentialRecord;
type StoredField = ReturnType<typeof aiCredentialFields.read>[number];
const storedProvider = AiProvider.catch('other');

export class AiCredentialService {
  constructor(private readonly deps: ServiceDeps) {}

  /** GET v2/admin/aiCredentials: search by name or provider. */
  async list(q: AiCredentialSearchQuery): Promise<AiCredentialPage> {
    const rows = (await repo.findAiCredentials(this.deps.db)).map((r) => this.toCredential(r));
    return pageOfRows(
      rows,
      q,
      (r) => [r.name, r.provider],
      (r, key) => r[key],
    );
  }

  async create(body: CreateAiCredentialBody): Promise<AiCredential> {
    const fields = this.merge([], body.fields ?? []);
    const problems = [...this.inventoryProblems(body.inventoryId), ...fields.problems];
    if (problems.length > 0) throw validationError(problems);
    await this.assertNameFree(body.name, null);
    const row = await repo.createAiCredential(this.deps.db, {
      name: body.name,
      provider: body.provider,
      inventoryId: body.inventoryId ?? null,
      credentials: aiCredentialFields.write(fields.stored),
      active: body.active ?? true,
    });
    return this.announce(row);
  }

  async get(id: string): Promise<AiCredential> {
    return this.toCredential(await this.require(id));
  }

  async update(id: string, body: UpdateAiCredentialBody): Promise<AiCredential> {
    const row = await this.require(id);
    assertVersion(row.version, body.version);
    const fields = body.fields === undefined ? null : this.merge(aiCredentialFields.read(row.credentials), body.fields);
    const problems = [
      ...(body.inventoryId !== undefined && body.inventoryId !== row.inventoryId ? this.inventoryProblems(body.inventoryId) : []),
      ...(fields?.problems ?? []),
    ];
    if (problems.length > 0) throw validationError(problems);
    if (body.name !== undefined && body.name !== row.name) await this.assertNameFree(body.name, id);
    await atVersion(
      repo.updateAiCredentialAtVersion(this.deps.db, id, row.version, {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.provider !== undefined ? { provider: body.provider } : {}),
        ...(body.inventoryId !== undefined ? { inventoryId: body.inventoryId } : {}),
        ...(fields !== null ? { credentials: aiCredentialFields.write(fields.stored) } : {}),
        ...(body.active !== undefined ? { active: body.active } : {}),
      }),
    );
    return this.announce(await this.require(id));
  }

  async delete(id: string): Promise<SettingDeleted> {
    await requireWritten(repo.deleteAiCredential(this.deps.db, id));
    announceSetting(this.deps, 'ai_settings', id, true);
    return { id, deleted: true };
  }

  // ── helpers ────────────────────────────────────────────────────────────────────────────────

  private require(id: string): Promise<AiCredentialRow> {
    return requireFound(repo.findAiCredential(this.deps.db, id));
  }

  private async assertNameFree(name: string, exceptId: string | null): Promise<void> {
    if (await repo.aiCredentialNameTaken(this.deps.db, name, exceptId)) throw validationError([{ path: 'body.name', message: VALIDATION.nameUnique }]);
  }

  private inventoryProblems(inventoryId: string | null | undefined): FieldProblem[] {
    if (inventoryId === undefined || inventoryId === null || this.deps.readModel.inventories.get(inventoryId)) return [];
    return [{ path: 'body.inventoryId', message: VALIDATION.invalidField }];
  }

  /** The fields to store: each sent value, or the value stored under that name when none is sent. */
  private merge(stored: readonly StoredField[], input: readonly AiCredentialFieldInput[]): { stored: StoredField[]; problems: FieldProblem[] } {
    const problems: FieldProblem[] = [];
    const out = input.map((f, i): StoredField => {
      const value = f.value ?? stored.find((s) => s.name === f.name)?.value;
      if (value === undefined) problems.push({ path: `body.fields.${i}.value`, message: VALIDATION.required });
      return { name: f.name, secret: f.secret, value: value ?? '' };
    });
    return { stored: out, problems };
  }

  private announce(row: AiCredentialRow): AiCredential {
    announceSetting(this.deps, 'ai_settings', row.id);
    return this.toCredential(row);
  }

  private toCredential(row: AiCredentialRow): AiCredential {
    return {
      id: row.id,
      name: row.name,
      provider: storedProvider.parse(row.provider),
      inventoryId: row.inventoryId,
      inventoryName: row.inventoryId === null ? null : (this.deps.readModel.inventories.get(row.inventoryId)?.name ?? null),
      fields: aiCredentialFields
        .read(row.credentials)
        .map((f) => ({ name: f.name, secret: f.secret, value: f.secret ? null : f.value, isSet: f.value !== '' })),
      active: row.active,
      ...recordStamps(row),
    };
  }
}

export const aiCredentialCalls = callsOf<AiCredentialService>()({
  searchAiCredentials: (svc, { query }) => svc.list(query),
  createAiCredential: (svc, { body }) => svc.create(body),
  getAiCredential: (svc, { params }) => svc.get(params.id),
  updateAiCredential: (svc, { params, body }) => svc.update(params.id, body),
  deleteAiCredential: (svc, { params }) => svc.delete(params.id),
});
