/**
 * Which errors each catalogue call can answer, read from the code that answers it: from each call's
 * declaration (`callsOf<Service>()({ id: (service, input, user) => … })`) every function and method
 * it can reach is followed (by the type checker's symbols; an interface's method to the classes that
 * implement it and to the members object literals typed by it give, such as a settings kind's
 * `check`), and every `new AppError(code)` found on the way counts, its code read from the
 * argument's type (a literal, or a union of them). A device's refusal (`deviceRefusal`) is any error
 * the simulated devices can name (their `refused(code)` calls, read the same way).
 *
 * `pnpm openapi` writes the result to apps/core/src/plugins/call-errors.json, from which the OpenAPI
 * document lists each call's answers; a test keeps the file current, and the core under test refuses
 * to answer an error status its call does not document (plugins/errors.ts).
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { ERROR_CATALOGUE } from '@fleet/contracts';
import { textReader } from './call-texts.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** Error codes found on the way: the catalogue's codes, or DEVICE for a device's refusal. */
type Found = Set<string>;
const DEVICE = '<device>';

function program(): ts.Program {
  const configPath = join(root, 'apps/core/tsconfig.json');
  const config = ts.readConfigFile(configPath, (p) => readFileSync(p, 'utf8'));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, dirname(configPath));
  const simulator = ts.sys.readDirectory(join(root, 'simulator/src'), ['.ts'], ['**/*.test.ts'], undefined);
  const files = [...parsed.fileNames.filter((f) => !f.endsWith('.test.ts')), ...simulator];
  return ts.createProgram(files, { ...parsed.options, noEmit: true });
}

/**
 * The string literals a type stands for (a literal, or a union of them); null for anything wider,
 * the whole catalogue's `ErrorCode` included (which says nothing of what the code can be).
 */
function literalsOf(type: ts.Type): string[] | null {
  const parts = type.isUnion() ? type.types : [type];
  const out: string[] = [];
  for (const t of parts) {
    if (!t.isStringLiteral()) return null;
    out.push(t.value);
  }
  return out.length >= Object.keys(ERROR_CATALOGUE).length ? null : out;
}

/**
 * A field rule a call's code applies: the field a 400 names (`body.inventoryId`, item indexes left out)
 * and its message, as `field\u0000message`; a part the scan cannot tell is `*`. A rule whose field
 * depends on a parameter of the function it is in holds `\u0001<index>\u0001` there until a call of
 * that function says what the argument is.
 */
type Rules = Set<string>;
const RULE_SEP = '\u0000';
/** A parameter's placeholder (`\u0001<index>\u0001`), or one of a property of it (`\u0001<index>:<name>\u0001`). */
const param = (i: number, property?: string) => `\u0001${i}${property ? `:${property}` : ''}\u0001`;
// eslint-disable-next-line no-control-regex -- the placeholder's own delimiter, which no field or message holds
const PARAM = /\u0001(\d+)(?::(\w+))?\u0001/;
// eslint-disable-next-line no-control-regex -- the same, every one
const PARAMS = /\u0001(\d+)(?::(\w+))?\u0001/g;

/**
 * The places whose field rules the scan cannot read whole, and why: a `*` there (any field below, any
 * message) stands in the document as `{…}` (the checks take any text for it, never the bare "Invalid field").
 */
const OPEN_RULES = [
  // The value of an application configuration key has the shape its key names (APPLICATION_CONFIGURATION_SHAPES): the shape's own messages, at its fields.
  'apps/core/src/modules/system-settings/application-configuration.ts',
  // An upgrade refused by a rule of packages/domain (version.ts): the rule's own words, with the versions in them.
  'apps/core/src/modules/units/admin-units.ts',
  'apps/core/src/modules/upgrades/upgrades.ts',
];

export interface CallScan {
  /** The error codes each call can answer. */
  calls: Record<string, string[]>;
  deviceCodes: string[];
  /** The field rules each call's code can refuse a request with (400 at a field): `{ field, message }`, sorted. */
  rules: Record<string, { field: string; message: string }[]>;
  /** Field rules the scan could not read in full (a field or a message it cannot tell), where they are. */
  unresolved: string[];
}

export function scanCallErrors(): CallScan {
  const prog = program();
  const checker = prog.getTypeChecker();
  const sources = prog.getSourceFiles().filter((f) => !f.isDeclarationFile && !f.fileName.includes('node_modules'));
  const inCore = (f: ts.SourceFile) => f.fileName.startsWith(join(root, 'apps/core/src'));
  const inSimulator = (f: ts.SourceFile) => f.fileName.startsWith(join(root, 'simulator/src'));
  // The packages whose rules return field problems the core answers (packages/domain's bandwidth limits, names).
  // Not contracts' zod plumbing (validation.ts: a schema's own problems, whatever they are).
  const inRulePackage = (f: ts.SourceFile) =>
    f.fileName.startsWith(join(root, 'packages/domain/src')) ||
    (f.fileName.startsWith(join(root, 'packages/contracts/src')) && f.fileName !== join(root, 'packages/contracts/src/validation.ts'));
  /** A package rule's field is relative to the body (the core answers it with `bodyProblems`): `totalKbps` → `body.totalKbps`, '' → `body`. */
  const bodyRelative = (rule: string) => {
    const [field, message] = rule.split(RULE_SEP) as [string, string];
    return /^(body|query|params)(\.|$)/.test(field) ? rule : `${field === '' ? 'body' : `body.${field}`}${RULE_SEP}${message}`;
  };

  // Classes by the interfaces they implement, to follow a call through an interface's method.
  const implementers = new Map<ts.Symbol, ts.ClassLikeDeclaration[]>();
  for (const f of sources) {
    const visit = (n: ts.Node): void => {
      if (ts.isClassLike(n)) {
        for (const clause of n.heritageClauses ?? []) {
          for (const t of clause.types) {
            const sym = checker.getSymbolAtLocation(t.expression);
            if (sym) implementers.set(sym, [...(implementers.get(sym) ?? []), n]);
          }
        }
      }
      ts.forEachChild(n, visit);
    };
    visit(f);
  }

  const aliased = (s: ts.Symbol): ts.Symbol => (s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s);

  // The members given to an interface's property in object literals typed by it (a declaration such
  // as a settings kind's `check`), to follow a call through the interface's property to every one.
  const givenFor = new Map<ts.Symbol, Map<string, ts.Node[]>>();
  for (const f of sources.filter(inCore)) {
    const visit = (n: ts.Node): void => {
      if (ts.isObjectLiteralExpression(n)) {
        const iface = checker.getContextualType(n)?.getSymbol();
        if (iface?.declarations?.some((d) => ts.isInterfaceDeclaration(d) && inCore(d.getSourceFile()))) {
          const byName = givenFor.get(iface) ?? new Map<string, ts.Node[]>();
          givenFor.set(iface, byName);
          for (const p of n.properties) {
            if ((ts.isPropertyAssignment(p) || ts.isMethodDeclaration(p)) && p.name && ts.isIdentifier(p.name))
              byName.set(p.name.text, [...(byName.get(p.name.text) ?? []), p]);
          }
        }
      }
      ts.forEachChild(n, visit);
    };
    visit(f);
  }

  /** The bodies a reference can run: a function's or method's own, or the implementations of an interface's method (in the core and the simulator; with `rules`, the packages' rules too). */
  function bodiesOf(sym: ts.Symbol, rules = false): ts.Node[] {
    const out: ts.Node[] = [];
    for (const d of aliased(sym).declarations ?? []) {
      const file = d.getSourceFile();
      if (!inCore(file) && !inSimulator(file) && !(rules && inRulePackage(file))) continue;
      if ((ts.isFunctionDeclaration(d) || ts.isMethodDeclaration(d) || ts.isGetAccessor(d) || ts.isConstructorDeclaration(d)) && d.body) out.push(d);
      else if (ts.isVariableDeclaration(d) && d.initializer && (ts.isArrowFunction(d.initializer) || ts.isFunctionExpression(d.initializer)))
        out.push(d.initializer);
      else if (ts.isPropertyDeclaration(d) && d.initializer && (ts.isArrowFunction(d.initializer) || ts.isFunctionExpression(d.initializer)))
        out.push(d.initializer);
      else if ((ts.isMethodSignature(d) || ts.isPropertySignature(d)) && ts.isInterfaceDeclaration(d.parent)) {
        const iface = checker.getSymbolAtLocation(d.parent.name);
        for (const cls of (iface && implementers.get(iface)) ?? []) {
          const member = cls.members.find((m) => m.name !== undefined && ts.isIdentifier(m.name) && m.name.text === sym.name);
          if (member) out.push(member);
        }
        out.push(...((iface && givenFor.get(iface)?.get(sym.name)) ?? []));
      }
    }
    return out;
  }

  const memo = new Map<ts.Node, Found>();
  /** Every error the code under `node` can raise, following what it refers to. */
  function errorsOf(node: ts.Node): Found {
    const known = memo.get(node);
    if (known) return known;
    const found: Found = new Set();
    memo.set(node, found); // a cycle adds nothing more than its first visit
    const visit = (n: ts.Node): void => {
      if (ts.isNewExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === 'AppError' && n.arguments?.[0]) {
        const codes = literalsOf(checker.getTypeAtLocation(n.arguments[0]));
        if (codes) codes.forEach((c) => found.add(c));
        else if (!isDeviceRefusal(n)) throw new Error(`${where(n)}: an AppError whose code is not a known literal`);
      }
      if (ts.isIdentifier(n) && n.text === 'deviceRefusal') found.add(DEVICE);
      // A class's own `super(code)` (an AppError subclass) counts as its construction.
      if ((ts.isIdentifier(n) || ts.isPrivateIdentifier(n)) && !isDeclarationName(n)) {
        const sym = checker.getSymbolAtLocation(n);
        if (sym) for (const body of bodiesOf(sym)) for (const c of errorsOf(body)) found.add(c);
      }
      if (ts.isNewExpression(n)) {
        const sym = checker.getSymbolAtLocation(n.expression);
        const cls = sym && aliased(sym).declarations?.find(ts.isClassLike);
        const ctor = cls?.members.find(ts.isConstructorDeclaration);
        if (ctor) for (const c of errorsOf(ctor)) found.add(c);
      }
      ts.forEachChild(n, visit);
    };
    ts.forEachChild(node, visit);
    if (ts.isConstructorDeclaration(node)) {
      const cls = node.parent;
      const base = cls.heritageClauses?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword)?.types[0];
      const call = node.body?.statements
        .map((s) => (ts.isExpressionStatement(s) ? s.expression : null))
        .find((e) => e && ts.isCallExpression(e) && e.expression.kind === ts.SyntaxKind.SuperKeyword);
      if (base && ts.isIdentifier(base.expression) && base.expression.text === 'AppError' && call && ts.isCallExpression(call) && call.arguments[0]) {
        literalsOf(checker.getTypeAtLocation(call.arguments[0]))?.forEach((c) => found.add(c));
      }
    }
    return found;
  }

  const where = (n: ts.Node) => {
    const f = n.getSourceFile();
    return `${f.fileName.slice(root.length + 1)}:${f.getLineAndCharacterOfPosition(n.getStart()).line + 1}`;
  };
  const isDeviceRefusal = (n: ts.Node) => n.getSourceFile().fileName.endsWith('platform/device-refusal.ts');
  const isDeclarationName = (n: ts.Node) => {
    const p = n.parent;
    return (
      (ts.isFunctionDeclaration(p) || ts.isMethodDeclaration(p) || ts.isClassDeclaration(p) || ts.isPropertyDeclaration(p) || ts.isVariableDeclaration(p)) &&
      p.name === n
    );
  };

  // ── field rules ─────────────────────────────────────────────────────────────────────────────
  const unresolved = new Set<string>();
  const isErrorsModule = (n: ts.Node) => n.getSourceFile().fileName === join(root, 'apps/core/src/errors.ts');
  const { textsOf, propertyTextsOf } = textReader({ checker, aliased, bodiesOf, param });
  const fieldOf = (path: string, prefix: string) => {
    const full = prefix === '' ? path : path === '' ? prefix.slice(0, -1) : `${prefix}${path}`;
    // Item indexes are not part of a field's name.
    return full.replace(/\.#(?=\.|$)/g, '').replace(/\.\d+(?=\.|$)/g, '');
  };
  /** Whether a problem literal is given to an error that is not a 400 (`new AppError('NAME_IN_USE', [{ path, message }])`). */
  const notA400 = (n: ts.Node): boolean => {
    // Up to the function it is in, through the callbacks that build it (`reasons.map((r) => ({ path, message }))`).
    const isCallback = (p: ts.Node) => (ts.isArrowFunction(p) || ts.isFunctionExpression(p)) && ts.isCallExpression(p.parent);
    for (let p = n.parent; p && (!ts.isFunctionLike(p) || isCallback(p)); p = p.parent) {
      if (ts.isNewExpression(p) && ts.isIdentifier(p.expression) && p.expression.text === 'AppError' && p.arguments?.[0]) {
        const codes = literalsOf(checker.getTypeAtLocation(p.arguments[0]));
        return codes !== null && !codes.includes('VALIDATION_FAILED');
      }
    }
    return false;
  };
  const ruleMemo = new Map<ts.Node, Rules>();
  /** The field rules the code under `node` can refuse with, following what it calls (as errorsOf does). */
  function rulesOf(node: ts.Node): Rules {
    const known = ruleMemo.get(node);
    if (known) return known;
    const found: Rules = new Set();
    ruleMemo.set(node, found);
    const add = (paths: string[], messages: string[], prefix: string, at: ts.Node) => {
      for (const path of paths)
        for (const message of messages) {
          const field = fieldOf(path, prefix);
          // A field or message that waits for a caller's argument is not unresolved yet.
          if ((field.includes('*') || message.includes('*')) && !OPEN_RULES.some((site) => where(at).startsWith(site)))
            unresolved.add(`${where(at)}: ${field} ${JSON.stringify(message)}`);
          found.add(`${field}${RULE_SEP}${message}`);
        }
    };
    const visit = (n: ts.Node, prefix: string): void => {
      // A field problem: `{ path, message }`.
      if (ts.isObjectLiteralExpression(n) && !isErrorsModule(n)) {
        const prop = (name: string) =>
          n.properties.find((p) => (ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)) && ts.isIdentifier(p.name) && p.name.text === name);
        const path = prop('path');
        const message = prop('message');
        const expr = (p: ts.ObjectLiteralElementLike) => (ts.isPropertyAssignment(p) ? p.initializer : (p as ts.ShorthandPropertyAssignment).name);
        if (path && message && n.properties.length === 2 && !notA400(n)) add(textsOf(expr(path)), textsOf(expr(message)), prefix, n);
      }
      if (ts.isCallExpression(n) && ts.isIdentifier(n.expression)) {
        const name = n.expression.text;
        const decl = checker.getSymbolAtLocation(n.expression);
        const fromErrors = decl && aliased(decl).declarations?.some(isErrorsModule);
        if (fromErrors && name === 'bodyProblem' && n.arguments.length === 2) {
          add(textsOf(n.arguments[0]!), textsOf(n.arguments[1]!), 'body.', n);
          return;
        }
        if (fromErrors && name === 'bodyProblems') {
          n.arguments.forEach((a) => visit(a, 'body.'));
          return;
        }
      }
      // A call of a function whose rules depend on its parameters: the arguments say what they are.
      if (ts.isCallExpression(n) || ts.isNewExpression(n)) {
        const sym = checker.getSymbolAtLocation(ts.isPropertyAccessExpression(n.expression) ? n.expression.name : n.expression);
        if (sym && !aliased(sym).declarations?.some(isErrorsModule)) {
          for (const body of bodiesOf(sym, true)) {
            for (const rule of rulesOf(body)) {
              if (!PARAM.test(rule)) continue;
              // Every parameter at once (an argument may be the caller's own parameter, written the same way).
              const tokens = [...new Set([...rule.matchAll(PARAMS)].map((m) => m[0]))];
              let choices: Map<string, string>[] = [new Map()];
              for (const token of tokens) {
                const [, index, property] = PARAM.exec(token)!;
                const i = Number(index);
                const arg = n.arguments?.[i] ?? (ts.isFunctionLike(body) ? body.parameters[i]?.initializer : undefined);
                const values = !arg ? ['*'] : property ? (propertyTextsOf(arg, property) ?? ['*']) : textsOf(arg);
                choices = choices.flatMap((c) => values.map((v) => new Map(c).set(token, v)));
              }
              const texts = choices.map((c) => rule.replace(PARAMS, (token: string) => c.get(token) ?? '*'));
              for (const t of texts) {
                const [field, message] = (inRulePackage(body.getSourceFile()) ? bodyRelative(t) : t).split(RULE_SEP) as [string, string];
                add([field], [message], prefix, n);
              }
            }
          }
        }
      }
      if ((ts.isIdentifier(n) || ts.isPrivateIdentifier(n)) && !isDeclarationName(n)) {
        const sym = checker.getSymbolAtLocation(n);
        if (sym && !aliased(sym).declarations?.some(isErrorsModule))
          for (const body of bodiesOf(sym, true))
            for (const r of rulesOf(body)) if (!PARAM.test(r)) found.add(inRulePackage(body.getSourceFile()) ? bodyRelative(r) : r);
      }
      if (ts.isNewExpression(n)) {
        const sym = checker.getSymbolAtLocation(n.expression);
        const cls = sym && aliased(sym).declarations?.find(ts.isClassLike);
        const ctor = cls?.members.find(ts.isConstructorDeclaration);
        if (ctor) for (const r of rulesOf(ctor)) if (!PARAM.test(r)) found.add(r);
      }
      ts.forEachChild(n, (c) => visit(c, prefix));
    };
    ts.forEachChild(node, (c) => visit(c, ''));
    return found;
  }

  // What the devices can refuse with.
  const deviceCodes = new Set<string>();
  for (const f of sources.filter(inSimulator)) {
    const visit = (n: ts.Node): void => {
      if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === 'refused' && n.arguments[0]) {
        const codes = literalsOf(checker.getTypeAtLocation(n.arguments[0]));
        if (!codes) throw new Error(`${where(n)}: a device refusal whose code is not a known literal`);
        codes.forEach((c) => deviceCodes.add(c));
      }
      ts.forEachChild(n, visit);
    };
    visit(f);
  }

  // Each call's declaration: a property of the object given to `callsOf<…>()(…)`.
  const calls: Record<string, string[]> = {};
  const rules: Record<string, { field: string; message: string }[]> = {};
  for (const f of sources.filter(inCore)) {
    const visit = (n: ts.Node): void => {
      if (
        ts.isCallExpression(n) &&
        ts.isCallExpression(n.expression) &&
        ts.isIdentifier(n.expression.expression) &&
        n.expression.expression.text === 'callsOf' &&
        n.arguments[0] &&
        ts.isObjectLiteralExpression(n.arguments[0])
      ) {
        for (const prop of n.arguments[0].properties) {
          if (!prop.name || !ts.isIdentifier(prop.name)) throw new Error(`${where(prop)}: a call declared without a plain name`);
          const found = new Set(errorsOf(prop));
          if (found.delete(DEVICE)) deviceCodes.forEach((c) => found.add(c));
          calls[prop.name.text] = [...found].sort();
          const ruleTexts = [...rulesOf(prop)].filter((r) => {
            if (!PARAM.test(r)) return true;
            unresolved.add(`${where(prop)}: ${r.replace(RULE_SEP, ' ')} (a parameter of the call's own function)`);
            return false;
          });
          if (ruleTexts.length > 0)
            rules[prop.name.text] = ruleTexts.sort().map((r) => {
              const [field, message] = r.split(RULE_SEP) as [string, string];
              return { field, message };
            });
        }
      }
      ts.forEachChild(n, visit);
    };
    visit(f);
  }
  const sorted = <T>(record: Record<string, T>) => Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
  return { calls: sorted(calls), deviceCodes: [...deviceCodes].sort(), rules: sorted(rules), unresolved: [...unresolved].sort() };
}
