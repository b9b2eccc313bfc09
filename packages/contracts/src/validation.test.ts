import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { specErrorMap, toFieldProblems } from './validation.js';
import { UnitRenameBody } from './entities/unit.js';

const problems = (schema: z.ZodType, input: unknown) => {
  const r = schema.safeParse(input, { error: specErrorMap });
  return r.success ? [] : toFieldProblems(r.error);
};

describe('spec wording of validation messages', () => {
  it.each([
    [z.object({ a: z.string() }), {}, 'This field is required'],
    [z.object({ a: z.number() }), { a: 'x' }, 'Must be a number'],
    [z.object({ a: z.int() }), { a: 1.5 }, 'Must be an integer'],
    [z.object({ a: z.string().min(3) }), { a: 'ab' }, 'Must have at least 3 characters'],
    [z.object({ a: z.string().max(100) }), { a: 'x'.repeat(101) }, 'Must have at most 100 characters'],
    [z.object({ a: z.string().max(255) }), { a: 'x'.repeat(256) }, 'Must be no more than 255 characters'],
    [z.object({ a: z.number().min(1) }), { a: 0 }, 'Must be 1 or more'],
    [z.object({ a: z.number().max(9) }), { a: 10 }, 'Must be 9 or less'],
    [z.object({ a: z.email() }), { a: 'nope' }, 'Invalid email format'],
    [z.object({ a: z.string().regex(/^\d+$/) }), { a: 'x' }, 'Must match the pattern'],
    [z.object({ a: z.ipv4() }), { a: '999.1.1.1' }, 'Invalid IP field'],
    [z.object({}).strict(), { extra: 1 }, 'Invalid field'],
    [z.object({ mode: z.enum(['a', 'b']) }), {}, 'This field is required'],
    [z.object({ mode: z.enum(['a', 'b']) }), { mode: 'c' }, 'Invalid field'],
  ])('%#: %j gives %s', (schema, input, message) => {
    expect(problems(schema, input)[0]?.message).toBe(message);
  });

  it('unit rename keeps the rule-specific texts of spec 000 §5', () => {
    expect(problems(UnitRenameBody, { id: 'u', name: 'bad name!' })).toEqual([
      { path: 'name', message: 'Only letters, numbers, underscores and hyphens are allowed' },
    ]);
    expect(problems(UnitRenameBody, { id: 'u', name: 'ok', comment: 'x'.repeat(101) })[0]?.message).toBe('Must have at most 100 characters');
  });
});
