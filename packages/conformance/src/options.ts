/** What a conformance run is told: the core, the credentials, what it may send, and how fast. */
import type { RunClock } from './clock.js';
import type { SentRequest } from './http.js';

/** Requests per second unless told otherwise: modest enough for a production core. */
export const DEFAULT_RPS = 5;

export interface ConformanceOptions {
  core: string;
  user?: string;
  password?: string;
  /** A session cookie (`name=value`) used instead of signing in. */
  cookie?: string;
  /** Headers sent with every request that carries the credentials (`['Authorization', 'Bearer …']`). */
  headers?: readonly (readonly [string, string])[];
  /** Write calls without a session, and outside the user's roles with it: made-up ids and a refused body. */
  probeWrites?: boolean;
  /** Also the write triples on the run's own objects and the negative bodies (implies probeWrites). */
  write?: boolean;
  /** Undocumented fields fail the run. */
  strict?: boolean;
  /** Requests per second, /ws connects included (default DEFAULT_RPS; 0: no limit). */
  rps?: number;
  /** How long to listen for /ws events (seconds, default 5; 0 skips listening, the heartbeat and the resume). */
  wsSeconds?: number;
  /** Only this area (a catalogue file's name, e.g. `groups`, or `realtime`). */
  only?: string;
  /** Per-request timeout (ms). */
  timeoutMs?: number;
  /** Progress lines (stderr in the CLI), secrets hidden. */
  log?: (line: string) => void;
  /** Each request as it is sent (method, path, with or without the credentials, why). */
  onRequest?: (r: SentRequest) => void;
  /** The run's time: the rate limit, the /ws checks, the report's start and duration (default the system clock). */
  clock?: RunClock;
}
