import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ErrorEnvelope } from './entities/common.js';
import { parseErrorEnvelope } from './error-envelope.js';
import { junkOf, mostlyValid } from './testing/junk.js';

const maybe = mostlyValid(junkOf(3, 1.5, Number.NaN, 2 ** 53, 6802), 6);
const OMIT = Symbol('omit');
const optionalField = <T>(a: fc.Arbitrary<T>) => fc.oneof(a, fc.constant(OMIT));
const withoutOmitted = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== OMIT));

const field = maybe(fc.record({ path: maybe(fc.string()), message: maybe(fc.string()), extra: optionalField(fc.string()) }).map(withoutOmitted));
const envelope = maybe(
  fc.record({
    error: maybe(
      fc
        .record({
          code: maybe(fc.string()),
          message: maybe(fc.string()),
          fields: optionalField(maybe(fc.array(field, { maxLength: 3 }))),
          deviceCode: optionalField(maybe(fc.integer())),
          extra: optionalField(fc.string()),
        })
        .map(withoutOmitted),
    ),
  }),
);

describe('parseErrorEnvelope', () => {
  it('accepts what ErrorEnvelope accepts, rejects what it rejects, and returns the same value', () => {
    const seen = { accepted: 0, rejected: 0 };
    fc.assert(
      fc.property(envelope, (json) => {
        const full = ErrorEnvelope.safeParse(json);
        const light = parseErrorEnvelope(json);
        expect(light).toEqual(full.success ? full.data : null);
        seen[full.success ? 'accepted' : 'rejected'] += 1;
      }),
      { numRuns: 5000 },
    );
    // Both sides of the rule were exercised, not only junk.
    expect(Math.min(seen.accepted, seen.rejected)).toBeGreaterThan(500);
  });

  it('reads a validation failure with its fields and a device error with its code', () => {
    expect(parseErrorEnvelope({ error: { code: 'VALIDATION', message: 'Invalid input', fields: [{ path: 'name', message: 'Max 100 characters' }] } })).toEqual({
      error: { code: 'VALIDATION', message: 'Invalid input', fields: [{ path: 'name', message: 'Max 100 characters' }] },
    });
    expect(parseErrorEnvelope({ error: { code: 'DEVICE', message: 'Unit busy', deviceCode: 6802 } })).toEqual({
      error: { code: 'DEVICE', message: 'Unit busy', deviceCode: 6802 },
    });
    expect(parseErrorEnvelope('<html>Bad gateway</html>')).toBeNull();
  });
});
