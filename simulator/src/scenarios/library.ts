/**
 * The scenario library: data files in simulator/scenarios/<name>.json, and the regressions the
 * fleet model wrote in simulator/scenarios/regressions/<name>.json (shrunk failing sequences), each
 * validated against the contracts' ScenarioFile schema (a timeline of steps and expectations,
 * documented in one line). The folder also holds scenario.schema.json, the JSON Schema editors
 * check the files against (generated: `pnpm scenario:schema`).
 *
 * A library file is named after its scenario (`<name>.json`): the CLI and the console's panel run
 * a library scenario by its name. A file outside the library may have any name.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ScenarioFile } from '@fleet/contracts';

export const SCENARIO_DIR = fileURLToPath(new URL('../../scenarios/', import.meta.url));
/** The folder of the library that holds regressions (inside SCENARIO_DIR). */
export const REGRESSIONS = 'regressions';
/** The JSON Schema of scenario files, in SCENARIO_DIR (not a scenario). */
export const SCHEMA_FILE = 'scenario.schema.json';

type Issue = NonNullable<ReturnType<typeof ScenarioFile.safeParse>['error']>['issues'][number];

/** How a file is named in a message: its path from the working folder when it is inside it, else as it is. */
export function shownPath(path: string, cwd: string = process.cwd()): string {
  const rel = relative(cwd, path);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : path;
}

/** A zod path in words: `check.modems[0].port`. */
function fieldOf(path: readonly PropertyKey[]): string {
  return path.map((k, i) => (typeof k === 'number' ? `[${k}]` : `${i === 0 ? '' : '.'}${String(k)}`)).join('');
}

function valueAt(json: unknown, path: readonly PropertyKey[]): unknown {
  let v = json;
  for (const k of path) v = typeof v === 'object' && v !== null ? (v as Record<PropertyKey, unknown>)[k] : undefined;
  return v;
}

/** A zod issue's message, reworded where zod's own says too little. */
function messageOf(issue: Issue, json: unknown): string {
  if (issue.code === 'unrecognized_keys') return `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
  if (issue.code === 'invalid_union') {
    if ('discriminator' in issue && typeof issue.discriminator === 'string' && 'options' in issue && Array.isArray(issue.options)) {
      const got = valueAt(json, issue.path);
      const what = got === undefined ? `missing "${issue.discriminator}"` : `unknown ${issue.discriminator} ${JSON.stringify(got)}`;
      return `${what}: expected one of ${issue.options.map(String).join(', ')}`;
    }
    const branches = issue.errors.map((b) => b[0]?.message).filter((m): m is string => !!m);
    if (branches.length) return branches.join('; or ');
  }
  if (issue.code === 'invalid_type' && valueAt(json, issue.path) === undefined) return `missing (expected ${issue.expected})`;
  return issue.message;
}

/**
 * One validation issue in words, naming the step (1-based, with its kind) and the field:
 * `step 3 (fault): fault.type: unknown type "nope": expected one of …`.
 */
export function describeIssue(issue: Issue, json: unknown): string {
  const [top, index, ...rest] = issue.path;
  const message = messageOf(issue, json);
  if (top === 'timeline' && typeof index === 'number') {
    const kind = valueAt(json, ['timeline', index, 'do']);
    const step = `step ${index + 1}${typeof kind === 'string' ? ` (${kind})` : ''}`;
    return rest.length ? `${step}: ${fieldOf(rest)}: ${message}` : `${step}: ${message}`;
  }
  return issue.path.length ? `${fieldOf(issue.path)}: ${message}` : message;
}

/**
 * Read and validate one scenario file; every error names the file (from `cwd`), and the step and
 * field that fail.
 */
export function loadScenarioFile(path: string, cwd: string = process.cwd()): ScenarioFile {
  const shown = shownPath(path, cwd);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new Error(`${shown}: no such file`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new Error(`${shown}: not JSON (${e instanceof Error ? e.message : String(e)})`);
  }
  const r = ScenarioFile.safeParse(json);
  if (!r.success) throw new Error(r.error.issues.map((i) => `${shown}: ${describeIssue(i, json)}`).join('\n'));
  return r.data;
}

/** A library file is `<name>.json`: the CLI and the panel find a library scenario by its name. */
function checkLibraryName(path: string, file: ScenarioFile): void {
  if (`${file.name}.json` === basename(path)) return;
  throw new Error(
    `${shownPath(path)}: name: "${file.name}" is not the file's name: a library scenario is run by its name, so its file is ${file.name}.json (rename the file, or set "name": "${basename(path, '.json')}")`,
  );
}

/** The scenario files of a library folder (its JSON files but the schema). */
export function scenarioFilesIn(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json') && f !== SCHEMA_FILE)
    .sort()
    .map((f) => join(dir, f));
}

/** Every scenario of a folder and of its regressions folder, by name (a name used twice is an error). */
export function loadLibrary(dir: string = SCENARIO_DIR): ScenarioFile[] {
  const regressions = join(dir, REGRESSIONS);
  const paths = [dir, ...(existsSync(regressions) ? [regressions] : [])].flatMap(scenarioFilesIn);
  const library = paths
    .map((p) => {
      const file = loadScenarioFile(p);
      checkLibraryName(p, file);
      return file;
    })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const twice = library.find((s, i) => i > 0 && library[i - 1]!.name === s.name);
  if (twice) throw new Error(`scenario ${twice.name} is in the library twice`);
  return library;
}

/**
 * The file a command-line argument names: an absolute path; a path relative to `cwd` (the folder
 * the command was typed in); or a library scenario by name, with or without `.json`.
 */
export function scenarioPathOf(arg: string, cwd: string = process.cwd(), dir: string = SCENARIO_DIR): string {
  if (isAbsolute(arg)) return arg;
  const local = resolve(cwd, arg);
  if (existsSync(local)) return local;
  const inLibrary = [join(dir, arg.endsWith('.json') ? arg : `${arg}.json`), join(dir, REGRESSIONS, arg.endsWith('.json') ? arg : `${arg}.json`)];
  const found = arg.includes('/') ? undefined : inLibrary.find((p) => existsSync(p));
  if (found) return found;
  throw new Error(
    arg.includes('/') || arg.endsWith('.json')
      ? `${arg}: no such file (looked in ${cwd})`
      : `${arg}: no scenario of that name in the library (${shownPath(dir, cwd)}), nor a file of that name in ${cwd}: --list shows the library`,
  );
}
