/**
 * Prometheus metrics for operators (prom-client), served by a listener of their own (METRICS_PORT,
 * METRICS_HOST; optionally a bearer token, METRICS_TOKEN), never on the public port. Off unless
 * METRICS_PORT is set: a core without it registers no hook and measures nothing.
 *
 * - requests and their latency per catalogue call id (`call`; routes outside the catalogue by their
 *   route pattern, unmatched ones as `unmatched`), method and status;
 * - /ws: connections, subscriptions, events published and delivered, frames, slow consumers cut off,
 *   gaps (the hub's own counters, read at scrape time);
 * - the device gateway: shards, reports received and refused, device messages;
 * - storage: how long a write takes to be durable (`timeWrites` of @fleet/db);
 * - the process: CPU, memory, event-loop lag, handles (prom-client's default metrics).
 *
 * docs/grafana/fleet-core.json is a dashboard over these names.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { timeWrites } from '@fleet/db';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The catalogue call a route serves (its metrics label). */
    callId?: string;
  }
  interface FastifyInstance {
    /** The metrics listener's address (`http://host:port/metrics`), or null when metrics are off. */
    metricsUrl(): string | null;
  }
}

const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** A counter whose value is read from a running total at scrape time. */
function totalFrom(registry: Registry, name: string, help: string, read: () => number): void {
  new Counter({
    name,
    help,
    registers: [registry],
    collect() {
      this.reset();
      this.inc(read());
    },
  });
}

function gaugeFrom(registry: Registry, name: string, help: string, read: () => number): void {
  new Gauge({
    name,
    help,
    registers: [registry],
    collect() {
      this.set(read());
    },
  });
}

export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
    const { METRICS_PORT, METRICS_HOST, METRICS_TOKEN } = app.config;
    if (METRICS_PORT === undefined) {
      app.decorate('metricsUrl', () => null);
      return;
    }
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });

    const requests = new Counter({
      name: 'fleet_http_requests_total',
      help: 'HTTP requests answered, by catalogue call (or route), method and status.',
      labelNames: ['call', 'method', 'status'] as const,
      registers: [registry],
    });
    const latency = new Histogram({
      name: 'fleet_http_request_duration_seconds',
      help: 'Time from a request to its answer, by catalogue call (or route) and method.',
      labelNames: ['call', 'method'] as const,
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    });
    app.addHook('onResponse', (req, reply, done) => {
      const call = req.routeOptions.config.callId ?? req.routeOptions.url ?? 'unmatched';
      requests.inc({ call, method: req.method, status: String(reply.statusCode) });
      latency.observe({ call, method: req.method }, reply.elapsedTime / 1000);
      done();
    });

    const { hub, gateway, db } = app.services;
    gaugeFrom(registry, 'fleet_realtime_connections', 'Open /ws connections.', () => hub.clientCount());
    gaugeFrom(registry, 'fleet_realtime_subscriptions', 'Topic subscriptions over all /ws connections.', () => hub.subscriptionCount());
    totalFrom(registry, 'fleet_realtime_events_published_total', 'Events published to /ws topics.', () => hub.stats.published);
    totalFrom(registry, 'fleet_realtime_events_delivered_total', 'Events delivered to /ws clients (one per client).', () => hub.stats.delivered);
    totalFrom(registry, 'fleet_realtime_frames_total', 'Frames written to /ws clients.', () => hub.stats.frames);
    totalFrom(registry, 'fleet_realtime_slow_consumers_cut_total', 'Clients cut off for falling behind (1013).', () => hub.stats.cutOff);
    totalFrom(registry, 'fleet_realtime_gaps_total', 'Gaps clients were told of (events they cannot be sent again).', () => hub.stats.gaps);
    gaugeFrom(registry, 'fleet_gateway_shards', 'Simulator shards (device connections) attached.', () => gateway.shardCount());
    totalFrom(registry, 'fleet_gateway_reports_received_total', 'Reports received from devices.', () => gateway.stats.received);
    totalFrom(registry, 'fleet_gateway_reports_rejected_total', 'Device reports refused (invalid or unknown).', () => gateway.stats.rejected);
    totalFrom(registry, 'fleet_gateway_messages_total', 'Device messages delivered (batch members one by one).', () => gateway.stats.messages);

    const writes = new Histogram({
      name: 'fleet_storage_write_duration_seconds',
      help: 'Time from a write to its commit (durable), including waiting for its commit group.',
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    });
    const stopTiming = timeWrites(db, (seconds) => writes.observe(seconds));

    const server: Server = createServer((req, res) => {
      const path = (req.url ?? '').split('?')[0];
      if (req.method !== 'GET' || path !== '/metrics') {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: the metrics are at /metrics\n');
        return;
      }
      if (METRICS_TOKEN !== '' && req.headers.authorization !== `Bearer ${METRICS_TOKEN}`) {
        res.writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer' }).end('A bearer token is required\n');
        return;
      }
      registry.metrics().then(
        (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
        (error: unknown) => {
          app.log.error({ err: error }, 'metrics collection failed');
          res.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics could not be collected\n');
        },
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(METRICS_PORT, METRICS_HOST, () => resolve());
    });
    app.decorate('metricsUrl', () => {
      const { address, port } = server.address() as AddressInfo;
      return `http://${address.includes(':') ? `[${address}]` : address}:${port}/metrics`;
    });
    app.addHook('onClose', async () => {
      stopTiming();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });
  },
  { name: 'metrics', dependencies: ['services'] },
);
