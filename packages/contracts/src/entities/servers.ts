/**
 * Request and answer shapes of the server calls (spec 001 §3 Server, §7 Servers). `ServerDetail`
 * is the one shape server reads answer with (GET servers/{id}, admin inventory servers) and the
 * `/devices` servers tab and the realtime server events use. Where the spec leaves a shape "not
 * shown", the shape here is the one the console's screens use.
 */
import { z } from 'zod';
import { IFB_MODES, PUBLISHING_MODES } from '../enum-values.js';
import { ServerType } from '../enums.js';
import { Id, IsoDate } from './common.js';

export const ServerDetail = z.object({
  id: Id,
  /** The server's unique id (same as id). */
  uniqueId: Id,
  name: z.string(),
  serverType: ServerType,
  productType: z.string(),
  serial: z.string(),
  alias: z.string(),
  comment: z.string(),
  /** online | offline | busy | upgrading */
  status: z.string(),
  swVersion: z.string(),
  targetSwVersion: z.string().nullable(),
  inventoryId: Id.nullable(),
  ifbMode: z.enum(IFB_MODES).nullable(),
  maxChannels: z.number().int().nonnegative(),
  /** Channels of the server (the allocated count decides whether maxChannels may go down). */
  channelCount: z.number().int().nonnegative(),
  webrtcPort: z.number().int().nullable(),
  publishingMode: z.enum(PUBLISHING_MODES),
  cloudRegion: z.string().nullable(),
  cloudInstance: z.string().nullable(),
  cloudProvider: z.string().nullable(),
  genlockOffset: z.number().int().nullable(),
  deviceId: z.string().nullable(),
  tallyHwStatus: z.string().nullable(),
  audioHwStatus: z.string().nullable(),
  state: z.string().nullable(),
  /** Last reported cpu and storage use, in %. */
  serverUsage: z.object({ cpu: z.number().nullable(), storage: z.number().nullable() }),
  /** seconds */
  upTime: z.number().int().nullable(),
  version: z.number().int().nonnegative(),
  updatedAt: IsoDate,
});
export type ServerDetail = z.infer<typeof ServerDetail>;
