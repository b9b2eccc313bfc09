/**
 * Secrets of a run (the password, the session cookie's values, the values of --header, the cookies
 * the sign-in set) never reach a report, a log line or an error message: every text that leaves the
 * run goes through `redact`, which replaces each of them with `***`. A core that echoes a token in
 * an answer is reported with the token hidden.
 */
export const HIDDEN = '***';

/** The parts of a header value worth hiding: the whole value, and the credential after a scheme (`Bearer abc` → `abc`). */
export function headerSecrets(value: string): string[] {
  const out = [value.trim()];
  const m = /^\s*[A-Za-z][\w-]*\s+(\S+)\s*$/.exec(value);
  if (m?.[1]) out.push(m[1]);
  return out;
}

/** The values of a `name=value; name2=value2` cookie string. */
export function cookieSecrets(cookie: string): string[] {
  return cookie
    .split(';')
    .map((pair) => pair.slice(pair.indexOf('=') + 1).trim())
    .filter((v) => v !== '');
}

export class Secrets {
  private readonly values = new Set<string>();

  add(...values: readonly (string | undefined)[]): void {
    // Very short values would hide ordinary words; no credential is that short.
    for (const v of values) if (v !== undefined && v.length >= 3) this.values.add(v);
  }

  /** The text with every secret (and its URL-encoded form) replaced by ***. */
  redact(text: string): string {
    let out = text;
    // Longest first, so a value containing another is hidden whole.
    for (const v of [...this.values].sort((a, b) => b.length - a.length)) {
      out = out.split(v).join(HIDDEN);
      const encoded = encodeURIComponent(v);
      if (encoded !== v) out = out.split(encoded).join(HIDDEN);
    }
    return out;
  }

  /** A copy of a JSON-like value with every string redacted. */
  redactDeep<T>(value: T): T {
    if (typeof value === 'string') return this.redact(value) as T;
    if (Array.isArray(value)) return value.map((v: unknown) => this.redactDeep(v)) as T;
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.redactDeep(v)])) as T;
    }
    return value;
  }
}

/** A URL without its user and password (a core given as https://user:pass@host). */
export function withoutUserInfo(url: string): string {
  try {
    const u = new URL(url);
    if (!u.username && !u.password) return url;
    u.username = '';
    u.password = '';
    return u.toString();
  } catch {
    return url;
  }
}
