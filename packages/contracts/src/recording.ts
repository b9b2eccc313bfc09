/**
 * A fleet recording (mock only): what a core published on /ws, what its devices reported and the
 * REST writes that changed things, each at its time, so that the simulator can replay it into a
 * fresh core ("Record and replay"). Stored as gzip NDJSON (`recording-file.ts`): the
 * header on the first line, then one {@link RecordingLine} per line in time order, an `end` line
 * last.
 *
 * - A recording made by the mock core (`source: 'mock'`) holds all three kinds; a replay sends the
 *   device reports again as those devices and runs the REST writes again as their users, and the
 *   events are what the replay must publish again (`eventLogDigest` compares them).
 * - A recording made from any core's /ws (`source: 'core'`, the CLI's `record`) holds events only;
 *   a replay turns the events that devices cause back into device reports (units, servers and
 *   channels it mentions are created as needed) and counts the others as not replayable.
 * - A recording made by the CLI's `proxy` in front of any core (`source: 'core'`, the header's
 *   `proxy`) holds the /ws events every client received and, as `answer` lines, every REST exchange
 *   (request and answer) the clients made, secrets left out; importing it builds the mock's fleet
 *   from those answers (apps/core/src/mock/fleet-import.ts), its events replay as above.
 *
 * Versions: 1 (device, request, event and end lines); 2 adds the `answer` line and the header's
 * `proxy`. Readers take both; writers write 2.
 */
import { z } from 'zod';
import { ClockStatus } from './control.js';
import { RecordedDeviceMessage } from './gateway.js';
import { RealtimeEvent } from './realtime-events.js';
import { Topic } from './realtime.js';

export const RECORDING_FORMAT = 'fleet-recording';
/** Raised when a line's meaning changes or a kind of line is added; a reader refuses versions it does not know. */
export const RECORDING_VERSION = 2;
/** The versions this reader takes (every older one it still understands). */
export const READABLE_RECORDING_VERSIONS: readonly number[] = [1, 2];

/** A unit the recording starts from (as the core's fleet knew it). */
export const RecordedUnit = z.object({
  unitId: z.string().min(1).max(128),
  name: z.string().max(200),
  productType: z.string().max(64).optional(),
  typeGroup: z.string().max(64).optional(),
  swVersion: z.string().max(32).optional(),
});
export type RecordedUnit = z.infer<typeof RecordedUnit>;

/** A server the recording starts from, with its channels and video return channels. */
export const RecordedServer = z.object({
  serverId: z.string().min(1).max(128),
  name: z.string().max(200),
  serverType: z.string().max(64).optional(),
  channels: z.array(z.object({ channelId: z.string().min(1).max(128), name: z.string().max(200) })),
  vrChannels: z.array(z.object({ vrChannelId: z.string().min(1).max(128), name: z.string().max(200) })),
});
export type RecordedServer = z.infer<typeof RecordedServer>;

export const RecordingHeader = z.object({
  format: z.literal(RECORDING_FORMAT),
  version: z.union([z.literal(1), z.literal(RECORDING_VERSION)]),
  name: z.string().max(80),
  source: z.enum(['mock', 'core']),
  /** Wall clock of the start (ms since the epoch); every line's `t` counts from here. */
  startedAt: z.number(),
  /** The simulator's seed the fleet ran from (mock recordings); null when unknown. */
  seed: z.number().int().nullable(),
  /** The simulator's clock when the recording started (mock recordings); null when unknown. */
  clock: ClockStatus.nullable(),
  fleet: z.object({ units: z.array(RecordedUnit), servers: z.array(RecordedServer) }),
  /**
   * Made through the CLI's proxy (version 2): the core it stood in front of (its origin, never
   * credentials) and the REST prefix of that core (`answer` lines' paths are as the clients asked).
   */
  proxy: z.object({ core: z.string().max(2000), apiBase: z.string().max(200) }).optional(),
});
export type RecordingHeader = z.infer<typeof RecordingHeader>;

const t = z.number().int().min(0);

/** One line after the header. `t`: ms since the header's `startedAt`, never decreasing. */
export const RecordingLine = z.discriminatedUnion('kind', [
  /** A device's report as the core received it. */
  z.object({ kind: z.literal('device'), t, message: RecordedDeviceMessage }),
  /**
   * A REST write the core answered with 2xx: by whom, the path after the core prefix (with its
   * query), the body, the status, and the id the answer named (`id` of the answer's object), so a
   * replay can map it to the id the new object gets.
   */
  z.object({
    kind: z.literal('request'),
    t,
    userId: z.string(),
    method: z.enum(['POST', 'PUT', 'PATCH', 'DELETE']),
    path: z.string().min(1).max(2000),
    body: z.json().optional(),
    status: z.number().int().min(200).max(299),
    createdId: z.string().nullable(),
  }),
  /** An event the core published, on its topic. */
  z.object({ kind: z.literal('event'), t, topic: Topic, event: RealtimeEvent }),
  /**
   * A REST exchange the proxy passed on (version 2): the method, the path as the client asked
   * (with its query), the request's JSON body, the status and the answer's JSON body, and how long
   * the core took. Secrets (passwords, tokens, keys, credentials) read `[redacted]`; headers
   * (cookies, Authorization) are never kept. A body that is not JSON is left out.
   */
  z.object({
    kind: z.literal('answer'),
    t,
    method: z.string().min(1).max(16),
    path: z.string().min(1).max(4000),
    body: z.json().optional(),
    status: z.number().int().min(100).max(599),
    response: z.json().optional(),
    durationMs: z.number().int().min(0),
  }),
  /** The last line: when the recording stopped. */
  z.object({ kind: z.literal('end'), t }),
]);
export type RecordingLine = z.infer<typeof RecordingLine>;
export type RecordedRequest = Extract<RecordingLine, { kind: 'request' }>;
export type RecordedEvent = Extract<RecordingLine, { kind: 'event' }>;
export type RecordedAnswer = Extract<RecordingLine, { kind: 'answer' }>;

export interface Recording {
  readonly header: RecordingHeader;
  /** Every line after the header, the `end` line last. */
  readonly lines: readonly RecordingLine[];
}
