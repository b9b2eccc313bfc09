/**
 * What's new entries (spec 001 §2 /whats_new super-user page; spec 000 §2 user menu "what's new").
 * The spec shows neither calls nor shapes: an entry is what the admin page edits and what the user
 * menu shows. An entry without `publishedAt` is a draft (admins only); `active: false` hides a
 * published entry from users without deleting it.
 */
import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { VALIDATION } from '../messages.js';
import { statesRules } from '../validation.js';
import { Id, IsoDate, pageOf, RecordStamps, SortDir } from './common.js';

/** Longest entry text (not in the spec: a guard, room for a few paragraphs of release notes). */
export const WHATS_NEW_BODY_MAX = 10_000;
/** Longest release version label (not in the spec: "10.1.2 (beta)" and the like). */
export const WHATS_NEW_RELEASE_VERSION_MAX = 64;
/** Longest link (as software versions' release notes). */
export const WHATS_NEW_LINK_MAX = 1024;

export const WhatsNewEntry = z.object({
  id: Id,
  title: z.string(),
  body: z.string(),
  releaseVersion: z.string().nullable(),
  link: z.string().nullable(),
  /** When it was published; null: a draft, only admins see it. */
  publishedAt: IsoDate.nullable(),
  /** Shown to users (when published); an inactive entry is kept but hidden. */
  active: z.boolean(),
  ...RecordStamps,
});
export type WhatsNewEntry = z.infer<typeof WhatsNewEntry>;

/** GET v2/whatsNew: the published, active entries, newest published first (the user menu). */
export const WhatsNewFeed = z.object({ items: z.array(WhatsNewEntry) });
export type WhatsNewFeed = z.infer<typeof WhatsNewFeed>;

export const WhatsNewTitle = z
  .string({ error: VALIDATION.required })
  .trim()
  .min(1, { error: VALIDATION.required, abort: true })
  .max(LIMITS.genericNameMax, VALIDATION.max255);
export const WhatsNewBody = z.string().max(WHATS_NEW_BODY_MAX, VALIDATION.maxChars(WHATS_NEW_BODY_MAX));
/** Empty or null: none. */
export const WhatsNewReleaseVersion = z.string().trim().max(WHATS_NEW_RELEASE_VERSION_MAX, VALIDATION.maxChars(WHATS_NEW_RELEASE_VERSION_MAX)).nullable();
const HttpUrl = z.httpUrl();
/** An http(s) address; empty or null: none. */
export const WhatsNewLink = z
  .string()
  .trim()
  .max(WHATS_NEW_LINK_MAX, VALIDATION.maxChars(WHATS_NEW_LINK_MAX))
  .refine((v) => v === '' || HttpUrl.safeParse(v).success, VALIDATION.releaseNotesUrl)
  .meta(statesRules({ field: '', message: VALIDATION.releaseNotesUrl, rule: 'empty, or an http or https address with a host (URL parsing)' }))
  .nullable();

/** Versions are stored as 32-bit integers. */
const Version = z.number().int().nonnegative().max(2_147_483_647);

export const WHATS_NEW_STATUSES = ['draft', 'published'] as const;
export const WhatsNewStatus = z.enum(WHATS_NEW_STATUSES);
export type WhatsNewStatus = z.infer<typeof WhatsNewStatus>;
export const WHATS_NEW_SORT_KEYS = ['publishedAt', 'createdAt', 'updatedAt', 'title'] as const;

/** GET v2/admin/whatsNew: every entry, drafts too (page of 50, search by title, filter by status). */
export const WhatsNewSearchQuery = z
  .object({
    offset: z.coerce.number().int().min(0).max(2_147_483_647).default(0),
    limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(50),
    searchKey: z.enum(['title']).default('title'),
    searchValue: z.string().max(LIMITS.genericNameMax).optional(),
    status: WhatsNewStatus.optional(),
    sortBy: z.enum(WHATS_NEW_SORT_KEYS).default('createdAt'),
    sortDir: SortDir.default('desc'),
  })
  .strict();
export type WhatsNewSearchQuery = z.infer<typeof WhatsNewSearchQuery>;
export const WhatsNewPage = pageOf(WhatsNewEntry);
export type WhatsNewPage = z.infer<typeof WhatsNewPage>;

/** POST v2/admin/whatsNew: a new entry, a draft unless `publish` is true. */
export const CreateWhatsNewBody = z
  .object({
    title: WhatsNewTitle,
    body: WhatsNewBody.optional(),
    releaseVersion: WhatsNewReleaseVersion.optional(),
    link: WhatsNewLink.optional(),
    active: z.boolean().optional(),
    publish: z.boolean().optional(),
  })
  .strict();
export type CreateWhatsNewBody = z.infer<typeof CreateWhatsNewBody>;

/** PUT v2/admin/whatsNew/{id}: fields left out keep their value; with `version`, only over that version (else 409). */
export const UpdateWhatsNewBody = z
  .object({
    title: WhatsNewTitle.optional(),
    body: WhatsNewBody.optional(),
    releaseVersion: WhatsNewReleaseVersion.optional(),
    link: WhatsNewLink.optional(),
    active: z.boolean().optional(),
    version: Version.optional(),
  })
  .strict();
export type UpdateWhatsNewBody = z.infer<typeof UpdateWhatsNewBody>;

/** PUT v2/admin/whatsNew/{id}/published: publish now (true) or take back to draft (false). */
export const PublishWhatsNewBody = z.object({ published: z.boolean(), version: Version.optional() }).strict();
export type PublishWhatsNewBody = z.infer<typeof PublishWhatsNewBody>;

export const WhatsNewDeleted = z.object({ id: Id, deleted: z.literal(true) });
export type WhatsNewDeleted = z.infer<typeof WhatsNewDeleted>;
