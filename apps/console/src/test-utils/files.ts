/** Test fixtures of the files area (only imported by its tests). */
import { ChannelFile } from '@fleet/contracts';
import type { ChannelFileList } from '@fleet/contracts';

export function makeChannelFile(overrides: Partial<ChannelFile> = {}): ChannelFile {
  const id = overrides.id ?? 'chf-1';
  const channelId = overrides.channelId ?? 'CH1';
  const fileName = overrides.fileName ?? 'clip.mp4';
  return ChannelFile.parse({
    id,
    fileId: { channel: channelId, unit: 'LU1', name: fileName },
    channelId,
    channelName: 'Hub-CH1',
    fileName,
    luName: 'unit_one',
    luAlias: 'unit_one',
    mmhId: 'MMH1',
    mmhName: 'Hub',
    sizeBytes: 1000,
    lastModified: '2024-05-01T10:00:00.000Z',
    chunkIndex: null,
    chunks: [],
    isTransferring: false,
    progress: null,
    rootDirectory: '/storage/received',
    broadcasting: false,
    storyId: null,
    version: 0,
    ...overrides,
  });
}

export function makeList(items: ChannelFile[]): ChannelFileList {
  return { items, total: items.length, offset: 0, limit: 1000 };
}
