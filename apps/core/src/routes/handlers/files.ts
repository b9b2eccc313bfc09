/** Handlers of the files calls (spec 001 §7 Channel files): parse is done; the FileService decides. */
import type { fileEndpoints } from '@fleet/contracts';
import type { HandlersFor } from './types.js';

export const fileHandlers: HandlersFor<keyof typeof fileEndpoints> = {
  fetchChannelFiles: async ({ query }, { user, services }) => services.files.listChannelFiles(user, query),
  removeChannelFiles: async ({ body }, { user, services }) => {
    const { removed } = await services.files.removeChannelFiles(user, body.ids);
    return { removed };
  },
  startChannelFileBroadcast: async ({ body }, { user, services }) => services.files.startBroadcast(user, body.id),
  stopChannelFileBroadcast: async ({ body }, { user, services }) => services.files.stopBroadcast(user, body.id),
  renameChannelFile: async ({ body }, { user, services }) => services.files.renameChannelFile(user, body.id, body.name),
  makeChannelFileChunk: async ({ body }, { user, services }) => {
    const { file, chunk } = await services.files.makeChunk(user, body);
    return { file, chunk };
  },
  fetchChannelDownloadUrls: async ({ params, query }, { user, services }) => services.files.downloadUrls(user, params.id, query.fileId),
  fetchFileMetadata: async ({ query }, { user, services }) => services.files.fileMetadata(user, query.channelId, query.filePath),
};
