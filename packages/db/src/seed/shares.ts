/** Fixtures: shares (publishers, share links, subscriber folders and subscribers of every inventory). */
import type { DbTx } from '../client.js';
import { timesAround, DAY, streamFor, type Count } from './random.js';
import { SEED_IDS } from './structure.js';

export async function seedShares(tx: DbTx, seedValue: number, now: Date, count: Count): Promise<void> {
  const faker = streamFor(seedValue, 'shares', now);
  const { stamps, ago } = timesAround(now, faker);
  await tx.publisher.create({
    data: {
      id: 'pub-0001',
      name: 'Newsroom-Share',
      shareKey: `PUB-${faker.string.alphanumeric({ length: 10, casing: 'upper' })}`,
      description: 'Shared feeds',
      groupId: 'grp-newsroom',
      inventoryId: 'inv-global',
      sources: { channelIds: ['MMH-0001-CH1'] },
      createdById: SEED_IDS.users.super_user,
      createdByName: 'super_user',
      ...stamps(),
    },
  });
  await tx.subscriberFolder.create({ data: { id: 'sbf-root', name: 'Root', isRoot: true, inventoryId: 'inv-global', ...stamps() } });
  await tx.subscriber.create({
    data: {
      id: 'sub-0001',
      name: 'Partner-Station',
      shareKey: `SUB-${faker.string.alphanumeric({ length: 10, casing: 'upper' })}`,
      folderId: 'sbf-root',
      groupId: 'grp-newsroom',
      inventoryId: 'inv-global',
      ...stamps(),
    },
  });
  // Shares of every demo inventory: a root folder each (the /subscribers tree starts there), a
  // sub-folder with a subscriber of the newsroom's key, publishers with share links. No faker
  // here: the rows after this block keep the values they had.
  {
    const newsroomKey = (await tx.publisher.findUniqueOrThrow({ where: { id: 'pub-0001' }, select: { shareKey: true } })).shareKey;
    await tx.publisher.createMany({
      data: [
        {
          id: 'pub-0002',
          name: 'Football-Share',
          shareKey: 'PUB-FOOTBALL01',
          description: 'Match feeds',
          groupId: 'grp-football',
          inventoryId: 'inv-global-sports',
          createdById: SEED_IDS.users.super_user,
          createdByName: 'super_user',
          createdAt: ago(20 * DAY),
          updatedAt: ago(20 * DAY),
        },
        {
          id: 'pub-0003',
          name: 'Metro-Share',
          shareKey: 'PUB-METRO00001',
          description: 'City desk',
          groupId: 'grp-metro-live',
          inventoryId: 'inv-metro',
          createdById: SEED_IDS.users.super_user,
          createdByName: 'super_user',
          createdAt: ago(12 * DAY),
          updatedAt: ago(12 * DAY),
        },
      ],
    });
    const link = (id: string, publisherId: string, description: string, startInDays: number, durationMinutes: number) => {
      const startTime = new Date(now.getTime() + startInDays * DAY);
      return {
        id,
        token: `tok-${id}`,
        publisherId,
        description,
        startTime,
        durationMinutes,
        endTime: new Date(startTime.getTime() + durationMinutes * 60_000),
        createdAt: now,
        updatedAt: now,
      };
    };
    await tx.shareLink.createMany({
      data: [
        link('shl-0001', 'pub-0001', 'Evening bulletin', 1, 90),
        link('shl-0002', 'pub-0001', 'Election night', 7, 240),
        link('shl-0003', 'pub-0003', 'Marathon', 3, 180),
      ],
    });
    await tx.subscriberFolder.createMany({
      data: [
        { id: 'sbf-root-sports', name: 'Root', isRoot: true, inventoryId: 'inv-global-sports', createdAt: now, updatedAt: now },
        { id: 'sbf-root-metro', name: 'Root', isRoot: true, inventoryId: 'inv-metro', createdAt: now, updatedAt: now },
      ],
    });
    await tx.subscriberFolder.createMany({
      data: [
        { id: 'sbf-partners', name: 'Partners', parentId: 'sbf-root', inventoryId: 'inv-global', createdAt: now, updatedAt: now },
        { id: 'sbf-agencies', name: 'Agencies', parentId: 'sbf-partners', inventoryId: 'inv-global', createdAt: now, updatedAt: now },
        { id: 'sbf-metro-desk', name: 'City-Desk', parentId: 'sbf-root-metro', inventoryId: 'inv-metro', createdAt: now, updatedAt: now },
      ],
    });
    await tx.subscriber.createMany({
      data: [
        {
          id: 'sub-0002',
          name: 'Regional-Partner',
          shareKey: newsroomKey,
          folderId: 'sbf-partners',
          inventoryId: 'inv-global',
          createdAt: now,
          updatedAt: now,
        },
        {
          id: 'sub-0003',
          name: 'Wire-Agency',
          shareKey: 'PUB-METRO00001',
          folderId: 'sbf-agencies',
          inventoryId: 'inv-global',
          createdAt: now,
          updatedAt: now,
        },
        {
          id: 'sub-0004',
          name: 'Newsroom-Relay',
          shareKey: newsroomKey,
          folderId: 'sbf-metro-desk',
          inventoryId: 'inv-metro',
          createdAt: now,
          updatedAt: now,
        },
      ],
    });
    count('publisher', 2);
    count('shareLink', 3);
    count('subscriberFolder', 5);
    count('subscriber', 3);
  }
}
