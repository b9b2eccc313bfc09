/**
 * Where a sandbox's data lives: on the stack's own provider.
 *
 * - SQLite: a file of its own in the sandboxes' folder, copied from a template file.
 * - PostgreSQL: a database of its own on the stack's server, copied from a template database
 *   (`CREATE DATABASE … TEMPLATE`: one statement, the server copies the files). A database rather
 *   than a schema: nothing (a sequence, a search path, an extension) can reach from one into another,
 *   and the copy needs no per-table statements. Names: `sbx_<stack>_<instance>_<id>` for a sandbox,
 *   `sbx_<stack>_<instance>_t_…` for a template, where `<stack>` is a hash of the stack's database name
 *   and `<instance>` the core instance holding it, so a starting instance drops what an earlier
 *   process left (its own, or a stopped instance's) and nothing of a live one.
 *
 * A template is made once: the schema migrated into an empty one (once per process), then per seed
 * and fleet size a copy of it seeded (`fill`). Sandboxes are copies of seeded templates. On
 * PostgreSQL a copy of the empty one is made ahead (after each use), and the first sandbox of a new
 * seed takes it, renamed, and is seeded in place (`fresh`): it waits for a rename and its seeding,
 * not for a copy of a seeded template (0.25–0.55 s); that seed's template is seeded after it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { copyFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import {
  createDatabase,
  databaseOf,
  databasesStartingWith,
  dropDatabase,
  migrateDeployInWorker,
  providerOf,
  renameDatabase,
  type CreateDbOptions,
} from '@fleet/db';

export interface SandboxStorage {
  /** Removes what sandboxes of earlier processes left in the stack's database server (`alive`: whether an instance still runs, with several). */
  start(alive: (instance: string) => Promise<boolean>): Promise<void>;
  /** A template holding the migrated schema and what `fill` writes into it (given its URL); `key` names it. */
  template(key: string, fill: (url: string) => Promise<void>): Promise<string>;
  /** A sandbox's own copy of `template`: its URL. */
  copy(template: string, id: string): Promise<string>;
  /**
   * A sandbox's database made with the migrated schema and filled in place (`fill`), without a
   * seeded template: its URL. Only where a copy of a template costs more than it saves (PostgreSQL);
   * SQLite copies a file.
   */
  fresh?(id: string, fill: (url: string) => Promise<void>): Promise<string>;
  /** Removes a sandbox's copy. */
  drop(id: string): Promise<void>;
  /** Removes a template no longer kept. */
  dropTemplate(template: string): Promise<void>;
  /** The stack is stopping: its templates go (a sandbox's copy goes with its removal). */
  close(): Promise<void>;
  /** How a sandbox's core connects to its copy: few connections, its memory is what counts. */
  readonly connection: Omit<CreateDbOptions, 'url'>;
}

export function sandboxStorage(databaseUrl: string, dir: string, instance: string): SandboxStorage {
  return providerOf(databaseUrl) === 'postgresql' ? new PostgresStorage(databaseUrl, instance) : new SqliteStorage(dir);
}

class SqliteStorage implements SandboxStorage {
  private empty: Promise<string> | null = null;
  // One connection, no checkpoint worker.
  readonly connection = { readConnection: false, checkpointWorker: false };

  constructor(private readonly dir: string) {}

  async start(): Promise<void> {
    // The folder is emptied by the sandboxes' host (only this process uses it).
  }

  async template(key: string, fill: (url: string) => Promise<void>): Promise<string> {
    this.empty ??= (async () => {
      const file = join(this.dir, 'template-empty.db');
      await migrateDeployInWorker(`file:${file}`);
      return file;
    })();
    const file = join(this.dir, `template-${key}.db`);
    const making = `${file}.${randomBytes(4).toString('hex')}.tmp`;
    await copyFile(await this.empty, making);
    try {
      // Closing its last connection (in `fill`) folds the WAL into the file: the copy holds everything.
      await fill(`file:${making}`);
    } catch (e) {
      await removeFile(making);
      throw e;
    }
    await rename(making, file);
    return file;
  }

  async copy(template: string, id: string): Promise<string> {
    const file = join(this.dir, `${id}.db`);
    await copyFile(template, file);
    return `file:${file}`;
  }

  drop(id: string): Promise<void> {
    return removeFile(join(this.dir, `${id}.db`));
  }

  async dropTemplate(template: string): Promise<void> {
    await removeFile(template);
  }

  async close(): Promise<void> {
    // The folder is emptied at the next start.
  }
}

async function removeFile(file: string): Promise<void> {
  await Promise.all(['', '-wal', '-shm', '-journal'].map((suffix) => rm(`${file}${suffix}`, { force: true })));
}

class PostgresStorage implements SandboxStorage {
  private readonly prefix: string;
  private readonly mine: string;
  private empty: Promise<string> | null = null;
  /**
   * A copy of the empty template made ahead of need: the next template takes it by a rename, so a
   * new seed's sandbox waits for one database copy, not two; the next one is made after that fill.
   */
  private blank: Promise<string> | null = null;
  private readonly templates = new Set<string>();
  // A pool of two: a sandbox's requests are few, and the server's connections are shared by every sandbox.
  readonly connection = { poolSize: 2 };

  constructor(
    private readonly adminUrl: string,
    instance: string,
  ) {
    this.prefix = `sbx_${createHash('sha256').update(databaseOf(adminUrl)).digest('hex').slice(0, 8)}_`;
    this.mine = `${this.prefix}${instance}_`;
  }

  async start(alive: (instance: string) => Promise<boolean>): Promise<void> {
    for (const name of await databasesStartingWith(this.adminUrl, this.prefix)) {
      const instance = name.slice(this.prefix.length).split('_')[0] ?? '';
      if (!(await alive(instance))) await dropDatabase(this.adminUrl, name);
    }
  }

  async template(key: string, fill: (url: string) => Promise<void>): Promise<string> {
    const name = `${this.mine}t_${key.replace(/[^a-z0-9]+/gi, '_').toLowerCase()}_${randomBytes(2).toString('hex')}`;
    this.templates.add(name);
    try {
      await this.filledBlank(name, fill);
    } catch (e) {
      this.templates.delete(name);
      throw e;
    }
    return name;
  }

  async fresh(id: string, fill: (url: string) => Promise<void>): Promise<string> {
    return this.filledBlank(`${this.mine}${id}`, fill);
  }

  /** The empty template's copy made ahead, renamed `name` and filled: its URL (dropped if either fails). */
  private async filledBlank(name: string, fill: (url: string) => Promise<void>): Promise<string> {
    const making = this.blank ?? this.makeBlank();
    this.blank = null;
    const blank = await making;
    this.templates.delete(blank);
    let url: string;
    try {
      url = await renameDatabase(this.adminUrl, blank, name);
    } catch (e) {
      await dropDatabase(this.adminUrl, blank).catch(() => undefined);
      throw e;
    }
    try {
      await fill(url);
      return url;
    } catch (e) {
      await dropDatabase(this.adminUrl, name).catch(() => undefined);
      throw e;
    } finally {
      // One that cannot be made is forgotten (makeBlank) and made again when a template needs it.
      this.blank ??= this.makeBlank();
    }
  }

  /** A copy of the empty template (migrated once per process) under a name of its own. */
  private makeBlank(): Promise<string> {
    const empty = (this.empty ??= (async () => {
      const name = `${this.mine}t_empty`;
      await dropDatabase(this.adminUrl, name);
      this.templates.add(name);
      await migrateDeployInWorker(await createDatabase(this.adminUrl, name));
      return name;
    })());
    const name = `${this.mine}t_blank_${randomBytes(4).toString('hex')}`;
    this.templates.add(name);
    const made = (async () => {
      await createDatabase(this.adminUrl, name, { template: await empty });
      return name;
    })();
    made.catch(() => {
      if (this.blank === made) this.blank = null;
      this.templates.delete(name);
    });
    return made;
  }

  copy(template: string, id: string): Promise<string> {
    return createDatabase(this.adminUrl, `${this.mine}${id}`, { template });
  }

  drop(id: string): Promise<void> {
    return dropDatabase(this.adminUrl, `${this.mine}${id}`);
  }

  async dropTemplate(template: string): Promise<void> {
    this.templates.delete(template);
    await dropDatabase(this.adminUrl, template);
  }

  async close(): Promise<void> {
    // A blank being made is dropped once it is there.
    await this.blank?.catch(() => undefined);
    this.blank = null;
    await Promise.all([...this.templates].map((t) => this.dropTemplate(t).catch(() => undefined)));
    this.empty = null;
  }
}
