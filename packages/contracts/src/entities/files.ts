/**
 * Channel files (spec 001 §3 Channel file, §4 file transfer, §7 Channel files; spec 000 §2 Files,
 * §3 File, §5 file name rules, §9). Shapes the spec leaves "not shown" are our stable choice, each
 * documented where it is declared.
 */
import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { STORE_AND_FORWARD_EXTENSIONS } from '../enums.js';
import { VALIDATION } from '../messages.js';
import { Id, IsoDate, pageOf } from './common.js';
import { StoryFields } from './stories.js';

/** Largest number of files one removal request names (a guard, not in the spec). */
export const CHANNEL_FILE_BATCH_MAX = 500;
/** Where a multimedia hub keeps the files units send it (rootDirectory of received files). */
export const RECEIVED_FILES_ROOT = '/storage/received';
/** Longest chunk end accepted (a guard: 24 hours of footage). */
export const CHUNK_MAX_SECONDS = 86_400;

/**
 * Spec 000 §5 "File name prefix: characters a-z, A-Z, 0-9 and @ ~ _ - + = { } , ! ( )": the same
 * symbol set is the rule for a file's name (the name before its extension) when it is renamed.
 */
export const CHANNEL_FILE_NAME_PATTERN = /^[A-Za-z0-9@~_\-+={},!()]*$/;

/** A new name (without its extension): required, the filename symbol set, at most 255 characters. */
export const ChannelFileName = z
  .string({ error: VALIDATION.required })
  .trim()
  .min(1, { error: VALIDATION.required })
  .max(LIMITS.genericNameMax, { error: VALIDATION.max255 })
  .regex(CHANNEL_FILE_NAME_PATTERN, { error: VALIDATION.mustMatchPattern });

/** The first spec message a new file name breaks, or null when it is valid (console inline check). */
export function validateChannelFileName(name: string): string | null {
  const r = ChannelFileName.safeParse(name);
  return r.success ? null : (r.error.issues[0]?.message ?? VALIDATION.invalidField);
}

/** A file's name split at its last dot: base and extension ("" when there is none). */
export function splitFileName(fileName: string): { base: string; ext: string } {
  const dot = fileName.lastIndexOf('.');
  if (dot <= 0) return { base: fileName, ext: '' };
  return { base: fileName.slice(0, dot), ext: fileName.slice(dot + 1) };
}

/** Whether the extension is a store-and-forward one (mp4, mkv, 3gp, mov; spec 000 §3). */
export function isStoreAndForwardExtension(ext: string): boolean {
  return (STORE_AND_FORWARD_EXTENSIONS as readonly string[]).includes(ext.toLowerCase());
}

/**
 * A chunk made from a channel file ("Make a chunk", spec 000 §2): the range it covers in seconds
 * from the start of the file, the file it was written to and its size (proportional to the range).
 */
export const ChannelFileChunk = z.object({
  id: Id,
  /** 1, 2, ... in the order the chunks were made. */
  index: z.number().int().min(1),
  startSec: z.number().min(0),
  endSec: z.number().min(0),
  fileName: z.string(),
  sizeBytes: z.number().nonnegative(),
  createdAt: IsoDate,
});
export type ChannelFileChunk = z.infer<typeof ChannelFileChunk>;

/**
 * Spec 001 §3 Channel file: fileId (channel, unit, name), fileName, luName, luAlias, mmhId, mmhName,
 * sizeBytes, lastModified, chunkIndex, isTransferring, rootDirectory; plus what the console's grid
 * and details need: the channel's name, the chunks made from it, the transfer progress (0-100 while
 * a unit is still sending it, else null), whether it is being played out on its channel, its story
 * and the row version.
 */
export const ChannelFile = z.object({
  id: Id,
  fileId: z.object({ channel: Id, unit: z.string().nullable(), name: z.string() }),
  channelId: Id,
  channelName: z.string(),
  fileName: z.string(),
  luName: z.string(),
  luAlias: z.string(),
  mmhId: z.string().nullable(),
  mmhName: z.string(),
  sizeBytes: z.number().nonnegative(),
  lastModified: IsoDate.nullable(),
  chunkIndex: z.number().int().nullable(),
  chunks: z.array(ChannelFileChunk),
  isTransferring: z.boolean(),
  progress: z.number().min(0).max(100).nullable(),
  rootDirectory: z.string(),
  broadcasting: z.boolean(),
  storyId: z.string().nullable(),
  version: z.number().int(),
});
export type ChannelFile = z.infer<typeof ChannelFile>;

const QueryBool = z.enum(['true', 'false']).transform((v) => v === 'true');

/**
 * GET channelfiles (spec 001 §7 "GET channelfiles by group"): the files of the channels of one
 * group. Optional filters (ours): channelId, unitId (the sending unit), search (in the file name,
 * case-insensitive), from/to (lastModified range, ISO), transferring; paging offset/limit (default
 * 1000, the largest page), newest first.
 */
export const ChannelFilesQuery = z
  .object({
    groupId: Id,
    channelId: Id.optional(),
    unitId: Id.optional(),
    search: z.string().max(LIMITS.genericNameMax).optional(),
    from: IsoDate.optional(),
    to: IsoDate.optional(),
    transferring: QueryBool.optional(),
    offset: z.coerce.number().int().min(0).max(2_147_483_647).default(0),
    limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(LIMITS.pageSizeMax),
  })
  .strict();
export type ChannelFilesQuery = z.infer<typeof ChannelFilesQuery>;

/** One page of files; `total` counts the files matching the filters (all pages). */
export const ChannelFileList = pageOf(ChannelFile);
export type ChannelFileList = z.infer<typeof ChannelFileList>;

/** POST channelfiles/removal: the ids of the channel files to delete (all or nothing). */
export const RemoveChannelFilesBody = z.object({ ids: z.array(Id).min(1, { error: VALIDATION.required }).max(CHANNEL_FILE_BATCH_MAX) }).strict();
export const RemoveChannelFilesResult = z.object({ removed: z.array(Id) });

/** POST channelfiles/broadcast/start and /stop: the channel file to play out on its channel. */
export const ChannelFileIdBody = z.object({ id: Id }).strict();

/** POST channelfiles/name: the new name without its extension (the extension is kept). */
export const RenameChannelFileBody = z.object({ id: Id, name: ChannelFileName }).strict();

/**
 * POST channelfiles/chunk: a range of the file in seconds. Start 0 or more, end after the start and
 * not past the file's length (checked against the file by the core, with the spec's messages).
 */
export const MakeChunkBody = z
  .object({
    id: Id,
    startSec: z
      .number({ error: VALIDATION.number })
      .min(0, { error: VALIDATION.minValue(0) })
      .max(CHUNK_MAX_SECONDS, { error: VALIDATION.maxValue(CHUNK_MAX_SECONDS) }),
    endSec: z
      .number({ error: VALIDATION.number })
      .min(0, { error: VALIDATION.minValue(0) })
      .max(CHUNK_MAX_SECONDS, { error: VALIDATION.maxValue(CHUNK_MAX_SECONDS) }),
  })
  .strict();
export type MakeChunkBody = z.infer<typeof MakeChunkBody>;

/**
 * The first problem of a chunk range against a file of `lengthSec` seconds (null: unknown length),
 * with the spec's messages; null when the range is valid. Used by the core and the console.
 */
export function validateChunkRange(startSec: number, endSec: number, lengthSec: number | null): { field: 'startSec' | 'endSec'; message: string } | null {
  if (!Number.isFinite(startSec)) return { field: 'startSec', message: VALIDATION.number };
  if (!Number.isFinite(endSec)) return { field: 'endSec', message: VALIDATION.number };
  if (startSec < 0) return { field: 'startSec', message: VALIDATION.minValue(0) };
  if (endSec <= startSec) return { field: 'endSec', message: VALIDATION.chunkEndAfterStart };
  if (lengthSec !== null && endSec > lengthSec) return { field: 'endSec', message: VALIDATION.maxValue(Math.floor(lengthSec)) };
  return null;
}

export const ChannelFileChunkResult = z.object({ file: ChannelFile, chunk: ChannelFileChunk });

/** GET channels/{id}/downloadUrls: optional fileId (a channel file of that channel) narrows the answer. */
export const DownloadUrlsQuery = z.object({ fileId: Id.optional() }).strict();

/**
 * A download URL: the file itself or one of its chunks. `url` is a signed, expiring link on the
 * core's origin, outside its prefix, opened without a session (a real core may answer absolute
 * URLs; both are URI references the browser opens).
 */
export const DownloadUrl = z.object({
  kind: z.enum(['file', 'chunk']),
  fileName: z.string(),
  sizeBytes: z.number().nonnegative(),
  url: z.string().regex(/^(https?:\/\/|\/)\S+$/),
});
export const DownloadUrls = z.object({
  channelId: Id,
  /** When the URLs stop working (one hour after the answer). */
  expiresAt: IsoDate,
  files: z.array(z.object({ fileId: Id, fileName: z.string(), urls: z.array(DownloadUrl) })),
});
export type DownloadUrls = z.infer<typeof DownloadUrls>;

/** GET metadata (spec 001 §7 "GET metadata (channelId, filePath)"): filePath = rootDirectory/fileName. */
export const FileMetadataQuery = z.object({ channelId: Id, filePath: z.string().min(1).max(1024) }).strict();

/**
 * Spec 000 §3 File metadata: date, size, resolution, length, bitrate, codec, GPS, unit name and
 * type, story fields. Unknown values are null (length in seconds, bitrate in kbps).
 */
export const FileMetadata = z.object({
  channelId: Id,
  filePath: z.string(),
  fileId: Id,
  date: IsoDate.nullable(),
  sizeBytes: z.number().nonnegative(),
  resolution: z.string().nullable(),
  lengthSec: z.number().nonnegative().nullable(),
  bitrateKbps: z.number().nonnegative().nullable(),
  codec: z.string().nullable(),
  gps: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  unitName: z.string().nullable(),
  unitType: z.string().nullable(),
  story: StoryFields.nullable(),
});
export type FileMetadata = z.infer<typeof FileMetadata>;
