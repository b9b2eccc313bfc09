import { describe, expect, it } from 'vitest';
import { loadConfig } from './env.js';

describe('configuration', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ HOST: '127.0.0.1', PORT: 8080, CORE_PREFIX: '/api', DATABASE_URL: 'file:./.data/fleet.db' });
  });
  it('lists every bad variable at once', () => {
    expect(() => loadConfig({ PORT: 'eighty', CORE_PREFIX: 'api/' })).toThrow(/PORT[\s\S]*CORE_PREFIX/);
  });
});
