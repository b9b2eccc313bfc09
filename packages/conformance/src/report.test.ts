import { describe, expect, it } from 'vitest';
import { parseCliArgs, parseHeader, reportPath } from './cli.js';
import { finishReport, formatHtml, formatJunit, formatText, type CheckResult } from './report.js';

const results: CheckResult[] = [
  { area: 'units', call: 'getUnit', check: 'read', route: 'GET /v2/units/{id}', outcome: 'conforms', differences: [] },
  {
    area: 'units',
    call: 'getUnitGroups',
    check: 'read',
    route: 'GET /v2/units/{id}/groups',
    outcome: 'differs',
    differences: [{ path: '$[0].name', expected: 'string', received: 'nothing (field absent)' }],
  },
  { area: 'groups', call: 'fetchGroups', check: 'route', route: 'GET /groups/fetch', outcome: 'missing', differences: [] },
  {
    area: 'p2p',
    call: 'getP2pLink',
    check: 'read',
    route: 'GET /v2/p2p/{id}',
    outcome: 'not checked',
    differences: [],
    note: 'no point-to-point link visible to this user',
  },
];
const base = {
  core: 'http://core.test',
  user: 'alice',
  role: 'luc_regular',
  write: false,
  probeWrites: false,
  strict: false,
  startedAt: '2026-01-01T00:00:00.000Z',
  durationMs: 1500,
  cleanupFailures: [],
};

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
    expect(text.split('\n')[0]).toBe('Conformance of http://core.test as alice (luc_regular), read-only (GETs and the sign-in)');
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

describe('checks not made for the same reason', () => {
  it('share one line without --verbose', () => {
    const skips: CheckResult[] = ['createStory', 'deleteStory'].map((call) => ({
      area: 'story',
      call,
      check: 'write',
      route: `POST /${call}`,
      outcome: 'not checked',
      differences: [],
      note: 'not sent: write calls are sent only with --probe-writes (probes that change nothing) or --write',
    }));
    const text = formatText(finishReport({ ...base, results: skips }));
    expect(text).toContain(
      '  skip createStory, deleteStory [write] — not sent: write calls are sent only with --probe-writes (probes that change nothing) or --write',
    );
    expect(formatText(finishReport({ ...base, results: skips }), { verbose: true })).toContain('  skip deleteStory [write] POST /deleteStory — not sent');
  });
});

describe('undocumented fields', () => {
  const extra: CheckResult = {
    area: 'units',
    call: 'getUnit',
    check: 'undocumented',
    route: 'GET /v2/units/{id}',
    outcome: 'undocumented',
    differences: [{ path: '$.secretField', expected: 'no such field in the contract', received: 'number 1' }],
  };

  it('are warnings by default and fail the run with --strict', () => {
    expect(finishReport({ ...base, results: [results[0]!, extra] }).passed).toBe(true);
    expect(finishReport({ ...base, strict: true, results: [results[0]!, extra] }).passed).toBe(false);
    const text = formatText(finishReport({ ...base, results: [results[0]!, extra] }));
    expect(text).toContain(
      '  UNDC getUnit [undocumented] GET /v2/units/{id}\n         $.secretField: expected no such field in the contract, received number 1',
    );
    expect(text).toContain('1 conform, 0 differ, 0 missing, 1 undocumented (warnings), 0 not checked — PASSED');
  });
});

describe('JUnit XML', () => {
  it('has one suite per area and one case per check: failures for differences and missing routes, skipped for checks not made', () => {
    const xml = formatJunit(finishReport({ ...base, results }));
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="conformance of http:\/\/core.test" tests="4" failures="2" errors="0" skipped="1"/,
    );
    expect(xml).toContain('<testsuite name="conformance.units" tests="2" failures="1" errors="0" skipped="0" time="0">');
    expect(xml).toContain('<testcase classname="conformance.units" name="getUnit [read] GET /v2/units/{id}" time="0"></testcase>');
    expect(xml).toContain(
      '<failure message="differs: $[0].name: expected string, received nothing (field absent)" type="differs">$[0].name: expected string, received nothing (field absent)</failure>',
    );
    expect(xml).toContain('<failure message="missing: the core has no such route" type="missing">');
    expect(xml).toContain('<skipped message="no point-to-point link visible to this user"/>');
  });

  it('escapes what the core answered, and fails undocumented fields only with --strict', () => {
    const odd: CheckResult = {
      area: 'units',
      call: 'getUnit',
      check: 'undocumented',
      route: 'GET /v2/units/{id}',
      outcome: 'undocumented',
      differences: [{ path: '$["<x>"]', expected: 'no such field in the contract', received: 'string "a & b\u0001"' }],
    };
    const lax = formatJunit(finishReport({ ...base, results: [odd] }));
    expect(lax).toContain('failures="0"');
    expect(lax).toContain(
      '<system-out>warning: undocumented fields\n$[&quot;&lt;x&gt;&quot;]: expected no such field in the contract, received string &quot;a &amp; b&quot;</system-out>',
    );
    expect(formatJunit(finishReport({ ...base, strict: true, results: [odd] }))).toContain(
      '<failure message="undocumented fields (--strict)" type="undocumented">',
    );
  });

  it('adds a failing case for objects the run could not remove', () => {
    const xml = formatJunit(finishReport({ ...base, results: [results[0]!], cleanupFailures: ['story s1'] }));
    expect(xml).toContain('tests="2" failures="1"');
    expect(xml).toContain('<failure message="cleanup failed (remove by hand)" type="cleanup">story s1</failure>');
  });
});

describe('the command line', () => {
  it('needs --core and a way to authenticate', () => {
    expect(() => parseCliArgs([])).toThrow('--core is required');
    expect(() => parseCliArgs(['--core', 'http://x'])).toThrow('give --user and --password, --cookie, or --header');
    expect(() => parseCliArgs(['--core', 'http://x', '--user', 'u'])).toThrow('--user needs --password');
    expect(() => parseCliArgs(['--core', 'nota url', '--cookie', 'a=b'])).toThrow('is not a URL');
    expect(() => parseCliArgs(['--core', 'http://x', '--cookie', 'a=b', '--ws-seconds', 'soon'])).toThrow('--ws-seconds');
    expect(() => parseCliArgs(['--core', 'http://x', '--cookie', 'a=b', '--rps', 'fast'])).toThrow('--rps takes');
    expect(() => parseCliArgs(['--core', 'http://x', '--cookie', 'a=b', '--only', 'groups'])).toThrow(
      '--only groups is not an area; the areas: access-approval',
    );
    expect(() => parseCliArgs(['--core', 'http://x', '--header', 'no colon here'])).toThrow("--header takes 'Name: value'");
  });

  it('reads every option', () => {
    const args = parseCliArgs([
      '--core',
      'http://x',
      '--user',
      'u',
      '--password',
      'p',
      '--write',
      '--ws-seconds',
      '2',
      '--html',
      'r.html',
      '--json',
      'r.json',
      '--junit',
      'r.xml',
      '--only',
      'group',
      '--strict',
      '--rps',
      '2.5',
    ]);
    expect(args).toEqual({
      options: { core: 'http://x', user: 'u', password: 'p', write: true, strict: true, rps: 2.5, wsSeconds: 2, only: 'group' },
      html: 'r.html',
      json: 'r.json',
      junit: 'r.xml',
      verbose: false,
      dryRun: false,
    });
    expect(parseCliArgs(['--core', 'http://x', '--cookie', 'fleet_session=abc']).options).toEqual({
      core: 'http://x',
      cookie: 'fleet_session=abc',
      write: false,
    });
    expect(
      parseCliArgs(['--core', 'http://x', '--header', 'Authorization: Bearer t:1', '--header', 'X-Gateway:k', '--probe-writes', '--dry-run']),
    ).toMatchObject({
      options: {
        headers: [
          ['Authorization', 'Bearer t:1'],
          ['X-Gateway', 'k'],
        ],
        probeWrites: true,
        write: false,
      },
      dryRun: true,
    });
  });

  it("reads headers as 'Name: value' and writes reports relative to the directory the command was run from", () => {
    expect(parseHeader('Authorization:  Bearer abc ')).toEqual(['Authorization', 'Bearer abc']);
    expect(() => parseHeader(': x')).toThrow();
    expect(reportPath('out/r.xml', { INIT_CWD: '/home/me/project' }, '/repo/packages/conformance')).toBe('/home/me/project/out/r.xml');
    expect(reportPath('out/r.xml', {}, '/repo/packages/conformance')).toBe('/repo/packages/conformance/out/r.xml');
    expect(reportPath('/tmp/r.xml', { INIT_CWD: '/home/me' }, '/repo')).toBe('/tmp/r.xml');
  });
});
