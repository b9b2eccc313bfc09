/**
 * What's new entries (spec 001 §2 /whats_new; spec 000 §2 user menu what's new).
 *
 * - Every signed-in user reads the published, active entries (newest published first); admins
 *   (super_user, staff) list every entry, drafts too, and create, edit, publish and delete them.
 * - Publishing stamps `publishedAt` with the core's clock (not the browser's); taking an entry back
 *   clears it (a draft again).
 * - Updates carry the form's `version` (409 when the entry changed meanwhile).
 * - Every change is announced to every console (`whatsNew.changed` / `whatsNew.removed`).
 */
import type { CreateWhatsNewBody, UpdateWhatsNewBody, WhatsNewDeleted, WhatsNewEntry, WhatsNewFeed, WhatsNewPage, WhatsNewSearchQuery } from '@fleet/contracts';
import type { Prisma } from '@fleet/db';
import { callsOf } from '../../calls.js';
import { AppError } from '../../errors.js';
import type { ServiceDeps } from '../deps.js';
import { compareText } from '../../platform/order.js';
import { everyoneAudience } from '../../platform/topics.js';
import { pageOf } from '../../platform/paging.js';
import * as repo from './repository.js';
import { recordStamps } from '../../platform/storage/record-stamps.js';
import { atVersion, requireFound } from '../../platform/versioned-write.js';

type WhatsNewRow = Prisma.WhatsNewGetPayload<object>;

/** Empty text means "none" for the optional texts. */
const orNull = (v: string | null | undefined): string | null => (v === undefined || v === null || v.trim() === '' ? null : v.trim());

export class WhatsNewService {
  constructor(private readonly deps: ServiceDeps) {}

  /** GET v2/whatsNew. */
  async feed(): Promise<WhatsNewFeed> {
    const rows = await repo.findPublishedWhatsNew(this.deps.db);
    return { items: rows.map(toEntry) };
  }

  /** GET v2/admin/whatsNew. */
  async list(q: WhatsNewSearchQuery): Promise<WhatsNewPage> {
    // A few dozen entries at most: searched and ordered here so both providers match titles
    // case-insensitively and order them the same way.
    const value = (q.searchValue ?? '').toLowerCase();
    const dir = q.sortDir === 'asc' ? 1 : -1;
    const key = (r: WhatsNewRow): string => (q.sortBy === 'title' ? r.title : (r[q.sortBy]?.toISOString() ?? ''));
    const rows = (await repo.findAllWhatsNew(this.deps.db))
      .filter((r) => value === '' || r.title.toLowerCase().includes(value))
      .filter((r) => q.status === undefined || (q.status === 'published') === (r.publishedAt !== null))
      .sort((a, b) => dir * compareText(key(a), key(b)) || compareText(a.id, b.id));
    return pageOf(rows, q, toEntry);
  }

  /** POST v2/admin/whatsNew. */
  async create(body: CreateWhatsNewBody): Promise<WhatsNewEntry> {
    const row = await repo.createWhatsNew(this.deps.db, {
      title: body.title,
      body: body.body ?? '',
      releaseVersion: orNull(body.releaseVersion),
      link: orNull(body.link),
      active: body.active ?? true,
      publishedAt: body.publish === true ? this.deps.clock.date() : null,
    });
    return this.announce(row);
  }

  /** GET v2/admin/whatsNew/{id}. */
  async get(id: string): Promise<WhatsNewEntry> {
    return toEntry(await this.require(id));
  }

  /** PUT v2/admin/whatsNew/{id}. */
  async update(id: string, body: UpdateWhatsNewBody): Promise<WhatsNewEntry> {
    const row = await this.require(id);
    if (body.version !== undefined && body.version !== row.version) throw new AppError('CONFLICT');
    return this.write(row, {
      ...(body.title !== undefined ? { title: body.title } : {}),
      ...(body.body !== undefined ? { body: body.body } : {}),
      ...(body.releaseVersion !== undefined ? { releaseVersion: orNull(body.releaseVersion) } : {}),
      ...(body.link !== undefined ? { link: orNull(body.link) } : {}),
      ...(body.active !== undefined ? { active: body.active } : {}),
    });
  }

  /** PUT v2/admin/whatsNew/{id}/published. */
  async publish(id: string, published: boolean, version: number | undefined): Promise<WhatsNewEntry> {
    const row = await this.require(id);
    if (version !== undefined && version !== row.version) throw new AppError('CONFLICT');
    // Publishing a published entry keeps its date (the feed's order does not jump).
    if (published === (row.publishedAt !== null)) return toEntry(row);
    return this.write(row, { publishedAt: published ? this.deps.clock.date() : null });
  }

  /** DELETE v2/admin/whatsNew/{id}. */
  async delete(id: string): Promise<WhatsNewDeleted> {
    const row = await this.require(id);
    await atVersion(repo.deleteWhatsNewAtVersion(this.deps.db, id, row.version));
    this.deps.hub.publish(everyoneAudience(this.deps.readModel), { type: 'whatsNew.removed', whatsNewId: id, at: this.deps.clock.now() });
    return { id, deleted: true };
  }

  private require(id: string): Promise<WhatsNewRow> {
    return requireFound(repo.findWhatsNew(this.deps.db, id));
  }

  private async write(row: WhatsNewRow, data: Prisma.WhatsNewUpdateManyMutationInput): Promise<WhatsNewEntry> {
    await atVersion(repo.updateWhatsNewAtVersion(this.deps.db, row.id, row.version, data));
    return this.announce(await this.require(row.id));
  }

  private announce(row: WhatsNewRow): WhatsNewEntry {
    const entry = toEntry(row);
    this.deps.hub.publish(everyoneAudience(this.deps.readModel), { type: 'whatsNew.changed', entry, at: this.deps.clock.now() });
    return entry;
  }
}

function toEntry(row: WhatsNewRow): WhatsNewEntry {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    releaseVersion: row.releaseVersion,
    link: row.link,
    publishedAt: row.publishedAt ? row.publishedAt.toISOString() : null,
    active: row.active,
    ...recordStamps(row),
  };
}

export const whatsNewCalls = callsOf<WhatsNewService>()({
  listWhatsNew: (svc) => svc.feed(),
  listAdminWhatsNew: (svc, { query }) => svc.list(query),
  createWhatsNew: (svc, { body }) => svc.create(body),
  getWhatsNew: (svc, { params }) => svc.get(params.id),
  updateWhatsNew: (svc, { params, body }) => svc.update(params.id, body),
  publishWhatsNew: (svc, { params, body }) => svc.publish(params.id, body.published, body.version),
  deleteWhatsNew: (svc, { params }) => svc.delete(params.id),
});
