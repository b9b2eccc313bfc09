/**
 * The control plane (control-plane.ts, tRPC at /mock/trpc) as plain HTTP + JSON, and its OpenAPI
 * document — both derived from the router itself, so a procedure added to it is reachable and
 * documented without a line here:
 *
 * - a query is `GET /mock/api/<path>` (the procedure's name, its dots as slashes: `fleet.status` →
 *   `/mock/api/fleet/status`), its input's fields as query-string parameters (an object or array
 *   field as JSON text; an input that is not an object of fields, whole as JSON text in `input`);
 * - a mutation is `POST /mock/api/<path>` with its input as the JSON body (none, or `{}`, when it
 *   takes none);
 * - the answer is the procedure's result as JSON; a failure is the product's error envelope with the
 *   matching HTTP status (control-plane-http.ts).
 *
 * The document (served at /docs/mock-openapi.json, committed as docs/mock-openapi.json) is kept
 * apart from the core's: the core's document describes only the spec's REST surface.
 */
import { z } from 'zod';
import type { AnyTRPCProcedure } from '@trpc/server';
import { ErrorEnvelope, MOCK_AUTH } from '@fleet/contracts';
import { appRouter } from './control-plane.js';
import type { ControlMeta } from './control-plane-trpc.js';
import { OpenApiComponents, openApiHeading } from '../plugins/openapi.js';

type Json = Record<string, unknown>;

/** Where the plain HTTP routes of the control plane live. */
export const CONTROL_HTTP_PREFIX = '/mock/api';

export interface ControlProcedure {
  /** The tRPC name (`fleet.status`). */
  name: string;
  type: 'query' | 'mutation';
  method: 'GET' | 'POST';
  /** `/mock/api/fleet/status`. */
  url: string;
  /** Its input schema, or null when it takes none. */
  input: z.ZodType | null;
  access: NonNullable<ControlMeta['access']>;
}

/** The procedure's input schema: its one `.input()`, or their intersection when it has several. */
function inputOf(inputs: readonly unknown[]): z.ZodType | null {
  const schemas = inputs.filter((s): s is z.ZodType => s instanceof z.ZodType);
  if (schemas.length !== inputs.length) throw new Error('a control-plane input that is not a zod schema cannot be described');
  if (schemas.length === 0) return null;
  return schemas.reduce((a, b) => z.intersection(a, b));
}

/** Every query and mutation of the router, in the router's order (subscriptions have no plain HTTP form). */
export function controlProcedures(): ControlProcedure[] {
  const out: ControlProcedure[] = [];
  // Typed as the nested router record; at run time tRPC keeps every procedure under its full dotted path.
  const procedures = appRouter._def.procedures as object as Record<string, AnyTRPCProcedure>;
  for (const [name, procedure] of Object.entries(procedures)) {
    const def = procedure._def as unknown as { type: string; inputs: readonly unknown[]; meta?: ControlMeta };
    if (def.type !== 'query' && def.type !== 'mutation') continue;
    out.push({
      name,
      type: def.type,
      method: def.type === 'query' ? 'GET' : 'POST',
      url: `${CONTROL_HTTP_PREFIX}/${name.split('.').join('/')}`,
      input: inputOf(def.inputs),
      access: def.meta?.access ?? 'public',
    });
  }
  return out;
}

/** One line on what each procedure does (a procedure without one is described by its name). */
const SUMMARIES: Record<string, string> = {
  capabilities: 'The capability probe: present only on the mock, with every control procedure',
  reset: 'Restart every simulated device from a seed',
  'fleet.status': 'Simulator shards, the fleet mix, gateway and realtime counters',
  'fleet.generate': 'Replace the generated units with a fleet of a given size and mix',
  'fleet.clear': 'Remove the generated units (seeded ones stay)',
  'fleet.join': 'A simulated LU-Smart or LU-Lite joins a group with a code',
  'fleet.check': 'The fleet invariants of every shard and what they run',
  'fault.inject': 'Inject a fault into one unit or one server',
  'clock.get': "Each shard's simulated clock",
  'clock.set': 'Set the simulated clock: real time, accelerated, stepped; advance a stepped clock',
  'demo.set': 'Run a demo preset (with reset: fleet, clock and demo accounts back to their seeded start)',
  'demo.status': 'The demo preset the shards run',
  'scenario.start': 'Start a scenario file (the command-line runner)',
  'scenario.stop': 'Stop the scenario; the clock goes back to its mode from before',
  'scenario.run': 'Run a library scenario as a test (speed, step outcomes, verdict, JUnit report)',
  'scenario.runs': 'The recent scenario runs, newest first, the running one with its progress',
  'scenario.library': "The simulator's scenario library",
  'scenario.status': "The running scenario, the simulated clock and the core's business time",
  'recording.start': 'Start recording the fleet',
  'recording.stop': 'Stop the recording under way',
  'recording.list': 'The recordings kept',
  'recording.remove': 'Remove a recording',
  'recording.compare': "Compare two recordings' event logs",
  'recording.importFleet': 'Build the fleet from what a recording saw, then replay its events',
  'replay.start': 'Replay a recording through the simulator',
  'replay.pause': 'Pause the replay',
  'replay.resume': 'Resume the replay',
  'replay.step': 'Play the next entries of a paused replay',
  'replay.stop': 'Stop the replay',
  'replay.status': 'The replay under way',
  'journal.list': 'The latest requests the core answered, newest first, filtered',
  'journal.wait': 'Wait for a request matching the filter (from now on, or from since/after); 408 after timeoutMs',
  'core.unit': 'What the core recorded from a unit beyond the REST surface',
  'core.server': 'What the core recorded from a server',
  'core.channel': "A channel's status as devices reported it",
  'core.vrChannel': "A video return channel's status as devices reported it",
  'core.outbox': 'E-mail and SMS the mock sent to a recipient',
};

/** The document's areas: the first part of a procedure's name (single names go to `mock`). */
const TAGS: Record<string, string> = {
  mock: 'The capability probe and the reset of the simulated fleet',
  fleet: 'Fleet size and mix, simulated devices joining, fleet invariants',
  fault: 'Fault injection into simulated units and servers',
  clock: "The simulated clock (the core's business time follows it)",
  demo: 'Demo presets',
  scenario: 'Scripted failure scenarios: runs, library, status',
  recording: 'Fleet recordings',
  replay: 'Replays of recordings',
  journal: 'The request journal: what clients sent, and waiting for a request',
  core: 'What the core recorded from devices beyond the REST surface',
};
const tagOf = (name: string) => (name.includes('.') ? name.split('.')[0]! : 'mock');

const ACCESS_TEXT: Record<ControlProcedure['access'], string> = {
  public: 'No session needed.',
  session: 'Any signed-in user.',
  staff: 'Super users and support staff only (403 for anyone else).',
};

/** The query-string parameter that holds a query's whole input as JSON, when its input is not an object of fields. */
export const WHOLE_INPUT = 'input';

/** Whether a query's input is given field by field in the query string (else whole, as JSON in {@link WHOLE_INPUT}). */
export function takesFields(input: z.ZodType): boolean {
  try {
    const schema = z.toJSONSchema(input, { io: 'input', unrepresentable: 'any' }) as { type?: unknown; properties?: unknown };
    return schema.type === 'object' && schema.properties !== undefined;
  } catch {
    return false;
  }
}

/** A query input's fields as query-string parameters (an object or array field as JSON text). */
function queryParameters(input: z.ZodType, components: OpenApiComponents): Json[] {
  const schema = components.schemaOf(input, 'input');
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  const required = new Set((schema.required ?? []) as string[]);
  if (schema.type !== 'object' || schema.properties === undefined) {
    // Not an object of fields (a union, a scalar): the whole input as JSON text in `input`.
    return [{ name: WHOLE_INPUT, in: 'query', required: !input.safeParse(undefined).success, content: { 'application/json': { schema } } }];
  }
  return Object.entries(properties).map(([name, s]) => {
    const scalar = ['string', 'number', 'integer', 'boolean'].includes(String(s.type)) || (Array.isArray(s.enum) && s.type !== undefined);
    return {
      name,
      in: 'query',
      required: required.has(name),
      ...(typeof s.description === 'string' ? { description: s.description } : {}),
      ...(scalar ? { schema: s } : { content: { 'application/json': { schema: s } } }),
    };
  });
}

/** The control plane's OpenAPI 3.1 document. */
export function buildControlPlaneOpenApi(): Json {
  const components = new OpenApiComponents();
  const errorRef = components.add('ErrorEnvelope', ErrorEnvelope);
  const responses: Record<string, Json> = {};
  const errorResponse = (name: string, description: string): Json => {
    responses[name] = { description, content: { 'application/json': { schema: errorRef } } };
    return { $ref: `#/components/responses/${name}` };
  };
  const invalid = errorResponse('InvalidInput', 'Invalid input (each problem in error.fields, naming its field: query.<name> or body.<path>)');
  const noSession = errorResponse('NoSession', 'No valid session');
  const forbidden = errorResponse('Forbidden', 'The caller is not a super user or support staff (or a write came from a foreign origin)');
  const tooMany = errorResponse('TooManyRequests', 'Too many requests from this address or session (Retry-After says when to try again)');
  const other = errorResponse(
    'ControlPlaneError',
    'Refused: 404 unknown object, 408 nothing arrived in time, 409 conflict, 412 not possible now (no simulator shard, nothing under way), 500 unexpected',
  );
  const paths: Record<string, Record<string, Json>> = {};
  for (const p of controlProcedures()) {
    const op: Json = {
      operationId: p.name,
      summary: SUMMARIES[p.name] ?? `The control plane's ${p.name}`,
      description: `tRPC: \`${p.name}\` (${p.type}) at /mock/trpc/${p.name}. ${ACCESS_TEXT[p.access]}`,
      tags: [tagOf(p.name)],
      'x-access': p.access,
      ...(p.access === 'public' ? { security: [] } : {}),
    };
    if (p.input && p.type === 'query') op.parameters = queryParameters(p.input, components);
    if (p.input && p.type === 'mutation') {
      op.requestBody = { required: !p.input.safeParse(undefined).success, content: { 'application/json': { schema: components.schemaOf(p.input, 'input') } } };
    }
    op.responses = {
      '200': { description: "The procedure's answer", content: { 'application/json': { schema: {} } } },
      ...(p.input ? { '400': invalid } : {}),
      ...(p.access !== 'public' ? { '401': noSession } : {}),
      ...(p.access === 'staff' || p.method === 'POST' ? { '403': forbidden } : {}),
      '429': tooMany,
      default: other,
    };
    (paths[p.url] ??= {})[p.method.toLowerCase()] = op;
  }
  const heading = openApiHeading('/api');
  const used = new Set(controlProcedures().map((p) => tagOf(p.name)));
  return {
    ...heading,
    info: {
      ...(heading.info as Json),
      title: 'Fleet mock control plane',
      description:
        `The mock's control plane (fleet, faults, clock, scenarios, recordings, replays, the request journal) as plain HTTP + JSON: ` +
        `a query is GET ${CONTROL_HTTP_PREFIX}/<name with dots as slashes> with its input's fields in the query string (objects and arrays as JSON text), ` +
        `a mutation is POST with its input as the JSON body. The same procedures are tRPC at /mock/trpc. ` +
        `Sign in with POST ${MOCK_AUTH.loginPath} ({"username", "password"}); the session cookie ${MOCK_AUTH.sessionCookie} it sets is sent with every call. ` +
        `Mock only: a real core has none of this.`,
    },
    tags: Object.entries(TAGS)
      .filter(([name]) => used.has(name))
      .map(([name, description]) => ({ name, description }))
      .concat([...used].filter((name) => !(name in TAGS)).map((name) => ({ name, description: `The control plane's ${name} procedures` }))),
    security: [{ session: [] }],
    paths,
    components: {
      schemas: components.schemas,
      responses,
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: MOCK_AUTH.sessionCookie } },
    },
  };
}

let built: Json | null = null;

/** The document, built once per process on its first request. */
export function controlPlaneOpenApi(): Json {
  built ??= buildControlPlaneOpenApi();
  return built;
}
