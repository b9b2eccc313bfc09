// Prints one closing line over every test runner's JSON report: "N passed, N failed, N skipped".
// Vitest runs the integration files once per provider phase: a test skipped in one phase because it
// belongs to the other (a PostgreSQL-only block in the SQLite phase) and run in the other is counted
// once, by its outcome where it ran. A file that failed to run (an error outside its tests) counts
// as one failure.
import { existsSync, readFileSync } from 'node:fs';

const RANK = { failed: 3, passed: 2, skipped: 1 };
/** test key (file and full name) → outcome */
const outcomes = new Map();
const record = (key, outcome) => {
  const before = outcomes.get(key);
  if (!before || RANK[outcome] > RANK[before]) outcomes.set(key, outcome);
};
let e2e = { passed: 0, failed: 0, skipped: 0 };
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
        record(`${f.name}\u0000${t.fullName}`, outcome);
      }
      if (f.status === 'failed' && !(f.assertionResults ?? []).some((t) => t.status === 'failed')) record(`${f.name}\u0000(file)`, 'failed');
    }
  } else if (r.stats) {
    // playwright
    e2e.passed += r.stats.expected + (r.stats.flaky ?? 0);
    e2e.failed += r.stats.unexpected + (r.errors?.length ?? 0);
    e2e.skipped += r.stats.skipped;
  }
}
const count = (o) => [...outcomes.values()].filter((v) => v === o).length;
const passed = count('passed') + e2e.passed;
const failed = count('failed') + e2e.failed + missing;
const skipped = count('skipped') + e2e.skipped;
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exitCode = failed > 0 ? 1 : 0;
