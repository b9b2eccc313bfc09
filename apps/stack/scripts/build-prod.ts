/**
 * `pnpm build:core [--reuse-console]`: the production folder, `apps/stack/dist/` — the core with the
 * simulator and the built console, started with plain `node` from a copy anywhere (README "Production
 * delivery"):
 *
 *   main.js                           the stack (src/production.ts: the folder's defaults, then main.ts)
 *   simulator.js                      simulator shards as a process of their own (simulator/src/cli.ts)
 *   packages/db/src/migrate-worker.js the migrations' worker thread
 *   node-flags                        the stack's Node settings (start: node $(cat node-flags) main.js)
 *   apps/console/dist/                the console's build (served at /)
 *   apps/core/docs-page/, simulator/demos/, simulator/scenarios/, prisma/   files the code reads
 *   node_modules/                     the npm packages the code imports, production files only
 *   package.json, build-info.json
 *
 * How:
 * - The workspace's TypeScript is bundled by esbuild into plain JavaScript, the `@fleet/*` packages
 *   and the generated Prisma clients inlined; every npm package stays an import (external).
 * - Every file keeps its repository path: a module's `import.meta.url` (and `import.meta.dirname`)
 *   is rewritten to the path its source has in the repository, taken inside the folder. Code that
 *   finds a file relative to itself (the docs page, the demo presets, the scenarios, prisma/, the
 *   migrations' worker) finds it in the folder where it is in the repository, with no change to that
 *   code. The bundles differ in where they sit, so each is built with its own rewriting.
 * - node_modules holds exactly what the bundles import and what those packages depend on, copied
 *   from the workspace's installation (the lockfile's versions, and better-sqlite3's addon as built
 *   here: no download, no compiler), in pnpm's layout (`.pnpm/<entry>/node_modules/<name>`, its
 *   dependencies beside it as relative links). Left out: optional peers (Prisma's CLI and
 *   TypeScript, which @prisma/client names), TypeScript itself (a peer @trpc/server names for its
 *   types), types and TypeScript sources, source maps, packages' tests, install-time tools, and the
 *   Prisma query compilers the generated clients do not import (other databases and flavours).
 *
 * Prisma 7 without Rust engines: the generated clients are TypeScript (bundled here), their query
 * compiler is WebAssembly inside @prisma/client's runtime, the databases are reached through the
 * driver adapters (@prisma/adapter-better-sqlite3, @prisma/adapter-pg) and migrations run on
 * @prisma/schema-engine-wasm (packages/db/src/migrate.ts). Nothing is fetched at run time.
 *
 * better-sqlite3's addon is built for this machine's Node (its ABI) and platform: the folder runs on
 * the same Node major and platform it was built on (build-info.json says which).
 *
 * Options: --reuse-console  keep apps/console/dist as it is when it has a build (the test command's
 *                           build phase made it); otherwise the console is built first.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Metafile, type Plugin, transform } from 'esbuild';
import { GENERATED_DIRS, SCHEMA_PATHS } from '../../../packages/db/src/paths.js';
import { SOURCE_HASH_FILE, schemaHash } from '../../../packages/db/src/schema-source.js';

const ROOT = path.resolve(fileURLToPath(new URL('../../..', import.meta.url)));
const OUT = path.join(ROOT, 'apps/stack/dist');
const reuseConsole = process.argv.includes('--reuse-console');

/** The bundles: entry (repository path) → file in the folder. */
const BUNDLES: ReadonlyArray<{ entry: string; out: string }> = [
  { entry: 'apps/stack/src/production.ts', out: 'main.js' },
  { entry: 'simulator/src/cli.ts', out: 'simulator.js' },
  // migrate.ts starts it as `./migrate-worker.js` beside its own (rewritten) location.
  { entry: 'packages/db/src/migrate-worker.ts', out: 'packages/db/src/migrate-worker.js' },
];

/** Files the code reads at run time, relative to itself: copied to the same repository paths. */
const RESOURCES = ['apps/core/docs-page', 'simulator/demos', 'simulator/scenarios', 'prisma/schema.prisma', 'prisma/migrations'];

/** Dependencies packages declare that nothing needs at run time. */
const INSTALL_TIME_ONLY: Readonly<Record<string, readonly string[]>> = {
  // Fetches or builds the addon at install; the addon is copied built.
  'better-sqlite3': ['prebuild-install'],
};
/** Peers packages ask for that only their types use (@trpc/server names TypeScript). */
const TYPE_ONLY_PEERS = new Set(['typescript']);
/** Files kept of a package, when not all of them are needed (paths relative to the package). */
const KEEP_ONLY: Readonly<Record<string, (rel: string) => boolean>> = {
  // The addon and its JavaScript: not the SQLite sources (deps/, src/) or the build's objects.
  'better-sqlite3': (rel) =>
    rel === 'package.json' || rel === 'LICENSE' || rel === 'lib' || rel.startsWith('lib/') || /^build(\/Release(\/better_sqlite3\.node)?)?$/.test(rel),
  // Of the query compilers (one per database and flavour), those the generated clients import.
  '@prisma/client': (rel) => !/^runtime\/query_compiler_/.test(rel) || prismaCompilers.has(rel),
};
/** The query compiler files of @prisma/client's runtime the bundles import (`runtime/<file>`), read from their imports. */
const prismaCompilers = new Set<string>();

function log(message: string): void {
  console.log(`build:core: ${message}`);
}

function run(command: string, args: string[]): void {
  const r = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${r.status ?? r.signal})`);
}

// ── 1. what the bundles inline: the generated Prisma clients, the console's build ─────────────────

function prismaClientsCurrent(): boolean {
  const source = readFileSync(SCHEMA_PATHS.sqlite, 'utf8');
  return (['sqlite', 'postgresql'] as const).every((p) => {
    const file = path.join(GENERATED_DIRS[p], SOURCE_HASH_FILE);
    const schema = p === 'sqlite' ? source : existsSync(SCHEMA_PATHS.postgresql) ? readFileSync(SCHEMA_PATHS.postgresql, 'utf8') : '';
    return existsSync(file) && readFileSync(file, 'utf8') === schemaHash(schema);
  });
}

// ── 2. the bundles ──────────────────────────────────────────────────────────────────────────────

const builtins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);

/** The npm package a bare specifier names (`@scope/name/sub` → `@scope/name`). */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? specifier);
}

/**
 * The workspace's own modules bundled, every npm package left an import, and each module's
 * `import.meta.url` / `import.meta.dirname` its repository path inside the folder, as seen from the
 * bundle `outFile` (the folder's path of it).
 */
function workspacePlugin(outFile: string): Plugin {
  const outDir = path.dirname(path.join(OUT, outFile));
  return {
    name: 'fleet-workspace',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, (args) => {
        if (builtins.has(args.path)) return { path: args.path, external: true };
        if (args.path.startsWith('@fleet/')) return undefined; // inlined: esbuild resolves the workspace link
        return { path: args.path, external: true };
      });
      b.onLoad({ filter: /\.ts$/ }, (args) => {
        const rel = path.relative(ROOT, args.path);
        if (rel.startsWith('..') || rel.split(path.sep).includes('node_modules')) return undefined;
        let text = compilerFromFile(rel, readFileSync(args.path, 'utf8'));
        if (text.includes('import.meta')) {
          const other = /\bimport\.meta\.(?!url\b|dirname\b|resolve\b)\w+/.exec(text);
          if (other) throw new Error(`${rel}: ${other[0]} has no meaning in the production folder (build-prod.ts rewrites url and dirname only)`);
          const inFolder = path.join(OUT, rel.replace(/\.ts$/, '.js'));
          const url = `./${path.relative(outDir, inFolder).split(path.sep).join('/')}`;
          const dir = path.relative(outDir, path.dirname(inFolder)).split(path.sep).join('/');
          text = text
            .replace(/\bimport\.meta\.url\b/g, `new URL(${JSON.stringify(url)}, import.meta.url).href`)
            .replace(/\bimport\.meta\.dirname\b/g, dir === '' ? 'import.meta.dirname' : `(import.meta.dirname + ${JSON.stringify(`/${dir}`)})`);
        }
        return { contents: text, loader: 'ts' };
      });
    },
  };
}

/** The generated clients' query compilers read as WebAssembly files (folder path → runtime file name). */
const compilerFiles = new Map<string, string>();

/**
 * A generated Prisma client loads its query compiler from a module of @prisma/client's runtime that
 * holds the WebAssembly as one base64 string (4.3 MB). That string stays in the heap for the life of
 * the process twice (the module's source and the literal), beside the compiled module. In the folder
 * the client reads the same bytes from a `.wasm` file written beside the generated client instead.
 */
function compilerFromFile(rel: string, text: string): string {
  if (!text.includes('.wasm-base64.mjs')) return text;
  const load =
    /const \{ wasm \} = await import\("@prisma\/client\/runtime\/(query_compiler_[\w.]+)\.wasm-base64\.mjs"\)\s*\n\s*return await decodeBase64AsWasm\(wasm\)/;
  const found = load.exec(text);
  if (!found?.[1]) throw new Error(`${rel}: the generated client loads its query compiler in a way build-prod.ts does not know`);
  const file = `${found[1]}.wasm`;
  compilerFiles.set(path.join(path.dirname(rel), file), found[1]);
  return text.replace(
    load,
    `const { readFile } = await import('node:fs/promises')\n    return new WebAssembly.Module(await readFile(new URL(${JSON.stringify(`./${file}`)}, import.meta.url)))`,
  );
}

/** Writes each query compiler the bundles read from a file (the bytes of @prisma/client's base64 module). */
async function writeCompilerFiles(): Promise<void> {
  const fromDb = path.join(ROOT, 'packages/db/package.json');
  for (const [rel, name] of compilerFiles) {
    const source = createRequire(fromDb).resolve(`@prisma/client/runtime/${name}.wasm-base64.mjs`);
    const { wasm } = (await import(pathToFileURL(source).href)) as { wasm: string };
    const bytes = Buffer.from(wasm, 'base64');
    // WebAssembly's magic number: the module's first four bytes.
    if (bytes.subarray(0, 4).toString('latin1') !== '\0asm') throw new Error(`${source} does not hold WebAssembly`);
    mkdirSync(path.dirname(path.join(OUT, rel)), { recursive: true });
    writeFileSync(path.join(OUT, rel), bytes);
  }
}

/**
 * esbuild writes the code ASCII-only (non-ASCII characters escaped) but keeps some comments as they
 * are; one non-ASCII character in a comment makes V8 hold the whole bundle's source as a two-byte
 * string (main.js: 6.9 MB instead of 3.5). Those characters are written as escapes inside the
 * comments; the code with its comments dropped must stay the same, or the build fails.
 */
async function asciiOnly(file: string): Promise<void> {
  const text = readFileSync(file, 'utf8');
  const ascii = text.replace(/[^\t\n\r\u0020-\u007e]/gu, (c) => `\\u{${(c.codePointAt(0) ?? 0).toString(16)}}`);
  if (ascii === text) return;
  const [before, after] = await Promise.all([text, ascii].map(async (code) => (await transform(code, { minifyWhitespace: true, format: 'esm' })).code));
  if (before !== after) throw new Error(`${path.relative(OUT, file)}: a non-ASCII character outside a comment`);
  writeFileSync(file, ascii);
}

/** Every npm package a bundle imports, with the workspace file that imports it. */
function externalsOf(metafile: Metafile): Map<string, string> {
  const found = new Map<string, string>();
  for (const [input, info] of Object.entries(metafile.inputs)) {
    for (const imported of info.imports) {
      if (!imported.external || builtins.has(imported.path) || imported.path.startsWith('<')) continue;
      const name = packageOf(imported.path);
      if (!found.has(name)) found.set(name, path.resolve(ROOT, input));
    }
  }
  return found;
}

/** The workspace packages (their folders) a bundle inlines. */
function workspacePackagesOf(metafile: Metafile): Set<string> {
  const dirs = new Set<string>();
  for (const input of Object.keys(metafile.inputs)) {
    let dir = path.dirname(path.resolve(ROOT, input));
    while (dir.startsWith(ROOT) && dir !== ROOT && !existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
    if (dir !== ROOT && !dir.split(path.sep).includes('node_modules')) dirs.add(dir);
  }
  return dirs;
}

// ── 3. node_modules ─────────────────────────────────────────────────────────────────────────────

interface PackageJson {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

function readPackage(dir: string): PackageJson {
  return JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as PackageJson;
}

/** Where Node finds package `name` from `fromDir` (the real folder), or null. */
function findPackage(name: string, fromDir: string): string | null {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return realpathSync(candidate);
    if (path.dirname(dir) === dir) return null;
  }
}

/** Whether a folder is an installed npm package (in the workspace's `node_modules/.pnpm`), not a workspace package. */
function isInstalledPackage(realDir: string): boolean {
  return realDir.includes(`${path.sep}node_modules${path.sep}.pnpm${path.sep}`);
}

/** The dependencies a package needs at run time: its dependencies, optional ones present, and peers it does not mark optional. */
function runtimeDependencies(pkg: PackageJson): Array<{ name: string; optional: boolean }> {
  const skip = new Set(INSTALL_TIME_ONLY[pkg.name] ?? []);
  const deps = [
    ...Object.keys(pkg.dependencies ?? {}).map((name) => ({ name, optional: false })),
    ...Object.keys(pkg.optionalDependencies ?? {}).map((name) => ({ name, optional: true })),
    ...Object.keys(pkg.peerDependencies ?? {})
      .filter((name) => !pkg.peerDependenciesMeta?.[name]?.optional && !TYPE_ONLY_PEERS.has(name))
      .map((name) => ({ name, optional: false })),
  ];
  return deps.filter((d) => !skip.has(d.name) && !d.name.startsWith('@types/'));
}

/** A package's own tests and examples (top-level folders): never loaded. */
const NOT_RUN_FOLDERS = new Set(['test', 'tests', '__tests__', 'example', 'examples', 'benchmark', 'benchmarks', '.github']);

function keepFile(pkgName: string, rel: string, isDir: boolean): boolean {
  if (rel === '') return true;
  const base = path.basename(rel);
  if (base === 'node_modules' || base === '.bin') return false;
  if (isDir && rel === base && NOT_RUN_FOLDERS.has(base)) return false;
  // Source maps, and TypeScript (sources and declarations): Node runs a package's JavaScript.
  if (!isDir && /\.(map|ts|mts|cts|tsbuildinfo)$/.test(base)) return false;
  if (!isDir && /\.md$/i.test(base) && !/^(licen[cs]e|copying|notice)/i.test(base)) return false;
  const only = KEEP_ONLY[pkgName];
  return only ? only(rel.split(path.sep).join('/')) : true;
}

function link(target: string, at: string): void {
  mkdirSync(path.dirname(at), { recursive: true });
  symlinkSync(path.relative(path.dirname(at), target), at);
}

/**
 * Copies the packages `roots` names (resolved from the workspace file that imports each) and
 * everything they need at run time. Returns the top-level packages' versions.
 */
function installPackages(roots: Map<string, string>): Record<string, string> {
  const modules = path.join(OUT, 'node_modules');
  const store = path.join(modules, '.pnpm');
  const copied = new Map<string, string>(); // real folder → its folder in OUT
  const entries = new Set<string>();
  const place = (realDir: string): string => {
    const known = copied.get(realDir);
    if (known) return known;
    if (!isInstalledPackage(realDir)) throw new Error(`${realDir} is not an installed npm package`);
    const pkg = readPackage(realDir);
    // `<name>@<version>`; a second installation of one version (pnpm's peer variants) gets `_2`.
    const entryBase = `${pkg.name.replace('/', '+')}@${pkg.version}`;
    let entry = entryBase;
    for (let n = 2; entries.has(entry); n++) entry = `${entryBase}_${n}`;
    entries.add(entry);
    const at = path.join(store, entry, 'node_modules', pkg.name);
    copied.set(realDir, at);
    cpSync(realDir, at, {
      recursive: true,
      filter: (src) => keepFile(pkg.name, path.relative(realDir, src), statSync(src).isDirectory()),
    });
    for (const dep of runtimeDependencies(pkg)) {
      const found = findPackage(dep.name, realDir);
      if (found === null) {
        if (dep.optional) continue;
        throw new Error(`${pkg.name}@${pkg.version} needs ${dep.name}, which is not installed`);
      }
      const depAt = place(found);
      const linkAt = path.join(at, '..', ...(pkg.name.includes('/') ? ['..'] : []), dep.name);
      if (!existsSync(linkAt)) link(depAt, linkAt);
    }
    return at;
  };
  const versions: Record<string, string> = {};
  for (const [name, importer] of [...roots].sort(([a], [b]) => a.localeCompare(b))) {
    const found = findPackage(name, path.dirname(importer));
    if (found === null) throw new Error(`${path.relative(ROOT, importer)} imports ${name}, which its package does not have installed`);
    const at = place(found);
    const top = path.join(modules, name);
    if (existsSync(top)) {
      if (realpathSync(top) !== realpathSync(at)) throw new Error(`${name}: two installations are imported (${found}, ${realpathSync(top)})`);
      continue;
    }
    link(at, top);
    versions[name] = readPackage(found).version;
  }
  return versions;
}

function folderSize(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) total += folderSize(p);
    else if (entry.isFile()) total += lstatSync(p).size;
  }
  return total;
}

// ── main ────────────────────────────────────────────────────────────────────────────────────────

async function main(): Promise<void> {
  const started = performance.now();
  if (!prismaClientsCurrent()) {
    log('generating the Prisma clients (missing or older than prisma/schema.prisma)');
    run('pnpm', ['--silent', 'db:generate']);
  }
  const consoleDist = path.join(ROOT, 'apps/console/dist');
  if (!reuseConsole || !existsSync(path.join(consoleDist, 'index.html'))) {
    log('building the console');
    run('pnpm', ['--silent', '--filter', '@fleet/console', 'run', 'build']);
  }

  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });

  const roots = new Map<string, string>();
  const workspacePackages = new Set<string>();
  for (const bundle of BUNDLES) {
    const result = await build({
      entryPoints: [path.join(ROOT, bundle.entry)],
      outfile: path.join(OUT, bundle.out),
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      metafile: true,
      logLevel: 'warning',
      // Class and function names as written: the logs' and errors' names stay readable.
      keepNames: true,
      plugins: [workspacePlugin(bundle.out)],
    });
    for (const [name, importer] of externalsOf(result.metafile)) if (!roots.has(name)) roots.set(name, importer);
    for (const input of Object.values(result.metafile.inputs)) {
      for (const imported of input.imports) {
        const compiler = /^@prisma\/client\/(runtime\/query_compiler_[^/]+)$/.exec(imported.path)?.[1];
        if (compiler) prismaCompilers.add(compiler);
      }
    }
    for (const dir of workspacePackagesOf(result.metafile)) workspacePackages.add(dir);
    await asciiOnly(path.join(OUT, bundle.out));
  }
  await writeCompilerFiles();
  // What the inlined packages declare too: some are loaded by name at run time (createRequire), not imported.
  for (const dir of workspacePackages) {
    for (const name of Object.keys(readPackage(dir).dependencies ?? {})) {
      if (!name.startsWith('@fleet/') && !name.startsWith('@types/') && !roots.has(name)) roots.set(name, path.join(dir, 'package.json'));
    }
  }
  if (prismaCompilers.size === 0) throw new Error('the generated Prisma clients import no query compiler: has their runtime changed?');
  const versions = installPackages(roots);

  for (const rel of RESOURCES) cpSync(path.join(ROOT, rel), path.join(OUT, rel), { recursive: true });
  cpSync(path.join(ROOT, 'apps/stack/node-flags'), path.join(OUT, 'node-flags'));
  cpSync(consoleDist, path.join(OUT, 'apps/console/dist'), { recursive: true });

  const rootPackage = readPackage(ROOT) as PackageJson & { engines?: Record<string, string> };
  writeFileSync(
    path.join(OUT, 'package.json'),
    `${JSON.stringify(
      {
        name: 'fleet-console-core',
        private: true,
        description: 'The fleet console production folder (pnpm build:core): start with `node $(cat node-flags) main.js`.',
        type: 'module',
        main: 'main.js',
        engines: rootPackage.engines,
        dependencies: versions,
      },
      null,
      2,
    )}\n`,
  );
  // The commit built, when git is there to say (an image's build has no .git).
  const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).stdout?.trim() || null;
  writeFileSync(
    path.join(OUT, 'build-info.json'),
    `${JSON.stringify({ commit, node: process.version, abi: process.versions.modules, platform: process.platform, arch: process.arch }, null, 2)}\n`,
  );

  const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
  log(
    `${path.relative(ROOT, OUT)}/ in ${((performance.now() - started) / 1000).toFixed(1)} s: ${mib(folderSize(OUT))} ` +
      `(node_modules ${mib(folderSize(path.join(OUT, 'node_modules')))}, console ${mib(folderSize(path.join(OUT, 'apps/console/dist')))}; ` +
      `${Object.keys(versions).length} packages imported)`,
  );
}

await main();
