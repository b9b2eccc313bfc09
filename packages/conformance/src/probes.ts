/**
 * What the run and its dry run share: which calls a run makes (the chosen area and the discovery
 * calls it needs), and the made-up values of the probes (ids no object has, malformed parameters).
 */
import type { EndpointDef } from '@fleet/contracts';
import type { z } from 'zod';
import { catalogueCalls, pathParamNames, type Call } from './calls.js';
import { DISCOVERY_CALLS } from './objects.js';
import { sample } from './schema.js';

/** A value no object has, valid for the parameter's schema when one of the candidates is. */
export const MISSING_CANDIDATES = [
  'conformance-no-such-object-0',
  '64',
  'zz-conformance-absent',
  '00000000-0000-4000-8000-000000000000',
  '999999999',
  'ffffffffffffffffffffffff',
];
export const BAD_CANDIDATES = ['not-a-number', '-1', 'not valid!', 'x'.repeat(5000)];
/** Path parameters stay under 100 characters: longer ones meet the HTTP layer's own limit (Fastify answers 414). */
export const BAD_PATH_CANDIDATES = BAD_CANDIDATES.filter((v) => v.length <= 100);
export const PROBE_ID = 'conformance-probe';
/** Calls made again for more objects of their kind during discovery, at most FAN_OUT_MAX more times each. */
export const FAN_OUT = new Set([
  'getServer',
  'getInventoryIngestServers',
  'listInventoryStories',
  'listInventoryAudioRooms',
  'listGroupVrChannels',
  'fetchChannelFiles',
  'getUnitUpgradeTargets',
  'getServerUpgradeTargets',
  'listUnitUpgrades',
  'listServerUpgrades',
]);
export const FAN_OUT_MAX = 5;
/** Objects a read is tried on before it is reported "not checked" (each answered a documented refusal). */
export const READ_ATTEMPTS = 3;

export const fits = (schema: z.ZodType | undefined, value: unknown): boolean => !schema || schema.safeParse(value).success;

export interface Selection {
  /** Every call of the catalogue. */
  all: Call[];
  /** The calls reported (the chosen area, or all). */
  reported: Set<string>;
  /** The GETs the run makes: the reported ones and the discovery calls they need. */
  gets: Call[];
  /** The write calls (POST, PUT, DELETE) reported. */
  writes: Call[];
  realtime: boolean;
}

/** The calls of a run with `--only` (an area, `realtime`, or nothing for all). */
export function selectCalls(only: string | undefined): Selection {
  const all = catalogueCalls();
  const chosen = only === undefined ? all : only === 'realtime' ? [] : all.filter((c) => c.area === only);
  const reported = new Set(chosen.map((c) => c.id));
  return {
    all,
    reported,
    gets: all.filter((c) => c.def.method === 'GET' && (reported.has(c.id) || DISCOVERY_CALLS.has(c.id))),
    writes: chosen.filter((c) => c.def.method !== 'GET'),
    realtime: only === undefined || only === 'realtime',
  };
}

/** The areas `--only` accepts. */
export function areas(): string[] {
  return [...new Set(catalogueCalls().map((c) => c.area)), 'realtime'].sort();
}

/** Path parameters no object has that fit the call's schema (PROBE_ID where none does). */
export function madeUpParams(def: EndpointDef): { params: Record<string, string>; fit: boolean } {
  const params: Record<string, string> = {};
  for (const name of pathParamNames(def.path)) {
    const field = def.params?.shape[name] as z.ZodType | undefined;
    // A parameter that names no object (a product, a session number) takes a value of its own schema.
    const own = field ? sample(field, PROBE_ID)?.value : undefined;
    params[name] = MISSING_CANDIDATES.find((v) => fits(field, v)) ?? (typeof own === 'string' || typeof own === 'number' ? String(own) : PROBE_ID);
  }
  return { params, fit: fits(def.params, params) };
}

/** Whether a probe of the call without a session or with a role outside its roles could change anything if the guard were missing: never when it takes a body (a refused one is sent) or names an object (a made-up one is sent). */
export const probeIsHarmless = (def: EndpointDef): boolean => def.body !== undefined || pathParamNames(def.path).length > 0;

/** The GET of the same path as a write (what the negative bodies are read back with), if the catalogue has one. */
export function readOfSamePath(all: readonly Call[], def: EndpointDef): Call | undefined {
  return all.find((c) => c.def.method === 'GET' && c.def.path === def.path);
}
