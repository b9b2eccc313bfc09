/**
 * The API's areas as documents of their own, for Swagger UI's definition selector (/docs/swagger,
 * plugins/docs-page.ts): an area's document is cut from the whole one (openapi.ts) — the same
 * heading, servers and security, the area's tag, its operations and only the components they reach
 * — on its first request, and kept frozen as the whole one is.
 */
import { API_AREAS } from '@fleet/contracts';
import { deepFreeze, openApiDocument } from './openapi.js';

type Json = Record<string, unknown>;

/** How an area is named in a URL (`?area=`): its tag in lower case, words joined by `-` ('Unit commands': `unit-commands`). */
export function areaSlug(tag: string): string {
  return tag
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The API's areas in the document's order: each tag and its slug. */
export const OPENAPI_AREAS: readonly { readonly tag: string; readonly slug: string }[] = API_AREAS.map(({ tag }) => ({ tag, slug: areaSlug(tag) }));

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** The component a reference names (`#/components/<kind>/<name>…`) as `[kind, name]`; null for any other reference. */
function componentOf(ref: string): [kind: string, name: string] | null {
  const match = /^#\/components\/([^/]+)\/([^/]+)/.exec(ref);
  if (!match) return null;
  const unescape = (part: string) => decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~');
  return [unescape(match[1]!), unescape(match[2]!)];
}

/** Each `$ref` string `node` holds, at any depth. */
function eachRef(node: unknown, visit: (ref: string) => void): void {
  if (Array.isArray(node)) for (const v of node) eachRef(v, visit);
  else if (node !== null && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string') visit(v);
      else eachRef(v, visit);
    }
  }
}

/**
 * One area's document, cut from the whole one: the same heading, servers and security, the area's tag,
 * only the operations tagged with it, and only the components they reach (through `$ref`, components'
 * own references included, and the security schemes the requirements name), in the whole document's order.
 */
export function areaDocument(whole: Json, tag: string): Json {
  const { paths, components, tags, info, ...rest } = whole as {
    paths: Record<string, Json>;
    components?: Record<string, Record<string, unknown>>;
    tags?: { name: string }[];
    info: Json;
    [key: string]: unknown;
  };
  const areaPaths: Record<string, Json> = {};
  const requirements: unknown[] = Array.isArray(rest.security) ? [...(rest.security as unknown[])] : [];
  for (const [path, item] of Object.entries(paths)) {
    const kept = Object.entries(item).filter(([key, op]) => !HTTP_METHODS.has(key) || ((op as Json).tags as unknown[] | undefined)?.includes(tag));
    if (!kept.some(([key]) => HTTP_METHODS.has(key))) continue;
    areaPaths[path] = Object.fromEntries(kept);
    for (const [key, op] of kept) if (HTTP_METHODS.has(key) && Array.isArray((op as Json).security)) requirements.push(...((op as Json).security as unknown[]));
  }
  const all = components ?? {};
  const reached = new Map<string, Set<string>>();
  const pending: unknown[] = [];
  const reach = (kind: string, name: string) => {
    const byName = Object.hasOwn(all, kind) ? all[kind] : undefined;
    if (byName === undefined || !Object.hasOwn(byName, name) || reached.get(kind)?.has(name)) return;
    if (!reached.has(kind)) reached.set(kind, new Set());
    reached.get(kind)!.add(name);
    pending.push(byName[name]);
  };
  const follow = (ref: string) => {
    const component = componentOf(ref);
    if (component) reach(...component);
  };
  eachRef(areaPaths, follow);
  eachRef(rest, follow);
  for (const requirement of requirements)
    if (requirement !== null && typeof requirement === 'object') for (const name of Object.keys(requirement)) reach('securitySchemes', name);
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) eachRef(node, follow);
  const areaComponents = Object.fromEntries(
    Object.entries(all)
      .filter(([kind]) => reached.has(kind))
      .map(([kind, byName]) => [kind, Object.fromEntries(Object.entries(byName).filter(([name]) => reached.get(kind)!.has(name)))]),
  );
  return {
    ...whole,
    info: { ...info, title: `${String(info.title)}: ${tag}` },
    tags: (tags ?? []).filter((t) => t.name === tag),
    paths: areaPaths,
    ...(components ? { components: areaComponents } : {}),
  };
}

const areaDocuments = new Map<string, Json>();

/**
 * The document of one area (by its slug, see {@link areaSlug}) of `prefix`, cut from the whole
 * document ({@link openApiDocument}, built first if it is not yet) on its first request and kept,
 * frozen, as the whole one is; undefined for an unknown area.
 */
export function openApiAreaDocument(prefix: string, slug: string): Json | undefined {
  const area = OPENAPI_AREAS.find((a) => a.slug === slug);
  if (area === undefined) return undefined;
  const key = JSON.stringify([prefix, slug]);
  let document = areaDocuments.get(key);
  if (!document) {
    document = deepFreeze(areaDocument(openApiDocument(prefix), area.tag));
    areaDocuments.set(key, document);
  }
  return document;
}
