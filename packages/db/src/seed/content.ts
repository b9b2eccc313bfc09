/** Fixtures: notifications, software versions, stories and their files, audio rooms, graphics, a streaming destination. */
import { SERVER_TYPES, UNIT_DEVICE_GROUPS } from '@fleet/contracts';
import type { Prisma } from '../../generated/sqlite/client.js';
import type { DbTx } from '../client.js';
import { FIRST_NAMES, LAST_NAMES, STORIES } from './newsroom.js';
import { timesAround, DAY, fixedOr, HOUR, streamFor, timeTag, type Count } from './random.js';
import { INVENTORIES, SEED_IDS, SEEDED_FILES, SOFTWARE_VERSION_NUMBERS } from './structure.js';

export async function seedNotifications(tx: DbTx, now: Date, count: Count): Promise<void> {
  const ago = (ms: number): Date => new Date(now.getTime() - ms);
  const ahead = (ms: number): Date => new Date(now.getTime() + ms);
  await tx.notification.createMany({
    data: [
      {
        id: SEED_IDS.notifications.expiringWithin2h,
        message: 'Scheduled maintenance of the streaming platform starts soon.',
        expireDate: ahead(90 * 60_000),
        globalNotification: true,
        level: 'warning',
        createdAt: ago(DAY),
        updatedAt: ago(DAY),
      },
      {
        id: SEED_IDS.notifications.expiringWithin24h,
        message: 'New software version 10.1 is available for field units.',
        expireDate: ahead(20 * HOUR),
        globalNotification: true,
        level: 'info',
        createdAt: ago(2 * DAY),
        updatedAt: ago(2 * DAY),
      },
      {
        id: SEED_IDS.notifications.inventory,
        message: 'Global-News: IFB servers were migrated to V2.',
        expireDate: ahead(7 * DAY),
        globalNotification: false,
        inventoryId: 'inv-global',
        level: 'info',
        createdAt: ago(3 * DAY),
        updatedAt: ago(3 * DAY),
      },
      {
        id: SEED_IDS.notifications.expired,
        message: 'Past maintenance window (expired).',
        expireDate: ago(HOUR),
        globalNotification: true,
        level: 'info',
        createdAt: ago(5 * DAY),
        updatedAt: ago(5 * DAY),
      },
    ],
  });
  count('notification', 4);
}

export async function seedSoftwareVersions(tx: DbTx, now: Date, count: Count): Promise<void> {
  const ago = (ms: number): Date => new Date(now.getTime() - ms);
  await tx.softwareVersion.createMany({
    data: SOFTWARE_VERSION_NUMBERS.map((n, i) => ({
      id: `swv-${n.replace(/\./g, '-')}`,
      number: n,
      description: `Release ${n}`,
      releaseNotesUrl: `https://docs.example.com/releases/${n}`,
      supportedDevices: n === '3.5' || n === '5.1' ? ['fieldUnits'] : [...UNIT_DEVICE_GROUPS, ...SERVER_TYPES],
      deprecated: i < 3,
      createdAt: ago((SOFTWARE_VERSION_NUMBERS.length - i) * 30 * DAY),
      updatedAt: ago((SOFTWARE_VERSION_NUMBERS.length - i) * 30 * DAY),
    })),
  });
  await tx.softwareVersionInventory.createMany({
    data: SOFTWARE_VERSION_NUMBERS.slice(-4).flatMap((n) =>
      INVENTORIES.map((inv) => ({ softwareVersionId: `swv-${n.replace(/\./g, '-')}`, inventoryId: inv.id })),
    ),
  });
  count('softwareVersion', SOFTWARE_VERSION_NUMBERS.length);
}

export async function seedStoriesAndFiles(tx: DbTx, seedValue: number, now: Date, count: Count): Promise<void> {
  const faker = streamFor(seedValue, 'stories', now);
  const { ago } = timesAround(now, faker);
  // The newsroom's planning list (newsroom.ts): a reporter and a camera operator on each story.
  const person = () => `${faker.helpers.arrayElement(FIRST_NAMES)} ${faker.helpers.arrayElement(LAST_NAMES)}`;
  const stories: Prisma.StoryCreateManyInput[] = STORIES.map((story, i) => ({
    id: `sty-${i + 1}`,
    inventoryId: 'inv-global',
    ...story,
    crewName: person(),
    reporter: person(),
    storyId: `NRCS-${faker.string.numeric(6)}`,
    createdById: SEED_IDS.users.luc_regular,
    // Today's planning: opened this morning, the live one touched minutes ago.
    createdAt: ago((i + 1) * 2 * HOUR),
    updatedAt: ago((10 + i * 35) * 60_000),
  }));
  await tx.story.createMany({ data: stories });
  await tx.storyUnit.createMany({
    data: [
      { storyId: 'sty-1', unitId: 'LU800-0001' },
      { storyId: 'sty-1', unitId: 'LU800-0002' },
      { storyId: 'sty-2', unitId: 'LU300-0001' },
    ],
  });
  count('story', stories.length);
  const files: Prisma.FileCreateManyInput[] = (['LU800-0001', 'LU800-0003', 'LU300-0001'] as const).flatMap((unitId, u) =>
    SEEDED_FILES[unitId].map((fixed, i) => {
      const ext = fixedOr(fixed.ext, faker.helpers.arrayElement(['mp4', 'mkv', 'mov']));
      const fileName = `${unitId}_${timeTag(ago((u * 3 + i + 1) * HOUR))}${i === 2 ? '_part1' : ''}.${ext}`;
      return {
        id: `fil-${unitId}-${i + 1}`,
        unitId,
        kind: i === 0 ? 'uploaded' : 'recorded',
        fileName,
        path: `/media/sd/${fileName}`,
        rootDirectory: '/media/sd',
        sizeBytes: BigInt(fixedOr(fixed.sizeBytes, faker.number.int({ min: 5_000_000, max: 4_000_000_000 }))),
        lastModified: ago((u * 3 + i + 1) * HOUR),
        status: i === 0 ? fixedOr(fixed.status, faker.helpers.arrayElement(['uploaded', 'pending', 'failed'])) : null,
        metadata: { resolution: '1920x1080', codec: 'h264', bitrate: 8000 },
        storyId: i === 0 ? 'sty-1' : null,
        createdAt: ago((u * 3 + i + 1) * HOUR),
        updatedAt: ago((u * 3 + i + 1) * HOUR),
      };
    }),
  );
  await tx.file.createMany({ data: files });
  await tx.channelFile.createMany({
    data: files.slice(0, 3).map((f, i) => ({
      id: `chf-${i + 1}`,
      channelId: 'MMH-0001-CH1',
      unitId: f.unitId,
      fileName: f.fileName,
      luName: f.unitId,
      luAlias: f.unitId,
      mmhId: 'MMH-0001',
      mmhName: 'MMH-0001',
      sizeBytes: f.sizeBytes ?? BigInt(0),
      lastModified: f.lastModified ?? null,
      rootDirectory: '/storage/received',
      createdAt: now,
      updatedAt: now,
    })),
  });
  count('file', files.length);
  count('channelFile', 3);
}

export async function seedMedia(tx: DbTx, seedValue: number, now: Date): Promise<void> {
  const { stamps } = timesAround(now, streamFor(seedValue, 'media', now));
  await tx.audioRoom.create({
    data: {
      id: 'aud-0001',
      name: 'Newsroom-IFB',
      inventoryId: 'inv-global',
      intercom: true,
      participants: [
        { kind: 'unit', id: 'LU800-0001' },
        { kind: 'channel', id: 'MMH-0001-CH1' },
      ],
      serverId: 'MMH-0001',
      ...stamps(),
    },
  });
  await tx.audioRoom.create({
    data: {
      id: 'aud-0002',
      name: 'Sports-Desk',
      inventoryId: 'inv-global',
      intercom: false,
      participants: [{ kind: 'unit', id: 'LU800-0002' }],
      createdAt: now,
      updatedAt: now,
    },
  });
  await tx.audioRoom.create({
    data: { id: 'aud-0003', name: 'Metro-IFB', inventoryId: 'inv-metro', intercom: true, participants: [], createdAt: now, updatedAt: now },
  });
  await tx.graphicsComposition.create({
    data: { id: 'gfx-0001', inventoryId: 'inv-global', name: 'Lower-Third', template: 'lower-third-v2', ...stamps() },
  });
  await tx.graphicsComposition.createMany({
    data: [
      {
        id: 'gfx-0002',
        inventoryId: 'inv-global',
        name: 'Election-Scoreboard',
        template: 'scoreboard',
        appId: 'app-demo-0002',
        createdAt: now,
        updatedAt: now,
      },
      {
        id: 'gfx-0003',
        inventoryId: 'inv-metro',
        name: 'Metro-Ticker',
        template: 'breaking-ticker',
        appId: 'app-demo-0003',
        createdAt: now,
        updatedAt: now,
      },
    ],
  });
  await tx.streamingDestination.create({
    data: {
      id: 'std-0001',
      name: 'YouTube-Main',
      provider: 'YouTube',
      channelId: 'MMH-0001-CH2',
      inventoryId: 'inv-global',
      urlPrimary: 'rtmp://a.rtmp.youtube.com/live2',
      streamId: 'demo-stream-key',
      streamType: 'rtmp',
      bitrate: 6000,
      resolution: '1080p50',
      frameRate: '50',
      ...stamps(),
    },
  });
}
