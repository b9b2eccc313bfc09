/**
 * Shares (spec 001 §3 Publisher, Subscriber / folder, Share link; §5 rules; /publishers and /subscribers).
 *
 * The spec shows no call shapes ("share ... calls: not shown"): these are what the two screens
 * need. A publisher belongs to a group (its inventory follows); its share key is made by the core
 * and is what a subscriber names to receive what the publisher shares. Subscribers live in a folder
 * tree per inventory under a root folder that cannot be edited (§5). A publisher carries at most 10
 * share links (§5, §9), each with a description, a start in the future and a duration (end = start +
 * duration).
 */
import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { VALIDATION } from '../messages.js';
import { Id, IsoDate, pageOf, SortDir } from './common.js';

/** Versions are stored as 32-bit integers. */
const Version = z.number().int().nonnegative().max(2_147_483_647);

/** A required name of 1 to `max` characters: empty is only "required". */
const requiredName = (max: number) =>
  z.string({ error: VALIDATION.required }).min(1, { error: VALIDATION.required, abort: true }).max(max, VALIDATION.betweenChars(1, max));

/** 001 §5 "Publisher name 1-32". */
export const PublisherName = requiredName(LIMITS.publisherNameMax);
/** 001 §5 "description 0-32". */
export const PublisherDescription = z
  .string({ error: VALIDATION.invalidField })
  .max(LIMITS.publisherDescriptionMax, VALIDATION.maxChars(LIMITS.publisherDescriptionMax));
/** 001 §5 "subscriber name 1-32" (folders follow the same rule). */
export const SubscriberName = requiredName(32);
export const FolderName = requiredName(32);
/** A publisher's share key as a subscriber types it. */
export const ShareKey = z.string({ error: VALIDATION.required }).trim().min(1, { error: VALIDATION.required, abort: true }).max(64, VALIDATION.invalidField);

/** A share link's description (mandatory, §5) and duration (required, §5), in minutes up to 30 days. */
export const SHARE_LINK_DESCRIPTION_MAX = 64;
export const SHARE_LINK_DURATION_MAX_MINUTES = 43_200;

export const ShareLink = z.object({
  id: Id,
  description: z.string(),
  startTime: IsoDate,
  durationMinutes: z.number().int().positive(),
  /** start + duration (§3 "end time"). */
  endTime: IsoDate,
  createdAt: IsoDate,
});
export type ShareLink = z.infer<typeof ShareLink>;

/** What a publisher shares: channels and video return channels of its group (§3 Group: channels, video return channels). */
export const SHARE_SOURCES_MAX = 100;
export const ShareSourceRef = z.object({ id: Id, name: z.string() });
export type ShareSourceRef = z.infer<typeof ShareSourceRef>;
export const PublisherSources = z.object({ channels: z.array(ShareSourceRef), vrChannels: z.array(ShareSourceRef) });
export type PublisherSources = z.infer<typeof PublisherSources>;
/** The sources a publisher is given: ids of channels and video return channels of its group. */
export const PublisherSourcesBody = z
  .object({
    channelIds: z.array(Id).max(SHARE_SOURCES_MAX, VALIDATION.maxElements).default([]),
    vrChannelIds: z.array(Id).max(SHARE_SOURCES_MAX, VALIDATION.maxElements).default([]),
  })
  .strict();
export type PublisherSourcesBody = z.infer<typeof PublisherSourcesBody>;

/** GET v2/shares/groups/{id}/sources: what a publisher of the group may share, by name. */
export const ShareSourceCandidates = z.object({ groupId: Id, channels: z.array(ShareSourceRef), vrChannels: z.array(ShareSourceRef) });
export type ShareSourceCandidates = z.infer<typeof ShareSourceCandidates>;

export const Publisher = z.object({
  id: Id,
  name: z.string(),
  shareKey: z.string(),
  description: z.string(),
  groupId: Id,
  groupName: z.string(),
  inventoryId: Id,
  /** §3 "created on and by". */
  createdAt: IsoDate,
  createdByName: z.string(),
  /** The shared channels and video return channels (named as now; a source since gone keeps its id as name). */
  sources: PublisherSources,
  /** Oldest first; at most 10 (§9). */
  shareLinks: z.array(ShareLink),
  version: z.number().int().nonnegative(),
});
export type Publisher = z.infer<typeof Publisher>;

export const PUBLISHER_SORT_KEYS = ['name', 'createdAt', 'groupName'] as const;

/** GET v2/shares/publishers: the publishers of the caller's groups (one group's with `groupId`). */
export const PublisherSearchQuery = z
  .object({
    groupId: Id.optional(),
    offset: z.coerce.number().int().min(0).max(2_147_483_647).default(0),
    limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(LIMITS.groupSearchDefaultPageSize),
    searchKey: z.enum(['name']).default('name'),
    searchValue: z.string().max(LIMITS.genericNameMax).optional(),
    sortBy: z.enum(PUBLISHER_SORT_KEYS).default('name'),
    sortDir: SortDir.default('asc'),
  })
  .strict();
export type PublisherSearchQuery = z.infer<typeof PublisherSearchQuery>;
export const PublisherPage = pageOf(Publisher);
export type PublisherPage = z.infer<typeof PublisherPage>;

/** POST v2/shares/publishers: a publisher of one of the caller's groups (the share key is made by the core). */
export const CreatePublisherBody = z
  .object({ groupId: Id, name: PublisherName, description: PublisherDescription.optional(), sources: PublisherSourcesBody.optional() })
  .strict();
export type CreatePublisherBody = z.infer<typeof CreatePublisherBody>;

/** PUT v2/shares/publishers/{id}: fields left out keep their value; with `version`, only over that version (else 409). */
export const UpdatePublisherBody = z
  .object({
    name: PublisherName.optional(),
    description: PublisherDescription.optional(),
    sources: PublisherSourcesBody.optional(),
    version: Version.optional(),
  })
  .strict();
export type UpdatePublisherBody = z.infer<typeof UpdatePublisherBody>;

/** PUT v2/shares/publishers/{id}/shareKey: a new share key (subscribers of the old one stop receiving). */
export const RegenerateShareKeyBody = z.object({ version: Version.optional() }).strict();
export type RegenerateShareKeyBody = z.infer<typeof RegenerateShareKeyBody>;

export const PublisherDeleted = z.object({ id: Id, groupId: Id, deleted: z.literal(true) });
export type PublisherDeleted = z.infer<typeof PublisherDeleted>;

/** POST v2/shares/publishers/{id}/links (§5: description mandatory, start in the future, duration required). */
export const CreateShareLinkBody = z
  .object({
    description: z
      .string({ error: VALIDATION.required })
      .trim()
      .min(1, { error: VALIDATION.required, abort: true })
      .max(SHARE_LINK_DESCRIPTION_MAX, VALIDATION.maxChars(SHARE_LINK_DESCRIPTION_MAX)),
    // The date-time itself (not a string piped into one), so that the document says its format.
    startTime: z.iso.datetime({ offset: true, error: (issue) => (issue.input === undefined || issue.input === '' ? VALIDATION.required : undefined) }),
    durationMinutes: z
      .number({ error: VALIDATION.required })
      .int(VALIDATION.integer)
      .min(1, VALIDATION.minValue(1))
      .max(SHARE_LINK_DURATION_MAX_MINUTES, VALIDATION.maxValue(SHARE_LINK_DURATION_MAX_MINUTES)),
  })
  .strict();
export type CreateShareLinkBody = z.infer<typeof CreateShareLinkBody>;

export const ShareLinkParams = z.object({ id: Id, linkId: Id });

// ── subscribers and folders ────────────────────────────────────────────────────────────────────

export const SubscriberFolder = z.object({
  id: Id,
  inventoryId: Id,
  name: z.string(),
  /** Null for the root folder only. */
  parentId: Id.nullable(),
  /** The inventory's root folder: not renamed, moved or deleted (§5). */
  isRoot: z.boolean(),
  /** Subscribers directly in this folder. */
  subscriberCount: z.number().int().nonnegative(),
  version: z.number().int().nonnegative(),
});
export type SubscriberFolder = z.infer<typeof SubscriberFolder>;

/** GET v2/shares/inventories/{id}/folders: every folder of the inventory, the root first, then by name. */
export const SubscriberFolderTree = z.object({ inventoryId: Id, folders: z.array(SubscriberFolder) });
export type SubscriberFolderTree = z.infer<typeof SubscriberFolderTree>;

/** POST v2/shares/inventories/{id}/folders: a folder under `parentId` (the root when left out). */
export const CreateFolderBody = z.object({ name: FolderName, parentId: Id.optional() }).strict();
export type CreateFolderBody = z.infer<typeof CreateFolderBody>;

/** PUT v2/shares/folders/{id}: rename and/or move under another folder of the inventory. */
export const UpdateFolderBody = z.object({ name: FolderName.optional(), parentId: Id.optional(), version: Version.optional() }).strict();
export type UpdateFolderBody = z.infer<typeof UpdateFolderBody>;

/** DELETE v2/shares/folders/{id}: its sub-folders go with it, its subscribers (and theirs) move up to its parent. */
export const FolderDeleted = z.object({ id: Id, inventoryId: Id, deleted: z.literal(true), movedSubscribers: z.number().int().nonnegative() });
export type FolderDeleted = z.infer<typeof FolderDeleted>;

export const Subscriber = z.object({
  id: Id,
  inventoryId: Id,
  folderId: Id,
  name: z.string(),
  /** The share key of the publisher it receives from. */
  shareKey: z.string(),
  createdAt: IsoDate,
  version: z.number().int().nonnegative(),
});
export type Subscriber = z.infer<typeof Subscriber>;

export const SUBSCRIBER_SORT_KEYS = ['name', 'createdAt'] as const;

/** GET v2/shares/inventories/{id}/subscribers: one folder's (`folderId`) or the whole inventory's. */
export const SubscriberSearchQuery = z
  .object({
    folderId: Id.optional(),
    offset: z.coerce.number().int().min(0).max(2_147_483_647).default(0),
    limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(LIMITS.groupSearchDefaultPageSize),
    searchKey: z.enum(['name']).default('name'),
    searchValue: z.string().max(LIMITS.genericNameMax).optional(),
    sortBy: z.enum(SUBSCRIBER_SORT_KEYS).default('name'),
    sortDir: SortDir.default('asc'),
  })
  .strict();
export type SubscriberSearchQuery = z.infer<typeof SubscriberSearchQuery>;
export const SubscriberPage = pageOf(Subscriber);
export type SubscriberPage = z.infer<typeof SubscriberPage>;

/** POST v2/shares/inventories/{id}/subscribers: in `folderId` (the root when left out); the share key must be a publisher's ("Invalid field"). */
export const CreateSubscriberBody = z.object({ name: SubscriberName, shareKey: ShareKey, folderId: Id.optional() }).strict();
export type CreateSubscriberBody = z.infer<typeof CreateSubscriberBody>;

/** PUT v2/shares/subscribers/{id}: rename, another share key, or a move to another folder of the inventory. */
export const UpdateSubscriberBody = z
  .object({ name: SubscriberName.optional(), shareKey: ShareKey.optional(), folderId: Id.optional(), version: Version.optional() })
  .strict();
export type UpdateSubscriberBody = z.infer<typeof UpdateSubscriberBody>;

export const SubscriberDeleted = z.object({ id: Id, inventoryId: Id, deleted: z.literal(true) });
export type SubscriberDeleted = z.infer<typeof SubscriberDeleted>;

/** What `share.changed` / `share.removed` name. */
export const SHARE_KINDS = ['publisher', 'folder', 'subscriber'] as const;
export const ShareKind = z.enum(SHARE_KINDS);
export type ShareKind = z.infer<typeof ShareKind>;
