/**
 * Channel files (spec 001 §7 Channel files; spec 000 §2 Files, §3 File, §4 file transfer).
 *
 * Roles: reading is open to every console role (the /files route is open to every console user,
 * spec 000 §2); changing files on a channel (remove, play out, rename, make a chunk) needs the
 * broader set that manages channels (spec 000 §6 "Channels, devices, video return and file upload
 * need the broader set") — read-only users see files but never change them ("Read-only users cannot
 * delete files").
 *
 * Object scope: a channel file is visible when its channel belongs to one of the caller's groups or
 * inventories (super user and staff: every channel); an unknown or invisible file, channel or group
 * answers 404. Checked by the FileService (the catalogue's `scope: 'unit'` is for units only).
 */
import { BROADER_ROLES, CONSOLE_ROLES } from '../roles.js';
import { IdParams } from '../entities/common.js';
import {
  ChannelFile,
  ChannelFileChunkResult,
  ChannelFileIdBody,
  ChannelFileList,
  ChannelFilesQuery,
  DownloadUrls,
  DownloadUrlsQuery,
  FileMetadata,
  FileMetadataQuery,
  MakeChunkBody,
  RemoveChannelFilesBody,
  RemoveChannelFilesResult,
  RenameChannelFileBody,
} from '../entities/files.js';
import { endpoint, type EndpointDef } from './define.js';

export const fileEndpoints = {
  fetchChannelFiles: endpoint({
    method: 'GET',
    path: '/channelfiles',
    summary: 'The files received on the channels of a group (filterable, newest first)',
    spec: '001 §7 Channel files: GET channelfiles by group; §3 Channel file; 000 §2 Files grid',
    roles: CONSOLE_ROLES,
    scope: 'none',
    query: ChannelFilesQuery,
    response: ChannelFileList,
  }),
  removeChannelFiles: endpoint({
    method: 'POST',
    path: '/channelfiles/removal',
    summary: 'Delete channel files (all or nothing; a file still arriving is refused, a file playing out stops)',
    spec: "001 §7 Channel files: POST channelfiles/removal; 000 §6 'Read-only users cannot delete files'",
    roles: BROADER_ROLES,
    scope: 'none',
    body: RemoveChannelFilesBody,
    response: RemoveChannelFilesResult,
  }),
  startChannelFileBroadcast: endpoint({
    method: 'POST',
    path: '/channelfiles/broadcast/start',
    summary: 'Play a file out on its channel (the channel must be online and free)',
    spec: '001 §7 Channel files: POST channelfiles/broadcast/start; §4 channel status (PlayStoredFile); 000 §2 file details Playout',
    roles: BROADER_ROLES,
    scope: 'none',
    body: ChannelFileIdBody,
    response: ChannelFile,
  }),
  stopChannelFileBroadcast: endpoint({
    method: 'POST',
    path: '/channelfiles/broadcast/stop',
    summary: 'Stop playing a file out (answers the file as it is when it was not playing)',
    spec: '001 §7 Channel files: POST channelfiles/broadcast/stop; 000 §2 file details Playout',
    roles: BROADER_ROLES,
    scope: 'none',
    body: ChannelFileIdBody,
    response: ChannelFile,
  }),
  renameChannelFile: endpoint({
    method: 'POST',
    path: '/channelfiles/name',
    summary: 'Rename a channel file (the extension is kept; unique on the same multimedia hub)',
    spec: '001 §7 Channel files: POST channelfiles/name; 000 §5 file name prefix symbol set, unique on the same multimedia hub',
    roles: BROADER_ROLES,
    scope: 'none',
    body: RenameChannelFileBody,
    response: ChannelFile,
  }),
  makeChannelFileChunk: endpoint({
    method: 'POST',
    path: '/channelfiles/chunk',
    summary: 'Make a chunk of a channel file: a range in seconds within its length',
    spec: '001 §7 Channel files: POST channelfiles/chunk; 000 §2 file details Make a chunk, Chunks; §3 File chunkIndex, chunks',
    roles: BROADER_ROLES,
    scope: 'none',
    body: MakeChunkBody,
    response: ChannelFileChunkResult,
  }),
  fetchChannelDownloadUrls: endpoint({
    method: 'GET',
    path: '/channels/{id}/downloadUrls',
    summary: "Download URLs of a channel's files and their chunks (optionally one file)",
    spec: '001 §7 Channel files: GET channels/{id}/downloadUrls; 000 §2 file details Download',
    roles: CONSOLE_ROLES,
    scope: 'none',
    params: IdParams,
    query: DownloadUrlsQuery,
    response: DownloadUrls,
  }),
  fetchFileMetadata: endpoint({
    method: 'GET',
    path: '/metadata',
    summary: 'Metadata of a file on a channel: date, size, resolution, length, bitrate, codec, GPS, unit, story',
    spec: '001 §7 Channel files: GET metadata (channelId, filePath); 000 §3 File metadata; 000 §2 file details Metadata',
    roles: CONSOLE_ROLES,
    scope: 'none',
    query: FileMetadataQuery,
    response: FileMetadata,
  }),
} as const satisfies Record<string, EndpointDef>;
