/**
 * The file details' Download tab (spec 000 §2) offers a download only once its link answers the
 * probe (spec 001 §9 "File URL probe timeout 5000 ms", urlProbe.ts): a link the host refuses says
 * the file cannot be downloaded now, with a check again that offers it once the host has it.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeApi } from '../../test-utils/fakeApi';
import { renderWithApp } from '../../test-utils/render';
import { DownloadTab } from './FileTabs';
import { makeChannelFile } from '../../test-utils/files';

const FILE_PATH = '/downloads/channels/CH1/files/chf-1';
const CHUNK_PATH = '/downloads/channels/CH1/files/chf-1/chunks/1';

describe('Files: the Download tab probes each link before offering it', () => {
  it('offers the file whose link answers, not the chunk whose link is refused, until it answers when checked again', async () => {
    let chunkThere = false;
    const api = new FakeApi()
      .on('fetchChannelDownloadUrls', {
        channelId: 'CH1',
        expiresAt: '2030-01-01T00:00:00.000Z',
        files: [
          {
            fileId: 'chf-1',
            fileName: 'clip.mp4',
            urls: [
              { kind: 'file', fileName: 'clip.mp4', sizeBytes: 1000, url: `${FILE_PATH}?name=clip.mp4&expires=1&sig=a` },
              { kind: 'chunk', fileName: 'clip_part1.mp4', sizeBytes: 100, url: `${CHUNK_PATH}?name=clip_part1.mp4&expires=1&sig=b` },
            ],
          },
        ],
      })
      .onRaw('HEAD', FILE_PATH, () => ({ status: 200 }))
      .onRaw('HEAD', CHUNK_PATH, () => ({ status: chunkThere ? 200 : 404 }));
    const { user } = await renderWithApp(<DownloadTab file={makeChannelFile()} />, { api, realtime: false });

    const fileLink = await screen.findByTestId('file-download-link-0');
    expect(fileLink).toHaveAttribute('href', expect.stringContaining(`${FILE_PATH}?name=clip.mp4`));
    await waitFor(() => expect(screen.getByTestId('file-download-probe-1')).toHaveAttribute('data-state', 'unreachable'));
    expect(screen.getByTestId('file-download-probe-1')).toHaveTextContent('The file cannot be downloaded now');
    expect(screen.queryByTestId('file-download-link-1')).not.toBeInTheDocument();

    chunkThere = true;
    await user.click(screen.getByTestId('file-download-recheck-1'));
    expect(await screen.findByTestId('file-download-link-1')).toHaveAttribute('download', 'clip_part1.mp4');
  });
});
