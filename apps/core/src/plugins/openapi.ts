/**
 * The OpenAPI 3.1 document, generated from the endpoint catalogue: every declared call with its
 * parameters, body and response schemas, roles and spec reference. Served at /docs/openapi.json,
 * browsable at /docs.
 */
import { z } from 'zod';
import { catalogue, ENDPOINT_IDS, ErrorEnvelope, MOCK_AUTH, type EndpointDef } from '@fleet/contracts';

type Json = Record<string, unknown>;

/** How the document names the objects a scoped call is limited to. */
const SCOPE_WORDS: Record<Exclude<EndpointDef['scope'], 'none'>, readonly [plural: string, singular: string]> = {
  unit: ['units', 'unit'],
  channel: ['channels', 'channel'],
  vrChannel: ['video return channels', 'video return channel'],
  server: ['servers', 'server'],
  group: ['groups', 'group'],
  inventory: ['inventories', 'inventory'],
};

const schemaOf = (s: z.ZodType, io: 'input' | 'output'): Json => {
  const inner = s instanceof z.ZodOptional ? (s.unwrap() as z.ZodType) : s;
  const { $schema: _drop, ...rest } = z.toJSONSchema(inner, { io, unrepresentable: 'any' }) as Json;
  return rest;
};

function parametersOf(def: EndpointDef): Json[] {
  const out: Json[] = [];
  for (const [where, schema] of [['path', def.params], ['query', def.query]] as const) {
    if (!schema) continue;
    const shape = schema.shape as Record<string, z.ZodType>;
    for (const [name, s] of Object.entries(shape)) {
      out.push({ name, in: where, required: where === 'path' || !s.safeParse(undefined).success, schema: schemaOf(s, 'input') });
    }
  }
  return out;
}

export function buildOpenApi(prefix: string): Json {
  const paths: Record<string, Record<string, Json>> = {};
  const errorRef = { $ref: '#/components/schemas/ErrorEnvelope' };
  const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: errorRef } } });
  for (const id of ENDPOINT_IDS) {
    const def: EndpointDef = catalogue[id];
    const path = `${prefix}${def.path}`;
    const op: Json = {
      operationId: id,
      summary: def.summary,
      description: `Spec: ${def.spec}. Roles: ${def.roles.join(', ')}.${def.scope === 'none' ? '' : ` Only ${SCOPE_WORDS[def.scope][0]} of the caller's inventories and groups.`}`,
      tags: [def.path.split('/').filter((p) => p && !p.startsWith('{') && !/^v\d$/.test(p))[0] ?? 'core'],
      'x-roles': def.roles,
      'x-spec': def.spec,
      parameters: parametersOf(def),
      security: [{ session: [] }],
      responses: {
        [String(def.successStatus ?? 200)]: {
          description: 'Success',
          content: { 'application/json': { schema: schemaOf(def.response, 'output') } },
        },
        400: errorResponse('Invalid input (the spec\'s validation messages in error.fields)'),
        401: errorResponse('No valid session'),
        403: errorResponse('The caller\'s role may not make this call'),
        ...(def.scope === 'none' ? {} : { 404: errorResponse(`Unknown ${SCOPE_WORDS[def.scope][1]}, or not one of the caller's`) }),
        409: errorResponse('Conflict (name in use, concurrent change, device state)'),
      },
    };
    if (def.body) {
      op.requestBody = {
        required: !def.body.safeParse(undefined).success,
        content: { 'application/json': { schema: schemaOf(def.body, 'input') } },
      };
    }
    (paths[path] ??= {})[def.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Fleet console core (mock)',
      version: '0.1.0',
      description: `Core REST surface under ${prefix}. Log in with POST ${MOCK_AUTH.loginPath} (mock only).`,
    },
    paths,
    components: {
      schemas: { ErrorEnvelope: schemaOf(ErrorEnvelope, 'output') },
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: MOCK_AUTH.sessionCookie } },
    },
  };
}
