/**
 * Scenario runs as a JUnit XML report (the format CI servers and test dashboards read): one
 * `<testsuite>` per scenario, one `<testcase>` per step of its timeline in the file's order — a
 * failed step carries a `<failure>` with what was observed, a step the run never reached (stopped,
 * or cut short by the runner) is `<skipped>`, and a runner failure (the core gone, the clock taken
 * over) is an `<error>` of the suite. The CLI (`--junit FILE`) and the console's panel (the mock's
 * `/mock/scenario-runs/:id/junit.xml`) write the same report.
 */
import type { ScenarioFile } from '@fleet/contracts';
import { stepLabel, type ScenarioResult } from './runner.js';

export interface JUnitRun {
  readonly file: ScenarioFile;
  readonly result: ScenarioResult;
  /** When the run started (ISO 8601), for the suite's timestamp. */
  readonly startedAt?: string;
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text or attribute value escaped for XML; characters XML 1.0 cannot hold are dropped. */
export function xmlEscape(text: string): string {
  let kept = '';
  for (const c of text) {
    const code = c.codePointAt(0)!;
    // XML 1.0 holds no control character but tab, line feed and carriage return.
    if (code >= 0x20 || code === 0x09 || code === 0x0a || code === 0x0d) kept += c;
  }
  return kept.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

const seconds = (ms: number) => (Math.max(0, ms) / 1000).toFixed(3);

function suite({ file, result, startedAt }: JUnitRun): { xml: string; tests: number; failures: number; errors: number; skipped: number } {
  const byIndex = new Map(result.steps.filter((s) => s.index >= 0).map((s) => [s.index, s]));
  const runnerErrors = result.steps.filter((s) => s.index < 0);
  const name = xmlEscape(file.name);
  let failures = 0;
  let skipped = 0;
  const cases = file.timeline.map((step, index) => {
    const r = byIndex.get(index);
    const caseName = xmlEscape(`#${index + 1} at ${(step.at / 1000).toFixed(1)} s: ${stepLabel(step)}`);
    if (!r) {
      skipped++;
      return `    <testcase classname="${name}" name="${caseName}" time="0.000">\n      <skipped message="not reached"/>\n    </testcase>`;
    }
    // The simulated time the step took, from its due time to its end.
    const time = seconds(r.doneAt - step.at);
    if (r.ok) return `    <testcase classname="${name}" name="${caseName}" time="${time}"/>`;
    failures++;
    const detail = xmlEscape(r.detail);
    return `    <testcase classname="${name}" name="${caseName}" time="${time}">\n      <failure message="${detail}" type="${xmlEscape(step.do)}">${detail}</failure>\n    </testcase>`;
  });
  const errors = runnerErrors.length;
  const errorXml = runnerErrors.map((e) => `    <error message="${xmlEscape(e.detail)}" type="runner">${xmlEscape(e.detail)}</error>`);
  const props = [
    `      <property name="description" value="${xmlEscape(file.description)}"/>`,
    `      <property name="seed" value="${file.seed}"/>`,
    ...(result.stopped ? ['      <property name="stopped" value="true"/>'] : []),
  ];
  const attrs = [
    `name="${name}"`,
    `tests="${file.timeline.length}"`,
    `failures="${failures}"`,
    `errors="${errors}"`,
    `skipped="${skipped}"`,
    `time="${seconds(result.wallMs)}"`,
    ...(startedAt ? [`timestamp="${xmlEscape(startedAt.replace(/\.\d+Z$/, ''))}"`] : []),
  ].join(' ');
  const xml = [`  <testsuite ${attrs}>`, '    <properties>', ...props, '    </properties>', ...cases, ...errorXml, '  </testsuite>'].join('\n');
  return { xml, tests: file.timeline.length, failures, errors, skipped };
}

/** The JUnit XML report of these runs (one suite each), `name` naming the whole report. */
export function toJUnit(runs: readonly JUnitRun[], name = 'scenarios'): string {
  const suites = runs.map(suite);
  const sum = (k: 'tests' | 'failures' | 'errors' | 'skipped') => suites.reduce((n, s) => n + s[k], 0);
  const time = seconds(runs.reduce((n, r) => n + r.result.wallMs, 0));
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${xmlEscape(name)}" tests="${sum('tests')}" failures="${sum('failures')}" errors="${sum('errors')}" skipped="${sum('skipped')}" time="${time}">`,
    ...suites.map((s) => s.xml),
    '</testsuites>',
    '',
  ].join('\n');
}
