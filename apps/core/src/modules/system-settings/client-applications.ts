/**
 * Client applications (spec 001 §2 /system_settings client_application; support-staff menu Client Application).
 *
 * - Name ("Name field has to be unique") and client id ("This field must be unique") are unique;
 *   the table's unique indexes back the checks. Searched by name or client id.
 * - The secret is made here (32 random bytes, base64url), answered once — by the create and by a
 *   regeneration — and stored as a password hash (packages/db `hashPassword`): no read returns it.
 */
import { randomBytes } from 'node:crypto';
import {
  VALIDATION,
  type ClientApplication,
  type ClientApplicationSearchQuery,
  type ClientApplicationWithSecret,
  type CreateClientApplicationBody,
  type UpdateClientApplicationBody,
} from '@fleet/contracts';
import { hashPassword } from '@fleet/db';
import { callsOf } from '../../calls.js';
import { validationError } from '../../errors.js';
import { passwordParams } from '../../platform/auth.js';
import { recordStamps } from '../../platform/storage/record-stamps.js';
import { assertVersion, uniqueName } from './settings-support.js';
import { stringList } from './settings-columns.js';
import { defineSettingKind, settingService } from './setting-kind.js';
import * as repo from './repository.js';

export const clientApplicationKind = defineSettingKind<{
  row: repo.ClientApplicationRecord;
  out: ClientApplication;
  create: CreateClientApplicationBody;
  update: UpdateClientApplicationBody;
  query: ClientApplicationSearchQuery;
}>()({
  kind: 'client_application',
  store: repo.clientApplications,
  present: (row) => ({
    id: row.id,
    name: row.name,
    clientId: row.clientId,
    redirectUris: stringList.read(row.redirectUris),
    scopes: stringList.read(row.scopes),
    active: row.active,
    hasSecret: row.secretHash !== null,
    ...recordStamps(row),
  }),
  list: {
    search: (a) => [a.name, a.clientId],
    sort: (a, key) => a[key],
  },
  insert: (body) => ({
    name: body.name,
    clientId: body.clientId,
    redirectUris: stringList.write(body.redirectUris ?? []),
    scopes: stringList.write(body.scopes ?? []),
    active: body.active ?? true,
  }),
  changes: (body) => ({
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(body.clientId !== undefined ? { clientId: body.clientId } : {}),
    ...(body.redirectUris !== undefined ? { redirectUris: stringList.write(body.redirectUris) } : {}),
    ...(body.scopes !== undefined ? { scopes: stringList.write(body.scopes) } : {}),
    ...(body.active !== undefined ? { active: body.active } : {}),
  }),
  unique: [
    uniqueName,
    { column: 'clientId', value: (body) => body.clientId, error: () => validationError([{ path: 'body.clientId', message: VALIDATION.fieldUnique }]) },
  ],
});

export class ClientApplicationService extends settingService(clientApplicationKind, 'by-id') {
  override async create(body: CreateClientApplicationBody): Promise<ClientApplicationWithSecret> {
    const secret = newSecret();
    const row = await this.insert(body, () => this.secretHash(secret));
    return { ...(await this.present(row)), secret };
  }

  /** POST v2/admin/clientApplications/{id}/secret: the old secret stops working. */
  async regenerateSecret(id: string, version: number | undefined): Promise<ClientApplicationWithSecret> {
    const row = await this.require(id);
    assertVersion(row.version, version);
    const secret = newSecret();
    const fresh = await this.write(row, await this.secretHash(secret));
    return { ...(await this.present(fresh)), secret };
  }

  private async secretHash(secret: string): Promise<{ secretHash: string }> {
    return { secretHash: await hashPassword(secret, { params: passwordParams(this.deps.config) }) };
  }
}

/** A new client secret: 32 random bytes, URL-safe. */
function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

export const clientApplicationCalls = callsOf<ClientApplicationService>()({
  searchClientApplications: (svc, { query }) => svc.list(query),
  createClientApplication: (svc, { body }) => svc.create(body),
  getClientApplication: (svc, { params }) => svc.get(params.id),
  updateClientApplication: (svc, { params, body }) => svc.update(params.id, body),
  regenerateClientSecret: (svc, { params, body }) => svc.regenerateSecret(params.id, body.version),
  deleteClientApplication: (svc, { params }) => svc.delete(params.id),
});
