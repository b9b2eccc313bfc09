/**
 * Multiview at fleet size: the real stack (core + in-process simulator, the lively demo) with 100,
 * 1,000 (and, asked for, 10,000) units, the built console in Debian's Chromium as super_user (who
 * sees every unit) reloading /multiview: the time from the navigation's start to the first tile's
 * picture on screen, and the page's long tasks (over 50 ms) until 5 s after it (multiview-frames.ts).
 * The baseline, in the same run: the seeded small fleet (24 units). The 1,000 are the large seed
 * (`npm start -- --fleet large`); 100 and 10,000 are the small seed plus units the control plane
 * generates (fleet.generate, SIM_FLEET_SIZE). Each size on a stack of its own, one after another;
 * measured once the lively demo has units streaming.
 *
 *   pnpm --filter @fleet/tests exec tsx bench/multiview-scale.bench.ts [--sizes 24,100,1000[,10000]]
 *        [--loads 5] [--port 8297] [--dist DIR]
 */
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { buildConsole, sleep, startStack } from './console-page.js';
import { machine } from './harness.js';
import { measureMultiview } from './multiview-frames.js';
import { recordResult } from './record.js';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '24,100,1000' },
    loads: { type: 'string', default: '5' },
    port: { type: 'string', default: '8297' },
    dist: { type: 'string' },
  },
});
const ROOT = resolve(import.meta.dirname, '../..');
const PORT = Number(values.port);
const USER = 'super_user';
const PASSWORD = process.env.DEMO_PASSWORD ?? 'Demo-pass-1';
const sizes = values.sizes.split(',').map(Number);
const loadAtStart = loadavg()[0]!;

/** The stack's settings for a fleet of `units`: a seed, plus generated units beyond it. */
function fleetEnv(units: number): Record<string, string> {
  if (units === 1000) return { SEED_FLEET: 'large', SIM_FLEET_SIZE: '0' };
  if (units < 24) throw new Error('the smallest fleet is the small seed (24 units)');
  return { SEED_FLEET: 'small', SIM_FLEET_SIZE: String(units - 24) };
}

/** Waits (bounded) until the user sees units streaming: the wall then opens with live pictures. */
async function untilStreaming(base: string, cookie: string): Promise<number> {
  const started = Date.now();
  for (;;) {
    const units = (await (await fetch(`${base}/api/devices/fetch`, { headers: { cookie } })).json()) as { status: string }[];
    const streaming = units.filter((u) => u.status === 'streaming').length;
    if (streaming >= 4) return streaming;
    if (Date.now() - started > 120_000) throw new Error('no unit streaming within 2 minutes of the lively demo');
    await sleep(1000);
  }
}

const dist = buildConsole(ROOT, values.dist);
const fleets: Record<string, unknown> = {};
for (const units of sizes) {
  const stack = await startStack(ROOT, dist, PORT, { ...fleetEnv(units), SIM_DEMO: 'lively', RESPONSE_VALIDATION: 'false' });
  try {
    const login = await fetch(`${stack.base}/mock/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: USER, password: PASSWORD }),
    });
    const cookie = (login.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
    const streaming = await untilStreaming(stack.base, cookie);
    const r = await measureMultiview({ base: stack.base, username: USER, password: PASSWORD, loads: Number(values.loads) });
    fleets[`u${units}`] = {
      units,
      stackStartSeconds: Math.round(stack.startSeconds),
      streamingAtStart: streaming,
      ...r.median,
      worstTaskMs: r.worstTaskMs,
      loads: r.loads,
    };
    console.log(
      `${units} units: first picture ${r.median.firstPictureMs} ms, long tasks ${r.median.longTaskTotalMs} ms (${r.median.longTaskCount}, longest ${r.median.longTaskMaxMs} ms, worst ${r.worstTaskMs} ms), ${r.median.tiles} tiles`,
    );
  } finally {
    await stack.stop();
  }
}

const baseline = fleets[`u${sizes[0]}`] as { firstPictureMs: number } | undefined;
const thousand = fleets.u1000 as { firstPictureMs: number; worstTaskMs: number } | undefined;
recordResult('multiview-scale', {
  benchmark: "Multiview's first picture and long tasks at 100, 1,000 (10,000) units vs the small seed, lively demo, super_user",
  when: new Date().toISOString(),
  machine: machine(loadAtStart),
  settings: { user: USER, loadsPerFleet: Number(values.loads), viewport: '1440x900', settleMsAfterFirstPicture: 5000, demo: 'lively', baselineUnits: sizes[0] },
  fleets,
  baseline: baseline ?? null,
  // The goals: the first picture within 2 s of a reload at 1,000 units, no main-thread task over ~200 ms.
  goalMet: thousand === undefined ? null : thousand.firstPictureMs <= 2000 && thousand.worstTaskMs <= 250,
});
