/**
 * Which catalogue call the console makes, from where, and which console test shows it: the calls
 * part of docs/spec-coverage.md (between its `calls:begin` and `calls:end` marks) is written from
 * the catalogue and the console's sources by `pnpm spec-coverage`; its test (beside this file)
 * fails when a call has no screen and is not listed below with the reason, and when that part of
 * the document is stale.
 *
 * A call counts as made by the console when its id appears in the console's source (the typed
 * client takes calls by id: `useEndpointQuery('getUnit', …)`, `op('createAdminDbGateway', …)`).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { catalogue, ENDPOINT_IDS, type EndpointId } from '@fleet/contracts';

const ROOT = resolve(import.meta.dirname, '../../..');
const SRC = join(ROOT, 'apps/console/src');
export const DOC = join(ROOT, 'docs/spec-coverage.md');
const BEGIN = '<!-- calls:begin (written by `pnpm spec-coverage`) -->';
const END = '<!-- calls:end -->';

/**
 * Calls the console has no screen for yet. The list only shrinks: its test fails once a call here
 * is made by the console (take it off then).
 */
export const NOT_YET: readonly EndpointId[] = [];

/** Calls the console does not make, with the reason (for example a call that only devices make). None today. */
export const NO_SCREEN: Readonly<Partial<Record<EndpointId, string>>> = {};

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

const isTest = (path: string) => /\.test\.tsx?$/.test(path) || path.includes('/test-utils/');

export interface CallReach {
  readonly id: EndpointId;
  readonly method: string;
  readonly path: string;
  readonly spec: string;
  /** Console source files that make the call (repository paths). */
  readonly files: readonly string[];
  /** Console tests (component and unit) that answer or check the call. */
  readonly tests: readonly string[];
}

export function callReach(): CallReach[] {
  const texts = sources(SRC).map((path) => ({ path: relative(ROOT, path), test: isTest(path), text: readFileSync(path, 'utf8') }));
  return ENDPOINT_IDS.map((id) => {
    const word = new RegExp(`\\b${id}\\b`);
    const using = texts.filter((f) => word.test(f.text));
    const def = catalogue[id];
    return {
      id,
      method: def.method,
      path: def.path,
      spec: def.spec,
      files: using.filter((f) => !f.test).map((f) => f.path),
      tests: using.filter((f) => f.test).map((f) => f.path),
    };
  });
}

const short = (path: string) => path.replace(/^apps\/console\/src\//, '');
const cell = (text: string) => text.replace(/\|/g, '\\|');

/** The calls part of the document. */
export function renderCalls(rows: readonly CallReach[]): string {
  const made = rows.filter((r) => r.files.length > 0).length;
  const lines = [
    BEGIN,
    '',
    `${rows.length} calls; the console makes ${made}; ${NOT_YET.length} have no screen yet; ${Object.keys(NO_SCREEN).length} are not the console's to make.`,
    'Paths are relative to apps/console/src.',
    '',
    '| call | method and path | spec | made by | shown by tests |',
    '|---|---|---|---|---|',
    ...rows.map((r) => {
      const status =
        r.files.length > 0 ? r.files.map(short).join(', ') : NO_SCREEN[r.id] !== undefined ? `not the console's: ${NO_SCREEN[r.id]}` : '**no screen yet**';
      return `| \`${r.id}\` | ${r.method} \`${cell(r.path)}\` | ${cell(r.spec)} | ${cell(status)} | ${r.tests.map(short).join(', ') || '–'} |`;
    }),
    '',
    END,
  ];
  return lines.join('\n');
}

/** The document with its calls part written anew (the rest kept as it is). */
export function documentWithCalls(doc: string, rows: readonly CallReach[]): string {
  const begin = doc.indexOf(BEGIN.slice(0, 20));
  const end = doc.indexOf(END);
  if (begin < 0 || end < begin) throw new Error(`${relative(ROOT, DOC)} has no calls part (${BEGIN} … ${END})`);
  return doc.slice(0, begin) + renderCalls(rows) + doc.slice(end + END.length);
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const doc = readFileSync(DOC, 'utf8');
  const next = documentWithCalls(doc, callReach());
  if (process.argv.includes('--check')) {
    if (next !== doc) {
      console.error('docs/spec-coverage.md is stale: run `pnpm spec-coverage`');
      process.exit(1);
    }
  } else {
    writeFileSync(DOC, next);
    console.log('docs/spec-coverage.md: calls written');
  }
}
