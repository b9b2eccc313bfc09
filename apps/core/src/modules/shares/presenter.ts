/** Publishers, subscriber folders and subscribers as the shares calls answer them (spec 001 §7 shares). */
import type { Publisher, ShareSourceRef, Subscriber, SubscriberFolder } from '@fleet/contracts';
import type { Prisma } from '@fleet/db';
import { publisherSources } from './share-columns.js';

export type PublisherRow = Prisma.PublisherGetPayload<{ include: { shareLinks: true } }>;
export type FolderRow = Prisma.SubscriberFolderGetPayload<object>;
export type SubscriberRow = Prisma.SubscriberGetPayload<object>;

/** A publisher with its sources named (an id the read model no longer knows stands for its name). */
export function presentPublisher(
  row: PublisherRow,
  groupName: string,
  channelName: (id: string) => string | undefined,
  vrChannelName: (id: string) => string | undefined,
): Publisher {
  const stored = publisherSources.read(row.sources);
  const named = (ids: readonly string[], nameOf: (id: string) => string | undefined): ShareSourceRef[] => ids.map((id) => ({ id, name: nameOf(id) ?? id }));
  return {
    id: row.id,
    name: row.name,
    shareKey: row.shareKey,
    description: row.description,
    groupId: row.groupId ?? '',
    groupName,
    inventoryId: row.inventoryId ?? '',
    createdAt: row.createdAt.toISOString(),
    createdByName: row.createdByName,
    sources: {
      channels: named(stored.channelIds, channelName),
      vrChannels: named(stored.vrChannelIds, vrChannelName),
    },
    shareLinks: row.shareLinks.map((l) => ({
      id: l.id,
      description: l.description,
      startTime: l.startTime.toISOString(),
      durationMinutes: l.durationMinutes,
      endTime: l.endTime.toISOString(),
      createdAt: l.createdAt.toISOString(),
    })),
    version: row.version,
  };
}

export function presentFolder(row: FolderRow, subscriberCount: number): SubscriberFolder {
  return {
    id: row.id,
    inventoryId: row.inventoryId ?? '',
    name: row.name,
    parentId: row.parentId,
    isRoot: row.isRoot,
    subscriberCount,
    version: row.version,
  };
}

/** A subscriber whose folder is gone (SetNull) reads as in the root folder. */
export function presentSubscriber(row: SubscriberRow, rootId: string): Subscriber {
  return {
    id: row.id,
    inventoryId: row.inventoryId ?? '',
    folderId: row.folderId ?? rootId,
    name: row.name,
    shareKey: row.shareKey,
    createdAt: row.createdAt.toISOString(),
    version: row.version,
  };
}
