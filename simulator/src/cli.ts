/**
 * Run simulator shards as a separate process attached to a running core:
 *   tsx simulator/src/cli.ts --core ws://127.0.0.1:8080/gateway --token SECRET [--seed 1]
 *        [--shards 1] [--speed 1] [--telemetry-ms 5000]
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
  },
});

const seed = Number(values.seed);
const shards = Number(values.shards);
const speed = Number(values.speed);
if (!values.token) {
  console.error('error: --token (or SIM_GATEWAY_TOKEN) is required: the core refuses shards without its GATEWAY_TOKEN');
  process.exit(2);
}
if (!Number.isInteger(seed) || !Number.isInteger(shards) || shards < 1 || !(speed > 0)) {
  console.error('error: --seed and --shards must be integers (shards ≥ 1), --speed a positive number');
  process.exit(2);
}

const links = Array.from({ length: shards }, (_, i) => {
  const engine = new Engine({
    seed,
    shardId: `shard-${i + 1}`,
    clock: speed === 1 ? { kind: 'realtime' } : { kind: 'accelerated', factor: speed },
    ...(values['telemetry-ms'] ? { timings: { telemetryIntervalMs: Number(values['telemetry-ms']) } } : {}),
  });
  return { engine, link: connectShard(engine, { url: values.core, token: values.token, log: (m) => console.log(`[shard-${i + 1}] ${m}`) }) };
});

const stop = () => {
  for (const { engine, link } of links) {
    link.close();
    engine.stop();
  }
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
