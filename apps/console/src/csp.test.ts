import { describe, expect, it } from 'vitest';
import './csp';
import { config } from 'zod/v4/core';
import { z } from 'zod';

describe('the console under a policy without eval', () => {
  it('turns zod jitless before any schema parses', () => {
    expect(config().jitless).toBe(true);
    // A schema built afterwards parses without compiling code.
    expect(z.object({ a: z.string() }).parse({ a: 'x' })).toEqual({ a: 'x' });
  });
});
