/**
 * The baselines of the HTTP benchmarks: bare Fastify, as little as a server can do for the same
 * HTTP exchange, in its own process (started pinned by the benchmark).
 *
 *   static  GET routes answering fixed JSON bodies (the core's own answers, byte for byte):
 *           --routes <file>   [{ "path": "/api/v2/units/:id", "bodyFile": "<file>" }, …]
 *   writes  the naive durable server: each write request is one UPDATE committed on its own
 *           before the answer (better-sqlite3 at journal_mode=WAL, synchronous=FULL — the core's
 *           settings — or PostgreSQL with its default synchronous_commit=on), for the core's
 *           rename and settings-configuration calls (same paths, bodies and answers' `version`):
 *           --db <SQLite file path | postgresql:// URL>  --units <file>  [{ "id": …, "name": … }, …]
 *
 * Prints `READY {"url": …}` once listening; SIGTERM closes it.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import Fastify, { type FastifyInstance } from 'fastify';
import Database from 'better-sqlite3';
import pg from 'pg';

const { values } = parseArgs({
  options: {
    mode: { type: 'string', default: 'static' },
    routes: { type: 'string', default: '' },
    db: { type: 'string', default: '' },
    units: { type: 'string', default: '' },
  },
});

const app = Fastify({ logger: false });

interface RenameBody {
  id: string;
  name: string;
  comment?: string;
  version?: number;
}
interface SettingsBody {
  id: string;
  outputChannel: string | null;
  multiChannel: boolean;
  version?: number;
}
interface UnitRow {
  id: string;
  name: string;
  comment: string;
  output_channel: string | null;
  multi_channel: number;
  version: number;
}

/** The stored row as the answer (the fields the write clients read, plus the rest of the row). */
const answer = (r: UnitRow) => ({
  uniqueId: r.id,
  name: r.name,
  comment: r.comment,
  outputChannel: r.output_channel,
  multiChannel: r.multi_channel === 1,
  version: r.version,
});

/** One statement per write, committed alone; a stale version or unknown id answers 409 / 404 like the core. */
interface WriteStore {
  rename(b: RenameBody): Promise<UnitRow | undefined>;
  settings(b: SettingsBody): Promise<UnitRow | undefined>;
  close(): Promise<void>;
}

const TABLE = `CREATE TABLE units (id TEXT PRIMARY KEY, name TEXT NOT NULL UNIQUE, comment TEXT NOT NULL DEFAULT '',
  output_channel TEXT, multi_channel INTEGER NOT NULL DEFAULT 0, version INTEGER NOT NULL DEFAULT 0)`;
/** Parameters: name, comment (null: kept), id, version (null: any). */
const RENAME = 'UPDATE units SET name = ?, comment = COALESCE(?, comment), version = version + 1 WHERE id = ? AND version = COALESCE(?, version) RETURNING *';
/** Parameters: output channel, multi channel (0/1), id, version (null: any). */
const SETTINGS = 'UPDATE units SET output_channel = ?, multi_channel = ?, version = version + 1 WHERE id = ? AND version = COALESCE(?, version) RETURNING *';
/** The same statements for PostgreSQL, which needs the types COALESCE cannot infer. */
const PG_RENAME =
  'UPDATE units SET name = $1, comment = COALESCE($2::text, comment), version = version + 1 WHERE id = $3 AND version = COALESCE($4::int, version) RETURNING *';
const PG_SETTINGS =
  'UPDATE units SET output_channel = $1, multi_channel = $2, version = version + 1 WHERE id = $3 AND version = COALESCE($4::int, version) RETURNING *';

function sqliteStore(file: string, units: Array<{ id: string; name: string }>): WriteStore {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  if (db.pragma('synchronous', { simple: true }) !== 2) throw new Error('synchronous=FULL not in effect');
  db.exec(TABLE);
  const insert = db.prepare('INSERT INTO units (id, name) VALUES (?, ?)');
  db.transaction(() => units.forEach((u) => insert.run(u.id, u.name)))();
  const rename = db.prepare(RENAME);
  const settings = db.prepare(SETTINGS);
  return {
    rename: async (b) => rename.get(b.name, b.comment ?? null, b.id, b.version ?? null) as UnitRow | undefined,
    settings: async (b) => settings.get(b.outputChannel, b.multiChannel ? 1 : 0, b.id, b.version ?? null) as UnitRow | undefined,
    close: async () => void db.close(),
  };
}

async function pgStore(url: string, units: Array<{ id: string; name: string }>): Promise<WriteStore> {
  const pool = new pg.Pool({ connectionString: url });
  await pool.query(TABLE);
  await pool.query('INSERT INTO units (id, name) SELECT * FROM unnest($1::text[], $2::text[])', [units.map((u) => u.id), units.map((u) => u.name)]);
  const one = async (sql: string, params: unknown[]) => (await pool.query<UnitRow>(sql, params)).rows[0];
  return {
    rename: (b) => one(PG_RENAME, [b.name, b.comment ?? null, b.id, b.version ?? null]),
    settings: (b) => one(PG_SETTINGS, [b.outputChannel, b.multiChannel ? 1 : 0, b.id, b.version ?? null]),
    close: () => pool.end(),
  };
}

async function writeRoutes(server: FastifyInstance): Promise<WriteStore> {
  const units = JSON.parse(readFileSync(values.units, 'utf8')) as Array<{ id: string; name: string }>;
  const store = values.db.startsWith('postgres') ? await pgStore(values.db, units) : sqliteStore(values.db, units);
  const reply = (row: UnitRow | undefined) => {
    if (row) return answer(row);
    throw Object.assign(new Error('version conflict or unknown unit'), { statusCode: 409 });
  };
  server.put<{ Body: RenameBody }>('/api/devices/update', async (req) => reply(await store.rename(req.body)));
  server.put<{ Body: SettingsBody }>('/api/settingsConfiguration/add', async (req) => reply(await store.settings(req.body)));
  return store;
}

function staticRoutes(server: FastifyInstance): void {
  const routes = JSON.parse(readFileSync(values.routes, 'utf8')) as Array<{ path: string; bodyFile: string }>;
  for (const r of routes) {
    const body = readFileSync(r.bodyFile, 'utf8');
    server.get(r.path, async (_req, res) => res.type('application/json; charset=utf-8').send(body));
  }
}

const store = values.mode === 'writes' ? await writeRoutes(app) : (staticRoutes(app), null);
const url = await app.listen({ host: '127.0.0.1', port: 0 });
process.once('SIGTERM', () => {
  void app
    .close()
    .then(() => store?.close())
    .then(() => process.exit(0));
});
process.stdout.write(`READY ${JSON.stringify({ url })}\n`);
