/**
 * Role-matrix examples of the channel files (see ../catalogue-examples.ts for what an example is).
 */
import type { fileEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';

export const FILES_EXAMPLES: { [K in keyof typeof fileEndpoints]: Example<K> } = {
  fetchChannelFiles: { input: (r) => ({ query: { groupId: r.group, channelId: r.fileChannel } }) },
  removeChannelFiles: { input: (r) => ({ body: { ids: [r.removeFile] } }) },
  startChannelFileBroadcast: {
    input: (r) => ({ body: { id: r.channelFile } }),
    // Played out only on an idle channel: the role's hub is simulated, and a reset from an earlier
    // row may still be settling (no unit streams to the file channel).
    setup: async (w) => {
      await w.channelFilePlaying(w.refs.channelFile, false);
      await w.channelFree(w.refs.fileChannel);
    },
  },
  stopChannelFileBroadcast: { input: (r) => ({ body: { id: r.channelFile } }), setup: (w) => w.channelFilePlaying(w.refs.channelFile, true) },
  renameChannelFile: { input: (r, w) => ({ body: { id: r.renameFile, name: `matrix-${w.role.replace(/_/g, '-')}-renamed` } }) },
  makeChannelFileChunk: { input: (r) => ({ body: { id: r.channelFile, startSec: 5, endSec: 20 } }) },
  fetchChannelDownloadUrls: { input: (r) => ({ params: { id: r.fileChannel }, query: { fileId: r.channelFile } }) },
  fetchFileMetadata: { input: (r) => ({ query: { channelId: r.fileChannel, filePath: r.channelFilePath } }) },
};
