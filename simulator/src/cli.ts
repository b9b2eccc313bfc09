/**
 * Run simulator shards as a separate process attached to a running core:
 *   tsx simulator/src/cli.ts --core ws://127.0.0.1:8080/gateway --token SECRET [--seed 1]
 *        [--shards 1] [--speed 1] [--telemetry-ms 5000] [--autonomy 0] [--calm] [--report-ms 0]
 * --calm: no spontaneous outages and every unit boots at once (benchmarks).
 * --report-ms N prints one JSON line every N ms: this process's CPU time and memory, and what its
 * shards sent (benchmarks read it).
 * The token is the core's GATEWAY_TOKEN (also read from SIM_GATEWAY_TOKEN).
 */
import { parseArgs } from 'node:util';
import { Engine } from './engine.js';
import { connectShard } from './ws-shard.js';

const { values } = parseArgs({
  options: {
    core: { type: 'string', default: 'ws://127.0.0.1:8080/gateway' },
    token: { type: 'string', default: process.env.SIM_GATEWAY_TOKEN ?? '' },
    seed: { type: 'string', default: '1' },
    shards: { type: 'string', default: '1' },
    speed: { type: 'string', default: '1' },
    'telemetry-ms': { type: 'string' },
    autonomy: { type: 'string', default: '0' },
    calm: { type: 'boolean', default: false },
    'report-ms': { type: 'string', default: '0' },
  },
});

const seed = Number(values.seed);
const shards = Number(values.shards);
const speed = Number(values.speed);
const autonomy = Number(values.autonomy);
const reportMs = Number(values['report-ms']);
if (!values.token) {
  console.error('error: --token (or SIM_GATEWAY_TOKEN) is required: the core refuses shards without its GATEWAY_TOKEN');
  process.exit(2);
}
if (!Number.isInteger(seed) || !Number.isInteger(shards) || shards < 1 || !(speed > 0) || !(autonomy >= 0 && autonomy <= 1) || !(reportMs >= 0)) {
  console.error('error: --seed and --shards must be integers (shards ≥ 1), --speed a positive number, --autonomy within 0–1, --report-ms ≥ 0');
  process.exit(2);
}

const links = Array.from({ length: shards }, (_, i) => {
  const engine = new Engine({
    seed,
    shardId: `shard-${i + 1}`,
    clock: speed === 1 ? { kind: 'realtime' } : { kind: 'accelerated', factor: speed },
    timings: {
      autonomyShare: autonomy,
      ...(values.calm ? { meanTimeBetweenOutagesMs: 0, initiallyOffShare: 0 } : {}),
      ...(values['telemetry-ms'] ? { telemetryIntervalMs: Number(values['telemetry-ms']) } : {}),
    },
  });
  return { engine, link: connectShard(engine, { url: values.core, token: values.token, log: (m) => console.log(`[shard-${i + 1}] ${m}`) }) };
});

if (reportMs > 0) {
  setInterval(() => {
    const cpu = process.cpuUsage();
    const mem = process.memoryUsage();
    const sent = links.reduce((n, l) => n + l.engine.stats.sent, 0);
    const devices = links.reduce((n, l) => n + l.engine.deviceCount(), 0);
    const dropped = links.reduce((n, l) => n + l.link.stats.droppedTelemetry, 0);
    console.log(
      JSON.stringify({
        report: { at: performance.now(), cpuUserUs: cpu.user, cpuSystemUs: cpu.system, rss: mem.rss, heapUsed: mem.heapUsed, sent, devices, dropped },
      }),
    );
  }, reportMs);
}

const stop = () => {
  for (const { engine, link } of links) {
    link.close();
    engine.stop();
  }
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
