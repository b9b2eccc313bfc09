// Prints one closing line over every test runner's JSON report: "N passed, N failed, N skipped".
// Vitest runs the integration files once per provider phase: a test skipped in one phase because it
// belongs to the other (a PostgreSQL-only block in the SQLite phase) and run in the other is counted
// once, by its outcome where it ran. A file that failed to run (an error outside its tests) counts
// as one failure. Each failed test is named above the line, with the first line of its message, so the end
// of the log says what failed.
import { existsSync, readFileSync } from 'node:fs';

const RANK = { failed: 3, passed: 2, skipped: 1 };
/** test key (file and full name) → outcome */
const outcomes = new Map();
/** test key → the first line of its failure message */
const messages = new Map();
const record = (key, outcome, message) => {
  if (outcome === 'failed' && message) messages.set(key, message.split('\n').find((l) => l.trim()) ?? '');
  const before = outcomes.get(key);
  if (!before || RANK[outcome] > RANK[before]) outcomes.set(key, outcome);
};
let e2e = { passed: 0, failed: 0, skipped: 0 };
const e2eFailures = [];
/** Playwright's failed tests (an outcome "unexpected"), walking its nested suites. */
function* failedSpecs(suites) {
  for (const suite of suites) {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const error = test.results?.find((res) => res.error)?.error?.message;
        yield { title: spec.title, file: spec.file ?? suite.file, error };
      }
    }
    yield* failedSpecs(suite.suites ?? []);
  }
}
let missing = 0;

for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    console.error(`missing test report ${file}`);
    missing++;
    continue;
  }
  const r = JSON.parse(readFileSync(file, 'utf8'));
  if (Array.isArray(r.testResults)) {
    // vitest
    for (const f of r.testResults) {
      for (const t of f.assertionResults ?? []) {
        const outcome = t.status === 'passed' ? 'passed' : t.status === 'failed' ? 'failed' : 'skipped';
        record(`${f.name}\u0000${t.fullName}`, outcome, t.failureMessages?.[0]);
      }
      if (f.status === 'failed' && !(f.assertionResults ?? []).some((t) => t.status === 'failed')) record(`${f.name}\u0000(file)`, 'failed', f.message);
    }
  } else if (r.stats) {
    // playwright
    e2e.passed += r.stats.expected + (r.stats.flaky ?? 0);
    e2e.failed += r.stats.unexpected + (r.errors?.length ?? 0);
    e2e.skipped += r.stats.skipped;
    for (const { title, file: specFile, error } of failedSpecs(r.suites ?? [])) {
      e2eFailures.push(`${specFile} › ${title}: ${(error ?? '').split('\n').find((l) => l.trim()) ?? ''}`);
    }
  }
}
// A terminal colour code (ESC [ … m) left in a message.
const stripAnsi = (text) => text.replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '');
const failures = [
  ...[...outcomes].filter(([, o]) => o === 'failed').map(([key]) => `${key.replace('\u0000', ' › ')}: ${messages.get(key) ?? ''}`),
  ...e2eFailures,
];
if (failures.length > 0) {
  console.log('failed:');
  for (const line of failures)
    console.log(
      `  ${stripAnsi(line)
        .replace(process.cwd() + '/', '')
        .slice(0, 400)}`,
    );
}
const count = (o) => [...outcomes.values()].filter((v) => v === o).length;
const passed = count('passed') + e2e.passed;
const failed = count('failed') + e2e.failed + missing;
const skipped = count('skipped') + e2e.skipped;
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exitCode = failed > 0 ? 1 : 0;
