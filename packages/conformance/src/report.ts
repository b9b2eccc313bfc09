/**
 * What a conformance run found: one result per check, grouped by area, with totals. The outcome of a
 * run is "passed" only when nothing differs and nothing is missing; calls that could not be checked
 * (no object to act on, a write check without --write) are listed but do not fail the run.
 */

export type Outcome = 'conforms' | 'differs' | 'missing' | 'not checked';
export const OUTCOMES: readonly Outcome[] = ['conforms', 'differs', 'missing', 'not checked'];

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
  /** What was checked: `read`, `no session`, `not found`, `bad input`, `write`, `role`, `hello`, ... */
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
  write: boolean;
  startedAt: string;
  durationMs: number;
  results: CheckResult[];
  totals: Record<Outcome, number>;
  /** Objects --write created that could not be removed again. */
  cleanupFailures: string[];
  passed: boolean;
}

export function totalsOf(results: readonly CheckResult[]): Record<Outcome, number> {
  const totals: Record<Outcome, number> = { conforms: 0, differs: 0, missing: 0, 'not checked': 0 };
  for (const r of results) totals[r.outcome]++;
  return totals;
}

export function finishReport(base: Omit<Report, 'totals' | 'passed'>): Report {
  const totals = totalsOf(base.results);
  return { ...base, totals, passed: totals.differs === 0 && totals.missing === 0 && base.cleanupFailures.length === 0 };
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

const MARK: Record<Outcome, string> = { conforms: 'ok  ', differs: 'DIFF', missing: 'MISS', 'not checked': 'skip' };

/** The terminal report: one line per check grouped by area, differences indented, totals last. */
export function formatText(report: Report, opts: { verbose?: boolean } = {}): string {
  const lines: string[] = [`Conformance of ${report.core} as ${report.user}${report.role ? ` (${report.role})` : ''}${report.write ? ', with write checks' : ', read-only'}`];
  for (const [area, results] of byArea(report.results)) {
    const shown = opts.verbose ? results : results.filter((r) => r.outcome !== 'conforms');
    const ok = results.length - shown.length;
    lines.push('', `${area}${ok && !opts.verbose ? ` (${ok} of ${results.length} checks conform)` : ''}`);
    for (const r of shown) {
      lines.push(`  ${MARK[r.outcome]} ${r.call} [${r.check}]${r.route ? ` ${r.route}` : ''}${r.note ? ` — ${r.note}` : ''}`);
      for (const d of r.differences) lines.push(`         ${formatDifference(d)}`);
    }
  }
  if (report.cleanupFailures.length) {
    lines.push('', 'cleanup failed (remove by hand):');
    for (const c of report.cleanupFailures) lines.push(`  ${c}`);
  }
  const t = report.totals;
  lines.push('', `${t.conforms} conform, ${t.differs} differ, ${t.missing} missing, ${t['not checked']} not checked — ${report.passed ? 'PASSED' : 'FAILED'} (${(report.durationMs / 1000).toFixed(1)} s)`);
  return lines.join('\n');
}

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** A self-contained HTML page with the same content as the terminal report (every check listed). */
export function formatHtml(report: Report): string {
  const t = report.totals;
  const sections = byArea(report.results)
    .map(([area, results]) => {
      const bad = results.filter((r) => r.outcome === 'differs' || r.outcome === 'missing').length;
      const rows = results
        .map((r) => {
          const diffs = r.differences.length ? `<ul>${r.differences.map((d) => `<li><code>${escapeHtml(d.path)}</code>: expected ${escapeHtml(d.expected)}, received ${escapeHtml(d.received)}</li>`).join('')}</ul>` : '';
          return `<tr class="${r.outcome.replace(' ', '-')}"><td>${escapeHtml(r.outcome)}</td><td>${escapeHtml(r.call)}</td><td>${escapeHtml(r.check)}</td><td><code>${escapeHtml(r.route)}</code></td><td>${escapeHtml(r.note ?? '')}${diffs}</td></tr>`;
        })
        .join('\n');
      return `<details${bad ? ' open' : ''}><summary>${escapeHtml(area)} — ${results.length} check${results.length === 1 ? '' : 's'}${bad ? `, ${bad} failing` : ''}</summary>\n<table><thead><tr><th>outcome</th><th>call</th><th>check</th><th>route</th><th>details</th></tr></thead><tbody>\n${rows}\n</tbody></table></details>`;
    })
    .join('\n');
  const cleanup = report.cleanupFailures.length ? `<h2>Cleanup failed</h2><ul>${report.cleanupFailures.map((c) => `<li>${escapeHtml(c)}</li>`).join('')}</ul>` : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Conformance of ${escapeHtml(report.core)}</title>
<style>
body{font:14px system-ui,sans-serif;margin:2rem;color:#222}table{border-collapse:collapse;width:100%;margin:.5rem 0 1rem}
td,th{border:1px solid #ddd;padding:.25rem .5rem;text-align:left;vertical-align:top}summary{font-weight:600;cursor:pointer;margin:.4rem 0}
tr.conforms td:first-child{color:#17803d}tr.differs td:first-child,tr.missing td:first-child{color:#b42318;font-weight:700}
tr.not-checked td:first-child{color:#8a6d00}.passed{color:#17803d}.failed{color:#b42318}code{font-size:12px}
</style></head><body>
<h1>Conformance of ${escapeHtml(report.core)}</h1>
<p>As <b>${escapeHtml(report.user)}</b>${report.role ? ` (${escapeHtml(report.role)})` : ''}, ${report.write ? 'with write checks' : 'read-only'}, started ${escapeHtml(report.startedAt)}, ${(report.durationMs / 1000).toFixed(1)} s.</p>
<p class="${report.passed ? 'passed' : 'failed'}"><b>${report.passed ? 'PASSED' : 'FAILED'}</b>: ${t.conforms} conform, ${t.differs} differ, ${t.missing} missing, ${t['not checked']} not checked.</p>
${cleanup}
${sections}
</body></html>
`;
}
