/**
 * What a conformance run found: one result per check, grouped by area, with totals. The outcome of a
 * run is "passed" only when nothing differs and nothing is missing (and, with --strict, no answer
 * holds an undocumented field); calls that could not be checked (no object to act on, a write check
 * without --write) are listed but do not fail the run. Reports: the terminal text, a self-contained
 * HTML page, JSON, and JUnit XML for CI systems.
 */

export type Outcome = 'conforms' | 'differs' | 'missing' | 'undocumented' | 'not checked';
export const OUTCOMES: readonly Outcome[] = ['conforms', 'differs', 'missing', 'undocumented', 'not checked'];

/** One precise difference: where (JSON path or aspect), what the contract expects, what came back. */
export interface Difference {
  path: string;
  expected: string;
  received: string;
}

export interface CheckResult {
  /** The area of the catalogue (its file: `groups`, `stories`, ...), or `realtime`, `session`. */
  area: string;
  /** The catalogue call's id (`getUnit`) or the /ws check's name. */
  call: string;
  /** What was checked: `read`, `no session`, `not found`, `bad input`, `write`, `role`, `negative body`, `undocumented`, `hello`, ... */
  check: string;
  /** `GET /v2/units/{id}` for calls; empty for /ws checks. */
  route: string;
  outcome: Outcome;
  differences: Difference[];
  /** Why not checked, or a short note (the status received, the object used). */
  note?: string;
}

export interface Report {
  core: string;
  user: string;
  role: string | null;
  /** What the run was allowed to send besides GETs: nothing, probes that change nothing, or writes. */
  write: boolean;
  probeWrites: boolean;
  /** Undocumented fields fail the run. */
  strict: boolean;
  startedAt: string;
  durationMs: number;
  results: CheckResult[];
  totals: Record<Outcome, number>;
  /** Objects --write created that could not be removed again. */
  cleanupFailures: string[];
  passed: boolean;
}

export function totalsOf(results: readonly CheckResult[]): Record<Outcome, number> {
  const totals: Record<Outcome, number> = { conforms: 0, differs: 0, missing: 0, undocumented: 0, 'not checked': 0 };
  for (const r of results) totals[r.outcome]++;
  return totals;
}

export function finishReport(base: Omit<Report, 'totals' | 'passed'>): Report {
  const totals = totalsOf(base.results);
  return {
    ...base,
    totals,
    passed: totals.differs === 0 && totals.missing === 0 && (!base.strict || totals.undocumented === 0) && base.cleanupFailures.length === 0,
  };
}

/** Whether a result fails the run (an undocumented field only with --strict). */
export function fails(r: CheckResult, strict: boolean): boolean {
  return r.outcome === 'differs' || r.outcome === 'missing' || (strict && r.outcome === 'undocumented');
}

/** Results grouped by area (areas sorted, calls in run order). */
export function byArea(results: readonly CheckResult[]): [string, CheckResult[]][] {
  const map = new Map<string, CheckResult[]>();
  for (const r of results) {
    const list = map.get(r.area) ?? [];
    list.push(r);
    map.set(r.area, list);
  }
  return [...map.entries()].sort(([a], [b]) => a.localeCompare(b));
}

export function formatDifference(d: Difference): string {
  return `${d.path}: expected ${d.expected}, received ${d.received}`;
}

const MARK: Record<Outcome, string> = { conforms: 'ok  ', differs: 'DIFF', missing: 'MISS', undocumented: 'UNDC', 'not checked': 'skip' };

const modeOf = (report: Report): string =>
  report.write ? 'with write checks' : report.probeWrites ? 'reads and write probes that change nothing' : 'read-only (GETs and the sign-in)';

const totalsLine = (report: Report): string => {
  const t = report.totals;
  const undocumented = t.undocumented ? `, ${t.undocumented} undocumented${report.strict ? '' : ' (warnings)'}` : '';
  return `${t.conforms} conform, ${t.differs} differ, ${t.missing} missing${undocumented}, ${t['not checked']} not checked`;
};

/** The terminal report: one line per check grouped by area, differences indented, totals last. */
export function formatText(report: Report, opts: { verbose?: boolean } = {}): string {
  const lines: string[] = [
    `Conformance of ${report.core} as ${report.user}${report.role ? ` (${report.role})` : ''}, ${modeOf(report)}${report.strict ? ', strict' : ''}`,
  ];
  for (const [area, results] of byArea(report.results)) {
    const shown = opts.verbose ? results : results.filter((r) => r.outcome !== 'conforms');
    const ok = results.length - shown.length;
    lines.push('', `${area}${ok && !opts.verbose ? ` (${ok} of ${results.length} checks conform)` : ''}`);
    // Without --verbose, checks not made for the same reason share a line.
    const sameReason = new Map<string, CheckResult[]>();
    if (!opts.verbose) {
      for (const r of shown) {
        if (r.outcome !== 'not checked') continue;
        const key = `${r.check}\u0000${r.note ?? ''}`;
        sameReason.set(key, [...(sameReason.get(key) ?? []), r]);
      }
    }
    const done = new Set<string>();
    for (const r of shown) {
      const key = `${r.check}\u0000${r.note ?? ''}`;
      const group = r.outcome === 'not checked' ? sameReason.get(key) : undefined;
      if (group && group.length > 1) {
        if (done.has(key)) continue;
        done.add(key);
        lines.push(`  ${MARK[r.outcome]} ${group.map((g) => g.call).join(', ')} [${r.check}]${r.note ? ` — ${r.note}` : ''}`);
        continue;
      }
      lines.push(`  ${MARK[r.outcome]} ${r.call} [${r.check}]${r.route ? ` ${r.route}` : ''}${r.note ? ` — ${r.note}` : ''}`);
      for (const d of r.differences) lines.push(`         ${formatDifference(d)}`);
    }
  }
  if (report.cleanupFailures.length) {
    lines.push('', 'cleanup failed (remove by hand):');
    for (const c of report.cleanupFailures) lines.push(`  ${c}`);
  }
  lines.push('', `${totalsLine(report)} — ${report.passed ? 'PASSED' : 'FAILED'} (${(report.durationMs / 1000).toFixed(1)} s)`);
  return lines.join('\n');
}

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** A self-contained HTML page with the same content as the terminal report (every check listed). */
export function formatHtml(report: Report): string {
  const sections = byArea(report.results)
    .map(([area, results]) => {
      const bad = results.filter((r) => fails(r, report.strict)).length;
      const rows = results
        .map((r) => {
          const diffs = r.differences.length
            ? `<ul>${r.differences.map((d) => `<li><code>${escapeHtml(d.path)}</code>: expected ${escapeHtml(d.expected)}, received ${escapeHtml(d.received)}</li>`).join('')}</ul>`
            : '';
          return `<tr class="${r.outcome.replace(' ', '-')}"><td>${escapeHtml(r.outcome)}</td><td>${escapeHtml(r.call)}</td><td>${escapeHtml(r.check)}</td><td><code>${escapeHtml(r.route)}</code></td><td>${escapeHtml(r.note ?? '')}${diffs}</td></tr>`;
        })
        .join('\n');
      return `<details${bad ? ' open' : ''}><summary>${escapeHtml(area)} — ${results.length} check${results.length === 1 ? '' : 's'}${bad ? `, ${bad} failing` : ''}</summary>\n<table><thead><tr><th>outcome</th><th>call</th><th>check</th><th>route</th><th>details</th></tr></thead><tbody>\n${rows}\n</tbody></table></details>`;
    })
    .join('\n');
  const cleanup = report.cleanupFailures.length
    ? `<h2>Cleanup failed</h2><ul>${report.cleanupFailures.map((c) => `<li>${escapeHtml(c)}</li>`).join('')}</ul>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Conformance of ${escapeHtml(report.core)}</title>
<style>
body{font:14px system-ui,sans-serif;margin:2rem;color:#222}table{border-collapse:collapse;width:100%;margin:.5rem 0 1rem}
td,th{border:1px solid #ddd;padding:.25rem .5rem;text-align:left;vertical-align:top}summary{font-weight:600;cursor:pointer;margin:.4rem 0}
tr.conforms td:first-child{color:#17803d}tr.differs td:first-child,tr.missing td:first-child{color:#b42318;font-weight:700}
tr.not-checked td:first-child,tr.undocumented td:first-child{color:#8a6d00}.passed{color:#17803d}.failed{color:#b42318}code{font-size:12px}
</style></head><body>
<h1>Conformance of ${escapeHtml(report.core)}</h1>
<p>As <b>${escapeHtml(report.user)}</b>${report.role ? ` (${escapeHtml(report.role)})` : ''}, ${escapeHtml(modeOf(report))}${report.strict ? ', strict' : ''}, started ${escapeHtml(report.startedAt)}, ${(report.durationMs / 1000).toFixed(1)} s.</p>
<p class="${report.passed ? 'passed' : 'failed'}"><b>${report.passed ? 'PASSED' : 'FAILED'}</b>: ${escapeHtml(totalsLine(report))}.</p>
${cleanup}
${sections}
</body></html>
`;
}

// Characters XML 1.0 cannot hold at all: dropped; the rest escaped.
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

const escapeXml = (s: string): string =>
  s.replace(NOT_XML, '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

/**
 * JUnit XML (the format CI systems read): one test suite per area, one test case per check
 * (`call [check]`, class `conformance.<area>`). A difference or a missing route is a failure (an
 * undocumented field too, with --strict; otherwise it passes with the fields in its output); a
 * check that could not be made is skipped with its reason.
 */
export function formatJunit(report: Report): string {
  const suites = byArea(report.results).map(([area, results]) => {
    const failures = results.filter((r) => fails(r, report.strict)).length;
    const skipped = results.filter((r) => r.outcome === 'not checked').length;
    const cases = results.map((r) => {
      const name = escapeXml(`${r.call} [${r.check}]${r.route ? ` ${r.route}` : ''}`);
      const details = r.differences.map(formatDifference).join('\n');
      const open = `    <testcase classname="${escapeXml(`conformance.${area}`)}" name="${name}" time="0">`;
      if (fails(r, report.strict)) {
        const message =
          r.outcome === 'missing'
            ? 'missing: the core has no such route'
            : r.outcome === 'undocumented'
              ? 'undocumented fields (--strict)'
              : `differs${r.differences[0] ? `: ${formatDifference(r.differences[0])}` : ''}`;
        return `${open}\n      <failure message="${escapeXml(message)}" type="${r.outcome}">${escapeXml([details, r.note ?? ''].filter(Boolean).join('\n'))}</failure>\n    </testcase>`;
      }
      if (r.outcome === 'not checked') return `${open}\n      <skipped message="${escapeXml(r.note ?? 'not checked')}"/>\n    </testcase>`;
      if (r.outcome === 'undocumented')
        return `${open}\n      <system-out>${escapeXml(`warning: undocumented fields\n${details}`)}</system-out>\n    </testcase>`;
      return `${open}</testcase>`;
    });
    return `  <testsuite name="${escapeXml(`conformance.${area}`)}" tests="${results.length}" failures="${failures}" errors="0" skipped="${skipped}" time="0">\n${cases.join('\n')}\n  </testsuite>`;
  });
  const total = report.results.length;
  const failures = report.results.filter((r) => fails(r, report.strict)).length;
  const skipped = report.results.filter((r) => r.outcome === 'not checked').length;
  const cleanup = report.cleanupFailures.length
    ? `\n  <testsuite name="conformance.cleanup" tests="1" failures="1" errors="0" skipped="0" time="0">\n    <testcase classname="conformance.cleanup" name="objects the run made are removed" time="0">\n      <failure message="cleanup failed (remove by hand)" type="cleanup">${escapeXml(report.cleanupFailures.join('\n'))}</failure>\n    </testcase>\n  </testsuite>`
    : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="${escapeXml(`conformance of ${report.core}`)}" tests="${total + (cleanup ? 1 : 0)}" failures="${failures + (cleanup ? 1 : 0)}" errors="0" skipped="${skipped}" time="${(report.durationMs / 1000).toFixed(3)}" timestamp="${escapeXml(report.startedAt)}">
${suites.join('\n')}${cleanup}
</testsuites>
`;
}
