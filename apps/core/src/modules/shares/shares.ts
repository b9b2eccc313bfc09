/**
 * Shares (spec 001 §3 Publisher, Subscriber / folder, Share link; §5 rules; /publishers and /subscribers).
 *
 * - Publishers belong to a group (their inventory is the group's). The caller sees the publishers of
 *   the groups they see (global roles: all); any other publisher answers 404, as an unknown one.
 *   The share key is made here (random, unique; a collision is tried again) and can be regenerated.
 * - A publisher shares channels and video return channels of its group (each must be one of the
 *   group's, once: "Invalid field" / "This field must be unique" on the entry otherwise).
 * - Share links hang off a publisher: at most 10 (§5, §9), a description, a start in the future and
 *   a duration; the end (start + duration) is stored so that it reads back as it was shown.
 * - Subscribers live in a folder tree per inventory. The root folder is made on the first read of
 *   the tree (the seed makes the demo inventories'), and is never renamed, moved or deleted ("Editing
 *   root subscriber folders not allowed"). A folder moves only under a folder of its inventory that
 *   is not itself or below it; deleting one removes its sub-folders and moves their subscribers up
 *   to its parent, so a delete never loses a subscriber.
 * - A subscriber names the share key of an existing publisher (of any organisation: sharing across
 *   organisations is the point of a key); another key is "Invalid field".
 * - Rows are read through storage (two screens read them, a page at a time). Every change is
 *   announced on the inventory's topics (and the publisher's group is one of them):
 *   `share.changed` / `share.removed` with the kind and id.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  LIMITS,
  VALIDATION,
  type CreateFolderBody,
  type CreatePublisherBody,
  type CreateShareLinkBody,
  type CreateSubscriberBody,
  type FieldProblem,
  type FolderDeleted,
  type Publisher,
  type PublisherDeleted,
  type PublisherPage,
  type PublisherSearchQuery,
  type ShareKind,
  type ShareSourceCandidates,
  type Subscriber,
  type SubscriberDeleted,
  type SubscriberFolder,
  type SubscriberFolderTree,
  type SubscriberPage,
  type SubscriberSearchQuery,
  type UpdateFolderBody,
  type UpdatePublisherBody,
  type UpdateSubscriberBody,
  RULES,
} from '@fleet/contracts';
import { transaction, type Prisma } from '@fleet/db';
import { folderAndBelow } from '@fleet/domain';
import { callsOf } from '../../calls.js';
import { AppError, validationError } from '../../errors.js';
import { publisherSources } from './share-columns.js';
import { isUniqueViolation, atVersion } from '../../platform/versioned-write.js';
import { canSeeGroup, canSeeInventory, type AuthUser } from '../../platform/access.js';
import type { ServiceDeps } from '../deps.js';
import { byNameThenId, compareText } from '../../platform/order.js';
import { inventoryAudience } from '../../platform/topics.js';
import { pageOf } from '../../platform/paging.js';
import {
  presentFolder as toFolder,
  presentPublisher,
  presentSubscriber as toSubscriber,
  type FolderRow,
  type PublisherRow,
  type SubscriberRow,
} from './presenter.js';
import * as repo from './repository.js';
import { newShareKey, sourceProblems } from './rules.js';

const SHARE_KEY_ATTEMPTS = 5;
const MINUTE_MS = 60_000;

export class ShareService {
  constructor(private readonly deps: ServiceDeps) {}

  // ── publishers ─────────────────────────────────────────────────────────────────────────────

  /** GET v2/shares/publishers. */
  async listPublishers(user: AuthUser, q: PublisherSearchQuery): Promise<PublisherPage> {
    if (q.groupId !== undefined && !this.visibleGroupOf(user, q.groupId)) throw new AppError('NOT_FOUND');
    const groupIds =
      q.groupId !== undefined
        ? [q.groupId]
        : this.deps.readModel.groups
            .all()
            .filter((g) => canSeeGroup(user, g))
            .map((g) => g.id);
    // The caller's groups hold a handful of publishers: searched and ordered here so that both
    // providers match names case-insensitively and order them the same way.
    const value = (q.searchValue ?? '').toLowerCase();
    const rows = (await repo.findPublishersOfGroups(this.deps.db, user.global && q.groupId === undefined ? null : groupIds)).filter(
      (r) => value === '' || r.name.toLowerCase().includes(value),
    );
    const dir = q.sortDir === 'asc' ? 1 : -1;
    const key = (r: PublisherRow) => (q.sortBy === 'name' ? r.name : q.sortBy === 'groupName' ? this.groupName(r.groupId) : r.createdAt.toISOString());
    rows.sort((a, b) => dir * compareText(key(a), key(b)) || compareText(a.id, b.id));
    return pageOf(rows, q, (r) => this.toPublisher(r));
  }

  /** GET v2/shares/groups/{id}/sources (the group's scope is checked by the route). */
  async sources(groupId: string): Promise<ShareSourceCandidates> {
    const named = (rows: readonly { id: string; name: string }[]) => rows.map((r) => ({ id: r.id, name: r.name })).sort(byNameThenId);
    const inGroup = (r: { groups: readonly { groupId: string }[] }) => r.groups.some((g) => g.groupId === groupId);
    return {
      groupId,
      channels: named(this.deps.readModel.channels.all().filter(inGroup)),
      vrChannels: named(this.deps.readModel.vrChannels.all().filter(inGroup)),
    };
  }

  /** POST v2/shares/publishers (the group's scope is checked by the route). */
  async createPublisher(user: AuthUser, body: CreatePublisherBody): Promise<Publisher> {
    const group = this.visibleGroupOf(user, body.groupId);
    if (!group) throw new AppError('NOT_FOUND');
    const problems = sourceProblems(this.deps.readModel, group.id, body.sources);
    if (problems.length > 0) throw validationError(problems);
    for (let attempt = 1; ; attempt++) {
      try {
        const row = await repo.createPublisher(this.deps.db, {
          name: body.name,
          description: body.description ?? '',
          groupId: group.id,
          inventoryId: group.inventoryId,
          shareKey: newShareKey(),
          sources: publisherSources.write({ channelIds: body.sources?.channelIds ?? [], vrChannelIds: body.sources?.vrChannelIds ?? [] }),
          createdById: user.id,
          createdByName: user.username,
        });
        return this.announcePublisher(row);
      } catch (e) {
        // Only the share key is unique: a collision is tried again with another key.
        if (!isUniqueViolation(e) || attempt >= SHARE_KEY_ATTEMPTS) throw e;
      }
    }
  }

  /** PUT v2/shares/publishers/{id}. */
  async updatePublisher(user: AuthUser, id: string, body: UpdatePublisherBody): Promise<Publisher> {
    const row = await this.requirePublisher(user, id, body.version);
    const problems = row.groupId === null ? [] : sourceProblems(this.deps.readModel, row.groupId, body.sources);
    if (problems.length > 0) throw validationError(problems);
    return this.writePublisher(row, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.sources !== undefined
        ? { sources: publisherSources.write({ channelIds: body.sources.channelIds, vrChannelIds: body.sources.vrChannelIds }) }
        : {}),
    });
  }

  /** PUT v2/shares/publishers/{id}/shareKey. */
  async regenerateShareKey(user: AuthUser, id: string, version: number | undefined): Promise<Publisher> {
    const row = await this.requirePublisher(user, id, version);
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.writePublisher(row, { shareKey: newShareKey() });
      } catch (e) {
        if (!isUniqueViolation(e) || attempt >= SHARE_KEY_ATTEMPTS) throw e;
      }
    }
  }

  /** DELETE v2/shares/publishers/{id} (its links go with it). */
  async deletePublisher(user: AuthUser, id: string): Promise<PublisherDeleted> {
    const row = await this.requirePublisher(user, id, undefined);
    await atVersion(repo.deletePublisherAtVersion(this.deps.db, id, row.version));
    this.announce('share.removed', 'publisher', id, row.inventoryId, row.groupId);
    return { id, groupId: row.groupId ?? '', deleted: true };
  }

  /** POST v2/shares/publishers/{id}/links: at most 10, starting in the future. */
  async createShareLink(user: AuthUser, id: string, body: CreateShareLinkBody): Promise<Publisher> {
    const row = await this.requirePublisher(user, id, undefined);
    const start = new Date(body.startTime);
    if (start.getTime() <= this.deps.clock.now()) throw validationError([{ path: 'body.startTime', message: VALIDATION.shareLinkStartInFuture }]);
    if (row.shareLinks.length >= LIMITS.shareLinksMax) throw new AppError('SHARE_LINKS_LIMIT');
    // The publisher's version guards the count: two links added at once cannot make an eleventh.
    await transaction(this.deps.db, async (tx) => {
      await atVersion(repo.bumpPublisherVersion(tx, id, row.version));
      await repo.createShareLink(tx, {
        publisherId: id,
        token: randomBytes(16).toString('base64url'),
        description: body.description,
        startTime: start,
        durationMinutes: body.durationMinutes,
        endTime: new Date(start.getTime() + body.durationMinutes * MINUTE_MS),
      });
    });
    return this.announcePublisher(await this.freshPublisher(id));
  }

  /** DELETE v2/shares/publishers/{id}/links/{linkId}. */
  async deleteShareLink(user: AuthUser, id: string, linkId: string): Promise<Publisher> {
    const row = await this.requirePublisher(user, id, undefined);
    if (!row.shareLinks.some((l) => l.id === linkId)) throw new AppError('NOT_FOUND');
    await transaction(this.deps.db, async (tx) => {
      await repo.deleteShareLink(tx, id, linkId);
      await repo.bumpPublisherVersion(tx, id);
    });
    return this.announcePublisher(await this.freshPublisher(id));
  }

  // ── folders ────────────────────────────────────────────────────────────────────────────────

  /** GET v2/shares/inventories/{id}/folders (inventory scope checked by the route). */
  async listFolders(inventoryId: string): Promise<SubscriberFolderTree> {
    await this.rootOf(inventoryId);
    const [folders, counts] = await Promise.all([
      repo.findFoldersOfInventory(this.deps.db, inventoryId),
      repo.countSubscribersByFolder(this.deps.db, inventoryId),
    ]);
    const countOf = new Map(counts.map((c) => [c.folderId, c.count]));
    const root = this.pickRoot(folders);
    const ordered = folders.filter((f) => f.id !== root?.id).sort((a, b) => compareText(a.name, b.name) || compareText(a.id, b.id));
    const all = root ? [root, ...ordered] : ordered;
    return { inventoryId, folders: all.map((f) => toFolder(f, countOf.get(f.id) ?? 0)) };
  }

  /** POST v2/shares/inventories/{id}/folders. */
  async createFolder(inventoryId: string, body: CreateFolderBody): Promise<SubscriberFolder> {
    const parent = body.parentId === undefined ? await this.rootOf(inventoryId) : await this.folderIn(inventoryId, body.parentId);
    if (!parent) throw validationError([{ path: 'body.parentId', message: RULES.unknownFolder }]);
    const row = await repo.createFolder(this.deps.db, { name: body.name, parentId: parent.id, inventoryId });
    return this.announceFolder(row);
  }

  /** PUT v2/shares/folders/{id}: not the root; a new parent of the inventory, not itself or below. */
  async updateFolder(user: AuthUser, id: string, body: UpdateFolderBody): Promise<SubscriberFolder> {
    const row = await this.requireFolder(user, id);
    if (body.version !== undefined && body.version !== row.version) throw new AppError('CONFLICT');
    if (row.isRoot) throw new AppError('ROOT_FOLDER_NOT_EDITABLE');
    if (body.parentId !== undefined && body.parentId !== row.parentId) {
      const parent = await this.folderIn(row.inventoryId, body.parentId);
      const below = parent ? await this.subtreeIds(row.inventoryId, row.id) : new Set<string>();
      if (!parent || below.has(parent.id)) throw validationError([{ path: 'body.parentId', message: parent ? RULES.folderUnderItself : RULES.unknownFolder }]);
    }
    await atVersion(
      repo.updateFolderAtVersion(this.deps.db, id, row.version, {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.parentId !== undefined ? { parentId: body.parentId } : {}),
      }),
    );
    return this.announceFolder(await this.freshFolder(id));
  }

  /** DELETE v2/shares/folders/{id}: not the root; sub-folders go, subscribers move up to the parent. */
  async deleteFolder(user: AuthUser, id: string): Promise<FolderDeleted> {
    const row = await this.requireFolder(user, id);
    if (row.isRoot || row.parentId === null) throw new AppError('ROOT_FOLDER_NOT_EDITABLE');
    const ids = [...(await this.subtreeIds(row.inventoryId, row.id))];
    const parentId = row.parentId;
    // One transaction, the folder's own delete first: a folder changed meanwhile (409) leaves its
    // sub-folders and subscribers as they were.
    const moved = await transaction(this.deps.db, async (tx) => {
      await atVersion(repo.updateFolderAtVersion(tx, id, row.version, {}));
      const subscribers = await repo.moveSubscribersToFolder(tx, ids, parentId);
      // Children first: a tree deleted from the top would rely on the cascade of each provider.
      await repo.deleteFolders(
        tx,
        ids.filter((f) => f !== id),
      );
      await repo.deleteFolder(tx, id);
      return subscribers;
    });
    this.announce('share.removed', 'folder', id, row.inventoryId, null);
    return { id, inventoryId: row.inventoryId, deleted: true, movedSubscribers: moved };
  }

  // ── subscribers ────────────────────────────────────────────────────────────────────────────

  /** GET v2/shares/inventories/{id}/subscribers (inventory scope checked by the route). */
  async listSubscribers(inventoryId: string, q: SubscriberSearchQuery): Promise<SubscriberPage> {
    if (q.folderId !== undefined && !(await this.folderIn(inventoryId, q.folderId))) throw new AppError('NOT_FOUND');
    const value = (q.searchValue ?? '').toLowerCase();
    const rows = (await repo.findSubscribersOfInventory(this.deps.db, inventoryId, q.folderId)).filter(
      (r) => value === '' || r.name.toLowerCase().includes(value),
    );
    const dir = q.sortDir === 'asc' ? 1 : -1;
    const key = (r: SubscriberRow) => (q.sortBy === 'name' ? r.name : r.createdAt.toISOString());
    rows.sort((a, b) => dir * compareText(key(a), key(b)) || compareText(a.id, b.id));
    const root = await this.rootOf(inventoryId);
    return pageOf(rows, q, (r) => toSubscriber(r, root.id));
  }

  /** POST v2/shares/inventories/{id}/subscribers. */
  async createSubscriber(inventoryId: string, body: CreateSubscriberBody): Promise<Subscriber> {
    const root = await this.rootOf(inventoryId);
    const folder = body.folderId === undefined ? root : await this.folderIn(inventoryId, body.folderId);
    const problems: FieldProblem[] = [
      ...(folder ? [] : [{ path: 'body.folderId', message: RULES.unknownFolder }]),
      ...(await this.shareKeyProblems(body.shareKey)),
    ];
    if (problems.length > 0 || !folder) throw validationError(problems);
    const row = await repo.createSubscriber(this.deps.db, { name: body.name, shareKey: body.shareKey, folderId: folder.id, inventoryId });
    return this.announceSubscriber(row, root.id);
  }

  /** PUT v2/shares/subscribers/{id}. */
  async updateSubscriber(user: AuthUser, id: string, body: UpdateSubscriberBody): Promise<Subscriber> {
    const row = await this.requireSubscriber(user, id);
    if (body.version !== undefined && body.version !== row.version) throw new AppError('CONFLICT');
    const inventoryId = row.inventoryId ?? '';
    const folderOk = body.folderId === undefined || body.folderId === row.folderId || (await this.folderIn(inventoryId, body.folderId)) !== null;
    const problems: FieldProblem[] = [
      ...(folderOk ? [] : [{ path: 'body.folderId', message: RULES.unknownFolder }]),
      ...(body.shareKey !== undefined && body.shareKey !== row.shareKey ? await this.shareKeyProblems(body.shareKey) : []),
    ];
    if (problems.length > 0) throw validationError(problems);
    await atVersion(
      repo.updateSubscriberAtVersion(this.deps.db, id, row.version, {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.shareKey !== undefined ? { shareKey: body.shareKey } : {}),
        ...(body.folderId !== undefined ? { folderId: body.folderId } : {}),
      }),
    );
    const fresh = await repo.findSubscriber(this.deps.db, id);
    if (!fresh) throw new AppError('CONFLICT');
    return this.announceSubscriber(fresh, (await this.rootOf(inventoryId)).id);
  }

  /** DELETE v2/shares/subscribers/{id}. */
  async deleteSubscriber(user: AuthUser, id: string): Promise<SubscriberDeleted> {
    const row = await this.requireSubscriber(user, id);
    const inventoryId = row.inventoryId ?? '';
    await atVersion(repo.deleteSubscriberAtVersion(this.deps.db, id, row.version));
    this.announce('share.removed', 'subscriber', id, inventoryId, null);
    return { id, inventoryId, deleted: true };
  }

  // ── helpers ────────────────────────────────────────────────────────────────────────────────

  private visibleGroupOf(user: AuthUser, groupId: string) {
    const group = this.deps.readModel.groups.get(groupId);
    return group && canSeeGroup(user, group) ? group : undefined;
  }

  private groupName(groupId: string | null): string {
    return groupId === null ? '' : (this.deps.readModel.groups.get(groupId)?.name ?? '');
  }

  /** Unknown publishers and publishers of groups the caller does not see both answer 404; a stale version 409. */
  private async requirePublisher(user: AuthUser, id: string, version: number | undefined): Promise<PublisherRow> {
    const row = await repo.findPublisher(this.deps.db, id);
    if (!row || row.groupId === null || !this.visibleGroupOf(user, row.groupId)) throw new AppError('NOT_FOUND');
    if (version !== undefined && version !== row.version) throw new AppError('CONFLICT');
    return row;
  }

  private async freshPublisher(id: string): Promise<PublisherRow> {
    const row = await repo.findPublisher(this.deps.db, id);
    if (!row) throw new AppError('CONFLICT');
    return row;
  }

  private async writePublisher(row: PublisherRow, data: Prisma.PublisherUncheckedUpdateManyInput): Promise<Publisher> {
    await atVersion(repo.updatePublisherAtVersion(this.deps.db, row.id, row.version, data));
    return this.announcePublisher(await this.freshPublisher(row.id));
  }

  private async requireFolder(user: AuthUser, id: string): Promise<FolderRow & { inventoryId: string }> {
    const row = await repo.findFolder(this.deps.db, id);
    if (!row || row.inventoryId === null || !canSeeInventory(user, row.inventoryId)) throw new AppError('NOT_FOUND');
    return { ...row, inventoryId: row.inventoryId };
  }

  private async freshFolder(id: string): Promise<FolderRow> {
    const row = await repo.findFolder(this.deps.db, id);
    if (!row) throw new AppError('CONFLICT');
    return row;
  }

  private async requireSubscriber(user: AuthUser, id: string): Promise<SubscriberRow> {
    const row = await repo.findSubscriber(this.deps.db, id);
    if (!row || row.inventoryId === null || !canSeeInventory(user, row.inventoryId)) throw new AppError('NOT_FOUND');
    return row;
  }

  private async folderIn(inventoryId: string, id: string): Promise<FolderRow | null> {
    const row = await repo.findFolder(this.deps.db, id);
    return row && row.inventoryId === inventoryId ? row : null;
  }

  /** The inventory's root folder: the oldest, should storage ever hold two. */
  private pickRoot(folders: readonly FolderRow[]): FolderRow | undefined {
    return folders.filter((f) => f.isRoot).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || compareText(a.id, b.id))[0];
  }

  /**
   * The inventory's root folder, made when it has none yet. A made root's id follows from the
   * inventory, so two first reads at the same moment make one root: the second create meets the
   * first's id and reads it.
   */
  private async rootOf(inventoryId: string): Promise<FolderRow> {
    const roots = await repo.findRootFolders(this.deps.db, inventoryId);
    const found = this.pickRoot(roots);
    if (found) return found;
    const id = `sbf-root-${createHash('sha256').update(inventoryId).digest('hex').slice(0, 24)}`;
    const name = this.deps.readModel.inventories.get(inventoryId)?.name ?? inventoryId;
    try {
      return await repo.createFolder(this.deps.db, { id, name, isRoot: true, inventoryId });
    } catch (e) {
      if (!isUniqueViolation(e)) throw e;
      const made = await repo.findFolder(this.deps.db, id);
      if (!made) throw e;
      return made;
    }
  }

  /** The folder and every folder below it. */
  private async subtreeIds(inventoryId: string, id: string): Promise<Set<string>> {
    return folderAndBelow(await repo.findFolderTree(this.deps.db, inventoryId), id);
  }

  private async shareKeyProblems(shareKey: string): Promise<FieldProblem[]> {
    return (await repo.publisherKeyExists(this.deps.db, shareKey)) ? [] : [{ path: 'body.shareKey', message: RULES.unknownShareKey }];
  }

  private announce(type: 'share.changed' | 'share.removed', kind: ShareKind, id: string, inventoryId: string | null, groupId: string | null): void {
    if (inventoryId === null) return;
    this.deps.hub.publish(inventoryAudience(this.deps.readModel, [inventoryId]), { type, kind, id, inventoryId, groupId, at: this.deps.clock.now() });
  }

  private announcePublisher(row: PublisherRow): Publisher {
    this.announce('share.changed', 'publisher', row.id, row.inventoryId, row.groupId);
    return this.toPublisher(row);
  }

  private async announceFolder(row: FolderRow): Promise<SubscriberFolder> {
    this.announce('share.changed', 'folder', row.id, row.inventoryId, null);
    return toFolder(row, await repo.countSubscribersInFolder(this.deps.db, row.id));
  }

  private announceSubscriber(row: SubscriberRow, rootId: string): Subscriber {
    this.announce('share.changed', 'subscriber', row.id, row.inventoryId, null);
    return toSubscriber(row, rootId);
  }

  private toPublisher(row: PublisherRow): Publisher {
    const rm = this.deps.readModel;
    return presentPublisher(
      row,
      this.groupName(row.groupId),
      (id) => rm.channels.get(id)?.name,
      (id) => rm.vrChannels.get(id)?.name,
    );
  }
}

export const shareCalls = callsOf<ShareService>()({
  listPublishers: (svc, { query }, user) => svc.listPublishers(user, query),
  createPublisher: (svc, { body }, user) => svc.createPublisher(user, body),
  listShareSources: (svc, { params }) => svc.sources(params.id),
  updatePublisher: (svc, { params, body }, user) => svc.updatePublisher(user, params.id, body),
  regeneratePublisherShareKey: (svc, { params, body }, user) => svc.regenerateShareKey(user, params.id, body.version),
  deletePublisher: (svc, { params }, user) => svc.deletePublisher(user, params.id),
  createShareLink: (svc, { params, body }, user) => svc.createShareLink(user, params.id, body),
  deleteShareLink: (svc, { params }, user) => svc.deleteShareLink(user, params.id, params.linkId),
  listSubscriberFolders: (svc, { params }) => svc.listFolders(params.id),
  createSubscriberFolder: (svc, { params, body }) => svc.createFolder(params.id, body),
  updateSubscriberFolder: (svc, { params, body }, user) => svc.updateFolder(user, params.id, body),
  deleteSubscriberFolder: (svc, { params }, user) => svc.deleteFolder(user, params.id),
  listSubscribers: (svc, { params, query }) => svc.listSubscribers(params.id, query),
  createSubscriber: (svc, { params, body }) => svc.createSubscriber(params.id, body),
  updateSubscriber: (svc, { params, body }, user) => svc.updateSubscriber(user, params.id, body),
  deleteSubscriber: (svc, { params }, user) => svc.deleteSubscriber(user, params.id),
});
