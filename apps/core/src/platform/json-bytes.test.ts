import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { JsonBytes } from './json-bytes.js';

/** The writer's bytes, or null when it leaves the value to JSON.stringify. */
function written(w: JsonBytes, v: unknown): Buffer | null {
  const n = w.write(v);
  return n < 0 ? null : Buffer.from(w.buf.subarray(0, n));
}

const stringify = (v: unknown): Buffer | null => {
  const s = JSON.stringify(v) as string | undefined;
  return s === undefined ? null : Buffer.from(s);
};

/** Strings of every kind of UTF-16 unit: controls, quotes, backslashes, multi-byte, lone and paired surrogates. */
const anyString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.string({ unit: 'grapheme' }),
  fc.string({
    unit: fc.constantFrom(
      '"',
      '\\',
      '\n',
      '\u0000',
      '\u001f',
      '\u007f',
      '\u0080',
      '\u07ff',
      '\u0800',
      '\ud800',
      '\udbff',
      '\udc00',
      '\udfff',
      '\uffff',
      '\u2028',
      'a',
    ),
  }),
);
const anyNumber = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.constantFrom(0, -0, 1e21, 1e-7, 2 ** 53, 2 ** 53 - 1, -(2 ** 53 - 1), Number.MAX_VALUE, Number.MIN_VALUE, Number.NaN, Infinity, -Infinity, 0.1 + 0.2),
);

describe('JsonBytes', () => {
  it('writes exactly the bytes of JSON.stringify for any JSON data', () => {
    const w = new JsonBytes(16); // small: growing is exercised too
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        expect(written(w, v)).toEqual(stringify(v));
      }),
      { numRuns: 1000 },
    );
  });

  it('writes every string and number as JSON.stringify does', () => {
    const w = new JsonBytes(64);
    fc.assert(
      fc.property(fc.array(fc.oneof(anyString, anyNumber, fc.dictionary(anyString, fc.oneof(anyString, anyNumber)))), (v) => {
        expect(written(w, v)).toEqual(stringify(v));
      }),
      { numRuns: 1000 },
    );
  });

  it('agrees with JSON.stringify or leaves the value to it, whatever the value', () => {
    const w = new JsonBytes(64);
    const values = fc.anything({
      withBoxedValues: true,
      withMap: true,
      withSet: true,
      withObjectString: true,
      withNullPrototype: true,
      withBigInt: true,
      withDate: true,
      withTypedArray: true,
      withSparseArray: true,
      withUnicodeString: true,
    });
    fc.assert(
      fc.property(values, (v) => {
        let expected: Buffer | null;
        try {
          expected = stringify(v);
        } catch {
          expect(w.write(v)).toBe(-1); // BigInt: the fallback throws as before
          return;
        }
        const got = written(w, v);
        if (got !== null) expect(got).toEqual(expected);
      }),
      { numRuns: 1000 },
    );
  });

  it('leaves to JSON.stringify what only it handles', () => {
    const w = new JsonBytes();
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    class Point {
      x = 1;
    }
    for (const v of [undefined, () => 1, Symbol('s'), 1n, new Date(0), { toJSON: () => 'x' }, new Point(), new Map(), [new Number(1)], cyclic]) {
      expect(w.write(v)).toBe(-1);
    }
  });

  it('leaves out members without a JSON form and writes null for them in arrays', () => {
    const w = new JsonBytes();
    const v = { a: undefined, b: () => 1, c: Symbol('c'), d: [undefined, () => 1, Symbol('x'), 2], e: Number.NaN, 1: 'one' };
    expect(written(w, v)?.toString()).toBe(JSON.stringify(v));
    expect(written(w, v)?.toString()).toBe('{"1":"one","d":[null,null,null,2],"e":null}');
  });

  it('writes a telemetry event as JSON.stringify does, and keeps the buffer it grew', () => {
    const w = new JsonBytes(8);
    const event = {
      type: 'unit.telemetry',
      unitId: 'LU800-0001',
      battery: { connected: true, charging: false, percentage: 57.25 },
      location: { lat: 48.137154, lng: 11.576124, address: 'Marienplatz 1, München' },
      modems: [
        {
          id: 'm1',
          port: 1,
          name: 'Modem "1"',
          uiType: 'cell',
          connected: true,
          enabled: true,
          uplinkKbps: 1234.5,
          downlinkKbps: 0,
          signalQuality: null,
          roaming: false,
          activeSim: 'A',
          lastUpdated: '2026-11-21T08:00:00.000Z',
        },
      ],
      totalBitrate: 1234.5,
      cameraConnected: true,
      sample: { t: 1_795_000_000_000, kbps: 1234.5 },
      at: 1_795_000_000_000,
    };
    expect(written(w, event)?.toString()).toBe(JSON.stringify(event));
    const grown = w.buf;
    expect(grown.length).toBeGreaterThanOrEqual(Buffer.byteLength(JSON.stringify(event)));
    w.write(event);
    expect(w.buf).toBe(grown);
  });
});
