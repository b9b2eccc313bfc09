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

export function scanCallErrors(): { calls: Record<string, string[]>; deviceCodes: string[] } {
  const prog = program();
  const checker = prog.getTypeChecker();
  const sources = prog.getSourceFiles().filter((f) => !f.isDeclarationFile && !f.fileName.includes('node_modules'));
  const inCore = (f: ts.SourceFile) => f.fileName.startsWith(join(root, 'apps/core/src'));
  const inSimulator = (f: ts.SourceFile) => f.fileName.startsWith(join(root, 'simulator/src'));

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

  /** The bodies a reference can run: a function's or method's own, or the implementations of an interface's method. */
  function bodiesOf(sym: ts.Symbol): ts.Node[] {
    const out: ts.Node[] = [];
    for (const d of aliased(sym).declarations ?? []) {
      const file = d.getSourceFile();
      if (!inCore(file) && !inSimulator(file)) continue;
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
        }
      }
      ts.forEachChild(n, visit);
    };
    visit(f);
  }
  return { calls: Object.fromEntries(Object.entries(calls).sort(([a], [b]) => a.localeCompare(b))), deviceCodes: [...deviceCodes].sort() };
}
