/**
 * The conformance check (packages/conformance) against the mock itself, listening on a real port,
 * one stack for the whole file (a 300 ms /ws heartbeat so the heartbeat check fits a short window):
 *
 * - by default it sends nothing but GETs, the sign-in and its sign-out (seen by the core), every
 *   request listed by its dry run, and the dry run sends nothing; every check passes;
 * - with --write as a regular user (role guards on writes, negative bodies) and through the CLI as a
 *   child process as a super user, with the JSON, HTML and JUnit reports written relative to the
 *   directory the command was run from (INIT_CWD);
 * - a core that does not accept the credentials (a single sign-on redirect, an HTML page, an
 *   unknown token) stops it with one "could not authenticate" line and exit 2; secrets echoed by the
 *   core appear nowhere;
 * - the same core altered on purpose, once per check kind, through hooks of this file (`altered`
 *   picks the case): exactly that check fails and the CLI exits 1.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { WebSocket, WebSocketServer } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main, planCovers, planRun, runConformance, type Report, type SentRequest } from '@fleet/conformance';
import { DEMO_PASSWORD, FAST_TIMINGS, startTestStack, type TestStack } from '../support/stack.js';

const run = promisify(execFile);
const failing = (r: Report) => r.results.filter((x) => x.outcome === 'differs' || x.outcome === 'missing' || (r.strict && x.outcome === 'undocumented'));
const notCheckedReads = (r: Report) =>
  r.results.filter((x) => x.outcome === 'not checked' && x.check === 'read').map((x) => `${x.call} [${x.check}]: ${x.note ?? ''}`);
const NOT_FOUND = { error: { code: 'NOT_FOUND', message: 'Items cannot be displayed. Please contact support' } };
const path = (url: string) => url.split('?')[0] ?? url;

type Alteration =
  | 'missing field'
  | 'wrong type'
  | 'extra field'
  | '200 where 401'
  | '403 where the role allows'
  | 'wrong message'
  | 'missing route'
  | 'write without role guard'
  | 'invalid body accepted'
  | 'wrong hello'
  | 'lost event on resume'
  | 'sso'
  | 'html session check'
  | 'echo secrets';

describe('conformance check', () => {
  let stack: TestStack;
  let base: string;
  let dir: string;
  let altered: Alteration | null = null;
  /** What the core received while `recording` (method and path). */
  let recording: string[] | null = null;

  beforeAll(async () => {
    stack = await startTestStack({ simulatorTimings: { ...FAST_TIMINGS, telemetryIntervalMs: 500 }, env: { REALTIME_HEARTBEAT_MS: '300' } });
    const { app } = stack;
    app.addHook('onRequest', async (req, reply) => {
      recording?.push(`${req.method} ${path(req.url)}`);
      const p = path(req.url);
      const session = typeof req.headers.cookie === 'string' && req.headers.cookie.includes('fleet_session=');
      if (altered === 'missing route' && req.method === 'GET' && p === '/api/users/current/password/expiry') return reply.code(404).send(NOT_FOUND);
      if (altered === '200 where 401' && req.method === 'GET' && p === '/api/users/current/password/expiry' && !session) {
        return reply.code(200).send({ expiresAt: null, warningDays: 14, expiring: false, dismissed: false });
      }
      if (altered === '403 where the role allows' && req.method === 'GET' && p.startsWith('/api/v2/admin/modemVendors/mvd-') && session) {
        return reply.code(403).send({ error: { code: 'FORBIDDEN', message: 'You are not allowed to access this application' } });
      }
      // A delete whose role guard is missing: the made-up id is not found.
      if (altered === 'write without role guard' && req.method === 'DELETE' && p.startsWith('/api/v2/admin/modemVendors/') && session)
        return reply.code(404).send(NOT_FOUND);
      if (altered === 'sso' && req.method === 'POST' && p === '/mock/auth/login')
        return reply.code(302).header('location', 'https://sso.example.com/authorize?state=abc').send();
      if (altered === 'html session check' && p === '/api/users/current')
        return reply.code(200).type('text/html').send('<!doctype html><html><head><title>Sign in</title></head><body>SSO</body></html>');
      return undefined;
    });
    // A create that accepts a name longer than the contract allows.
    app.addHook('preHandler', async (req, reply) => {
      const name = (req.body as { name?: unknown } | undefined)?.name;
      if (
        altered === 'invalid body accepted' &&
        req.method === 'POST' &&
        path(req.url) === '/api/v2/admin/modemVendors' &&
        typeof name === 'string' &&
        name.length > 255
      ) {
        return reply
          .code(201)
          .send({ id: 'mvd-accepted', name, models: [], version: 0, createdAt: new Date().toISOString(), updatedAt: new Date().toISOString() });
      }
      return undefined;
    });
    app.addHook('onSend', async (req, reply, payload) => {
      if (typeof payload !== 'string' || !altered) return payload;
      const p = path(req.url);
      if (req.method === 'GET' && p === '/api/users/current/password/expiry') {
        if (altered === 'missing field') return payload.replace('"warningDays":14,', '');
        if (altered === 'wrong type') return payload.replace('"warningDays":14', '"warningDays":"14"');
        if (altered === 'extra field') return payload.replace('{', '{"internalFlag":true,');
        if (altered === 'echo secrets' && req.headers.cookie) {
          void reply.code(404);
          return JSON.stringify({ error: { code: 'NOT_FOUND', message: `${String(req.headers['x-api-key'])} ${String(req.headers.cookie)}` } });
        }
      }
      if (altered === 'wrong message' && req.method === 'GET' && p.startsWith('/api/v2/admin/modemVendors/') && reply.statusCode === 404)
        return payload.replace(NOT_FOUND.error.message, 'Not found');
      return payload;
    });
    // /ws frames: a hello with a wrong field; the first event after a resumed subscription dropped.
    const wss = (app as unknown as { websocketServer: WebSocketServer }).websocketServer;
    wss.on('connection', (socket: WebSocket) => {
      const send = socket.send.bind(socket);
      let resumed = false;
      let acknowledged = false;
      let dropped = false;
      socket.on('message', (data) => {
        if (String(data).includes('"resume"')) resumed = true;
      });
      socket.send = ((data: string | Buffer, ...rest: never[]) => {
        const text = typeof data === 'string' ? data : data.toString('utf8');
        if (altered === 'wrong hello' && text.startsWith('{"op":"hello"')) return send(text.replace(/"heartbeatMs":\d+/, '"heartbeatMs":"soon"'), ...rest);
        if (altered === 'lost event on resume' && resumed) {
          if (text.startsWith('{"op":"subscribed"')) acknowledged = true;
          else if (acknowledged && !dropped && /^\{"op":"events?"/.test(text)) {
            dropped = true;
            return undefined;
          }
        }
        return send(data, ...rest);
      }) as typeof socket.send;
    });
    base = await app.listen({ host: '127.0.0.1', port: 0 });
    dir = mkdtempSync(join(tmpdir(), 'conformance-'));
  });
  afterAll(async () => {
    await stack?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  let reportCount = 0;
  /** The CLI in this process (its exit code, output and JSON report); no rate limit on the mock. */
  async function cli(args: string[]): Promise<{ code: number; out: string; err: string; report: Report | null; json: string }> {
    const json = join(dir, `report-${++reportCount}.json`);
    const out: string[] = [];
    const err: string[] = [];
    const code = await main(
      ['--core', base, '--rps', '0', '--json', json, ...args],
      (s) => out.push(s),
      (s) => err.push(s),
      {},
    );
    return { code, out: out.join('\n'), err: err.join('\n'), report: existsSync(json) ? (JSON.parse(readFileSync(json, 'utf8')) as Report) : null, json };
  }
  const asSuperUser = ['--user', 'super_user', '--password', DEMO_PASSWORD];

  it('by default sends only GETs, the sign-in and the sign-out, each listed by its dry run; the dry run sends nothing; every check passes', async () => {
    const dry = ['--core', base, ...asSuperUser, '--dry-run'];
    recording = [];
    const out: string[] = [];
    expect(
      await main(
        dry,
        (s) => out.push(s),
        () => undefined,
        {},
      ),
    ).toBe(0);
    expect(recording).toEqual([]);
    expect(out.join('\n')).toMatch(/^Dry run: nothing is sent\./);

    const sent: SentRequest[] = [];
    recording = [];
    const report = await runConformance({ core: base, user: 'super_user', password: DEMO_PASSWORD, rps: 0, wsSeconds: 1.5, onRequest: (r) => sent.push(r) });
    const received = recording;
    recording = null;
    expect(failing(report)).toEqual([]);
    expect(report.passed).toBe(true);
    // The core saw no write but the sign-in and the sign-out.
    expect(new Set(received.filter((r) => !r.startsWith('GET ')))).toEqual(new Set(['POST /mock/auth/login', 'POST /mock/auth/logout']));
    // Every request sent is one the dry run lists.
    const plan = planRun({ user: 'super_user', wsSeconds: 1.5 });
    expect(sent.filter((r) => !planCovers(plan, r))).toEqual([]);
    expect(sent.length).toBeGreaterThan(500);
    // Every GET of the catalogue was called with a session; the writes are listed as not sent.
    expect(report.results.filter((r) => r.check === 'read' && r.outcome === 'conforms').length).toBeGreaterThan(170);
    expect(report.results.filter((r) => r.check === 'write').every((r) => r.outcome === 'not checked' && /^not sent/.test(r.note ?? ''))).toBe(true);
    expect(report.results.filter((r) => r.area === 'realtime' && r.outcome === 'conforms').map((r) => `${r.call}/${r.check}`)).toEqual([
      'connect/no session',
      'connect/upgrade',
      'hello/shape',
      'subscribe/visible topic',
      'subscribe/made-up topic',
      'ping/pong',
      'events/window of 1.5 s',
      'heartbeat/pings',
      'resume/no gap, no duplicate',
    ]);
    // Not checked: only calls on objects the seeded fleet has none of, or none this user sees.
    expect(notCheckedReads(report).length).toBeLessThanOrEqual(10);
    expect(notCheckedReads(report).every((n) => /no .+ visible to this user/.test(n))).toBe(true);
  }, 120_000);

  it('passes with --write as a regular user (role guards on writes, negative bodies) and through the CLI as a super user, reports written where the command was run', async () => {
    const cwd = join(import.meta.dirname, '../../packages/conformance');
    const [regular, child] = await Promise.all([
      runConformance({ core: base, user: 'luc_regular', password: DEMO_PASSWORD, rps: 0, wsSeconds: 0, write: true }),
      run(
        'node',
        [
          'bin/conformance.js',
          '--core',
          base,
          ...asSuperUser,
          '--write',
          '--rps',
          '0',
          '--ws-seconds',
          '0',
          '--json',
          'report.json',
          '--html',
          'report.html',
          '--junit',
          'out.xml',
        ],
        {
          cwd,
          timeout: 100_000,
          env: { ...process.env, INIT_CWD: dir },
        },
      ),
    ]);
    expect(failing(regular)).toEqual([]);
    // A write outside the regular user's roles: 403 before any validation (made-up ids, a refused body).
    expect(regular.results.filter((r) => r.check === 'role' && r.route.startsWith('DELETE') && r.outcome === 'conforms').length).toBeGreaterThan(20);
    expect(regular.results.filter((r) => r.check === 'negative body' && r.outcome === 'conforms').length).toBeGreaterThan(50);

    expect(child.stdout).toMatch(/0 differ, 0 missing, \d+ not checked — PASSED/);
    expect(child.stderr).toContain(`JUnit report: ${join(dir, 'out.xml')}`);
    const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as Report;
    expect(report.passed).toBe(true);
    // The write triples ran and removed what they made; their update calls refused the negative bodies, the objects read back unchanged.
    const writes = report.results.filter((r) => r.check === 'write' && r.outcome === 'conforms').map((r) => r.call);
    expect(writes).toEqual(
      expect.arrayContaining([
        'createStory',
        'updateStory',
        'deleteStory',
        'createUsageProfile',
        'deleteUsageProfile',
        'addGroup',
        'removeGroups',
        'createAudioRoom',
        'createModemVendor',
        'createAiCredential',
        'createClientApplication',
        'createWhatsNew',
        'deleteWhatsNew',
      ]),
    );
    const negatives = report.results.filter((r) => r.check === 'negative body');
    expect(negatives.filter((r) => r.outcome === 'conforms').length).toBeGreaterThan(150);
    expect(negatives.find((r) => r.call === 'updateModemVendor')?.note).toMatch(/^wrong type: .+; boundary: /);
    expect(negatives.find((r) => r.call === 'createModemVendor')?.note).toMatch(/^missing required field: name absent; wrong type: .+; boundary: /);
    expect(report.results.filter((r) => r.check === 'read' && r.outcome === 'conforms' && /the run's own/.test(r.note ?? '')).map((r) => r.call)).toEqual(
      expect.arrayContaining(['getAiCredential', 'getClientApplication', 'getStory']),
    );
    expect(report.cleanupFailures).toEqual([]);
    const groups = await stack.app.inject({ method: 'GET', url: '/api/groups/fetch', headers: { cookie: await stack.login('super_user') } });
    expect(groups.body).not.toContain('conformance-');
    expect(readFileSync(join(dir, 'report.html'), 'utf8')).toContain('<b>PASSED</b>');
    const junit = readFileSync(join(dir, 'out.xml'), 'utf8');
    expect(junit).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="conformance of http:\/\/127\.0\.0\.1:\d+" tests="\d+" failures="0" errors="0"/,
    );
    expect(junit).toContain(
      '<testcase classname="conformance.modem-vendor" name="updateModemVendor [negative body] PUT /v2/admin/modemVendors/{id}" time="0"></testcase>',
    );
  }, 120_000);

  it('stops with one "could not authenticate" line and exit 2 when the core does not accept the credentials', async () => {
    altered = 'sso';
    const sso = await cli(asSuperUser);
    expect(sso.code).toBe(2);
    expect(sso.out).toBe('');
    expect(sso.err).toBe(
      `conformance: ${base}: could not authenticate: the sign-in as super_user at POST /mock/auth/login answered 302 redirect to https://sso.example.com/authorize. A core behind single sign-on or a gateway: give its session with --cookie or its token with --header`,
    );
    altered = 'html session check';
    const cookie = await stack.login('super_user');
    const html = await cli(['--cookie', cookie]);
    expect(html.code).toBe(2);
    expect(html.err).toBe(
      `conformance: ${base}: could not authenticate: GET /api/users/current with the session cookie answered 200 with an HTML page "Sign in"; expected 200 with the current user as JSON`,
    );
    altered = null;
    const token = await cli(['--header', 'Authorization: Bearer tok-secret-0042']);
    expect(token.code).toBe(2);
    expect(token.err).toMatch(/could not authenticate: GET \/api\/users\/current with --header Authorization answered 401 JSON/);
    expect(token.err).not.toContain('tok-secret-0042');
  });

  it('never shows a secret, not even one the core echoes back', async () => {
    altered = 'echo secrets';
    const cookie = await stack.login('super_user');
    const junit = join(dir, 'secrets.xml');
    const html = join(dir, 'secrets.html');
    const r = await cli([
      '--cookie',
      cookie,
      '--header',
      'X-Api-Key: sekret-api-key-42',
      '--only',
      'account',
      '--ws-seconds',
      '0',
      '--junit',
      junit,
      '--html',
      html,
    ]);
    altered = null;
    expect(r.code).toBe(1);
    expect(r.report && failing(r.report).map((x) => `${x.call} [${x.check}]`)).toEqual(['getOwnPasswordExpiry [read]']);
    const cookieValue = cookie.slice(cookie.indexOf('=') + 1);
    const reports = [r.out, readFileSync(r.json, 'utf8'), readFileSync(junit, 'utf8'), readFileSync(html, 'utf8')];
    for (const text of reports) expect(text).toContain('*** fleet_session=***');
    for (const text of [...reports, r.err]) {
      expect(text).not.toContain('sekret-api-key-42');
      expect(text).not.toContain(cookieValue);
    }
  });

  /** One alteration per check kind: the run (only the area concerned), what must be reported, and nothing else. */
  const CASES: { alter: Alteration; args: string[]; fails: string; at?: string }[] = [
    { alter: 'missing field', args: [...asSuperUser, '--only', 'account'], fails: 'getOwnPasswordExpiry [read] differs', at: '$.warningDays' },
    { alter: 'wrong type', args: [...asSuperUser, '--only', 'account'], fails: 'getOwnPasswordExpiry [read] differs', at: '$.warningDays' },
    {
      alter: 'extra field',
      args: [...asSuperUser, '--only', 'account', '--strict'],
      fails: 'getOwnPasswordExpiry [undocumented] undocumented',
      at: '$.internalFlag',
    },
    { alter: '200 where 401', args: [...asSuperUser, '--only', 'account'], fails: 'getOwnPasswordExpiry [no session] differs', at: 'status' },
    { alter: '403 where the role allows', args: [...asSuperUser, '--only', 'modem-vendor'], fails: 'getModemVendor [read] differs', at: 'status' },
    { alter: 'wrong message', args: [...asSuperUser, '--only', 'modem-vendor'], fails: 'getModemVendor [not found] differs', at: '$.error.message' },
    { alter: 'missing route', args: [...asSuperUser, '--only', 'account'], fails: 'getOwnPasswordExpiry [route] missing' },
    {
      alter: 'write without role guard',
      args: ['--user', 'luc_regular', '--password', DEMO_PASSWORD, '--only', 'modem-vendor', '--probe-writes'],
      fails: 'deleteModemVendor [role] differs',
      at: 'status',
    },
    {
      alter: 'invalid body accepted',
      args: [...asSuperUser, '--only', 'modem-vendor', '--write'],
      fails: 'createModemVendor [negative body] differs',
      at: 'boundary (name: 256 characters): status',
    },
    { alter: 'wrong hello', args: [...asSuperUser, '--only', 'realtime', '--ws-seconds', '0'], fails: 'hello [shape] differs', at: '$.heartbeatMs' },
    { alter: 'lost event on resume', args: [...asSuperUser, '--only', 'realtime', '--ws-seconds', '0.5'], fails: 'resume [no gap, no duplicate] differs' },
  ];
  for (const c of CASES) {
    it(`against a core altered once (${c.alter}): reports exactly that, and the CLI exits 1`, async () => {
      altered = c.alter;
      try {
        const r = await cli(c.args);
        expect(r.report).not.toBeNull();
        const report = r.report as Report;
        expect(failing(report).map((x) => `${x.call} [${x.check}] ${x.outcome}`)).toEqual([c.fails]);
        if (c.at) expect(failing(report)[0]?.differences.map((d) => d.path)).toContain(c.at);
        expect(r.code).toBe(1);
        expect(r.out).toMatch(/— FAILED/);
      } finally {
        altered = null;
      }
    }, 60_000);
  }

  it('reports an undocumented field as a warning without --strict (exit 0)', async () => {
    altered = 'extra field';
    const r = await cli([...asSuperUser, '--only', 'account']);
    altered = null;
    expect(r.code).toBe(0);
    expect(r.out).toContain('UNDC getOwnPasswordExpiry [undocumented]');
    expect(r.out).toMatch(/1 undocumented \(warnings\), \d+ not checked — PASSED/);
  });
});
