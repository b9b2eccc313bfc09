/**
 * The write load of writes.bench.ts, in its own process on the load core: N clients, each looping
 * acknowledged writes on its own unit, alternating a rename (PUT devices/update) and a settings
 * configuration change (PUT settingsConfiguration/add), each sending the unit version the previous
 * answer returned (so a lost or doubled write would show as a 409). A client sends its next write
 * only once the previous one is answered.
 *
 *   --base http://… --units '[{"id":…,"cookie":…}]' --seconds 10 --warmup 2
 *
 * Prints `REPORT {…}`: writes acknowledged in the measured window, per second, latency
 * percentiles, every failure (status or network error) — which must be none — and each unit's
 * last acknowledged name.
 */
import { Agent, request } from 'node:http';
import { parseArgs } from 'node:util';
import { percentile, round } from './harness.js';

const { values } = parseArgs({
  options: {
    base: { type: 'string', default: '' },
    units: { type: 'string', default: '[]' },
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
  },
});

interface ClientUnit {
  id: string;
  /** The Cookie header (empty for the bare server, which has no sessions). */
  cookie: string;
}

const units = JSON.parse(values.units) as ClientUnit[];
const base = new URL(values.base);
const agent = new Agent({ keepAlive: true, maxSockets: units.length });

/** One write; its status and the answer's body. */
function put(path: string, cookie: string, body: unknown): Promise<{ status: number; text: string }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method: 'PUT',
        path,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...(cookie ? { cookie } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const warmupMs = Number(values.warmup) * 1000;
const measureMs = Number(values.seconds) * 1000;
const start = performance.now();
const windowStart = start + warmupMs;
const windowEnd = windowStart + measureMs;
const latencies: number[] = [];
const byKind = { rename: 0, settings: 0 };
const failures: Record<string, number> = {};
let firstFailure = '';
/** Each unit's last acknowledged name (whenever it was acknowledged), to compare with what is stored. */
const lastNames: Record<string, string> = {};

function fail(key: string, detail: string): void {
  failures[key] = (failures[key] ?? 0) + 1;
  if (!firstFailure) firstFailure = `${key}: ${detail.slice(0, 300)}`;
}

async function client(u: ClientUnit, index: number): Promise<void> {
  let version: number | undefined;
  for (let n = 0; performance.now() < windowEnd; n++) {
    const kind = n % 2 === 0 ? 'rename' : 'settings';
    const name = `W${index}-${n}`;
    const [path, body] =
      kind === 'rename'
        ? ['/api/devices/update', { id: u.id, name, version }]
        : ['/api/settingsConfiguration/add', { id: u.id, outputChannel: null, multiChannel: n % 4 === 1, version }];
    const t0 = performance.now();
    try {
      const res = await put(path, u.cookie, body);
      const t1 = performance.now();
      if (res.status < 200 || res.status > 299) {
        if (t1 >= windowStart && t1 <= windowEnd) fail(`${kind} ${res.status}`, res.text);
        // Carry on from the stored version, so one failure is counted once.
        version = undefined;
        continue;
      }
      version = (JSON.parse(res.text) as { version: number }).version;
      if (kind === 'rename') lastNames[u.id] = name;
      if (t1 >= windowStart && t1 <= windowEnd) {
        latencies.push(t1 - t0);
        byKind[kind]++;
      }
    } catch (error) {
      fail(`${kind} network`, String(error));
      version = undefined;
    }
  }
}

await Promise.all(units.map((u, i) => client(u, i)));
const sorted = latencies.sort((a, b) => a - b);
const seconds = measureMs / 1000;
const errors = Object.values(failures).reduce((a, b) => a + b, 0);
const report = {
  clients: units.length,
  seconds,
  acknowledged: sorted.length,
  acknowledgedPerSec: Math.round(sorted.length / seconds),
  renames: byKind.rename,
  settingsChanges: byKind.settings,
  latencyP50Ms: round(percentile(sorted, 0.5), 1),
  latencyP99Ms: round(percentile(sorted, 0.99), 1),
  latencyMaxMs: round(sorted.at(-1) ?? 0, 1),
  errors,
  failures,
  firstFailure,
  lastNames,
};
agent.destroy();
process.stdout.write(`REPORT ${JSON.stringify(report)}\n`);
