import path from 'node:path';
import type { DbProvider } from './paths.js';

/** Which provider a database URL designates: `file:` URLs and bare paths are SQLite. */
export function providerOf(url: string): DbProvider {
  if (/^postgres(ql)?:\/\//i.test(url)) return 'postgresql';
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) {
    throw new Error(`Unsupported database URL scheme: ${redactUrl(url)} (use file:<path>, a path, or postgresql://)`);
  }
  return 'sqlite';
}

/** Absolute file path of a SQLite URL (`file:./x.db`, `file:/abs/x.db`, or a plain path). Query strings are ignored. */
export function sqlitePathOf(url: string): string {
  let p = url.startsWith('file:') ? url.slice('file:'.length) : url;
  if (p.startsWith('//')) p = p.slice(2); // file:///abs/path
  const q = p.indexOf('?');
  if (q >= 0) p = p.slice(0, q);
  if (p === ':memory:') return p;
  return path.resolve(p);
}

/** The URL with its password hidden, for messages and logs. */
export function redactUrl(url: string): string {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) return url;
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url;
  }
}

/** The same PostgreSQL URL pointing at another database. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = '/' + encodeURIComponent(database);
  return u.toString();
}

/** The database name of a PostgreSQL URL. */
export function databaseOf(url: string): string {
  const u = new URL(url);
  return decodeURIComponent(u.pathname.replace(/^\//, '')) || 'postgres';
}

/**
 * For CLIs: make a relative SQLite URL absolute against `baseDir` (pnpm runs package scripts in
 * the package folder; pass the directory the user typed the command in, e.g. INIT_CWD).
 */
export function resolveSqliteUrl(url: string, baseDir: string): string {
  if (providerOf(url) !== 'sqlite') return url;
  let p = url.startsWith('file:') ? url.slice('file:'.length) : url;
  if (p.startsWith('//')) p = p.slice(2);
  if (p === ':memory:' || path.isAbsolute(p)) return url;
  return `file:${path.resolve(baseDir, p)}`;
}
