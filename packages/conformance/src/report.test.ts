import { describe, expect, it } from 'vitest';
import { parseCliArgs } from './cli.js';
import { finishReport, formatHtml, formatText, type CheckResult } from './report.js';

const results: CheckResult[] = [
  { area: 'units', call: 'getUnit', check: 'read', route: 'GET /v2/units/{id}', outcome: 'conforms', differences: [] },
  { area: 'units', call: 'getUnitGroups', check: 'read', route: 'GET /v2/units/{id}/groups', outcome: 'differs', differences: [{ path: '$[0].name', expected: 'string', received: 'nothing (field absent)' }] },
  { area: 'groups', call: 'fetchGroups', check: 'route', route: 'GET /groups/fetch', outcome: 'missing', differences: [] },
  { area: 'p2p', call: 'getP2pLink', check: 'read', route: 'GET /v2/p2p/{id}', outcome: 'not checked', differences: [], note: 'no point-to-point link visible to this user' },
];
const base = { core: 'http://core.test', user: 'alice', role: 'luc_regular', write: false, startedAt: '2026-01-01T00:00:00.000Z', durationMs: 1500, cleanupFailures: [] };

describe('the report', () => {
  it('passes only when nothing differs and nothing is missing; not-checked calls do not fail it', () => {
    expect(finishReport({ ...base, results }).passed).toBe(false);
    expect(finishReport({ ...base, results: [results[0]!, results[3]!] }).passed).toBe(true);
    expect(finishReport({ ...base, results: [results[0]!], cleanupFailures: ['story s1'] }).passed).toBe(false);
  });

  it('prints areas with one line per check that does not conform, differences indented, totals last', () => {
    const text = formatText(finishReport({ ...base, results }));
    expect(text).toContain('units (1 of 2 checks conform)');
    expect(text).toContain('  DIFF getUnitGroups [read] GET /v2/units/{id}/groups\n         $[0].name: expected string, received nothing (field absent)');
    expect(text).toContain('  MISS fetchGroups [route] GET /groups/fetch');
    expect(text).toContain('  skip getP2pLink [read] GET /v2/p2p/{id} — no point-to-point link visible to this user');
    expect(text.split('\n').at(-1)).toBe('1 conform, 1 differ, 1 missing, 1 not checked — FAILED (1.5 s)');
    expect(formatText(finishReport({ ...base, results }), { verbose: true })).toContain('ok   getUnit [read]');
  });

  it('writes a self-contained HTML page with every check, escaped', () => {
    const html = formatHtml(finishReport({ ...base, user: '<b>x</b>', results }));
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).not.toMatch(/<script|<link|src=/);
    expect(html).toContain('&lt;b&gt;x&lt;/b&gt;');
    expect(html).toContain('<code>$[0].name</code>: expected string, received nothing (field absent)');
    expect(html).toContain('<b>FAILED</b>: 1 conform, 1 differ, 1 missing, 1 not checked.');
  });
});

describe('the command line', () => {
  it('needs --core and a way to sign in', () => {
    expect(() => parseCliArgs([])).toThrow('--core is required');
    expect(() => parseCliArgs(['--core', 'http://x'])).toThrow('give --user and --password, or --cookie');
    expect(() => parseCliArgs(['--core', 'nota url', '--cookie', 'a=b'])).toThrow('is not a URL');
    expect(() => parseCliArgs(['--core', 'http://x', '--cookie', 'a=b', '--ws-seconds', 'soon'])).toThrow('--ws-seconds');
  });

  it('reads every option', () => {
    const args = parseCliArgs(['--core', 'http://x', '--user', 'u', '--password', 'p', '--write', '--ws-seconds', '2', '--html', 'r.html', '--json', 'r.json', '--only', 'groups']);
    expect(args).toEqual({ options: { core: 'http://x', user: 'u', password: 'p', write: true, wsSeconds: 2, only: 'groups' }, html: 'r.html', json: 'r.json', verbose: false });
    expect(parseCliArgs(['--core', 'http://x', '--cookie', 'fleet_session=abc']).options).toEqual({ core: 'http://x', cookie: 'fleet_session=abc', write: false });
  });
});
