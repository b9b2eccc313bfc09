/**
 * A light, zod-free check of the server's real-time message envelope, for a client that must stay
 * small (the console's first route); the full schemas are in ./realtime.ts.
 */
import type { ServerMessage } from './realtime.js';
import { TOPIC_PATTERN } from './realtime-values.js';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown): v is number => Number.isSafeInteger(v);
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isTopic = (v: unknown): v is string => typeof v === 'string' && TOPIC_PATTERN.test(v);
/** An event's envelope: an object with a string `type` (its body is the core's, built from RealtimeEvent). */
const isEventLike = (v: unknown): boolean => isObject(v) && typeof v.type === 'string';
const optional = (v: unknown, check: (x: unknown) => boolean): boolean => v === undefined || check(v);

/**
 * The server message of one frame's JSON, or null when its envelope is outside the protocol. Checks
 * every field of the envelope as ServerMessage does (op, topic, seq, epoch, ...), and of each event
 * only that it is an object with a string `type`: event bodies are built by the core from the
 * RealtimeEvent schemas, and a client ignores event types it does not know. Accepts everything
 * `ServerMessage.safeParse` accepts (a property test holds it to that).
 */
export function parseServerEnvelope(json: unknown): ServerMessage | null {
  if (!isObject(json)) return null;
  const m = json;
  let ok: boolean;
  switch (m.op) {
    case 'hello':
      ok = typeof m.epoch === 'string' && isInt(m.heartbeatMs) && isInt(m.batchSize) && optional(m.wsLibrary, (x) => typeof x === 'string');
      break;
    case 'event':
      ok = isTopic(m.topic) && isInt(m.seq) && typeof m.epoch === 'string' && isEventLike(m.event);
      break;
    case 'events':
      ok = isTopic(m.topic) && isInt(m.seq) && typeof m.epoch === 'string' && Array.isArray(m.events) && m.events.length > 0 && m.events.every(isEventLike);
      break;
    case 'subscribed':
      ok = Array.isArray(m.topics) && m.topics.every((t) => isObject(t) && isTopic(t.topic) && isInt(t.seq));
      break;
    case 'refetch':
      ok = isTopic(m.topic) && (m.reason === 'epoch' || m.reason === 'gap');
      break;
    case 'error':
      ok = typeof m.code === 'string' && typeof m.message === 'string' && optional(m.topics, (x) => Array.isArray(x) && x.every((t) => typeof t === 'string'));
      break;
    case 'pong':
      ok = optional(m.t, isNumber);
      break;
    default:
      ok = false;
  }
  // The envelope is checked field by field above; event bodies are the core's (see the doc comment).
  return ok ? (json as unknown as ServerMessage) : null;
}
