/**
 * Run scenarios headless against a running core; exits non-zero when an expectation fails.
 *
 *   tsx simulator/src/scenario-cli.ts --list
 *   tsx simulator/src/scenario-cli.ts [--core http://127.0.0.1:8080] [--prefix /api]
 *        [--user super_user] [--password Demo-pass-1] [--speed 20 | --stepped] [--json] [--junit FILE] (--all | NAME|FILE ...)
 *
 * NAME is a scenario of simulator/scenarios (without .json); FILE a path to any scenario file.
 * The password is the core's DEMO_PASSWORD (also read from SIM_PASSWORD). The core must run with
 * its simulator attached (in-process, or shards over /gateway) and the mock endpoints on.
 * `--stepped` steps simulated time instead of running it at the scenario's factor: the outcome no
 * longer depends on how busy the machine is (a trial's end still needs a core whose own clock can
 * be stepped, which only a test's core has).
 * `--junit FILE` writes the runs as a JUnit XML report (the one the console's panel offers).
 * A run reserves the units and servers its scenario names: the demo preset running on the stack
 * leaves them alone until the run ends; the clock goes back to what it was when the run ends
 * (and when this process dies: the mock ends a run whose client went quiet).
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { systemClock, type ScenarioFile } from '@fleet/contracts';
import { loadLibrary, loadScenarioFile, SCENARIO_DIR } from './scenarios/library.js';
import { toJUnit } from './scenarios/junit.js';
import { runScenario, type ScenarioResult } from './scenarios/runner.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    core: { type: 'string', default: 'http://127.0.0.1:8080' },
    prefix: { type: 'string', default: '/api' },
    user: { type: 'string', default: 'super_user' },
    password: { type: 'string', default: process.env.SIM_PASSWORD ?? 'Demo-pass-1' },
    speed: { type: 'string' },
    stepped: { type: 'boolean', default: false },
    all: { type: 'boolean', default: false },
    list: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
    junit: { type: 'string' },
  },
});

function usage(msg: string): never {
  console.error(
    `error: ${msg}\nusage: scenario-cli [--core URL] [--prefix /api] [--user U] [--password P] [--speed N | --stepped] [--json] [--junit FILE] (--all | --list | NAME|FILE ...)`,
  );
  process.exit(2);
}

let scenarios: ScenarioFile[];
try {
  if (values.list || values.all) scenarios = loadLibrary();
  else scenarios = positionals.map((p) => loadScenarioFile(existsSync(p) ? p : join(SCENARIO_DIR, `${p}.json`)));
} catch (e) {
  usage(e instanceof Error ? e.message : String(e));
}
if (values.list) {
  for (const s of scenarios) console.log(`${s.name.padEnd(36)} ${s.description}`);
  process.exit(0);
}
if (scenarios.length === 0) usage('name a scenario, or --all');
const speed = values.speed === undefined ? undefined : Number(values.speed);
if (speed !== undefined && !(speed > 0)) usage('--speed must be a positive number');
if (speed !== undefined && values.stepped) usage('--speed and --stepped exclude each other');

const results: ScenarioResult[] = [];
const started: string[] = [];
for (const s of scenarios) {
  if (!values.json) console.log(`\n▶ ${s.name}: ${s.description}`);
  started.push(new Date(systemClock.now()).toISOString());
  const r = await runScenario(s, {
    baseUrl: values.core,
    prefix: values.prefix,
    username: values.user,
    password: values.password,
    ...(speed === undefined ? {} : { speed }),
    stepped: values.stepped,
    log: values.json ? () => {} : (line) => console.log(`  ${line}`),
  });
  results.push(r);
  if (!values.json) console.log(`  ${r.ok ? 'PASS' : 'FAIL'} ${s.name} (${(r.wallMs / 1000).toFixed(1)} s)`);
}
const failed = results.filter((r) => !r.ok);
if (values.junit) {
  writeFileSync(values.junit, toJUnit(results.map((result, i) => ({ file: scenarios[i]!, result, startedAt: started[i]! }))));
  if (!values.json) console.log(`JUnit report: ${values.junit}`);
}
if (values.json) console.log(JSON.stringify(results, null, 2));
else
  console.log(
    `\n${results.length - failed.length}/${results.length} scenarios passed${failed.length ? `; failed: ${failed.map((r) => r.name).join(', ')}` : ''}`,
  );
process.exit(failed.length ? 1 : 0);
