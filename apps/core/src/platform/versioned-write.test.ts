import { describe, expect, it } from 'vitest';
import { isUniqueViolation } from './versioned-write.js';

describe('isUniqueViolation', () => {
  it('knows a Prisma P2002 and a driver adapter’s UniqueConstraintViolation', () => {
    expect(isUniqueViolation({ code: 'P2002' })).toBe(true);
    const adapterError = Object.assign(new Error('UNIQUE constraint failed: Unit.name'), {
      name: 'DriverAdapterError',
      cause: { kind: 'UniqueConstraintViolation', constraint: { fields: ['name'] } },
    });
    expect(isUniqueViolation(adapterError)).toBe(true);
  });

  it('is false for other errors and non-errors', () => {
    expect(isUniqueViolation({ code: 'P2025' })).toBe(false);
    expect(isUniqueViolation(Object.assign(new Error('x'), { name: 'DriverAdapterError', cause: { kind: 'ForeignKeyConstraintViolation' } }))).toBe(false);
    expect(isUniqueViolation(Object.assign(new Error('x'), { cause: { kind: 'UniqueConstraintViolation' } }))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
    expect(isUniqueViolation('P2002')).toBe(false);
  });
});
