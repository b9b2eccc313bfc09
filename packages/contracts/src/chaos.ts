/**
 * Chaos rules on the core's own surfaces (mock only; the control plane's `chaos.*`, the Simulator
 * panel's Chaos section). A rule matches REST calls (`surface: 'http'`: a catalogue call id or a
 * path pattern, a method, a user or a role) and answers them late, with an error the call
 * documents, or not at all (the connection dropped), or answers with its JSON drifted from the
 * contract (`drift`: what a real core, newer or older than the spec, may send); or it matches `/ws` connections
 * (`surface: 'ws'`: a user or a role) and cuts them, stalls their delivery for a while, or delays
 * every event. A rule applies to every hit, to its first `times` hits, or to each hit with a
 * `probability`; latencies and probabilities are drawn from the rule's `seed`, so a run
 * reproduces. The control plane's own routes (/mock/...) are never matched.
 */
import { z } from 'zod';
import { ENDPOINT_IDS, type EndpointId } from './catalogue/index.js';
import { Role } from './enums.js';

/** The longest latency or delay a rule may add (a minute). */
export const CHAOS_MAX_LATENCY_MS = 60_000;
/** The longest stall of /ws delivery (ten minutes). */
export const CHAOS_MAX_STALL_MS = 600_000;
/** At most this many rules at once. */
export const CHAOS_MAX_RULES = 100;

export const CHAOS_HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export const ChaosHttpMethod = z.enum(CHAOS_HTTP_METHODS);
export type ChaosHttpMethod = z.infer<typeof ChaosHttpMethod>;

const ms = (max: number) => z.number().int().min(0).max(max);

/** Added latency: a fixed time, uniform between two bounds, or log-normal around a median (long tail). */
export const ChaosLatency = z.discriminatedUnion('distribution', [
  z.object({ distribution: z.literal('fixed'), ms: ms(CHAOS_MAX_LATENCY_MS) }).strict(),
  z
    .object({ distribution: z.literal('uniform'), minMs: ms(CHAOS_MAX_LATENCY_MS), maxMs: ms(CHAOS_MAX_LATENCY_MS) })
    .strict()
    .refine((l) => l.minMs <= l.maxMs, { message: 'minMs must not exceed maxMs', path: ['maxMs'] }),
  /** exp(N(ln medianMs, sigma²)), capped at CHAOS_MAX_LATENCY_MS: half the hits under the median, a few far above. */
  z.object({ distribution: z.literal('lognormal'), medianMs: z.number().int().min(1).max(CHAOS_MAX_LATENCY_MS), sigma: z.number().min(0).max(3) }).strict(),
]);
export type ChaosLatency = z.infer<typeof ChaosLatency>;

/**
 * The ways a drift rule bends a successful JSON answer away from the call's response schema:
 * `extraFields` adds fields the schema does not name; `unknownEnums` puts values outside an enum;
 * `omitOptional` / `nullOptional` leave out, or set to null, the fields the schema lets be absent or
 * null; `longStrings` makes free text long in mixed scripts; `emptyLists` empties arrays;
 * `manyItems` makes arrays about five times longer (copies with their ids varied).
 */
export const CHAOS_DRIFT_MODES = ['extraFields', 'unknownEnums', 'omitOptional', 'nullOptional', 'longStrings', 'emptyLists', 'manyItems'] as const;
export const ChaosDriftMode = z.enum(CHAOS_DRIFT_MODES, {
  error: () => `A mode is one of ${CHAOS_DRIFT_MODES.join(', ')}`,
});
export type ChaosDriftMode = z.infer<typeof ChaosDriftMode>;

/** The share of the eligible places a drift rule changes when it gives none. */
export const CHAOS_DRIFT_DEFAULT_RATE = 0.3;

/** A drift effect: which modes, whether required fields break too (`strict`), and the share of eligible places changed. */
export const ChaosDriftEffect = z
  .object({
    kind: z.literal('drift'),
    modes: z
      .array(ChaosDriftMode)
      .min(1, 'Give at least one mode')
      .max(CHAOS_DRIFT_MODES.length)
      .refine((modes) => new Set(modes).size === modes.length, 'Give each mode once'),
    /** Also drop or null required fields (to test error boundaries). */
    strict: z.boolean().optional(),
    /** The share (above 0, at most 1) of the eligible places changed, drawn from the rule's seed; CHAOS_DRIFT_DEFAULT_RATE when absent. */
    rate: z.number().gt(0, 'The rate is a share above 0, at most 1').max(1, 'The rate is a share above 0, at most 1').optional(),
  })
  .strict();
export type ChaosDriftEffect = z.infer<typeof ChaosDriftEffect>;

/**
 * What a matched REST call gets. `error`: a status the call documents, its body the catalogue's error of that status (or `code`).
 * `drift`: a successful JSON answer (2xx) rewritten as ChaosDriftEffect says; other answers go as they are.
 */
export const ChaosHttpEffect = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('latency'), latency: ChaosLatency }).strict(),
  z
    .object({
      kind: z.literal('error'),
      status: z.number().int().min(400).max(599),
      /** An error code of the catalogue with that status; else the call's first of that status. */
      code: z
        .string()
        .regex(/^[A-Z0-9_]+$/)
        .max(64)
        .optional(),
    })
    .strict(),
  /** The connection is destroyed without an answer. */
  z.object({ kind: z.literal('drop') }).strict(),
  ChaosDriftEffect,
]);
export type ChaosHttpEffect = z.infer<typeof ChaosHttpEffect>;

/** What a matched /ws connection gets. */
export const ChaosWsEffect = z.discriminatedUnion('kind', [
  /** Closed at once without a closing handshake: those open when the rule is added and those that open while it is active. */
  z.object({ kind: z.literal('cut') }).strict(),
  /** Nothing delivered for `ms` from when the rule is added (or the connection opens); then everything held, in order. The rule ends by itself. */
  z.object({ kind: z.literal('stall'), ms: z.number().int().min(100).max(CHAOS_MAX_STALL_MS) }).strict(),
  /** Every event delivered `ms` late (in order). */
  z.object({ kind: z.literal('delay'), ms: z.number().int().min(1).max(CHAOS_MAX_LATENCY_MS) }).strict(),
]);
export type ChaosWsEffect = z.infer<typeof ChaosWsEffect>;

/**
 * A pattern over a call's path as the catalogue writes it, without the core prefix: `/v2/units/*`
 * (`*` or `{name}`: one segment), `/v2/units/**` (`**`: any number of segments, none included).
 */
export const ChaosPathPattern = z
  .string()
  .min(1)
  .max(300)
  .regex(/^\/[A-Za-z0-9_.\-/*{}]*$/, 'A path starting with /: letters, digits, _ . - / and the wildcards * ** {name}');

const Who = {
  /** One user, by user name. */
  user: z.string().min(1).max(255).optional(),
  /** Users holding this role. */
  role: Role.optional(),
};

/** How often: every hit (neither), the first `times` hits, or each hit with `probability`. */
const Limit = {
  times: z.number().int().min(1).max(1_000_000).optional(),
  probability: z.number().gt(0).max(1).optional(),
  /** The seed of the rule's draws (latencies, probabilities); a random one when absent, shown in the list to reproduce a run. */
  seed: z.number().int().min(0).max(0xffffffff).optional(),
};

export const ChaosHttpMatch = z
  .object({
    callId: z.enum(ENDPOINT_IDS as [EndpointId, ...EndpointId[]]).optional(),
    /** Calls the rule never meets, whatever else it matches (e.g. every call but the session's own: `['getCurrentUser']`). */
    except: z
      .array(z.enum(ENDPOINT_IDS as [EndpointId, ...EndpointId[]]))
      .max(ENDPOINT_IDS.length)
      .optional(),
    path: ChaosPathPattern.optional(),
    method: ChaosHttpMethod.optional(),
    ...Who,
  })
  .strict();
export type ChaosHttpMatch = z.infer<typeof ChaosHttpMatch>;

export const ChaosWsMatch = z.object(Who).strict();
export type ChaosWsMatch = z.infer<typeof ChaosWsMatch>;

const notBoth = (r: { times?: number | undefined; probability?: number | undefined }) => r.times === undefined || r.probability === undefined;
const NOT_BOTH = { message: 'Give times or probability, not both', path: ['probability'] };

export const ChaosHttpRuleInput = z
  .object({ surface: z.literal('http'), match: ChaosHttpMatch, effect: ChaosHttpEffect, ...Limit })
  .strict()
  .refine(notBoth, NOT_BOTH);
export const ChaosWsRuleInput = z
  .object({ surface: z.literal('ws'), match: ChaosWsMatch, effect: ChaosWsEffect, ...Limit })
  .strict()
  .refine(notBoth, NOT_BOTH);

/** `chaos.add`'s input. */
export const ChaosRuleInput = z.discriminatedUnion('surface', [ChaosHttpRuleInput, ChaosWsRuleInput]);
export type ChaosRuleInput = z.infer<typeof ChaosRuleInput>;
export type ChaosHttpRuleInput = z.infer<typeof ChaosHttpRuleInput>;
export type ChaosWsRuleInput = z.infer<typeof ChaosWsRuleInput>;

/** A rule as the control plane lists it: what was asked, its seed, who added it, and how often it was applied. */
export type ChaosRule = ChaosRuleInput & {
  id: string;
  seed: number;
  /** How many times the rule was applied (a call answered late, refused, dropped or drifted; a connection cut or stalled; an event delayed). */
  hits: number;
  createdAt: number;
  createdBy: string;
  /** A stall's end (it ends by itself); null otherwise. */
  endsAt: number | null;
  /** Still applying: not spent (`times` hits made) and not ended (a stall past its end). */
  active: boolean;
};

export const ChaosRuleIdInput = z.object({ id: z.string().min(1).max(64) }).strict();
export type ChaosRuleIdInput = z.infer<typeof ChaosRuleIdInput>;

/** A catalogue call as the Chaos form offers it: the error statuses it documents. */
export interface ChaosCall {
  id: EndpointId;
  method: string;
  path: string;
  statuses: number[];
}
