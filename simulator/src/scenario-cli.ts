/**
 * Run scenarios headless against a running core; exits non-zero when an expectation fails.
 *
 *   pnpm scenario --list
 *   pnpm scenario new NAME        (a commented template as simulator/scenarios/NAME.json)
 *   pnpm scenario [--core http://127.0.0.1:8080] [--prefix /api]
 *        [--user super_user] [--password Demo-pass-1] [--speed 20 | --stepped] [--json] [--junit FILE] (--all | NAME|FILE ...)
 *
 * NAME is a scenario of simulator/scenarios (with or without .json); FILE a path to any scenario
 * file, absolute or relative to the folder the command was typed in.
 * The password is the core's DEMO_PASSWORD (also read from SIM_PASSWORD). The core must run with
 * its simulator attached (in-process, or shards over /gateway) and the mock endpoints on.
 * Simulated time is stepped by the runner, every wait and window measured on it, so the outcome
 * does not depend on how busy the machine is: `--stepped` steps it as fast as the core answers,
 * `--speed N` (the scenario's factor by default) no faster than N times wall time (a trial's end
 * still needs a core whose own clock can be stepped, which only a test's core has).
 * `--junit FILE` writes the runs as a JUnit XML report (the one the console's panel offers).
 * A run reserves the units and servers its scenario names: the demo preset running on the stack
 * leaves them alone until the run ends; the clock goes back to what it was when the run ends
 * (and when this process dies: the mock ends a run whose client went quiet).
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { systemClock, type ScenarioFile, type ScenarioResult } from '@fleet/contracts';
import { loadLibrary, loadScenarioFile, scenarioPathOf, shownPath } from './scenarios/library.js';
import { toJUnit } from './scenarios/junit.js';
import { runScenario } from './scenarios/runner.js';
import { writeScenarioTemplate } from './scenarios/template.js';

/** The folder the command was typed in: pnpm runs a package's script in its folder and names the caller's in INIT_CWD. */
const cwd = process.env.INIT_CWD ?? process.cwd();

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
    `error: ${msg}\nusage: scenario [--core URL] [--prefix /api] [--user U] [--password P] [--speed N | --stepped] [--json] [--junit FILE] (--all | --list | NAME|FILE ...)\n       scenario new NAME`,
  );
  process.exit(2);
}

if (positionals[0] === 'new') {
  if (positionals.length !== 2) usage('scenario new NAME: one name');
  try {
    const path = writeScenarioTemplate(positionals[1]!);
    console.log(
      `wrote ${shownPath(path, cwd)}: edit it, run it with \`pnpm scenario ${positionals[1]!} --stepped\`, and add it to the scenario table of simulator/README.md`,
    );
    process.exit(0);
  } catch (e) {
    usage(e instanceof Error ? e.message : String(e));
  }
}

let scenarios: ScenarioFile[];
try {
  if (values.list || values.all) scenarios = loadLibrary();
  else scenarios = positionals.map((p) => loadScenarioFile(scenarioPathOf(p, cwd), cwd));
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
  }).catch((e: unknown) => {
    // Before the run could start: no core there, a refused log-in, a control plane that is off.
    const cause = e instanceof Error && e.cause instanceof Error ? ` (${e.cause.message})` : '';
    console.error(`error: ${s.name}: ${e instanceof Error ? e.message : String(e)}${cause} — is a core with its simulator running at ${values.core}?`);
    process.exit(1);
  });
  results.push(r);
  if (!values.json) console.log(`  ${r.ok ? 'PASS' : 'FAIL'} ${s.name} (${(r.wallMs / 1000).toFixed(1)} s)`);
}
const failed = results.filter((r) => !r.ok);
if (values.junit) {
  writeFileSync(resolve(cwd, values.junit), toJUnit(results.map((result, i) => ({ file: scenarios[i]!, result, startedAt: started[i]! }))));
  if (!values.json) console.log(`JUnit report: ${values.junit}`);
}
if (values.json) console.log(JSON.stringify(results, null, 2));
else
  console.log(
    `\n${results.length - failed.length}/${results.length} scenarios passed${failed.length ? `; failed: ${failed.map((r) => r.name).join(', ')}` : ''}`,
  );
process.exit(failed.length ? 1 : 0);
