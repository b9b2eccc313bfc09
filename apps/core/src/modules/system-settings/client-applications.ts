/**
 * Client applications (spec 001 §2 /system_settings client_application; support-staff menu Client Application).
 *
 * - Name ("Name field has to be unique") and client id ("This field must be unique") are unique;
 *   the table's unique indexes back the checks.
 * - The secret is made here (32 random bytes, base64url), answered once — by the create and by a
 *   regeneration — and stored as a password hash (packages/db `hashPassword`): no read returns it.
 * - Changes are announced as `systemSetting.changed` (settings-support.ts).
 */
import { randomBytes } from 'node:crypto';
import {
  VALIDATION,
  type ClientApplication,
  type ClientApplicationPage,
  type ClientApplicationSearchQuery,
  type ClientApplicationWithSecret,
  type CreateClientApplicationBody,
  type SettingDeleted,
  type UpdateClientApplicationBody,
} from '@fleet/contracts';
import { hashPassword, type Prisma } from '@fleet/db';
import { callsOf } from '../../calls.js';
import { AppError, validationError } from '../../errors.js';
import { stringList } from './settings-columns.js';
import { atVersion, unlessTaken, requireFound, requireWritten } from '../../platform/versioned-write.js';
import { recordStamps } from '../../platform/storage/record-stamps.js';
import type { ServiceDeps } from '../deps.js';
import { announceSetting, assertVersion, pageOfRows } from './settings-support.js';
import { passwordParams } from '../../platform/auth.js';
import * as repo from './repository.js';

type ClientApplicationRow = repo.ClientApplicationRecord;
const nameTaken = () => validationError([{ path: 'body.name', message: VALIDATION.nameUnique }]);
const clientIdTaken = () => validationError([{ path: 'body.clientId', message: VALIDATION.fieldUnique }]);

/** A new client secret: 32 random bytes, URL-safe. */
function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

export class ClientApplicationService {
  constructor(private readonly deps: ServiceDeps) {}

  /** GET v2/admin/clientApplications: search by name or client id. */
  async list(q: ClientApplicationSearchQuery): Promise<ClientApplicationPage> {
    const rows = (await repo.findClientApplications(this.deps.db)).map((r) => this.toApplication(r));
    return pageOfRows(
      rows,
      q,
      (r) => [r.name, r.clientId],
      (r, key) => r[key],
    );
  }

  async create(body: CreateClientApplicationBody): Promise<ClientApplicationWithSecret> {
    await this.assertFree(body.name, body.clientId, null);
    const secret = newSecret();
    const secretHash = await hashPassword(secret, { params: passwordParams(this.deps.config) });
    const row = await unlessTaken(
      repo.createClientApplication(this.deps.db, {
        name: body.name,
        clientId: body.clientId,
        secretHash,
        redirectUris: stringList.write(body.redirectUris ?? []),
        scopes: stringList.write(body.scopes ?? []),
        active: body.active ?? true,
      }),
      () => this.whichTaken(body.name),
    );
    return { ...this.announce(row), secret };
  }

  async get(id: string): Promise<ClientApplication> {
    return this.toApplication(await this.require(id));
  }

  async update(id: string, body: UpdateClientApplicationBody): Promise<ClientApplication> {
    const row = await this.require(id);
    assertVersion(row.version, body.version);
    await this.assertFree(
      body.name !== undefined && body.name !== row.name ? body.name : null,
      body.clientId !== undefined && body.clientId !== row.clientId ? body.clientId : null,
      id,
    );
    const data: Prisma.ClientApplicationUpdateManyMutationInput = {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.clientId !== undefined ? { clientId: body.clientId } : {}),
      ...(body.redirectUris !== undefined ? { redirectUris: stringList.write(body.redirectUris) } : {}),
      ...(body.scopes !== undefined ? { scopes: stringList.write(body.scopes) } : {}),
      ...(body.active !== undefined ? { active: body.active } : {}),
    };
    return this.announce(await this.write(row, data, body.name ?? row.name));
  }

  /** POST v2/admin/clientApplications/{id}/secret: the old secret stops working. */
  async regenerateSecret(id: string, version: number | undefined): Promise<ClientApplicationWithSecret> {
    const row = await this.require(id);
    assertVersion(row.version, version);
    const secret = newSecret();
    const fresh = await this.write(row, { secretHash: await hashPassword(secret, { params: passwordParams(this.deps.config) }) }, row.name);
    return { ...this.announce(fresh), secret };
  }

  async delete(id: string): Promise<SettingDeleted> {
    await requireWritten(repo.deleteClientApplication(this.deps.db, id));
    announceSetting(this.deps, 'client_application', id, true);
    return { id, deleted: true };
  }

  // ── helpers ────────────────────────────────────────────────────────────────────────────────

  private require(id: string): Promise<ClientApplicationRow> {
    return requireFound(repo.findClientApplication(this.deps.db, id));
  }

  private async write(row: ClientApplicationRow, data: Prisma.ClientApplicationUpdateManyMutationInput, name: string): Promise<ClientApplicationRow> {
    await atVersion(repo.updateClientApplicationAtVersion(this.deps.db, row.id, row.version, data), { taken: () => this.whichTaken(name) });
    return this.require(row.id);
  }

  private async assertFree(name: string | null, clientId: string | null, exceptId: string | null): Promise<void> {
    if (name !== null && (await repo.clientApplicationNameTaken(this.deps.db, name, exceptId))) throw nameTaken();
    if (clientId !== null && (await repo.clientIdTaken(this.deps.db, clientId, exceptId))) throw clientIdTaken();
  }

  /** A unique violation of a write (taken meanwhile): the field that clashed. */
  private async whichTaken(name: string): Promise<AppError> {
    return (await repo.clientApplicationNameTaken(this.deps.db, name, null)) ? nameTaken() : clientIdTaken();
  }

  private announce(row: ClientApplicationRow): ClientApplication {
    announceSetting(this.deps, 'client_application', row.id);
    return this.toApplication(row);
  }

  private toApplication(row: ClientApplicationRow): ClientApplication {
    return {
      id: row.id,
      name: row.name,
      clientId: row.clientId,
      redirectUris: stringList.read(row.redirectUris),
      scopes: stringList.read(row.scopes),
      active: row.active,
      hasSecret: row.secretHash !== null,
      ...recordStamps(row),
    };
  }
}

export const clientApplicationCalls = callsOf<ClientApplicationService>()({
  searchClientApplications: (svc, { query }) => svc.list(query),
  createClientApplication: (svc, { body }) => svc.create(body),
  getClientApplication: (svc, { params }) => svc.get(params.id),
  updateClientApplication: (svc, { params, body }) => svc.update(params.id, body),
  regenerateClientSecret: (svc, { params, body }) => svc.regenerateSecret(params.id, body.version),
  deleteClientApplication: (svc, { params }) => svc.delete(params.id),
});
