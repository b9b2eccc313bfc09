/**
 * The catalogue as the conformance run sees it: every call with its area (the catalogue file it is
 * declared in), and which calls count as reads.
 *
 * The catalogue has no "read" flag (define.ts): every GET is a read. Three POSTs are read-like by
 * name (fetchChannelsPost, fetchChannelDetailsPost, fetchChannelDestinations, getGraphicsJobStatus:
 * they fetch with a body) but they take a body the run would have to make up, so they are checked
 * like writes (without a session) unless --write is given; GETs cover the same answers.
 */
import * as contracts from '@fleet/contracts';
import type { EndpointDef } from '@fleet/contracts';

export interface Call {
  id: string;
  area: string;
  def: EndpointDef;
}

const kebab = (s: string): string => s.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

function areaIndex(): Map<string, string> {
  const out = new Map<string, string>();
  for (const [name, value] of Object.entries(contracts)) {
    if (!name.endsWith('Endpoints') || typeof value !== 'object' || value === null) continue;
    const area = kebab(name.slice(0, -'Endpoints'.length));
    for (const id of Object.keys(value)) if (!out.has(id)) out.set(id, area);
  }
  return out;
}

export function catalogueCalls(): Call[] {
  const areas = areaIndex();
  return Object.entries(contracts.catalogue as Record<string, EndpointDef>).map(([id, def]) => ({ id, def, area: areas.get(id) ?? 'other' }));
}

export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');
}

/** The query parameters a call cannot go without. */
export function requiredQueryNames(def: EndpointDef): string[] {
  if (!def.query) return [];
  return Object.entries(def.query.shape)
    .filter(([, schema]) => !(schema as { safeParse(v: unknown): { success: boolean } }).safeParse(undefined).success)
    .map(([name]) => name);
}

export const routeOf = (def: EndpointDef): string => `${def.method} ${def.path}`;
