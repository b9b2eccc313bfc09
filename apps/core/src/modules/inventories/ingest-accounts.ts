/**
 * The ingest account of an inventory (spec 001 §7 Inventories "Ingest account (password, xslt
 * upload, delete, test; configuration update)"): the login the inventory's ingest servers use, its
 * configuration, its password (hashed like users' passwords) and the XSLT document that transforms
 * ingested metadata. Secrets are write-only: answers say whether a password and an XSLT are set.
 *
 * The XSLT runs on the ingest servers, so an uploaded document is checked before it is stored: no
 * DTD (DOCTYPE / ENTITY declarations: entity expansion and external entities), no external
 * references (xsl:include, xsl:import, document() other than the stylesheet itself, unparsed-text,
 * collection, file: or URL references), no scripts or extension elements (msxsl:script, Java /
 * Xalan / Saxon extension namespaces, extension-element-prefixes), no xsl:result-document (writes
 * files); the document must be an XSLT stylesheet.
 *
 * Each change announces `inventory.changed` on the inventory's topic (consoles read the account
 * again).
 */
import {
  INGEST_TEST_REASONS,
  VALIDATION,
  type IngestAccount,
  type IngestAccountTest,
  type IngestPasswordBody,
  type IngestXsltBody,
  type UpdateIngestAccountBody,
} from '@fleet/contracts';
import { hashPassword, verifyPassword, type Prisma } from '@fleet/db';
import { callsOf } from '../../calls.js';
import { AppError, validationError } from '../../errors.js';
import { ingestConfiguration } from './inventory-columns.js';
import { unlessTaken, atVersion } from '../../platform/versioned-write.js';
import type { ServiceDeps } from '../deps.js';
import type { InventoryService } from './inventories.js';
import { passwordParams } from '../../platform/auth.js';
import * as repo from './repository.js';

type AccountRow = Prisma.IngestAccountGetPayload<object>;

/**
 * The constructs an ingest XSLT may not hold, each with what the refusal names. Element names are
 * matched with any prefix or none (a stylesheet may use XSLT as its default namespace); a literal
 * result element of the same name is refused too, which errs on the safe side.
 */
const UNSAFE_XSLT: readonly { pattern: RegExp; what: string }[] = [
  { pattern: /<!DOCTYPE/i, what: 'DOCTYPE declarations' },
  { pattern: /<!ENTITY/i, what: 'ENTITY declarations' },
  { pattern: /<([\w.-]+:)?(include|import)\b/i, what: 'xsl:include and xsl:import (external references)' },
  { pattern: /\bdocument\s*\(\s*(?!(''|"")\s*[,)])/i, what: 'document() references other than the stylesheet itself' },
  { pattern: /\b(unparsed-text(-lines|-available)?|collection|doc|doc-available)\s*\(/i, what: 'references to external documents' },
  { pattern: /\bfile:/i, what: 'file: references' },
  { pattern: /<([\w.-]+:)?result-document\b/i, what: 'xsl:result-document' },
  { pattern: /<([\w.-]+:)?script\b/i, what: 'scripts' },
  { pattern: /extension-element-prefixes\s*=/i, what: 'extension elements' },
  { pattern: /xmlns(:[\w.-]+)?\s*=\s*["'](java:|xalan:|[^"']*(xml\.apache\.org\/xalan|saxon|urn:schemas-microsoft-com:xslt))/i, what: 'extension namespaces' },
];
const XSLT_NAMESPACE = 'http://www.w3.org/1999/XSL/Transform';
/** A stylesheet's root element: xsl:stylesheet or xsl:transform (any prefix), in the XSLT namespace. */
const XSLT_ROOT = /^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*<([\w.-]+:)?(stylesheet|transform)\b[^>]*>/;

/** Why an XSLT document may not be stored, or null when it may. */
export function xsltProblem(content: string): string | null {
  for (const { pattern, what } of UNSAFE_XSLT) if (pattern.test(content)) return VALIDATION.xsltNotAllowed(what);
  const root = XSLT_ROOT.exec(content);
  if (!root || !root[0].includes(XSLT_NAMESPACE)) return VALIDATION.xsltOnly;
  return null;
}

export class IngestAccountService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly inventories: InventoryService,
  ) {}

  private find(inventoryId: string): Promise<AccountRow | null> {
    return repo.findIngestAccount(this.deps.db, inventoryId);
  }

  private toAnswer(inventoryId: string, row: AccountRow | null): IngestAccount {
    const c = ingestConfiguration.read(row?.configuration);
    return {
      inventoryId,
      exists: row !== null,
      username: row?.username ?? '',
      hasPassword: row?.passwordHash != null,
      hasXslt: row?.xslt != null,
      xsltFileName: row?.xslt != null ? (c.xsltFileName ?? null) : null,
      configuration: { enabled: c.enabled ?? false, host: c.host ?? null, port: c.port ?? null, path: c.path ?? '' },
      version: row?.version ?? 0,
      updatedAt: row ? row.updatedAt.toISOString() : null,
    };
  }

  async get(inventoryId: string): Promise<IngestAccount> {
    return this.toAnswer(inventoryId, await this.find(inventoryId));
  }

  /**
   * Writes a change of the account: created when there is none (version 0 stands for "none yet"),
   * else changed while still at the version given or read (409 otherwise).
   */
  private async write(
    inventoryId: string,
    asked: number | undefined,
    change: (row: AccountRow | null) => Prisma.IngestAccountUncheckedUpdateInput,
  ): Promise<IngestAccount> {
    const row = await this.find(inventoryId);
    const version = row?.version ?? 0;
    if (asked !== undefined && asked !== version) throw new AppError('CONFLICT');
    const data = change(row);
    if (row === null) {
      // A unique violation: created by another request in between.
      await unlessTaken(
        () => repo.createIngestAccount(this.deps.db, { ...(data as Prisma.IngestAccountUncheckedCreateInput), inventoryId, version: 1 }),
        () => new AppError('CONFLICT'),
      );
    } else {
      await atVersion(repo.updateIngestAccountAtVersion(this.deps.db, inventoryId, version, data as Prisma.IngestAccountUncheckedUpdateManyInput));
    }
    this.inventories.announceChanged(inventoryId);
    return this.get(inventoryId);
  }

  /**
   * PUT .../ingestAccount. The username identifies the account on the ingest servers, so it is
   * unique across inventories: another inventory's is spec 001 §8 "Inventory configuration already
   * exists".
   */
  async update(inventoryId: string, body: UpdateIngestAccountBody): Promise<IngestAccount> {
    if (body.username !== undefined) {
      if (await repo.ingestUsernameTaken(this.deps.db, body.username, inventoryId))
        throw new AppError('INVENTORY_CONFIGURATION_EXISTS', [{ path: 'body.username', message: 'Inventory configuration already exists' }]);
    }
    return this.write(inventoryId, body.version, (row) => {
      const c = ingestConfiguration.read(row?.configuration);
      const configuration = {
        ...c,
        ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
        ...(body.host !== undefined ? { host: body.host } : {}),
        ...(body.port !== undefined ? { port: body.port } : {}),
        ...(body.path !== undefined ? { path: body.path } : {}),
      };
      return { ...(body.username !== undefined ? { username: body.username } : {}), configuration: ingestConfiguration.write(configuration) };
    });
  }

  /** PUT .../ingestAccount/password: stored hashed as users' passwords are (the account is created when missing). */
  async setPassword(inventoryId: string, body: IngestPasswordBody): Promise<IngestAccount> {
    const passwordHash = await hashPassword(body.password, { params: passwordParams(this.deps.config) });
    return this.write(inventoryId, body.version, () => ({ passwordHash }));
  }

  /** POST .../ingestAccount/xslt: checked (see the file's comment), then stored with its file name. */
  /**
   * The document is checked (xsltProblem), then the security check: once the account has a
   * password, the upload must carry it ("Incorrect password", spec 000 §8, nothing stored).
   */
  async uploadXslt(inventoryId: string, body: IngestXsltBody): Promise<IngestAccount> {
    const problem = xsltProblem(body.content);
    if (problem !== null) throw validationError([{ path: 'body.content', message: problem }]);
    const stored = (await this.find(inventoryId))?.passwordHash ?? null;
    if (stored !== null && !(await verifyPassword(body.password ?? '', stored))) throw new AppError('INCORRECT_PASSWORD');
    return this.write(inventoryId, body.version, (row) => ({
      xslt: body.content,
      configuration: ingestConfiguration.write({ ...ingestConfiguration.read(row?.configuration), xsltFileName: body.fileName }),
    }));
  }

  /** DELETE .../ingestAccount: a repeated delete succeeds. */
  async remove(inventoryId: string): Promise<{ inventoryId: string; deleted: true }> {
    const count = await repo.deleteIngestAccount(this.deps.db, inventoryId);
    if (count > 0) this.inventories.announceChanged(inventoryId);
    return { inventoryId, deleted: true };
  }

  /**
   * POST .../ingestAccount/test: what the ingest servers would meet logging in with the account,
   * the first reason it would fail (no account, disabled, no username, no password, no ingest
   * server, none online) or success.
   */
  async test(inventoryId: string): Promise<IngestAccountTest> {
    const account = this.toAnswer(inventoryId, await this.find(inventoryId));
    const servers = this.deps.readModel.servers.all().filter((s) => s.serverType === 'ingest_server' && s.inventoryId === inventoryId);
    const reason = !account.exists
      ? INGEST_TEST_REASONS.noAccount
      : !account.configuration.enabled
        ? INGEST_TEST_REASONS.disabled
        : account.username === ''
          ? INGEST_TEST_REASONS.noUsername
          : !account.hasPassword
            ? INGEST_TEST_REASONS.noPassword
            : servers.length === 0
              ? INGEST_TEST_REASONS.noServer
              : !servers.some((s) => s.status !== 'offline')
                ? INGEST_TEST_REASONS.serverOffline
                : null;
    return { inventoryId, ok: reason === null, reason };
  }
}

export const ingestAccountCalls = callsOf<IngestAccountService>()({
  getIngestAccount: (s, { params }) => s.get(params.id),
  updateIngestAccount: (s, { params, body }) => s.update(params.id, body),
  setIngestAccountPassword: (s, { params, body }) => s.setPassword(params.id, body),
  uploadIngestAccountXslt: (s, { params, body }) => s.uploadXslt(params.id, body),
  deleteIngestAccount: (s, { params }) => s.remove(params.id),
  testIngestAccount: (s, { params }) => s.test(params.id),
});
