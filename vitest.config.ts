import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const root = import.meta.dirname;
const INTEGRATION_DIRS = ['packages/db/test', 'apps/core/test', 'simulator/test', 'tests/integration'];

/**
 * The integration files that run nothing on PostgreSQL: left out of a run limited to PostgreSQL
 * (`TEST_PROVIDER=postgresql`, the test command's second integration phase), which would otherwise run them
 * on SQLite a second time. A file takes part in PostgreSQL runs through the tests' provider helpers
 * (`providers()`, `pgUrl()` in tests/support, `describeEachProvider` / `PG_URL` in packages/db/test).
 */
function sqliteOnlyFiles(): string[] {
  const usesPostgres = /providers\(\)|pgUrl\(\)|describeEachProvider|pgProvider|PG_URL/;
  return INTEGRATION_DIRS.flatMap((dir) =>
    readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.test.ts'))
      .map((f) => `${dir}/${f}`)
      .filter((f) => !usesPostgres.test(readFileSync(join(root, f), 'utf8'))),
  );
}

/**
 * The integration files that prove something across the whole product or over a long run: every call for every
 * role, every call fuzzed, every operation checked from the OpenAPI document, kill -9 rounds, the scenario library, an hour of each demo preset, the conformance
 * check, the large fleet's seed, 20 s of forced disconnects, the replay CLI's child processes, the fleet model's
 * 40 random sequences, the simulation fuzzer's 2,000 unit-hours and the 10,000-unit fleet's answers. The test
 * command runs them; the quick loop (TEST_QUICK=1, scripts/test-quick.sh) leaves them out: they are more than half
 * of the integration tier's time.
 */
const EXHAUSTIVE = [
  'tests/integration/role-matrix.test.ts',
  'tests/integration/fuzz.test.ts',
  'tests/integration/contract.test.ts',
  'tests/integration/crash-durability.test.ts',
  'tests/integration/scenarios/**',
  'tests/integration/demo-presets.test.ts',
  'tests/integration/conformance.test.ts',
  'packages/db/test/seed-fleets.test.ts',
  'tests/integration/realtime-disconnects.test.ts',
  'tests/integration/replay-cli.test.ts',
  'tests/integration/fleet-model.test.ts',
  'simulator/test/fuzz-budget.test.ts',
  'tests/integration/large-answers.test.ts',
];

/**
 * The integration files that take longest, most of it waiting (on simulated time, a killed and restarted
 * process, a lockout): started first, so that none of them runs alone at the end of a phase while the other
 * workers have finished. On a fresh clone vitest knows no durations and starts the largest files first, which
 * put the small scenario parts last.
 */
const LONGEST_FIRST = [
  'tests/integration/role-matrix.test.ts',
  'tests/integration/crash-durability.test.ts',
  'tests/integration/demo-presets.test.ts',
  'tests/integration/scenarios/',
  'tests/integration/conformance.test.ts',
  'tests/integration/login-sessions.test.ts',
  'tests/integration/fuzz.test.ts',
  'tests/integration/contract.test.ts',
  'packages/db/test/migrate.test.ts',
  'packages/db/test/seed.test.ts',
  'tests/integration/security-http.test.ts',
  'tests/integration/replay-cli.test.ts',
  'tests/integration/replay.test.ts',
  'tests/integration/realtime-disconnects.test.ts',
  'packages/db/test/seed-fleets.test.ts',
  // Short tests behind a long set-up (a fleet of 10,000 units generated) or a fixed amount of simulation, which
  // vitest's recorded durations (the tests' own) do not show: started last, each ran alone at the end of the quick loop.
  'tests/integration/large-answers.test.ts',
  'simulator/test/fuzz-budget.test.ts',
];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification) => {
      const i = LONGEST_FIRST.findIndex((path) => f.moduleId.startsWith(join(root, path)));
      return i < 0 ? LONGEST_FIRST.length : i;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

/**
 * Test tiers: `unit` (pure code beside the source, *.test.ts under src/, and the core's module tests: one
 * module's services on a copy of a seeded SQLite template, apps/core/src/testing/module-harness.ts),
 * `integration` (real SQLite and PostgreSQL, real websockets: the test/ folders). End-to-end tests run under Playwright
 * (tests/e2e), benchmarks under tests/bench.
 */
export default defineConfig({
  test: {
    // One worker per core (vitest's default leaves one core to its main thread, which on two cores ran the unit
    // and component tests on one worker: 67 s against 46 s). The test command gives integration its own count.
    maxWorkers: availableParallelism(),
    // Transformed modules are kept on disk (node_modules/.vitest-cache, keyed by content and configuration): a run
    // after the first transforms only what changed (the quick loop's transform time 57 s → 10 s, summed over files).
    experimental: { fsModuleCache: true },
    // Files run longest first (the integration files of LONGEST_FIRST; otherwise vitest's own order).
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'apps/console/scripts/**/*.test.ts', 'simulator/src/**/*.test.ts'],
          environment: 'node',
          // Pure code: the files share their workers' module cache (importing anew for each of 144 files took
          // 80 of the project's 134 s; without it the project takes 24 s).
          isolate: false,
          // The seeded SQLite template of the core's module tests (apps/core/src/testing/module-harness.ts), made once
          // before the tests start.
          globalSetup: ['tests/support/module-template.ts'],
        },
      },
      {
        test: {
          name: 'console',
          // Component tests of the console (*.test.tsx beside the component): React rendered into jsdom through
          // apps/console/src/test-utils/render.tsx, the core faked behind fetch and /ws.
          include: ['apps/console/src/**/*.test.tsx'],
          environment: 'jsdom',
          environmentOptions: { jsdom: { url: 'http://localhost:5173/' } },
          setupFiles: ['apps/console/src/test-utils/setup.ts'],
          // The files share their worker's jsdom and module cache (setup.ts resets what the app keeps between
          // renders): importing React, Mantine and the console anew for each file took 60 of the project's 86 s.
          isolate: false,
        },
      },
      {
        test: {
          name: 'integration',
          include: INTEGRATION_DIRS.map((dir) => `${dir}/**/*.test.ts`),
          exclude: [...(process.env.TEST_PROVIDER === 'postgresql' ? sqliteOnlyFiles() : []), ...(process.env.TEST_QUICK === '1' ? EXHAUSTIVE : [])],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // This run's seeded template databases: every stack starts from a copy (tests/support/templates.ts).
          globalSetup: ['tests/support/global-setup.ts'],
          // Files run side by side (the test command sets the worker count): each stack has its own database
          // (a copy of the template), its own recordings folder, ports chosen by the system and its own Redis
          // prefix. A file's tests run in order.
          fileParallelism: true,
          // Every suite starts its own stack on its own fresh databases, so the files share their worker's module
          // cache: importing the core anew for each of 71 files took about 5 s a file (144 s of the run).
          isolate: false,
        },
      },
    ],
  },
});
