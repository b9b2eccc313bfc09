/**
 * The file details' Metadata and Chunks tabs (spec 000 §2, §3 File metadata): the metadata as
 * names and values (unknown ones said so), and the file's chunks in a table, one row per chunk.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeApi } from '../../test-utils/fakeApi';
import { makeChannelFile } from '../../test-utils/files';
import { renderWithApp } from '../../test-utils/render';
import { ChunksTab, MetadataTab } from './FileTabs';

describe('Files: the Metadata and Chunks tabs', () => {
  it('shows the metadata by name, unknown values as such, and no story', async () => {
    const api = new FakeApi().on('fetchFileMetadata', {
      channelId: 'CH1',
      filePath: '/storage/received/clip.mp4',
      fileId: 'chf-1',
      date: null,
      sizeBytes: 1000,
      resolution: '1920x1080',
      lengthSec: 12,
      bitrateKbps: null,
      codec: 'h264',
      gps: null,
      unitName: 'unit_one',
      unitType: null,
      story: null,
    });
    await renderWithApp(<MetadataTab file={makeChannelFile()} />, { api, realtime: false });
    expect(await screen.findByTestId('file-meta-codec')).toHaveTextContent('h264');
    expect(screen.getByTestId('file-meta-resolution')).toHaveTextContent('1920x1080');
    expect(screen.getByTestId('file-meta-resolution').closest('tr')).toHaveTextContent('Resolution');
    expect(screen.getByTestId('file-meta-bitrate')).toHaveTextContent('Unknown');
    expect(screen.getByTestId('file-metadata')).toBeVisible();
    expect(screen.getByTestId('file-meta-no-story')).toBeVisible();
  });

  it('lists the chunks one per row under their headers, and says when there are none', async () => {
    const chunk = { startSec: 0, endSec: 10, sizeBytes: 100, createdAt: '2024-05-01T10:00:00.000Z' };
    const file = makeChannelFile({
      chunks: [
        { ...chunk, id: 'c1', index: 1, fileName: 'clip_part1.mp4' },
        { ...chunk, id: 'c2', index: 2, fileName: 'clip_part2.mp4' },
      ],
    });
    const { unmount } = await renderWithApp(<ChunksTab file={file} />, { realtime: false });
    expect(screen.getByTestId('file-chunks')).toHaveTextContent('Name');
    expect(screen.getByTestId('file-chunk-row-2')).toHaveTextContent('clip_part2.mp4');
    expect(screen.getAllByRole('row')).toHaveLength(3);
    unmount();
    await renderWithApp(<ChunksTab file={makeChannelFile()} />, { realtime: false });
    expect(screen.getByTestId('file-chunks-none')).toBeVisible();
    expect(screen.queryByTestId('file-chunk-index')).not.toBeInTheDocument();
  });

  it('says which chunk of its source a chunk file is (chunkIndex)', async () => {
    await renderWithApp(<ChunksTab file={makeChannelFile({ fileName: 'clip_part2.mp4', chunkIndex: 2 })} />, { realtime: false });
    expect(screen.getByTestId('file-chunk-index')).toHaveTextContent('This file is chunk 2 of its source file');
  });
});
