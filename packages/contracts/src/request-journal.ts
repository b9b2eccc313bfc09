/**
 * The mock's request journal (read through the control plane: `journal.list`, `journal.wait`): the
 * last requests the core answered, with what a QA test needs to verify what a client sent — never
 * a body, a cookie, a password or a query string (signed links carry their signature there).
 */
import { z } from 'zod';

/** HTTP methods as the journal records them. */
export const JournalMethod = z.enum(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** One request the core answered. */
export const JournalEntry = z.object({
  /** Increasing number of the entry (the core's, from its start): `after` resumes from it. */
  seq: z.number().int().min(1),
  /** When the request arrived (ISO 8601). */
  time: z.string(),
  method: z.string(),
  /** The path without its query string. */
  path: z.string(),
  /** The catalogue call the request was routed to (`listUnits`, ...), or null (mock routes, /ws, unknown paths). */
  callId: z.string().nullable(),
  status: z.number().int(),
  /** From the request's arrival to its answer, in ms. */
  durationMs: z.number(),
  /** The signed-in user's name, or null. */
  user: z.string().nullable(),
  /** A short id of the session the request came with (not its token; the same session, the same id), or null. */
  session: z.string().nullable(),
});
export type JournalEntry = z.infer<typeof JournalEntry>;

const text = z.string().min(1).max(512);

/** What the journal is filtered by: every field given must match. */
export const JournalFilter = z
  .object({
    method: JournalMethod.optional().describe('The HTTP method'),
    /** The path, `*` standing for any characters (`/api/v2/units/*`); else matched whole. */
    path: text.optional().describe('The path without its query string, `*` standing for any characters (/api/v2/units/*)'),
    callId: z.string().min(1).max(128).optional().describe('The catalogue call id (getUserPreferences, ...)'),
    /** An exact status (`404`) or a class (`4xx`). */
    status: z
      .string()
      .regex(/^[1-5]([0-9]{2}|xx)$/)
      .optional()
      .describe('An exact status (404) or a class (4xx)'),
    /** The signed-in user's name. */
    user: z.string().min(1).max(255).optional().describe("The signed-in user's name"),
    /** `mine`: only the caller's own session; else a session id of the journal. */
    session: z.string().min(1).max(64).optional().describe("mine: the caller's own session; else a session id the journal shows"),
    /** Only requests that arrived at or after this time (ISO 8601). */
    since: z.iso.datetime({ offset: true }).optional().describe('Only requests that arrived at or after this time (ISO 8601)'),
    /** Only entries after this one (an entry's `seq`). */
    after: z.number().int().min(0).optional().describe("Only entries after this one (an entry's seq)"),
  })
  .strict();
export type JournalFilter = z.infer<typeof JournalFilter>;

export const JOURNAL_LIST_LIMIT = { default: 100, max: 1000 } as const;
export const JOURNAL_WAIT_MS = { default: 10_000, max: 60_000 } as const;

export const JournalListInput = JournalFilter.extend({
  /** At most this many entries, the newest first. */
  limit: z
    .number()
    .int()
    .min(1)
    .max(JOURNAL_LIST_LIMIT.max)
    .optional()
    .describe(`At most this many entries, the newest first (default ${JOURNAL_LIST_LIMIT.default})`),
}).strict();
export type JournalListInput = z.infer<typeof JournalListInput>;

export const JournalWaitInput = JournalFilter.extend({
  /** How long to wait for a matching request, in ms; then 408. */
  timeoutMs: z.number().int().min(0).max(JOURNAL_WAIT_MS.max).optional().describe(`How long to wait, in ms (default ${JOURNAL_WAIT_MS.default}); then 408`),
}).strict();
export type JournalWaitInput = z.infer<typeof JournalWaitInput>;
