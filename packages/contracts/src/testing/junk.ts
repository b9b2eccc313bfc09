/**
 * Property tests' values for the hand-written parsers (error envelope, realtime envelope): what a
 * peer may send where a field is expected. Test support only: nothing outside tests imports it.
 */
import fc from 'fast-check';

/** Values no field accepts: nothing, null, a boolean, an empty object or array, a short string, and `odd` (the parser's own edge cases). */
export function junkOf(maxLength: number, ...odd: readonly unknown[]): fc.Arbitrary<unknown> {
  return fc.oneof(fc.constant(undefined), fc.constant(null), fc.boolean(), fc.constant({}), fc.constant([]), fc.string({ maxLength }), fc.constantFrom(...odd));
}

/** A valid value `weight` times in `weight + 1`, junk otherwise. */
export const mostlyValid =
  (junk: fc.Arbitrary<unknown>, weight: number) =>
  (valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> =>
    fc.oneof({ weight, arbitrary: valid }, { weight: 1, arbitrary: junk });
