/**
 * Request and answer shapes of the video return channel calls (spec 001 §3 Video return channel,
 * §7 Video return channels). `VrChannelDetail` is the one shape video return reads answer with and
 * the `/video_return` screen and the realtime events use. Where the spec leaves a shape "not shown",
 * the shape here is the one the console's screens use.
 */
import { z } from 'zod';
import { VR_INPUT_TYPES } from '../enum-values.js';
import { VrChannelStatus } from '../enums.js';
import { Id, IsoDate } from './common.js';

export const VrChannelDetail = z.object({
  uniqueId: Id,
  name: z.string(),
  description: z.string(),
  status: VrChannelStatus,
  /** seconds */
  uptime: z.number().int().nullable(),
  serialNumber: z.string().nullable(),
  inputStandard: z.string().nullable(),
  inputParameters: z.record(z.string(), z.json()),
  p2MPStreamingStatuses: z.array(z.record(z.string(), z.json())),
  urlData: z.record(z.string(), z.json()),
  serverId: Id.nullable(),
  /** The configuration tab (input type disabled / SDI / SRT, URL, passphrase, port, latency). */
  configuration: z.object({
    inputType: z.enum(VR_INPUT_TYPES),
    url: z.string().nullable(),
    passphrase: z.string().nullable(),
    destinationPort: z.number().int().nullable(),
    latency: z.number().int().nullable(),
  }),
  inventoryIds: z.array(Id),
  groupIds: z.array(Id),
  version: z.number().int().nonnegative(),
  updatedAt: IsoDate,
});
export type VrChannelDetail = z.infer<typeof VrChannelDetail>;
