import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ServerMessage } from './realtime.js';
import { parseServerEnvelope } from './realtime-envelope.js';
import { groupTopic, inventoryTopic } from './realtime-values.js';
import { junkOf, mostlyValid } from './testing/junk.js';

/** Real events of the protocol (bodies valid for RealtimeEvent). */
const EVENTS = [
  { type: 'device.added', unitId: 'u-1', at: 1_795_000_000_000 },
  { type: 'device.removed', unitId: 'u-2', at: 1_795_000_000_001 },
  { type: 'config.changed', wsLibrary: 'ws', at: 1 },
  { type: 'story.removed', id: 's-1', inventoryId: 'inv-1', at: 2 },
  { type: 'channelFile.removed', ids: ['f-1', 'f-2'], at: 3 },
] as const;

const junk = junkOf(4, Number.NaN, Infinity, 2 ** 53, 1.5, -1, 'group:', 'group:a b', 'unit:x', 'gap', 'x');
const maybe = mostlyValid(junk, 8);
const topic = fc.oneof(fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/).map(groupTopic), fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/).map(inventoryTopic));
const event = fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...EVENTS) }, { weight: 1, arbitrary: fc.record({ type: fc.string({ maxLength: 6 }) }) });
const OMIT = Symbol('omit');

/** An object whose fields are each valid, junk or left out. */
function objectOf(fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(fields);
  return fc
    .tuple(...keys.map((k) => fc.oneof({ weight: 20, arbitrary: maybe(fields[k]!) }, { weight: 1, arbitrary: fc.constant(OMIT) })))
    .map((values) => Object.fromEntries(keys.flatMap((k, i) => (values[i] === OMIT ? [] : [[k, values[i]]]))));
}

const optionalOf = (a: fc.Arbitrary<unknown>) => fc.oneof(a, fc.constant(undefined));
const message = fc.oneof(
  objectOf({ op: fc.constant('hello'), epoch: fc.string(), heartbeatMs: fc.integer(), batchSize: fc.integer(), wsLibrary: optionalOf(fc.string()) }),
  objectOf({ op: fc.constant('event'), topic, seq: fc.integer(), epoch: fc.string(), event }),
  objectOf({ op: fc.constant('events'), topic, seq: fc.integer(), epoch: fc.string(), events: fc.array(event, { maxLength: 3 }) }),
  objectOf({ op: fc.constant('subscribed'), topics: fc.array(maybe(objectOf({ topic, seq: fc.integer() })), { maxLength: 3 }) }),
  objectOf({ op: fc.constant('refetch'), topic, reason: fc.constantFrom('epoch', 'gap') }),
  objectOf({ op: fc.constant('error'), code: fc.string(), message: fc.string(), topics: optionalOf(fc.array(maybe(fc.string()), { maxLength: 2 })) }),
  objectOf({ op: fc.constant('pong'), t: optionalOf(fc.double()) }),
  junk,
);

describe('parseServerEnvelope', () => {
  it('accepts every message ServerMessage accepts, unchanged', () => {
    let accepted = 0;
    fc.assert(
      fc.property(message, (m) => {
        const full = ServerMessage.safeParse(m);
        const light = parseServerEnvelope(m);
        if (full.success) {
          expect(light).toEqual(full.data);
          accepted += 1;
        }
      }),
      { numRuns: 5000 },
    );
    expect(accepted).toBeGreaterThan(500);
  });

  it('rejects exactly what ServerMessage rejects when the envelope is at fault (all ops without event bodies)', () => {
    const seen = { accepted: 0, rejected: 0 };
    fc.assert(
      fc.property(message, (m) => {
        const op = (m as { op?: unknown } | null | undefined)?.op;
        if (op === 'event' || op === 'events') return;
        const success = ServerMessage.safeParse(m).success;
        expect(parseServerEnvelope(m) !== null).toBe(success);
        seen[success ? 'accepted' : 'rejected'] += 1;
      }),
      { numRuns: 5000 },
    );
    expect(Math.min(seen.accepted, seen.rejected)).toBeGreaterThan(300);
  });

  it('rejects an event message whose envelope is broken, and accepts an unknown event type for the client to ignore', () => {
    const ok = { op: 'event', topic: 'group:g1', seq: 4, epoch: 'e1', event: EVENTS[0] };
    expect(parseServerEnvelope(ok)).toEqual(ok);
    expect(parseServerEnvelope({ ...ok, topic: 'unit:u1' })).toBeNull();
    expect(parseServerEnvelope({ ...ok, seq: 1.5 })).toBeNull();
    expect(parseServerEnvelope({ ...ok, event: 'device.added' })).toBeNull();
    expect(parseServerEnvelope({ op: 'events', topic: 'group:g1', seq: 1, epoch: 'e1', events: [] })).toBeNull();
    expect(parseServerEnvelope({ ...ok, event: { type: 'future.event', x: 1 } })).toEqual({ ...ok, event: { type: 'future.event', x: 1 } });
  });
});
