/**
 * The Prometheus metrics (apps/core/src/plugins/metrics.ts) on a real stack, scraped over HTTP from
 * their own listener after some traffic: requests and latency per catalogue call, /ws connections and
 * subscriptions, device reports, storage writes, the process; a bearer token when configured; nothing
 * on the public port (tests/integration/serving.test.ts: no listener at all when METRICS_PORT is not set).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { groupTopic, type CurrentUser } from '@fleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../support/stack.js';
import { connect } from './realtime-client.js';

/** The value of one sample line (`name{labels} value`), or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const rest = line.slice(name.length);
    if (rest[0] !== '{' && rest[0] !== ' ') continue;
    if (!Object.entries(labels).every(([k, v]) => rest.includes(`${k}="${v}"`))) continue;
    return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe('metrics', () => {
  let s: TestStack;
  let cookie: string;
  const token = 'metrics-test-token-0123456789';

  beforeAll(async () => {
    s = await startTestStack({ simulator: true, env: { METRICS_PORT: '0', METRICS_TOKEN: token } });
    cookie = await s.login('luc_regular');
  });
  afterAll(async () => s?.close());

  const scrape = async (auth = `Bearer ${token}`): Promise<Response> => {
    const url = s.app.metricsUrl();
    if (!url) throw new Error('metrics are off');
    return fetch(url, { headers: auth ? { authorization: auth } : {} });
  };

  it('counts requests and their latency per catalogue call, the /ws clients, device reports, storage writes and the process', async () => {
    const baseUrl = await s.app.listen({ port: 0, host: '127.0.0.1' });
    for (let i = 0; i < 3; i++) expect((await fetch(`${baseUrl}/api/devices/fetch`, { headers: { cookie } })).status).toBe(200);
    expect((await fetch(`${baseUrl}/api/v2/units/NO-SUCH-UNIT`, { headers: { cookie } })).status).toBe(404);
    // A write (durable before its answer): the user's preferences.
    const prefs = await fetch(`${baseUrl}/api/userPreferences`, { method: 'PUT', headers: { cookie, 'content-type': 'application/json' }, body: '{}' });
    expect(prefs.status).toBe(200);
    const ws = await connect(baseUrl, { cookie });
    await ws.next((m) => m.op === 'hello');
    const me = (await (await fetch(`${baseUrl}/api/users/current`, { headers: { cookie } })).json()) as CurrentUser;
    ws.send({ op: 'subscribe', topics: [groupTopic(me.groups[0]!.id)] });
    await ws.next((m) => m.op === 'subscribed');

    const res = await scrape();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(sample(text, 'fleet_http_requests_total', { call: 'fetchDevices', method: 'GET', status: '200' })).toBe(3);
    expect(sample(text, 'fleet_http_requests_total', { call: 'getUnit', status: '404' })).toBe(1);
    expect(sample(text, 'fleet_http_request_duration_seconds_count', { call: 'fetchDevices', method: 'GET' })).toBe(3);
    expect(sample(text, 'fleet_realtime_connections')).toBe(1);
    expect(sample(text, 'fleet_realtime_subscriptions')).toBe(1);
    expect(sample(text, 'fleet_gateway_shards')).toBeGreaterThan(0);
    expect(sample(text, 'fleet_gateway_reports_received_total')).toBeGreaterThan(0);
    expect(sample(text, 'fleet_storage_write_duration_seconds_count')).toBeGreaterThan(0);
    for (const name of [
      'fleet_realtime_events_published_total',
      'fleet_realtime_slow_consumers_cut_total',
      'nodejs_eventloop_lag_seconds',
      'process_cpu_seconds_total',
      'process_resident_memory_bytes',
    ])
      expect(sample(text, name), name).toBeGreaterThanOrEqual(0);
    // Every series the sample Grafana dashboard plots is one the core serves.
    const dashboard = readFileSync(join(import.meta.dirname, '../../docs/grafana/fleet-core.json'), 'utf8');
    const plotted = new Set(dashboard.match(/\b(?:fleet|nodejs|process)_[a-z0-9_]+/g) ?? []);
    expect(plotted.size).toBeGreaterThan(10);
    for (const name of plotted) expect(text, name).toMatch(new RegExp(`^${name}[{ ]`, 'm'));
    ws.ws.close();
  });

  it('refuses a scrape without the token, and is not served on the public port', async () => {
    expect((await scrape('')).status).toBe(401);
    expect((await scrape('Bearer wrong')).status).toBe(401);
    const res = await s.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(404);
  });
});
