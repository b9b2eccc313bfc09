/**
 * Configuration, validated once at boot. Nothing else in the core reads process.env.
 */
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

export const ConfigSchema = z.object({
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** Prefix of the core REST surface; only spec calls live under it. */
  CORE_PREFIX: z
    .string()
    .regex(/^\/[A-Za-z0-9/_-]*[A-Za-z0-9_-]$/, 'CORE_PREFIX must start with / and not end with /')
    .default('/api'),
  /**
   * The path the browser reaches this core at when it is not the origin's root ('' : at the root).
   * The console's page, runtime-config.json, the session cookie and the links the core hands out are
   * under it. A sandbox's core has its `/sandboxes/<id>`; a proxy that strips a prefix sets it.
   */
  PUBLIC_BASE: z
    .string()
    .regex(/^(\/[A-Za-z0-9._~-]+)*$/, 'PUBLIC_BASE must be empty or start with / and not end with /')
    .default(''),
  DATABASE_URL: z.string().min(1).default('file:./.data/fleet.db'),
  /** Apply committed migrations at boot (safe: applies only what is missing). */
  MIGRATE_ON_BOOT: bool.default(true),
  /** Seed a demo fleet at boot when the database has no users (never overwrites data). */
  SEED_ON_BOOT: bool.default(false),
  SEED: z.coerce.number().int().default(1),
  /** The demo fleet's size when it is seeded: small (24 units), medium (about 60), large (1,000); `npm start -- --fleet NAME`. */
  SEED_FLEET: z.enum(['small', 'medium', 'large']).default('medium'),
  DEMO_PASSWORD: z.string().min(1).default('Demo-pass-1'),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(12),
  /** Sessions are cookies; set when the console is served over HTTPS. */
  COOKIE_SECURE: bool.default(false),
  /** Comma-separated origins allowed to open /ws besides the core's own host. */
  ALLOWED_ORIGINS: z.string().default(''),
  /** Built console to serve at /; empty disables. */
  CONSOLE_DIST: z.string().default(''),
  /** Shared secret simulator shards present on /gateway. Empty: shard connections refused. */
  GATEWAY_TOKEN: z.string().default(''),
  /** How long the core waits for a device to acknowledge a command. */
  DEVICE_COMMAND_TIMEOUT_MS: z.coerce.number().int().positive().default(12_000),
  /**
   * Upgrades a previous core process left open (modules/upgrades/upgrades.ts): how long a pending one waits
   * for its device to be reachable before its command is sent regardless, and how long an upgrading
   * one may go without a report from its device before it ends failed (-1) (a server reporting in
   * without running it ends it at once, by the version it runs).
   */
  UPGRADE_RESUME_TIMEOUT_MS: z.coerce.number().int().positive().default(120_000),
  /** Enable the mock-only endpoints (/mock/auth, /mock/trpc). A real deployment has none. */
  MOCK_ENDPOINTS: bool.default(true),
  /**
   * Where the mock keeps its fleet recordings (record and replay): `<id>.ndjson.gz` and a summary
   * `<id>.json` each. Relative to the core's working directory, like the SQLite default.
   */
  RECORDINGS_DIR: z.string().min(1).default('.data/recordings'),
  /**
   * How many of the latest requests the mock's request journal keeps (mock only; read through the
   * control plane's `journal.list` / `journal.wait`); 0 keeps none and adds no hook.
   */
  REQUEST_JOURNAL_SIZE: z.coerce.number().int().min(0).max(100_000).default(1000),
  /**
   * Secret the download links of channel files are signed with (HMAC-SHA256). Empty: a random
   * secret per process, so links stop working when the core restarts and work only on the instance
   * that made them — set it (the same on every instance) for anything but a single local core.
   */
  DOWNLOAD_URL_SECRET: z.string().default(''),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Check every catalogue answer against its zod response schema, and the compiled serialiser's
   * bytes against JSON.stringify of the parsed answer (a mismatch answers 500). On unless turned
   * off, so tests and development check; `scripts/start.sh` turns it off: answers are then written
   * by the compiled serialisers alone (routes/serialisers.ts).
   */
  RESPONSE_VALIDATION: bool.default(true),
  // ── Security (OWASP ASVS level 2; see SECURITY.md) ──
  /** Failed log-ins of one account within LOGIN_FAILURE_WINDOW_S before it is locked out (429). */
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  /** Failed log-ins from one address within LOGIN_FAILURE_WINDOW_S before it is locked out (429). */
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().positive().default(50),
  /** The window failed log-ins are counted in. */
  LOGIN_FAILURE_WINDOW_S: z.coerce.number().int().positive().default(900),
  /** How long a locked-out account or address is refused (429 with Retry-After), even with the right password. */
  LOGIN_LOCKOUT_S: z.coerce.number().int().positive().default(900),
  /**
   * REST requests per minute per session (signed-in callers); 0 turns the limit off. The default is
   * above what one session reaches in the benchmarks (GET v2/units/{id}: 21,329/s = 1.28 M/min).
   */
  RATE_LIMIT_PER_SESSION_PER_MINUTE: z.coerce.number().int().min(0).default(3_000_000),
  /** REST requests per minute per client address; 0 turns the limit off. */
  RATE_LIMIT_PER_ADDRESS_PER_MINUTE: z.coerce.number().int().min(0).default(6_000_000),
  /** Open /ws connections per session, at most. */
  REALTIME_MAX_CONNECTIONS_PER_SESSION: z.coerce.number().int().positive().default(20),
  /** Topics one /ws connection may be subscribed to, at most. */
  REALTIME_MAX_TOPICS_PER_CONNECTION: z.coerce.number().int().positive().default(5000),
  /**
   * The scrypt cost N (a power of two, with r=8 and p=1) of password hashes this core makes, instead of
   * the current parameters (packages/db password.ts: N=2^14, r=8, p=5). For test runs only, as
   * frameworks lower their hashing cost in tests: a log-in then costs about a millisecond instead of
   * 150 ms of CPU. Never set it in production: it weakens every password stored from then on.
   */
  PASSWORD_HASH_N: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number()
      .int()
      .min(2)
      .max(2 ** 20)
      .refine((n) => (n & (n - 1)) === 0, 'a power of two')
      .optional(),
  ),
  /** How often expired sessions are deleted from storage. */
  SESSION_PURGE_INTERVAL_S: z.coerce.number().int().positive().default(600),
  // ── Real-time (/ws) ──
  /**
   * Redis shared by several core instances (redis://host:6379/0): events are numbered by Redis and
   * every instance delivers the same stream. Empty: a single process numbers its own events.
   */
  REDIS_URL: z.string().default(''),
  /** Prefix of the Redis keys and channel, so several deployments can share one Redis. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_-]{1,64}$/)
    .default('fleet:rt'),
  /**
   * The websocket library setting: the one value of the current user's props (wsLibrary), GET
   * client/configuration and the /ws hello; consoles reload when it changes.
   */
  WS_LIBRARY: z.string().min(1).max(64).default('ws@8'),
  /** Ping interval of /ws; a peer that has not answered the previous ping is cut. */
  REALTIME_HEARTBEAT_MS: z.coerce.number().int().min(50).default(30_000),
  /** History kept per topic for resuming (a console back within about a minute replays what it missed). */
  REALTIME_HISTORY_MS: z.coerce.number().int().min(1000).default(65_000),
  /**
   * Bytes of history over all topics, at most (held outside the JavaScript heap). 32 MiB holds the
   * 65 s of 1,000 lively units (about 20 MiB) and about 10 s of 10,000 (a console away longer reads
   * its lists again); a fleet run at ×20 (a scenario) sends twenty times the events a second, and
   * the history stays within this instead of growing with the speed.
   */
  REALTIME_HISTORY_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(32 * 1024 * 1024),
  /** A /ws client with more unsent bytes than this is cut off (slow consumer). */
  REALTIME_MAX_BUFFERED_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(4 * 1024 * 1024),
  /** 0: events leave at the end of the event-loop turn they were published in; > 0: batched this long. */
  REALTIME_FLUSH_MS: z.coerce.number().int().min(0).max(1000).default(0),
  /**
   * Mock only: `simulated` (the default) lets the core's business time (trials, support access, password and
   * notification expiry, usage days) follow the simulator's clock, so QA can fast-forward it; `wall` keeps it on
   * the wall clock whatever the simulator's pace (a stack whose devices run faster than real time, as the
   * end-to-end tests' does, while the console counts time left against the browser's clock).
   */
  BUSINESS_TIME: z.enum(['simulated', 'wall']).default('simulated'),
  // ── Metrics (Prometheus) ──
  /**
   * The port of the metrics listener (`GET /metrics`, Prometheus' text format), apart from the public one
   * so that it is never reachable where the console is. Empty: no metrics are collected or served.
   */
  METRICS_PORT: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(65535).optional()),
  /** Where the metrics listener binds (loopback unless a scraper elsewhere needs it). */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** When set, a scrape must carry `Authorization: Bearer <token>` (401 otherwise). */
  METRICS_TOKEN: z.string().default(''),
});
export type Config = z.infer<typeof ConfigSchema>;

/** Parse the environment; throws one readable error listing every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = ConfigSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}
