/**
 * Writes the measured part of BENCHMARKS.md from `tests/bench/results/*.json`: for each benchmark
 * its method in a few lines, when and where it was measured, and its headline figures with the
 * baseline of the same run and the previous result beside each (the result file as committed
 * before its last change: `git log` of that file). `pnpm bench` runs it after the benchmarks;
 * `pnpm bench:report` runs it alone.
 *
 *   pnpm --filter @fleet/tests exec tsx bench/report.ts [--check]
 *
 * `--check` writes nothing and exits 1 when the document's measured part is not what the results say.
 * The benchmarks it shows, and their figures, are listed in report-benches.ts.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BENCHES, type Bench, type Json, type Path } from './report-benches.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DOC = `${ROOT}BENCHMARKS.md`;
const BEGIN = '<!-- measured: written by tests/bench/report.ts from tests/bench/results; do not edit by hand -->';
const END = '<!-- end of measured -->';

function at(json: Json, path: Path): number | boolean | undefined {
  let v: unknown = json;
  for (const key of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string | number, unknown>)[key];
  }
  return typeof v === 'number' || typeof v === 'boolean' ? v : undefined;
}

const git = (args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });

/** The result as committed before its last change (the committed one when the file has changed since). */
function previous(file: string): Json | undefined {
  const path = `tests/bench/results/${file}.json`;
  try {
    const changedSince = git(['status', '--porcelain', '--', path]).trim() !== '';
    const commits = git(['log', '--format=%H', '-n', '2', '--', path]).split('\n').filter(Boolean);
    const commit = changedSince ? commits[0] : commits[1];
    return commit ? JSON.parse(git(['show', `${commit}:${path}`])) : undefined;
  } catch {
    return undefined; // no git (an exported tree) or no earlier version
  }
}

const number = (v: number | boolean | undefined, unit: string) => {
  if (v === undefined) return '–';
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  const text = Math.abs(v) >= 1000 ? Math.round(v).toLocaleString('en-US') : String(Math.round(v * 1000) / 1000);
  return unit ? `${text} ${unit}` : text;
};

function section(bench: Bench): string {
  const path = `${ROOT}tests/bench/results/${bench.file}.json`;
  if (!existsSync(path))
    return `### ${bench.title} (\`${bench.script}\`)\n\nNo result yet: run \`pnpm --filter @fleet/tests exec tsx bench/${bench.script}\`.\n`;
  const now = JSON.parse(readFileSync(path, 'utf8')) as Json;
  const before = previous(bench.file);
  const when = (json: Json) => {
    const w = json !== null && typeof json === 'object' ? (json as { when?: unknown }).when : undefined;
    return typeof w === 'string' ? `${w.slice(0, 16).replace('T', ' ')} UTC` : undefined;
  };
  const earlier = before === undefined ? '' : `; previous result ${when(before) ?? 'undated'}`;
  const rows = bench.figures.map((f) => {
    const value = at(now, f.path);
    const base = f.baseline ? at(now, f.baseline) : undefined;
    const ratio = typeof value === 'number' && typeof base === 'number' && base !== 0 ? ` (${(Math.round((value / base) * 100) / 100).toString()}×)` : '';
    return `| ${f.label} | ${number(value, f.unit)} | ${f.baseline ? number(base, f.unit) + ratio : '–'} | ${before === undefined ? '–' : number(at(before, f.path), f.unit)} |`;
  });
  const goal = bench.goalMet ? ` Goal met: ${number(at(now, bench.goalMet), '')}.` : '';
  const loadAt = (key: string) => at(now, ['machine', key]);
  const startLoad = loadAt('loadAverageAtStart');
  const endLoad = loadAt('loadAverageAtEnd');
  const load =
    typeof startLoad === 'number'
      ? ` Load average ${startLoad}${typeof endLoad === 'number' ? ` to ${endLoad}` : ''}${typeof loadAt('cpus') === 'number' ? ` on ${loadAt('cpus')} cores` : ''}.`
      : '';
  return [
    `### ${bench.title} (\`${bench.script}\`)`,
    '',
    bench.method,
    '',
    `Measured ${when(now) ?? 'undated'}${earlier}.${goal}${load}`,
    '',
    '| figure | now | baseline, same run (now ÷ baseline) | previous |',
    '|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

export function measured(): string {
  return [BEGIN, '', ...BENCHES.map(section), END].join('\n');
}

function documentWithMeasured(doc: string): string {
  const begin = doc.indexOf(BEGIN);
  const end = doc.indexOf(END);
  if (begin < 0 || end < begin) return `${doc.trimEnd()}\n\n${measured()}\n`;
  return doc.slice(0, begin) + measured() + doc.slice(end + END.length);
}

const doc = readFileSync(DOC, 'utf8');
const next = documentWithMeasured(doc);
if (process.argv.includes('--check')) {
  if (next !== doc) {
    console.error('BENCHMARKS.md: the measured part is not what tests/bench/results says (run `pnpm bench:report`).');
    process.exitCode = 1;
  }
} else if (next !== doc) {
  writeFileSync(DOC, next);
  console.log('BENCHMARKS.md: measured part written');
}
