/**
 * A file's details on /files (?file=<id>, spec 000 §2 Files, §6 read-only users): a read-only
 * user sees the playout state, the chunk tab and the metadata, but no playout, rename, remove or
 * chunk button.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ROUTES, type PageRoute } from '../../routing/routes';
import { FakeApi } from '../../test-utils/fakeApi';
import { makeChannelFile } from '../../test-utils/files';
import { renderWithApp } from '../../test-utils/render';
import FilesPage from './Files.page';

const FILES_ROUTE = ROUTES.find((r): r is PageRoute => r.kind === 'page' && r.page === 'files');

describe('Files: a read-only user', () => {
  it('sees a file and its details but no write button', async () => {
    if (FILES_ROUTE === undefined) throw new Error('no files route');
    const file = makeChannelFile({ id: 'chf-3' });
    const api = new FakeApi().on('fetchChannelFiles', { items: [file], total: 1, offset: 0, limit: 50 }).on('fetchFileMetadata', {
      channelId: file.channelId,
      filePath: '/storage/received/clip.mp4',
      fileId: 'chf-3',
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
    const { user } = await renderWithApp(<FilesPage route={FILES_ROUTE} />, { roles: ['luc_read'], route: '/files?file=chf-3', api });

    expect(await screen.findByTestId('file-details-body')).toHaveAttribute('data-file-id', 'chf-3');
    expect(screen.getByTestId('file-read-only')).toBeVisible();
    expect(screen.getByTestId('file-playout-status')).toBeVisible();
    for (const control of ['file-playout-start', 'file-playout-stop', 'file-rename-form', 'file-remove'])
      expect(screen.queryByTestId(control)).not.toBeInTheDocument();
    await user.click(screen.getByTestId('file-tab-chunk'));
    expect(await screen.findByTestId('file-chunk-read-only')).toBeVisible();
    expect(screen.queryByTestId('file-chunk-submit')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('file-tab-metadata'));
    expect(await screen.findByTestId('file-meta-codec')).toHaveTextContent('h264');
  }, 30_000);
});
