/**
 * The conformance check (packages/conformance) against the mock itself, listening on a real port:
 * every check passes as a super user and as a regular user, read-only and with --write, through the
 * library and once through the CLI as a child process. Then against the same core altered on purpose
 * (one call's answer with a renamed field, one call's route gone): the report names exactly those two.
 * One stack for all (hooks switched on for the last test); telemetry every 500 ms keeps the runs short.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConformance, type Report } from '@fleet/conformance';
import { DEMO_PASSWORD, FAST_TIMINGS, startTestStack, type TestStack } from '../support/stack.js';

const run = promisify(execFile);
const failing = (r: Report) => r.results.filter((x) => x.outcome === 'differs' || x.outcome === 'missing');
const notCheckedReads = (r: Report) => r.results.filter((x) => x.outcome === 'not checked' && x.check !== 'write').map((x) => `${x.call} [${x.check}]: ${x.note ?? ''}`);

describe('conformance check', () => {
  let stack: TestStack;
  let base: string;
  let dir: string;
  let altered = false;
  beforeAll(async () => {
    stack = await startTestStack({ simulatorTimings: { ...FAST_TIMINGS, telemetryIntervalMs: 500 } });
    // The alterations, off until the last test: one call answers a renamed field; another call's
    // route is gone (404 with the not-found envelope, like any unknown route of the core).
    stack.app.addHook('onSend', async (req, _reply, payload) => {
      if (!altered || req.url.split('?')[0] !== '/api/alerts/configuration/default' || typeof payload !== 'string') return payload;
      return payload.replace('"defaultMode":', '"defaultModus":');
    });
    stack.app.addHook('onRequest', async (req, reply) => {
      if (altered && req.method === 'GET' && req.url.split('?')[0] === '/api/user/contact') {
        await reply.code(404).send({ error: { code: 'NOT_FOUND', message: 'Items cannot be displayed. Please contact support' } });
      }
    });
    base = await stack.app.listen({ host: '127.0.0.1', port: 0 });
    dir = mkdtempSync(join(tmpdir(), 'conformance-'));
  });
  afterAll(async () => {
    await stack?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('passes as a super user (read-only) and as a regular user (with --write)', async () => {
    const [su, regular] = await Promise.all([
      runConformance({ core: base, user: 'super_user', password: DEMO_PASSWORD, wsSeconds: 1 }),
      runConformance({ core: base, user: 'luc_regular', password: DEMO_PASSWORD, wsSeconds: 1, write: true }),
    ]);
    for (const report of [su, regular]) {
      expect(failing(report)).toEqual([]);
      expect(report.passed).toBe(true);
      // Every GET of the catalogue was called with a session or refused for the role.
      expect(report.results.filter((r) => (r.check === 'read' || r.check === 'role') && r.outcome === 'conforms').length).toBeGreaterThan(170);
      // /ws: upgrade, hello, a visible topic, a made-up one refused, the event window.
      expect(report.results.filter((r) => r.area === 'realtime' && r.outcome === 'conforms').map((r) => `${r.call}/${r.check}`)).toEqual(
        expect.arrayContaining(['connect/upgrade', 'hello/shape', 'subscribe/visible topic', 'subscribe/made-up topic', 'events/window of 1 s']),
      );
    }
    // Not checked: only calls on objects the seeded fleet has none of, or none this user sees.
    expect(notCheckedReads(su).length).toBeLessThanOrEqual(10);
    expect(notCheckedReads(su).every((n) => /no .+ visible to this user/.test(n))).toBe(true);
    expect(notCheckedReads(regular).length).toBeLessThanOrEqual(10);
    // The regular user's admin calls are refused with 403 and the envelope, and that conforms.
    expect(regular.results.some((r) => r.call === 'searchAdminUnits' && r.check === 'role' && r.outcome === 'conforms')).toBe(true);
  }, 120_000);
  it('the CLI passes with --write as a super user, exits 0 and writes the JSON and HTML reports', async () => {
    const json = join(dir, 'report.json');
    const html = join(dir, 'report.html');
    const { stdout } = await run(
      'node',
      ['bin/conformance.js', '--core', base, '--user', 'super_user', '--password', DEMO_PASSWORD, '--write', '--ws-seconds', '1', '--json', json, '--html', html],
      { cwd: join(import.meta.dirname, '../../packages/conformance'), timeout: 100_000 },
    );
    expect(stdout).toMatch(/0 differ, 0 missing, \d+ not checked — PASSED/);
    const report = JSON.parse(readFileSync(json, 'utf8')) as Report;
    expect(report.passed).toBe(true);
    // The write triples ran and removed what they made.
    const writes = report.results.filter((r) => r.check === 'write' && r.outcome === 'conforms').map((r) => r.call);
    expect(writes).toEqual(
      expect.arrayContaining(['createStory', 'updateStory', 'deleteStory', 'createUsageProfile', 'deleteUsageProfile', 'addGroup', 'removeGroups', 'createAudioRoom', 'createModemVendor', 'createAiCredential', 'createClientApplication', 'createWhatsNew', 'deleteWhatsNew']),
    );
    // Reads no seeded object allowed are checked on the run's own objects.
    expect(report.results.filter((r) => r.check === 'read' && r.outcome === 'conforms' && /the run's own/.test(r.note ?? '')).map((r) => r.call)).toEqual(
      expect.arrayContaining(['getAiCredential', 'getClientApplication']),
    );
    expect(report.cleanupFailures).toEqual([]);
    const groups = await stack.app.inject({ method: 'GET', url: '/api/groups/fetch', headers: { cookie: await stack.login('super_user') } });
    expect(groups.body).not.toContain('conformance-');
    expect(readFileSync(html, 'utf8')).toContain('<b>PASSED</b>');
  }, 120_000);

  it('against an altered core: reports exactly the changed call as differs (with the field path) and the removed one as missing', async () => {
    altered = true;
    const report = await runConformance({ core: base, user: 'super_user', password: DEMO_PASSWORD, wsSeconds: 0 });
    expect(report.passed).toBe(false);
    const bad = failing(report);
    expect(bad.map((r) => `${r.call} ${r.outcome}`).sort()).toEqual(['getDefaultAlertConfiguration differs', 'getUserContact missing']);
    const differs = bad.find((r) => r.outcome === 'differs');
    expect(differs?.differences.map((d) => d.path)).toContain('$.defaultMode');
    expect(differs?.differences.find((d) => d.path === '$.defaultMode')?.received).toBe('nothing (field absent)');
  }, 120_000);
});
