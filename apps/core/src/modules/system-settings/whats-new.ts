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
import type { CreateWhatsNewBody, UpdateWhatsNewBody, WhatsNewEntry, WhatsNewFeed, WhatsNewSearchQuery } from '@fleet/contracts';
import { callsOf } from '../../calls.js';
import { everyoneAudience } from '../../platform/topics.js';
import { recordStamps } from '../../platform/storage/record-stamps.js';
import { assertVersion } from './settings-support.js';
import { defineSettingKind, settingService } from './setting-kind.js';
import * as repo from './repository.js';

/** Empty text means "none" for the optional texts. */
const orNull = (v: string | null | undefined): string | null => (v === undefined || v === null || v.trim() === '' ? null : v.trim());

function toEntry(row: repo.WhatsNewRecord): WhatsNewEntry {
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

export const whatsNewKind = defineSettingKind<{
  row: repo.WhatsNewRecord;
  out: WhatsNewEntry;
  create: CreateWhatsNewBody;
  update: UpdateWhatsNewBody;
  query: WhatsNewSearchQuery;
}>()({
  store: repo.whatsNew,
  present: toEntry,
  list: {
    search: (e) => [e.title],
    searchAsSent: true,
    filter: (e, q) => q.status === undefined || (q.status === 'published') === (e.publishedAt !== null),
    sort: (e, key) => e[key] ?? '',
  },
  insert: (body, _prep, deps) => ({
    title: body.title,
    body: body.body ?? '',
    releaseVersion: orNull(body.releaseVersion),
    link: orNull(body.link),
    active: body.active ?? true,
    publishedAt: body.publish === true ? deps.clock.date() : null,
  }),
  changes: (body) => ({
    ...(body.title !== undefined ? { title: body.title } : {}),
    ...(body.body !== undefined ? { body: body.body } : {}),
    ...(body.releaseVersion !== undefined ? { releaseVersion: orNull(body.releaseVersion) } : {}),
    ...(body.link !== undefined ? { link: orNull(body.link) } : {}),
    ...(body.active !== undefined ? { active: body.active } : {}),
  }),
  announce: (deps, before, after) => {
    const at = deps.clock.now();
    const audience = everyoneAudience(deps.readModel);
    if (after) deps.hub.publish(audience, { type: 'whatsNew.changed', entry: toEntry(after), at });
    else if (before) deps.hub.publish(audience, { type: 'whatsNew.removed', whatsNewId: before.id, at });
  },
});

export class WhatsNewService extends settingService(whatsNewKind) {
  /** GET v2/whatsNew. */
  async feed(): Promise<WhatsNewFeed> {
    const rows = await repo.findPublishedWhatsNew(this.deps.db);
    return { items: rows.map(toEntry) };
  }

  /** PUT v2/admin/whatsNew/{id}/published. */
  async publish(id: string, published: boolean, version: number | undefined): Promise<WhatsNewEntry> {
    const row = await this.require(id);
    assertVersion(row.version, version);
    // Publishing a published entry keeps its date (the feed's order does not jump).
    if (published === (row.publishedAt !== null)) return toEntry(row);
    return toEntry(await this.write(row, { publishedAt: published ? this.deps.clock.date() : null }));
  }
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
