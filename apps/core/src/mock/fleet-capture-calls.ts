/**
 * The catalogue call a recorded `answer` line answered (mock/fleet-capture.ts): its path after the
 * core's REST prefix, matched against the catalogue's paths, fixed paths before those with parameters.
 */
import { catalogue, ENDPOINT_IDS, type EndpointDef, type RecordedAnswer } from '@fleet/contracts';

/** A recorded `answer` line's path as a catalogue path: after the core's REST prefix, without its query. */
function callPath(path: string, apiBase: string): string | null {
  const bare = path.split('?')[0] ?? '';
  const base = apiBase.replace(/\/$/, '');
  if (base !== '' && !(bare === base || bare.startsWith(`${base}/`))) return null;
  return bare.slice(base.length) || '/';
}

interface Route {
  method: string;
  pattern: RegExp;
  params: number;
  def: EndpointDef;
}

/** The catalogue's calls as path patterns, fixed paths before those with parameters. */
const ROUTES: Route[] = ENDPOINT_IDS.map((id) => {
  const def: EndpointDef = catalogue[id];
  const params = (def.path.match(/\{\w+\}/g) ?? []).length;
  const source = def.path
    .split(/\{\w+\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]+');
  return { method: def.method, pattern: new RegExp(`^${source}$`), params, def };
}).sort((a, b) => a.params - b.params);

/** The catalogue call an answer line answered, or null. */
export function callOf(line: Pick<RecordedAnswer, 'method' | 'path'>, apiBase: string): EndpointDef | null {
  const path = callPath(line.path, apiBase);
  if (path === null) return null;
  return ROUTES.find((r) => r.method === line.method && r.pattern.test(path))?.def ?? null;
}
