// @ts-check
/**
 * The API docs page (/docs): the OpenAPI document's calls listed by area at once, each opened on
 * request with its parameters, body and answers. Plain DOM, no framework: the list is drawn in one
 * pass over the document, and a call's schemas are written out only when the call is opened, so the
 * page is usable as soon as the document has arrived (BENCHMARKS.md "The API docs page").
 */

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** @typedef {Record<string, any>} Json */

/** @param {string} tag @param {Record<string, string>} [attrs] @param {(Node | string)[]} [children] */
function el(tag, attrs = {}, children = []) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  for (const c of children) node.append(c);
  return node;
}

/** The component a local `$ref` names. @param {Json} doc @param {string} ref */
function resolve(doc, ref) {
  const [, , kind, name] = ref.split('/');
  return doc.components?.[kind ?? '']?.[name ?? ''] ?? {};
}

/**
 * A schema as indented text: types, constraints and properties (required ones marked *), references
 * by name and expanded below their first use, to a bounded depth.
 * @param {Json} doc @param {Json} schema
 */
function schemaText(doc, schema) {
  const lines = [];
  const seen = new Set();
  /** @param {Json} s */
  const constraints = (s) => {
    const parts = [];
    for (const k of ['minLength', 'maxLength', 'minimum', 'maximum', 'minItems', 'maxItems', 'pattern', 'format', 'default'])
      if (s[k] !== undefined) parts.push(`${k} ${JSON.stringify(s[k])}`);
    if (s.enum) parts.push(`one of ${s.enum.map((v) => JSON.stringify(v)).join(', ')}`);
    if (s.const !== undefined) parts.push(`= ${JSON.stringify(s.const)}`);
    return parts.length ? ` (${parts.join('; ')})` : '';
  };
  /** @param {Json} s */
  const typeOf = (s) => {
    if (s.$ref) return s.$ref.split('/').pop();
    if (Array.isArray(s.type)) return s.type.join(' | ');
    if (s.type === 'array') return `array of ${s.items ? typeOf(s.items) : 'any'}`;
    if (s.anyOf || s.oneOf) return (s.anyOf ?? s.oneOf).map(typeOf).join(' | ');
    return s.type ?? 'any';
  };
  /** @param {Json} s @param {string} indent @param {number} depth */
  const walk = (s, indent, depth) => {
    if (depth > 6) return;
    if (s.$ref) {
      if (seen.has(s.$ref)) return;
      seen.add(s.$ref);
      return walk(resolve(doc, s.$ref), indent, depth + 1);
    }
    for (const alt of s.anyOf ?? s.oneOf ?? []) walk(alt, indent, depth + 1);
    for (const part of s.allOf ?? []) walk(part, indent, depth + 1);
    if (s.type === 'array' && s.items) walk(s.items, indent, depth + 1);
    const required = new Set(s.required ?? []);
    for (const [name, prop] of Object.entries(s.properties ?? {})) {
      lines.push(`${indent}${name}${required.has(name) ? '*' : ''}: ${typeOf(prop)}${constraints(prop)}`);
      walk(prop, `${indent}  `, depth + 1);
    }
  };
  lines.push(`${typeOf(schema)}${constraints(schema)}`);
  walk(schema, '  ', 0);
  return lines.join('\n');
}

/** A call's details, written when it is first opened. @param {Json} doc @param {Json} op */
function details(doc, op) {
  const box = el('div');
  if (op.description) box.append(el('p', {}, [op.description]));
  const params = (op.parameters ?? []).map((p) => (p.$ref ? resolve(doc, p.$ref) : p));
  if (params.length) {
    const rows = params.map((p) =>
      el('tr', {}, [
        el('td', {}, [el('code', {}, [p.name])]),
        el('td', {}, [p.in]),
        el('td', {}, [p.required ? 'yes' : 'no']),
        el('td', {}, [
          ...(p.description ? [el('div', {}, [p.description])] : []),
          el('code', {}, [schemaText(doc, p.schema ?? p.content?.['application/json']?.schema ?? {})]),
        ]),
      ]),
    );
    box.append(
      el('h3', {}, ['Parameters']),
      el('table', {}, [
        el(
          'tr',
          {},
          ['name', 'in', 'required', 'schema'].map((h) => el('th', { scope: 'col' }, [h])),
        ),
        ...rows,
      ]),
    );
  }
  const body = op.requestBody?.$ref ? resolve(doc, op.requestBody.$ref) : op.requestBody;
  const bodySchema = body?.content?.['application/json']?.schema;
  if (bodySchema) box.append(el('h3', {}, ['Body (JSON)']), el('pre', { class: 'schema' }, [schemaText(doc, bodySchema)]));
  box.append(el('h3', {}, ['Answers']));
  for (const [status, raw] of Object.entries(op.responses ?? {})) {
    const answer = raw.$ref ? resolve(doc, raw.$ref) : raw;
    const schema = answer.content?.['application/json']?.schema;
    box.append(el('p', {}, [el('strong', {}, [status]), ` ${answer.description ?? ''}`]));
    if (schema) box.append(el('pre', { class: 'schema' }, [schemaText(doc, schema)]));
  }
  return box;
}

async function main() {
  // `?document=mock`: the mock's control plane (its own document, linked from this page on the mock).
  const mock = new URLSearchParams(location.search).get('document') === 'mock';
  const res = mock ? await fetch('/docs/mock-openapi.json', { credentials: 'include' }) : await fetch('/docs/openapi.json', { credentials: 'include' });
  if (!res.ok) throw new Error(`${res.status} ${res.statusText}`);
  /** @type {Json} */
  const doc = await res.json();
  const summary = /** @type {HTMLElement} */ (document.getElementById('summary'));
  const main = /** @type {HTMLElement} */ (document.getElementById('calls'));
  const filter = /** @type {HTMLInputElement} */ (document.getElementById('filter'));
  document.title = `${doc.info.title} ${doc.info.version}`;
  /** @type {HTMLElement} */ (document.getElementById('title')).textContent = `${doc.info.title} ${doc.info.version}`;

  const tagInfo = new Map((doc.tags ?? []).map((/** @type {Json} */ t) => [t.name, t]));
  /** @type {Map<string, { method: string, path: string, op: Json }[]>} */
  const byTag = new Map();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? 'other';
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag)?.push({ method: method.toUpperCase(), path, op });
    }
  }
  const order = [...(doc.tags ?? []).map((/** @type {Json} */ t) => t.name), ...[...byTag.keys()].sort()].filter(
    (t, i, all) => byTag.has(t) && all.indexOf(t) === i,
  );
  /** @type {{ node: HTMLElement, text: string }[]} */
  const calls = [];
  /** @type {{ node: HTMLElement, calls: HTMLElement[] }[]} */
  const sections = [];
  const fragment = document.createDocumentFragment();
  let count = 0;
  for (const tag of order) {
    const info = tagInfo.get(tag);
    const section = el('section', { 'aria-labelledby': `tag-${tag}` }, [el('h2', { id: `tag-${tag}` }, [info?.['x-displayName'] ?? tag])]);
    if (info?.description) section.append(el('p', {}, [info.description]));
    const mine = [];
    for (const { method, path, op } of byTag.get(tag) ?? []) {
      const call = el('details', { class: 'call', id: op.operationId ?? `${method}-${path}` }, [
        el('summary', {}, [
          el('span', { class: `method ${method}` }, [method]),
          el('span', { class: 'path' }, [path]),
          el('span', { class: 'summary' }, [op.summary ?? '']),
        ]),
      ]);
      call.addEventListener('toggle', () => {
        if (call.open && call.children.length === 1) call.append(details(doc, op));
      });
      section.append(call);
      mine.push(call);
      calls.push({ node: call, text: `${method} ${path} ${op.operationId ?? ''} ${op.summary ?? ''} ${tag}`.toLowerCase() });
      count++;
    }
    sections.push({ node: section, calls: mine });
    fragment.append(section);
  }
  main.append(fragment);
  summary.textContent = `${count} calls in ${order.length} areas. ${doc.info.description ?? ''}`;

  filter.addEventListener('input', () => {
    const words = filter.value.toLowerCase().split(/\s+/).filter(Boolean);
    for (const { node, text } of calls) node.hidden = !words.every((w) => text.includes(w));
    for (const { node, calls: mine } of sections) node.hidden = mine.every((c) => c.hidden);
  });
  const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
  if (target instanceof HTMLDetailsElement) {
    target.open = true;
    target.scrollIntoView();
  }
}

main().catch((error) => {
  const summary = document.getElementById('summary');
  if (summary) summary.textContent = `The OpenAPI document could not be loaded: ${error instanceof Error ? error.message : String(error)}`;
});
